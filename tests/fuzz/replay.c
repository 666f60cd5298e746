/* replay.c - a main for a libFuzzer target without libFuzzer: runs the
 * target once on each file named on the command line, so that make test
 * replays the seed corpus under the sanitizers with any compiler. Fails
 * (exit 1) on a file it cannot read; a crash in the target is the
 * sanitizer's report. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            fprintf(stderr, "replay: cannot open %s\n", argv[i]);
            return 1;
        }
        size_t cap = 1 << 16, len = 0, got;
        uint8_t *buf = malloc(cap);
        while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
            len += got;
            if (len == cap) {
                uint8_t *more = realloc(buf, cap *= 2);
                if (!more) free(buf);
                buf = more;
            }
        }
        fclose(f);
        if (!buf) {
            fprintf(stderr, "replay: out of memory on %s\n", argv[i]);
            return 1;
        }
        LLVMFuzzerTestOneInput(buf, len);
        free(buf);
    }
    printf("replay: %d inputs\n", argc - 1);
    return 0;
}

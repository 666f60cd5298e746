/* file.c - see file.h. */
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *read_regular_file(const char *path, size_t max, size_t *len, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(err, errlen, "cannot open file: %s", strerror(errno));
        if (fd >= 0) close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "not a regular file (a FIFO, device or directory is refused)");
        close(fd);
        return NULL;
    }
    if (st.st_size > (off_t)max) {
        snprintf(err, errlen, "file too large: %lld bytes (at most %zu)", (long long)st.st_size, max);
        close(fd);
        return NULL;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open file: %s", strerror(errno));
        close(fd);
        return NULL;
    }
    char *buf = malloc(max + 1);
    size_t n = buf ? fread(buf, 1, max + 1, f) : 0;
    bool bad = ferror(f);
    fclose(f);
    if (!buf || bad || n > max) {
        if (n > max) snprintf(err, errlen, "file too large (at most %zu bytes)", max);
        else snprintf(err, errlen, !buf ? "out of memory" : "cannot read file");
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}


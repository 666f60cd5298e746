/* main.c - ./morphos: command-line flags, then the GTP loop on stdin and
 * stdout; or the perft/divide subcommands (see cli.h).
 *
 *   morphos [--NAME VALUE ...]      GTP engine; each flag is an engine option
 *   morphos [--NAME VALUE ...] perft|divide --size N --rules T --moves 'M;M' --depth D
 *   morphos --help */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "../engine/engine.h"
#include "cli.h"
#include "gtp.h"

static void help(FILE *f)
{
    fprintf(f,
            "morphos - a Morphos engine speaking GTP v2 on stdin/stdout\n"
            "\n"
            "usage:\n"
            "  morphos [--NAME VALUE ...]\n"
            "      start the GTP engine; each --NAME VALUE sets an engine option\n"
            "      (the same as the GTP command `set_param NAME VALUE`)\n"
            "  morphos perft  --size N --rules TOKENS --moves 'M1;M2' --depth D [--bulk on|off]\n"
            "  morphos divide --size N --rules TOKENS --moves 'M1;M2' --depth D [--bulk on|off]\n"
            "      count the leaves of the game tree (divide: per legal move); prints the\n"
            "      count on the first line, then the time and leaves per second.\n"
            "      --rules takes the GTP `rules` tokens comma-joined (e.g. a,b,edges=on),\n"
            "      --moves the moves from the start separated by ';' (default: none),\n"
            "      --size defaults to 9; --bulk off plays every leaf move.\n"
            "  morphos --help\n"
            "\n"
            "engine options:");
    const char *const *names = engine_param_names();
    for (int i = 0; names && names[i]; i++) fprintf(f, " %s", names[i]);
    fprintf(f, "\nsee docs/protocol.md for the GTP commands.\n");
}

int main(int argc, char **argv)
{
    Engine *e = engine_create();
    if (!e) {
        fprintf(stderr, "morphos: cannot create the engine\n");
        return 1;
    }
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            help(stdout);
            engine_free(e);
            return 0;
        }
        if (!strcmp(a, "perft") || !strcmp(a, "divide")) {
            int rc = cli_perft(argc - i, argv + i, stdout, stderr);
            engine_free(e);
            return rc;
        }
        if (strncmp(a, "--", 2) != 0 || !a[2]) {
            fprintf(stderr, "morphos: unknown argument '%s' (try --help)\n", a);
            engine_free(e);
            return 2;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "morphos: option %s needs a value (try --help)\n", a);
            engine_free(e);
            return 2;
        }
        char err[200] = "unknown option";
        if (engine_set_param(e, a + 2, argv[i + 1], err, sizeof err) < 0) {
            fprintf(stderr, "morphos: %s %s: %s (try --help)\n", a, argv[i + 1], err);
            engine_free(e);
            return 2;
        }
        i++;
    }
    /* A controller that closes its end must not kill us mid-write: the
     * write fails instead and the loop ends. */
    signal(SIGPIPE, SIG_IGN);
    Gtp *g = gtp_create(e);
    if (!g) {
        fprintf(stderr, "morphos: out of memory\n");
        return 1;
    }
    int rc = gtp_run(g, 0, stdout);
    gtp_free(g);
    return rc;
}

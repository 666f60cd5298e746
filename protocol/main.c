/* main.c - ./morphos: command-line flags, then the GTP loop on stdin and
 * stdout; or the perft/divide subcommands (see cli.h).
 *
 *   morphos [--rules T] [--size N] [--pie-form F] [--init FILE] [--NAME VALUE ...]
 *                                   GTP engine: the game set up as by the
 *                                   GTP commands rules/boardsize/pie_form and
 *                                   FILE's commands; other flags are engine
 *                                   options
 *   morphos [--NAME VALUE ...] perft|divide --size N --rules T --moves 'M;M' --depth D
 *   morphos --help */
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "../engine/engine.h"
#include "../engine/searcher.h"
#include "../engine/signals.h"
#include "args.h"
#include "cli.h"
#include "gtp.h"
#include "strbuf.h"

static void help(FILE *f)
{
    fprintf(f,
            "morphos - a Morphos engine speaking GTP v2 on stdin/stdout\n"
            "\n"
            "usage:\n"
            "  morphos [--rules TOKENS] [--size N] [--pie-form auto|point|swap] [--init FILE]\n"
            "          [--NAME VALUE ...]\n"
            "      start the GTP engine. --rules takes the GTP `rules` tokens comma- or\n"
            "      space-joined (a,b,edges=on; morpharaoh,board=160), --size the board\n"
            "      size (Morphos only), --pie-form how genmove and printsgf give the pie:\n"
            "      `swap`, or `point` (White on Black's stone, for controllers that know\n"
            "      only points: gogui-twogtp, Go match runners); `auto` (the default) is\n"
            "      point once the controller speaks GoGui's rules extension. --init runs\n"
            "      the GTP commands of FILE (answers dropped) before reading stdin.\n"
            "      Every other --NAME VALUE sets an engine option (as `set_param NAME\n"
            "      VALUE`). A bad value is refused at start with the reason (status 2).\n"
            "  morphos perft  --size N --rules TOKENS --moves 'M1;M2' --depth D [--bulk on|off]\n"
            "  morphos divide --size N --rules TOKENS --moves 'M1;M2' --depth D [--bulk on|off]\n"
            "      count the leaves of the game tree (divide: per legal move); prints the\n"
            "      count on the first line, then the time and leaves per second.\n"
            "      --rules takes the GTP `rules` tokens comma-joined (e.g. a,b,edges=on),\n"
            "      --moves the moves from the start separated by ';' (default: none),\n"
            "      --size defaults to 9; --bulk off plays every leaf move.\n"
            "  morphos --help\n"
            "\n"
            "searchers (--searcher NAME):");
    for (int i = 0; i < searcher_count(); i++) fprintf(f, " %s", searchers[i].name);
    fprintf(f, "\nengine options:");
    const char *const *names = engine_param_names();
    for (int i = 0; names && names[i]; i++) fprintf(f, " %s", names[i]);
    fprintf(f, "\nsee docs/protocol.md for the GTP commands, docs/controllers/ for GUIs.\n");
}

/* Run one GTP command for the start-up set-up; on failure say which flag
 * asked for it and why. */
static bool setup_command(Gtp *g, const char *line, const char *what)
{
    StrBuf r;
    sb_init(&r);
    gtp_execute(g, line, strlen(line), &r);
    bool ok = r.len == 0 || sb_str(&r)[0] == '=';
    if (!ok) {
        /* "? MESSAGE\n\n" */
        size_t n = r.len;
        while (n && sb_str(&r)[n - 1] == '\n') n--;
        fprintf(stderr, "morphos: %s: %.*s (try --help)\n", what, (int)(n > 2 ? n - 2 : 0), sb_str(&r) + 2);
    }
    sb_free(&r);
    return ok;
}

/* --init FILE: every line a GTP command that must succeed. */
static bool run_init(Gtp *g, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "morphos: --init %s: cannot open the file\n", path);
        return false;
    }
    char line[4096], what[4200];
    bool ok = true;
    for (int n = 1; ok && fgets(line, sizeof line, f); n++) {
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            fprintf(stderr, "morphos: --init %s line %d: line too long\n", path, n);
            ok = false;
            break;
        }
        line[strcspn(line, "\r\n")] = '\0';
        char word[16] = "";
        sscanf(line, " %15s", word);
        if (!strcmp(word, "quit")) {
            fprintf(stderr, "morphos: --init %s line %d: quit would end the engine before it starts\n", path, n);
            ok = false;
            break;
        }
        snprintf(what, sizeof what, "--init %s line %d (%s)", path, n, line);
        ok = setup_command(g, line, what);
    }
    if (ok && ferror(f)) {
        fprintf(stderr, "morphos: --init %s: read error\n", path);
        ok = false;
    }
    fclose(f);
    return ok;
}

static int usage(Engine *e, const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "morphos: ");
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, " (try --help)\n");
    engine_free(e);
    return 2;
}

int main(int argc, char **argv)
{
    Engine *e = engine_create();
    if (!e) {
        fprintf(stderr, "morphos: cannot create the engine\n");
        return 1;
    }
    const char *rules = NULL, *size = NULL, *pie = NULL, *init = NULL;
    for (int i = 1; i < argc; i++) {
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
        if (strncmp(a, "--", 2) != 0 || !a[2]) return usage(e, "unknown argument '%s'%s", a, "");
        /* --NAME VALUE or --NAME=VALUE */
        char opt[80];
        const char *v, *eq = strchr(a, '=');
        if (eq) {
            if ((size_t)(eq - a) >= sizeof opt || eq == a + 2) return usage(e, "unknown argument '%s'%s", a, "");
            memcpy(opt, a, (size_t)(eq - a));
            opt[eq - a] = '\0';
            v = eq + 1;
        } else {
            if (i + 1 >= argc) return usage(e, "option %s needs a value%s", a, "");
            snprintf(opt, sizeof opt, "%s", a);
            v = argv[++i];
        }
        a = opt;
        const char **slot = !strcmp(a, "--rules") ? &rules : !strcmp(a, "--size") ? &size
                          : !strcmp(a, "--pie-form") ? &pie : !strcmp(a, "--init") ? &init : NULL;
        if (slot) {
            if (*slot) return usage(e, "%s given twice%s", a, "");
            *slot = v;
            continue;
        }
        char err[200] = "unknown option";
        if (engine_set_param(e, a + 2, v, err, sizeof err) < 0) {
            fprintf(stderr, "morphos: %s %s: %s (try --help)\n", a, v, err);
            engine_free(e);
            return 2;
        }
    }
    /* A controller that closes its end must not kill us mid-write: the
     * write fails instead and the loop ends. */
    signal_set(SIGPIPE, SIG_IGN);
    Gtp *g = gtp_create(e);
    if (!g) {
        fprintf(stderr, "morphos: out of memory\n");
        return 1;
    }
    /* The same commands a controller would send: one check of each value,
     * one message. Rules first: a size is kept across a rules change. */
    char line[4200];
    bool ok = true;
    if (ok && rules) {
        snprintf(line, sizeof line, "rules %s", rules);
        ok = !strchr(rules, '\n') && setup_command(g, line, "--rules");
    }
    long n;
    if (ok && size && arg_int(size, MIN_SIZE, MAX_SIZE, &n) < 0) {
        fprintf(stderr, "morphos: --size %s: the size must be %d..%d (try --help)\n", size, MIN_SIZE, MAX_SIZE);
        ok = false;
    }
    if (ok && size) {
        snprintf(line, sizeof line, "boardsize %s", size);
        ok = !strchr(size, '\n') && setup_command(g, line, "--size");
    }
    if (ok && pie) {
        snprintf(line, sizeof line, "pie_form %s", pie);
        ok = !strchr(pie, '\n') && setup_command(g, line, "--pie-form");
    }
    if (ok && init) ok = run_init(g, init);
    int rc = ok ? gtp_run(g, 0, stdout) : 2;
    gtp_free(g);
    return rc;
}

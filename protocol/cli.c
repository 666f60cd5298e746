/* cli.c - see cli.h. */
#include "cli.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../engine/clock.h"
#include "../engine/signals.h"
#include "../rules/move_list.h"
#include "../rules/rules.h"
#include "args.h"
#include "context.h"
#include "strbuf.h"

#define CLI_MAX_DEPTH 64

/* Long runs: a line on stderr per root move once a second has passed (at
 * most one a second), with the estimated time left; Ctrl-C stops at once
 * with a word on stderr rather than silently. */
typedef struct Progress {
    FILE *err;
    double t0, last;
} Progress;

static int progress(size_t done, size_t total, void *ctx)
{
    Progress *pr = ctx;
    double now = now_seconds(), el = now - pr->t0;
    if (el < 1.0 || (now - pr->last < 1.0 && done < total)) return 0;
    pr->last = now;
    fprintf(pr->err, "perft: %zu/%zu root moves, %.1f s, about %.0f s left\n", done, total, el,
            el / (double)done * (double)(total - done));
    fflush(pr->err);
    return 0; /* Ctrl-C ends the command line run (on_interrupt) */
}

static void on_interrupt(int sig)
{
    static const char msg[] = "\nmorphos: interrupted (Ctrl-C); no count\n";
    (void)sig;
    ssize_t w = write(2, msg, sizeof msg - 1);
    (void)w;
    _exit(130);
}

static int usage_error(FILE *err, const char *what, const char *arg)
{
    fprintf(err, "morphos: %s%s%s\n", what, arg ? ": " : "", arg ? arg : "");
    fprintf(err, "usage: morphos perft|divide --size N --rules TOKENS --moves 'M1;M2' --depth D [--bulk on|off]\n");
    return 2;
}

/* Play the ';'-separated moves from the start. 0, or -1 with a message. */
static int play_moves(Position *p, const char *moves, FILE *err)
{
    char why[240];
    if (play_move_list(p, moves, why, sizeof why) == 0) return 0;
    fprintf(err, "morphos: %s\n", why);
    return -1;
}

int cli_perft(int argc, char **argv, FILE *out, FILE *err)
{
    bool divide = !strcmp(argv[0], "divide");
    long size = 9, depth = -1;
    const char *rules = NULL, *moves = "";
    bool bulk = true, size_given = false;
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (i + 1 >= argc) return usage_error(err, "missing value for", opt);
        const char *v = argv[++i];
        if (!strcmp(opt, "--size")) {
            if (arg_int(v, MIN_SIZE, MAX_SIZE, &size) < 0) {
                fprintf(err, "morphos: bad --size: %s (allowed: %d to %d)\n", v, MIN_SIZE, MAX_SIZE);
                return 2;
            }
            size_given = true;
        } else if (!strcmp(opt, "--rules")) {
            rules = v;
        } else if (!strcmp(opt, "--moves")) {
            moves = v;
        } else if (!strcmp(opt, "--depth")) {
            if (arg_int(v, divide ? 1 : 0, CLI_MAX_DEPTH, &depth) < 0) {
                fprintf(err, "morphos: bad --depth: %s (allowed: %d to %d)\n", v, divide ? 1 : 0, CLI_MAX_DEPTH);
                return 2;
            }
        } else if (!strcmp(opt, "--bulk")) {
            if (!strcmp(v, "on")) bulk = true;
            else if (!strcmp(v, "off")) bulk = false;
            else return usage_error(err, "--bulk takes on or off, not", v);
        } else {
            return usage_error(err, "unknown option", opt);
        }
    }
    if (depth < 0) return usage_error(err, "--depth is required", NULL);
    Ruleset r;
    ruleset_default(&r);
    if (rules) {
        const char *why = ruleset_parse(&r, rules);
        if (why) return usage_error(err, "bad --rules", why);
    }
    /* As boardsize over GTP: a Cairo board comes from the rules alone. */
    if (size_given && r.game == GAME_MORPHARAOH)
        return usage_error(err, "--size does not apply to Morpharaoh (--rules morpharaoh,board=48|160)", NULL);
    char msg[160];
    Board *b = board_create((int)size, &r, msg, sizeof msg);
    if (!b) return usage_error(err, "cannot set up the board", msg);
    Position *p = aligned_alloc(64, (sizeof(Position) + 63) & ~(size_t)63);
    if (!p) {
        board_free(b);
        fprintf(err, "morphos: out of memory\n");
        return 1;
    }
    pos_init(p, b);
    if (play_moves(p, moves, err) < 0) {
        free(p);
        board_free(b);
        return 2;
    }
    StrBuf lines;
    sb_init(&lines);
    /* The GTP commands' limit and answer (listing_fits): divide, and perft
     * that lists the root moves (depth 2 or more, or depth 1 without bulk
     * counting); perft 1 counts at once. */
    bool lists = divide || depth >= 2 || (depth == 1 && !bulk);
    if (lists && listing_fits(p, divide ? "divide" : depth >= 2 ? "perft 2 and deeper" : "perft 1 --bulk off",
                              &lines) < 0) {
        fprintf(err, "morphos: %s\n", sb_str(&lines));
        sb_free(&lines);
        free(p);
        board_free(b);
        return 1;
    }
    signal_set(SIGINT, on_interrupt);
    double t0 = now_seconds();
    Progress pr = {err, t0, t0};
    /* A listing goes move by move at the root, for its progress lines. */
    uint64_t n = divide || (lists && !pos_over(p)) ? divide_into(p, (int)depth, bulk, divide ? &lines : NULL, progress, &pr, NULL)
                                                      : perft(p, (int)depth, bulk);
    double secs = now_seconds() - t0;
    fprintf(out, "%llu\n", (unsigned long long)n);
    fprintf(out, "time %.6f s, %.0f leaves/s\n", secs, secs > 0 ? (double)n / secs : 0.0);
    fputs(sb_str(&lines), out);
    sb_free(&lines);
    free(p);
    board_free(b);
    return 0;
}

/* bench_main.c - bench/bench: the fixed speed benchmark. The same build
 * always does the same work (fixed positions, fixed limits, one thread,
 * fixed seed), so a change's speed effect is the change in time; the moves
 * signature shows whether the change also changed what the engine plays. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_args.h"
#include "../engine/clock.h"
#include "../engine/searcher.h"
#include "compare.h"
#include "speed.h"

static void usage(FILE *out)
{
    fputs("usage: bench/bench [options]\n"
          "1. search: the engine's genmove on a fixed set of positions (9x9, 13x13,\n"
          "   19x19; rules none, a, b+d, c, e) with a fixed playout limit, one thread,\n"
          "   seed 1: total playouts, playouts per second and a signature of the moves.\n"
          "2. random: uniformly random playouts of the rules core from the empty\n"
          "   9x9, 13x13 and 19x19 boards (base rules): playouts and plies per second.\n"
          "3. engine: the full engine's playouts per second from the empty boards\n"
          "   (opening book off: the part measures search).\n"
          "options:\n"
          "  --only search|random|engine   run one part\n"
          "  --searcher NAME     one of the engine's searchers (below; default mcts)\n"
          "  --playouts N        playouts per search position (default 5000)\n"
          "  --ab-depth N        depth for --searcher ab (default 3)\n"
          "  --seconds S         time per board for the playout rates (default 1)\n"
          "  --count N           random playouts: exactly N per board instead of a time\n"
          "                      (fixed work, for valgrind --tool=callgrind)\n"
          "  --size N            playout rates and --compare: only the N x N board\n"
          "                      (any size from 2 to 25; --compare: 5, 9, 13 or 19)\n"
          "  --rules TOKENS      rules for the playout rates (default none); under\n"
          "                      morpharaoh the rates are of the rules' Cairo board\n"
          "  --set NAME=VALUE    an engine option for search and engine (repeatable;\n"
          "                      e.g. threads=2, expand_after=16; changes the signature\n"
          "                      when it changes play)\n"
          "  --compare REF       instead of the parts above: the rules core against a\n"
          "                      reference implementation of the base rules (REF: its\n"
          "                      C file, or the directory holding morphos_fast.c) in\n"
          "                      its scalar (no AVX-512) and vector builds, same work,\n"
          "                      alternating runs; median CPU times and ratios\n"
          "                      (skipped with a message when REF is missing)\n"
          "  --rounds K          --compare: runs per side and work (default 5)\n"
          "  --help              this text\n"
          "searchers:",
          out);
    for (int i = 0; i < searcher_count(); i++) fprintf(out, " %s", searcher_name(i));
    fputc('\n', out);
}

/* Engine options from --set, applied after the bench's own. */
#define MAX_SETS 16
typedef struct Sets {
    int n;
    char name[MAX_SETS][32];
    const char *value[MAX_SETS];
} Sets;

static int apply_sets(Engine *e, const Sets *o, char *err, size_t errlen)
{
    for (int i = 0; i < o->n; i++)
        if (engine_set_param(e, o->name[i], o->value[i], err, errlen)) return -1;
    return 0;
}

static void print_sets(const Sets *o)
{
    if (!o->n) return;
    printf("  engine options:");
    for (int i = 0; i < o->n; i++) printf(" %s=%s", o->name[i], o->value[i]);
    printf("\n");
}

/* FNV-1a over the chosen moves: equal signatures, equal play. */
static uint64_t fnv(uint64_t h, const char *s)
{
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return (h ^ ';') * 0x100000001b3ULL;
}

static int run_search(const char *searcher, long playouts, int ab_depth, const Sets *sets)
{
    char err[256];
    Engine *e = engine_create();
    if (!e || bench_engine_setup(e, searcher, playouts, ab_depth, err, sizeof err) || apply_sets(e, sets, err, sizeof err)) {
        fprintf(stderr, "bench: engine: %s\n", e ? err : "cannot create");
        engine_free(e);
        return 1;
    }
    bool ab = !strcmp(searcher, "ab");
    printf("search: searcher %s, %zu positions, %s %ld each, 1 thread, seed 1\n", searcher, bench_npositions, ab ? "depth" : "playouts",
           ab ? (long)ab_depth : playouts);
    print_sets(sets);
    Board *boards[64] = {0};
    uint64_t sig = 0xcbf29ce484222325ULL;
    double total = 0;
    int rc = 0;
    for (size_t i = 0; i < bench_npositions && i < 64; i++) {
        Position p;
        boards[i] = bench_position_setup(i, &p, err, sizeof err);
        if (!boards[i]) {
            fprintf(stderr, "bench: position %zu: %s\n", i, err);
            rc = 1;
            continue;
        }
        engine_new_game(e, &p);
        double t0 = now_seconds();
        Move m = engine_genmove(e, &p);
        double dt = now_seconds() - t0;
        char mv[64];
        move_format(boards[i], &m, mv, sizeof mv);
        sig = fnv(sig, mv);
        total += dt;
        printf("  %2zu  %2dx%-2d %-5s %3d plies  %-8s %8.3f s", i + 1, bench_positions[i].size, bench_positions[i].size, bench_positions[i].rules,
               (int)p.ply, mv, dt);
        if (!ab) printf("  %10.0f playouts/s", dt > 0 ? (double)playouts / dt : 0.0);
        printf("\n");
        fflush(stdout);
    }
    engine_free(e); /* before the boards it may still point to */
    for (size_t i = 0; i < bench_npositions && i < 64; i++) board_free(boards[i]);
    if (ab)
        printf("total: %zu searches in %.3f s; moves signature %016llx\n", bench_npositions, total, (unsigned long long)sig);
    else
        printf("total: %ld playouts in %.3f s: %.0f playouts/s; moves signature %016llx\n", playouts * (long)bench_npositions, total,
               total > 0 ? (double)playouts * (double)bench_npositions / total : 0.0, (unsigned long long)sig);
    return rc;
}

static const int rate_sizes[] = {9, 13, 19};

/* The boards of the playout rates: 9x9, 13x13 and 19x19 (or the one of
 * --size), or under Morpharaoh the one Cairo board of the rules, whatever
 * --size says; label[k] is board[k]'s row name. */
typedef struct RateBoards {
    size_t n;
    Board *board[3];
    char label[3][16];
} RateBoards;

static void rate_boards_free(RateBoards *rb)
{
    for (size_t k = 0; k < rb->n; k++) board_free(rb->board[k]);
    rb->n = 0;
}

/* 0, or 1 with the reason on stderr (bad rules, a board that cannot be
 * had) and nothing to free. */
static int rate_boards(RateBoards *rb, const char *rules_text, long only_size)
{
    Ruleset r;
    const char *why = ruleset_parse(&r, rules_text);
    if (why) {
        fprintf(stderr, "bench: --rules %s: %s\n", rules_text, why);
        return 1;
    }
    int sizes[3];
    size_t n = 0;
    if (r.game == GAME_MORPHARAOH) {
        sizes[n] = 0;
        snprintf(rb->label[n++], 16, "cairo%d", r.cells);
    } else if (only_size) {
        sizes[n] = (int)only_size;
        snprintf(rb->label[n++], 16, "%2ldx%-2ld", only_size, only_size);
    } else {
        for (size_t k = 0; k < sizeof rate_sizes / sizeof rate_sizes[0]; k++) {
            sizes[n] = rate_sizes[k];
            snprintf(rb->label[n++], 16, "%2dx%-2d", rate_sizes[k], rate_sizes[k]);
        }
    }
    for (rb->n = 0; rb->n < n; rb->n++) {
        char err[256];
        rb->board[rb->n] = board_create(sizes[rb->n], &r, err, sizeof err);
        if (!rb->board[rb->n]) {
            fprintf(stderr, "bench: %s\n", err);
            rate_boards_free(rb);
            return 1;
        }
    }
    return 0;
}

static int run_random(const char *rules_text, double seconds, long count, long only_size)
{
    RateBoards rb;
    if (rate_boards(&rb, rules_text, only_size)) return 1;
    printf("random playouts (rules core, uniform, rules %s, cap 10 x points plies):\n", rules_text);
    for (size_t k = 0; k < rb.n; k++) {
        Board *b = rb.board[k];
        PlayoutRate pr;
        random_playout_rate(b, seconds, count, 10 * b->npoints, 1, &pr);
        printf("  %s %9ld playouts in %.2f s: %9.0f playouts/s, %6.2f M plies/s, %.1f plies/game%s\n", rb.label[k], pr.playouts,
               pr.seconds, (double)pr.playouts / pr.seconds, (double)pr.plies / pr.seconds / 1e6, (double)pr.plies / (double)pr.playouts,
               pr.capped ? " (some capped)" : "");
        fflush(stdout);
    }
    rate_boards_free(&rb);
    return 0;
}

static int run_engine_rate(const char *searcher, const char *rules_text, double seconds, long only_size, const Sets *sets)
{
    RateBoards rb;
    if (rate_boards(&rb, rules_text, only_size)) return 1;
    printf("full engine (%s, 1 thread unless set, from the empty board, rules %s):\n", searcher, rules_text);
    print_sets(sets);
    for (size_t k = 0; k < rb.n; k++) {
        char err[256];
        Board *b = rb.board[k];
        Engine *e = engine_create();
        if (!e) {
            fprintf(stderr, "bench: cannot create the engine\n");
            rate_boards_free(&rb);
            return 1;
        }
        Position p;
        pos_init(&p, b);
        /* Short searches size the measured one to about `seconds`: the
         * first ones also pay for the tree's fresh pages, so sizing goes on
         * until a search takes at least half the time asked. */
        long n = 200;
        double dt = 0;
        for (int round = 0; round < 6; round++) {
            /* The book would answer the sizing search at once (Morpharaoh 48):
             * this part measures search, so the book stays off. */
            if (bench_engine_setup(e, searcher, n, 3, err, sizeof err) || apply_sets(e, sets, err, sizeof err) ||
                engine_set_param(e, "book", "off", err, sizeof err)) {
                fprintf(stderr, "bench: engine: %s\n", err);
                engine_free(e);
                rate_boards_free(&rb);
                return 1;
            }
            engine_new_game(e, &p);
            double t0 = now_seconds();
            engine_genmove(e, &p);
            dt = now_seconds() - t0;
            if (dt >= seconds / 2 || n >= 100000000L) break;
            double want = (double)n * seconds / (dt < 1e-4 ? 1e-4 : dt); /* 1e-4: a clock too coarse for 200 playouts */
            n = want < 200 ? 200 : want > 1e8 ? 100000000L : (long)want;
        }
        printf("  %s %9ld playouts in %.2f s: %9.0f playouts/s\n", rb.label[k], n, dt, dt > 0 ? (double)n / dt : 0.0);
        fflush(stdout);
        engine_free(e);
    }
    rate_boards_free(&rb);
    return 0;
}

int main(int argc, char **argv)
{
    const char *only = NULL, *searcher = "mcts", *rules = "none";
    long playouts = 5000, ab_depth = 3;
    double seconds = 1;
    long count = 0, only_size = 0, rounds = 5;
    const char *compare = NULL;
    Sets sets = {0};
    for (int i = 1; i < argc; i += 2) { /* every option takes a value */
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--only") && v && (!strcmp(v, "search") || !strcmp(v, "random") || !strcmp(v, "engine"))) {
            only = v;
        } else if (!strcmp(a, "--searcher") && v && *v) {
            searcher = v;
        } else if (!strcmp(a, "--rules") && v && *v) {
            rules = v;
        } else if (!strcmp(a, "--playouts") && !arg_long(v, 1, 100000000, &playouts)) {
        } else if (!strcmp(a, "--ab-depth") && !arg_long(v, 1, 100, &ab_depth)) {
        } else if (!strcmp(a, "--seconds") && !arg_double(v, 0.001, 3600, &seconds)) {
        } else if (!strcmp(a, "--count") && !arg_long(v, 1, 1000000000, &count)) {
        } else if (!strcmp(a, "--size") && !arg_long(v, MIN_SIZE, MAX_SIZE, &only_size)) {
        } else if (!strcmp(a, "--compare") && v && *v) {
            compare = v;
        } else if (!strcmp(a, "--rounds") && !arg_long(v, 1, 99, &rounds)) {
        } else if (!strcmp(a, "--set") && v && strchr(v, '=') && sets.n < MAX_SETS && (size_t)(strchr(v, '=') - v) < sizeof sets.name[0]) {
            /* Checked now, on a scratch engine: a bad option fails before any work. */
            size_t len = (size_t)(strchr(v, '=') - v);
            memcpy(sets.name[sets.n], v, len);
            sets.name[sets.n][len] = 0;
            sets.value[sets.n] = v + len + 1;
            Engine *probe = engine_create();
            char err[256];
            int bad = !probe || engine_set_param(probe, sets.name[sets.n], sets.value[sets.n], err, sizeof err);
            engine_free(probe);
            if (bad) {
                fprintf(stderr, "bench: --set %s: %s\n", v, probe ? err : "cannot create the engine");
                return 2;
            }
            sets.n++;
        } else {
            fprintf(stderr, "bench: bad argument '%s'%s%s (see --help)\n", a, v ? " " : "", v ? v : "");
            return 2;
        }
    }
    if (compare) {
        if (only_size && only_size != 5 && only_size != 9 && only_size != 13 && only_size != 19) {
            fprintf(stderr, "bench: --compare runs on 5, 9, 13 or 19 (--size %ld)\n", only_size);
            return 2;
        }
        return compare_run(compare, (int)rounds, only_size);
    }
    double t0 = now_seconds();
    int rc = 0;
    if (!only || !strcmp(only, "search")) rc |= run_search(searcher, playouts, (int)ab_depth, &sets);
    if (!only || !strcmp(only, "random")) rc |= run_random(rules, seconds, count, only_size);
    if (!only || !strcmp(only, "engine")) rc |= run_engine_rate(!strcmp(searcher, "ab") ? "mcts" : searcher, rules, seconds, only_size, &sets);
    printf("bench: %.1f s\n", now_seconds() - t0);
    return rc;
}

/* test_bench.c - the bench tools' pieces: Elo and SPRT arithmetic against
 * known values, the match clock, perft table reading (both formats), result
 * lines, the threaded perft, and the match referee against a deliberately
 * broken engine (tests/bench/broken_engine.sh) and between two real engines
 * (./morphos --searcher random). Run from the repository root. */
#include <CUnit/Basic.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../bench/elo.h"
#include "../bench/match_clock.h"
#include "../bench/match_game.h"
#include "../bench/match_record.h"
#include "../rules/move_list.h"
#include "../bench/openings.h"
#include "../bench/perft_run.h"
#include "../bench/perft_table.h"
#include "../bench/speed.h"

#define NEAR(a, b, eps) CU_ASSERT(fabs((a) - (b)) < (eps))

/* Expected values computed independently (Python, the formulas of elo.h);
 * 75% is the textbook +190.85 Elo, and cutechess-cli reports 60-40-0 as
 * 70.4 +/- 70.6. */
static void test_elo_known_values(void)
{
    NEAR(elo_from_score(0.75), 190.848502, 1e-5);
    NEAR(elo_from_score(0.25), -190.848502, 1e-5);
    NEAR(elo_from_score(0.5), 0.0, 1e-12);
    NEAR(score_from_elo(190.848502), 0.75, 1e-8);
    CU_ASSERT(isinf(elo_from_score(1.0)) && elo_from_score(1.0) > 0);
    CU_ASSERT(isinf(elo_from_score(0.0)) && elo_from_score(0.0) < 0);

    EloEstimate e;
    CU_ASSERT_EQUAL(elo_estimate(0, 0, 0, &e), -1);
    CU_ASSERT_EQUAL(elo_estimate(60, 40, 0, &e), 0);
    NEAR(e.score, 0.6, 1e-12);
    NEAR(e.elo, 70.436504, 1e-5);
    NEAR(e.lo, 2.766873, 1e-5);
    NEAR(e.hi, 143.909233, 1e-5);
    NEAR(e.los, 0.977250, 1e-6);
    CU_ASSERT_EQUAL(elo_estimate(30, 20, 50, &e), 0);
    NEAR(e.elo, 34.860070, 1e-5);
    NEAR(e.lo, -12.929693, 1e-5);
    NEAR(e.hi, 84.010763, 1e-5);
    NEAR(e.los, 0.921350, 1e-6);
    /* A sweep: the exact binomial bound 0.025^(1/20) on the finite side. */
    CU_ASSERT_EQUAL(elo_estimate(20, 0, 0, &e), 0);
    CU_ASSERT(isinf(e.elo) && isinf(e.hi) && e.hi > 0);
    NEAR(e.lo, 277.387441, 1e-5);
    CU_ASSERT_EQUAL(elo_estimate(0, 20, 0, &e), 0);
    NEAR(e.hi, -277.387441, 1e-5);
    CU_ASSERT(isinf(e.lo) && e.lo < 0);
    CU_ASSERT_EQUAL(elo_estimate(10, 10, 0, &e), 0);
    NEAR(e.elo, 0.0, 1e-9);
    NEAR(e.lo, -e.hi, 1e-9);
}

/* Pairs (pentanomial): values computed independently (Python, the
 * formulas of elo.h). 0/0/11/0/39 is the 48-cell match of session 2: 89%. */
static void test_elo_pairs(void)
{
    EloEstimate e;
    long none[5] = {0, 0, 0, 0, 0}, p1[5] = {0, 0, 11, 0, 39}, p2[5] = {2, 3, 10, 4, 6}, sweep[5] = {0, 0, 0, 0, 10};
    CU_ASSERT_EQUAL(elo_estimate_pairs(none, &e), -1);
    CU_ASSERT_EQUAL(elo_estimate_pairs(p1, &e), 0);
    NEAR(e.score, 0.89, 1e-12);
    NEAR(e.elo, 363.198929, 1e-5);
    NEAR(e.lo, 278.659228, 1e-5);
    NEAR(e.hi, 502.255848, 1e-5);
    CU_ASSERT_EQUAL(elo_estimate_pairs(p2, &e), 0);
    NEAR(e.elo, 63.227262, 1e-5);
    NEAR(e.lo, -18.922791, 1e-5);
    NEAR(e.hi, 153.192827, 1e-5);
    CU_ASSERT_EQUAL(elo_estimate_pairs(sweep, &e), 0);
    CU_ASSERT(isinf(e.elo) && isinf(e.hi));
    NEAR(e.lo, 140.217162, 1e-5);
}

static void test_sprt_known_values(void)
{
    Sprt t = {.elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05};
    CU_ASSERT_PTR_NULL(sprt_check(&t));
    double lo, hi;
    sprt_bounds(&t, &lo, &hi);
    NEAR(lo, -2.944439, 1e-6);
    NEAR(hi, 2.944439, 1e-6);
    NEAR(sprt_llr(&t, 60, 40, 0), 0.556343, 1e-6);
    NEAR(sprt_llr(&t, 40, 60, 0), -0.642589, 1e-6);
    Sprt t5 = {.elo0 = 0, .elo1 = 5, .alpha = 0.05, .beta = 0.05};
    NEAR(sprt_llr(&t5, 550, 450, 200), 1.590982, 1e-6);
    CU_ASSERT_EQUAL(sprt_verdict(&t, 60, 40, 0), SPRT_CONTINUE);
    CU_ASSERT_EQUAL(sprt_verdict(&t, 700, 300, 0), SPRT_H1);
    CU_ASSERT_EQUAL(sprt_verdict(&t, 300, 700, 0), SPRT_H0);
    CU_ASSERT_EQUAL(sprt_llr(&t, 0, 0, 0), 0);
    Sprt bad = {.elo0 = 5, .elo1 = 0, .alpha = 0.05, .beta = 0.05};
    CU_ASSERT_PTR_NOT_NULL(sprt_check(&bad));
}

static void test_clock(void)
{
    TimeControl tc;
    MatchClock c;
    double left;
    int stones;
    /* Per move: 0 main, 1 s per move. */
    CU_ASSERT_PTR_NULL(tc_parse(&tc, "0:1:1"));
    clock_start(&c, &tc);
    NEAR(clock_budget(&c, &tc), 1.0, 1e-12);
    CU_ASSERT(clock_spend(&c, &tc, 0.9, 0.1));
    NEAR(clock_budget(&c, &tc), 1.0, 1e-12); /* a fresh period each move */
    CU_ASSERT(!clock_spend(&c, &tc, 1.2, 0.1));
    /* Sudden death: 10 s in all. */
    CU_ASSERT_PTR_NULL(tc_parse(&tc, "10"));
    clock_start(&c, &tc);
    CU_ASSERT(clock_spend(&c, &tc, 4, 0));
    CU_ASSERT(clock_spend(&c, &tc, 4, 0));
    clock_left(&c, &left, &stones);
    NEAR(left, 2.0, 1e-12);
    CU_ASSERT_EQUAL(stones, 0);
    CU_ASSERT(!clock_spend(&c, &tc, 3, 0.5));
    /* Canadian: 5 s, then 6 s per 2 moves. */
    CU_ASSERT_PTR_NULL(tc_parse(&tc, "5:6:2"));
    clock_start(&c, &tc);
    NEAR(clock_budget(&c, &tc), 11.0, 1e-12);
    CU_ASSERT(clock_spend(&c, &tc, 7, 0)); /* 5 main + 2 of the first period */
    clock_left(&c, &left, &stones);
    NEAR(left, 4.0, 1e-12);
    CU_ASSERT_EQUAL(stones, 1);
    CU_ASSERT(clock_spend(&c, &tc, 3, 0)); /* period done: a new one */
    clock_left(&c, &left, &stones);
    NEAR(left, 6.0, 1e-12);
    CU_ASSERT_EQUAL(stones, 2);
    CU_ASSERT(!clock_spend(&c, &tc, 6.5, 0.25));
    /* Rejected specs. */
    CU_ASSERT_PTR_NOT_NULL(tc_parse(&tc, "0"));
    CU_ASSERT_PTR_NOT_NULL(tc_parse(&tc, "-3"));
    CU_ASSERT_PTR_NOT_NULL(tc_parse(&tc, "5:6"));
    CU_ASSERT_PTR_NOT_NULL(tc_parse(&tc, "5:0:3"));
    CU_ASSERT_PTR_NOT_NULL(tc_parse(&tc, "5x"));
}

static char *write_temp(const char *text)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/test_bench_XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0) return NULL;
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

static void test_table_morphos(void)
{
    char *path = write_temp("size\trules\toptions\tmoves\tdepth\tperft\n"
                            "# a comment\n"
                            "3\ta+b\tedges=off,pie=on\t-\t2\t81\n"
                            "\n"
                            "9\tnone\tedges=on,pie=on\tC3;D4,E5\t1\t123456789012\n"
                            "26\tnone\tedges=on\t-\t1\t1\n"
                            "3\tnone\tedges=on\t-\tx\t1\n"
                            "3\tno ne\tedges=on\t-\t1\t1\n"
                            "3\tnone\tedges=on\t-\t1\n"
                            "3\tnone\tedges=on\tC3\t2\t5\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(path);
    PerftTable t;
    PerftRow r;
    char err[256];
    CU_ASSERT_EQUAL_FATAL(perft_table_open(&t, path, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(perft_table_format(&t), "morphos");
    CU_ASSERT_EQUAL(perft_table_next(&t, &r, err, sizeof err), 1);
    CU_ASSERT_EQUAL(r.line, 3);
    CU_ASSERT_EQUAL(r.size, 3);
    CU_ASSERT_STRING_EQUAL(r.rules, "a,b,edges=off,pie=on");
    CU_ASSERT_STRING_EQUAL(r.moves, "");
    CU_ASSERT_EQUAL(r.nmoves, 0);
    CU_ASSERT_EQUAL(r.depth, 2);
    CU_ASSERT_EQUAL(r.expected, 81);
    CU_ASSERT_EQUAL(perft_table_next(&t, &r, err, sizeof err), 1);
    CU_ASSERT_STRING_EQUAL(r.rules, "none,edges=on,pie=on");
    CU_ASSERT_STRING_EQUAL(r.moves, "C3;D4,E5");
    CU_ASSERT_EQUAL(r.nmoves, 2);
    CU_ASSERT_EQUAL(r.expected, 123456789012ULL);
    for (int i = 0; i < 4; i++) CU_ASSERT_EQUAL(perft_table_next(&t, &r, err, sizeof err), -1); /* size, depth, rules, columns */
    CU_ASSERT_EQUAL(perft_table_next(&t, &r, err, sizeof err), 1); /* goes on after bad rows */
    CU_ASSERT_EQUAL(r.line, 10);
    CU_ASSERT_EQUAL(perft_table_next(&t, &r, err, sizeof err), 0);
    perft_table_close(&t);
    unlink(path);

    path = write_temp("size\tfoo\n1\t2\n");
    CU_ASSERT_EQUAL(perft_table_open(&t, path, err, sizeof err), -1);
    unlink(path);
}

static void test_table_morpharaoh(void)
{
    char *path = write_temp("board\tedge\tcenter\tmoves\tdepth\tperft\n"
                            "# Morpharaoh perft reference\n"
                            "48\tpair\tembrace\t-\t1\t48\n"
                            "160\tmajority\tmajority\t3;17\t2\t24492\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(path);
    PerftTable t;
    PerftRow r;
    char err[256];
    CU_ASSERT_EQUAL_FATAL(perft_table_open(&t, path, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(perft_table_format(&t), "morpharaoh");
    CU_ASSERT_EQUAL(perft_table_next(&t, &r, err, sizeof err), 1);
    CU_ASSERT_EQUAL(r.size, 0);
    CU_ASSERT_STRING_EQUAL(r.rules, "morpharaoh,board=48,edge=pair,center=embrace");
    CU_ASSERT_EQUAL(perft_table_next(&t, &r, err, sizeof err), 1);
    CU_ASSERT_STRING_EQUAL(r.rules, "morpharaoh,board=160,edge=majority,center=majority");
    CU_ASSERT_STRING_EQUAL(r.moves, "3;17");
    CU_ASSERT_EQUAL(r.depth, 2);
    CU_ASSERT_EQUAL(r.expected, 24492);
    CU_ASSERT_EQUAL(perft_table_next(&t, &r, err, sizeof err), 0);
    perft_table_close(&t);
    unlink(path);
}

/* The public table's rows on 5x5 (a+...): the threaded count must equal
 * the table and the single-threaded count, bulk or not. */
static void test_perft_parallel(void)
{
    PerftTable t;
    static PerftRow r;
    char err[256];
    CU_ASSERT_EQUAL_FATAL(perft_table_open(&t, "tests/data/perft-public.tsv", err, sizeof err), 0);
    int checked = 0;
    while (perft_table_next(&t, &r, err, sizeof err) == 1) {
        if (r.expected > 20000 || r.depth < 2) continue;
        Position p;
        Board *b = perft_row_setup(&r, &p, err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL(b);
        if (!b) continue;
        CU_ASSERT_EQUAL(perft_parallel(&p, r.depth, true, 3), r.expected);
        CU_ASSERT_EQUAL(perft_parallel(&p, r.depth, false, 2), r.expected);
        board_free(b);
        if (++checked == 40) break;
    }
    CU_ASSERT(checked > 10);
    perft_table_close(&t);
}

static void test_record_lines(void)
{
    char line[] = "17\tB\tA\t42\tillegal by B: genmove answered: Z99\tC3;D4,E5;pass\n";
    GameRecord g;
    CU_ASSERT_EQUAL_FATAL(record_parse_line(line, &g), 1);
    CU_ASSERT_EQUAL(g.id, 17);
    CU_ASSERT_EQUAL(g.black, 1);
    CU_ASSERT_EQUAL(g.winner, WIN_A);
    CU_ASSERT_EQUAL(g.plies, 42);
    CU_ASSERT_STRING_EQUAL(g.moves, "C3;D4,E5;pass");
    CU_ASSERT_EQUAL(end_kind(g.reason), END_ILLEGAL);
    Tally t = {0};
    tally_add(&t, &g);
    CU_ASSERT_EQUAL(t.res[1][0], 1); /* A was white and won */
    CU_ASSERT_EQUAL(t.ends[1][END_ILLEGAL], 1);
    char hdr[] = "# A\t./morphos\n", bad1[] = "x\tA\tB\t1\tr\tm\n", bad2[] = "1\tA\tC\t1\tr\tm\n", bad3[] = "1\tA\tB\t1\tr\n";
    CU_ASSERT_EQUAL(record_parse_line(hdr, &g), 0);
    CU_ASSERT_EQUAL(record_parse_line(bad1, &g), -1);
    CU_ASSERT_EQUAL(record_parse_line(bad2, &g), -1);
    CU_ASSERT_EQUAL(record_parse_line(bad3, &g), -1);
    CU_ASSERT_EQUAL(end_kind("draw: move cap 810"), END_CAP);
    CU_ASSERT_EQUAL(end_kind("black connects"), END_NORMAL);
    CU_ASSERT_EQUAL(end_kind("time by A: no move within 1 s"), END_TIME);
    CU_ASSERT_EQUAL(end_kind("crash by B: genmove w: killed by signal 11"), END_CRASH);
    tally_free(&t);
}

/* Games 2k and 2k+1 make a pair whatever order they finish in; a repeated
 * id (a second file of another seed) starts the pair again. */
static void test_tally_pairs(void)
{
    Tally t = {0};
    /* id, A plays black?, winner */
    static const struct { long id; int black; int winner; } games[] = {
        {1, 1, WIN_A}, {0, 0, WIN_A},  /* pair 0: A won both */
        {2, 0, WIN_A}, {3, 1, WIN_B},  /* pair 1: split */
        {4, 0, WIN_DRAW}, {5, 1, WIN_B}, /* pair 2: half a point */
        {200, 0, WIN_B},               /* pair 100: waiting */
        {6, 0, WIN_A}, {6, 0, WIN_B}, {7, 1, WIN_B}, /* the second 6 replaces the first */
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        GameRecord g = {0};
        g.id = games[i].id;
        g.black = games[i].black;
        g.winner = games[i].winner;
        snprintf(g.reason, sizeof g.reason, "%s", "black connects");
        CU_ASSERT_EQUAL(tally_add(&t, &g), 0);
    }
    CU_ASSERT_EQUAL(t.games, 10);
    CU_ASSERT_EQUAL(t.pairs[4], 1);
    CU_ASSERT_EQUAL(t.pairs[2], 1);
    CU_ASSERT_EQUAL(t.pairs[1], 1);
    CU_ASSERT_EQUAL(t.pairs[0], 1);
    CU_ASSERT_EQUAL(t.pairs[3], 0);
    CU_ASSERT_EQUAL(tally_unpaired(&t), 2);
    tally_free(&t);
}

/* --- the referee ------------------------------------------------------ */

static Board *small_board(int size)
{
    Ruleset r;
    ruleset_default(&r);
    char err[200];
    return board_create(size, &r, err, sizeof err);
}

/* Play games 0 and 1 (A black, then B black) of `a` against `b`. */
static void play_pair(const char *a, const char *b, const TimeControl *tc, double timeout, GameRecord g[2])
{
    Board *board = small_board(5);
    CU_ASSERT_PTR_NOT_NULL_FATAL(board);
    MatchConfig cfg = {.cmd = {a, b}, .board = board, .timeout = timeout, .margin = 0.1, .max_plies = 250};
    if (tc) cfg.tc = *tc;
    for (int i = 0; i < 2; i++) CU_ASSERT_EQUAL(match_play_game(&cfg, i, i, "", &g[i]), 0);
    board_free(board);
}

#define RANDOM_ENGINE "./morphos --searcher random"
#define BROKEN "sh tests/bench/broken_engine.sh "

/* The broken engine as A loses both games, whatever its colour, with the
 * reason's first word naming how. */
static void expect_forfeits(const char *mode, int kind, const TimeControl *tc, double timeout)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, BROKEN "%s", mode);
    GameRecord g[2];
    play_pair(cmd, RANDOM_ENGINE, tc, timeout, g);
    for (int i = 0; i < 2; i++) {
        CU_ASSERT_EQUAL(g[i].winner, WIN_B);
        CU_ASSERT_EQUAL(end_kind(g[i].reason), kind);
        CU_ASSERT_PTR_NOT_NULL(strstr(g[i].reason, "by A"));
        if (g[i].winner != WIN_B || end_kind(g[i].reason) != kind) fprintf(stderr, "\n%s game %d: %s\n", mode, i, g[i].reason);
        game_record_free(&g[i]);
    }
}

static void test_referee_illegal(void) { expect_forfeits("illegal", END_ILLEGAL, NULL, 10); }
static void test_referee_occupied(void) { expect_forfeits("occupied", END_ILLEGAL, NULL, 10); }
static void test_referee_dies(void) { expect_forfeits("die", END_CRASH, NULL, 10); }
static void test_referee_crash(void) { expect_forfeits("crash", END_CRASH, NULL, 10); }
static void test_referee_garbage(void) { expect_forfeits("garbage", END_PROTOCOL, NULL, 10); }
static void test_referee_hang(void) { expect_forfeits("hang", END_HANG, NULL, 0.5); }
static void test_referee_nosetup(void) { expect_forfeits("nosetup", END_CRASH, NULL, 10); }
static void test_referee_resign(void) { expect_forfeits("resign", END_RESIGN, NULL, 10); }
static void test_referee_reject(void) { expect_forfeits("reject", END_ERROR, NULL, 10); }

static void test_referee_time(void)
{
    TimeControl tc = {.on = true, .main = 0, .byo = 0.3, .stones = 1};
    expect_forfeits("slow", END_TIME, &tc, 10);
}

static void test_real_engines_complete(void)
{
    TimeControl tc = {.on = true, .main = 0, .byo = 2, .stones = 1};
    GameRecord g[2];
    play_pair(RANDOM_ENGINE, RANDOM_ENGINE, &tc, 10, g);
    for (int i = 0; i < 2; i++) {
        CU_ASSERT(g[i].winner == WIN_A || g[i].winner == WIN_B || g[i].winner == WIN_DRAW);
        CU_ASSERT_EQUAL(end_kind(g[i].reason), strncmp(g[i].reason, "draw", 4) ? END_NORMAL : END_CAP);
        CU_ASSERT(g[i].plies > 0);
        /* The saved game replays legally from the start. */
        Board *b = small_board(5);
        Position p;
        char err[256];
        pos_init(&p, b);
        CU_ASSERT_EQUAL(play_move_list(&p, g[i].moves, err, sizeof err), 0);
        if (strncmp(g[i].reason, "draw", 4)) CU_ASSERT(pos_over(&p));
        board_free(b);
        game_record_free(&g[i]);
    }
}

static void test_openings(void)
{
    Board *b = small_board(5);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    char o1[256], o2[256], o3[256];
    CU_ASSERT_EQUAL(opening_for_pair(NULL, b, 3, 7, 0, o1, sizeof o1), 0);
    CU_ASSERT_EQUAL(opening_for_pair(NULL, b, 3, 7, 0, o2, sizeof o2), 0);
    CU_ASSERT_STRING_EQUAL(o1, o2); /* reproducible */
    int differ = 0;
    for (long pair = 1; pair < 10; pair++) {
        CU_ASSERT_EQUAL(opening_for_pair(NULL, b, 3, 7, pair, o3, sizeof o3), 0);
        differ += strcmp(o1, o3) != 0;
    }
    CU_ASSERT(differ > 5);
    Position p;
    char err[256];
    pos_init(&p, b);
    CU_ASSERT_EQUAL(play_move_list(&p, o1, err, sizeof err), 0);
    CU_ASSERT_EQUAL(p.ply, 3);

    char *path = write_temp("# balanced\nC3;D4\n-\nzz9\n");
    Openings o;
    CU_ASSERT_EQUAL(openings_load(&o, path, b, err, sizeof err), -1); /* zz9 */
    CU_ASSERT_PTR_NOT_NULL(strstr(err, ":4:"));
    unlink(path);
    path = write_temp("# balanced\nC3;D4\n-\n");
    CU_ASSERT_EQUAL_FATAL(openings_load(&o, path, b, err, sizeof err), 0);
    CU_ASSERT_EQUAL(o.n, 2);
    CU_ASSERT_EQUAL(opening_for_pair(&o, b, 3, 7, 2, o3, sizeof o3), 0);
    CU_ASSERT_STRING_EQUAL(o3, "C3;D4");
    CU_ASSERT_EQUAL(opening_for_pair(&o, b, 3, 7, 3, o3, sizeof o3), 0);
    CU_ASSERT_STRING_EQUAL(o3, "");
    openings_free(&o);
    unlink(path);
    board_free(b);
}

/* bench/bench's fixed positions all set up, legally, with the game running
 * (a rules change that broke one would silently change the benchmark). */
static void test_bench_positions(void)
{
    CU_ASSERT(bench_npositions >= 5);
    for (size_t i = 0; i < bench_npositions; i++) {
        Position p;
        char err[256];
        Board *b = bench_position_setup(i, &p, err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL(b);
        if (!b) {
            fprintf(stderr, "\nbench position %zu: %s\n", i, err);
            continue;
        }
        CU_ASSERT(!pos_over(&p));
        board_free(b);
    }
}

int main(void)
{
    /* A dead engine's stdin must be an error return, as in bench/match. */
    signal(SIGPIPE, SIG_IGN);
    if (CU_initialize_registry() != CUE_SUCCESS) return 1;
    CU_pSuite s = CU_add_suite("bench", NULL, NULL);
    CU_add_test(s, "elo known values", test_elo_known_values);
    CU_add_test(s, "elo from pairs", test_elo_pairs);
    CU_add_test(s, "sprt known values", test_sprt_known_values);
    CU_add_test(s, "match clock", test_clock);
    CU_add_test(s, "perft table: Morphos format", test_table_morphos);
    CU_add_test(s, "perft table: Morpharaoh format", test_table_morpharaoh);
    CU_add_test(s, "perft: threaded root split", test_perft_parallel);
    CU_add_test(s, "result lines", test_record_lines);
    CU_add_test(s, "colour-swapped pairs", test_tally_pairs);
    CU_add_test(s, "openings", test_openings);
    CU_add_test(s, "bench positions", test_bench_positions);
    CU_add_test(s, "referee: illegal move", test_referee_illegal);
    CU_add_test(s, "referee: occupied point", test_referee_occupied);
    CU_add_test(s, "referee: engine exits", test_referee_dies);
    CU_add_test(s, "referee: engine crashes", test_referee_crash);
    CU_add_test(s, "referee: malformed answer", test_referee_garbage);
    CU_add_test(s, "referee: hang", test_referee_hang);
    CU_add_test(s, "referee: dies at setup", test_referee_nosetup);
    CU_add_test(s, "referee: resign", test_referee_resign);
    CU_add_test(s, "referee: rejects a legal move", test_referee_reject);
    CU_add_test(s, "referee: time loss", test_referee_time);
    CU_add_test(s, "real engines: a short match completes", test_real_engines_complete);
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_failures();
    CU_cleanup_registry();
    return failed ? 1 : 0;
}

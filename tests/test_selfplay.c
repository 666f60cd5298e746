/* test_selfplay.c - self-play records (bench/selfplay_record.c) and games
 * (bench/selfplay_game.c): the header, game lines replayed with the rules
 * core and refused when wrong, reading files with a torn tail, merging,
 * the options a game may not take, and games that depend on their number
 * only. */
#include <stdlib.h>
#include <unistd.h>

#include "../bench/selfplay_game.h"
#include "../engine/engine.h"
#include "support.h"

static char dir[64];

static const char *path_of(const char *name)
{
    static char buf[4][128];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
    return buf[k];
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs(text, f);
    fclose(f);
}

static SelfplaySettings settings(int size, const char *rules, long playouts)
{
    SelfplaySettings s = {.size = size, .playouts = playouts, .opening_plies = 1, .seed = 7, .max_plies = 10 * size * size};
    Ruleset r;
    ruleset_default(&r);
    CU_ASSERT_PTR_NULL_FATAL(ruleset_parse(&r, rules));
    ruleset_format(&r, s.rules, sizeof s.rules);
    char err[256];
    CU_ASSERT_EQUAL_FATAL(selfplay_engine_options(playouts, NULL, 0, s.engine, sizeof s.engine, err, sizeof err), 0);
    return s;
}

static char *play_one(const Board *b, const SelfplaySettings *s, long game)
{
    SelfplayConfig c = {.board = b, .s = s};
    char *line = NULL, err[256];
    SelfplayGame info;
    int rc = selfplay_play(&c, game, &line, &info, err, sizeof err);
    if (rc) fprintf(stderr, "selfplay_play: %s\n", err);
    CU_ASSERT_EQUAL_FATAL(rc, 0);
    CU_ASSERT_EQUAL(info.game, game);
    CU_ASSERT_EQUAL(info.seed, selfplay_game_seed(s->seed, game));
    return line;
}

static void test_header(void)
{
    SelfplaySettings s = settings(9, "none", 500);
    char h[2048], h2[2048];
    CU_ASSERT_EQUAL(selfplay_header(&s, h, sizeof h), 0);
    CU_ASSERT_EQUAL(strncmp(h, SELFPLAY_MAGIC "\n", strlen(SELFPLAY_MAGIC) + 1), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(h, "# rules\tnone,edges=on,pie=on\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(h, "# engine\tthreads=1 playouts=500 movetime=0 solver=off\n"));
    CU_ASSERT_EQUAL(selfplay_header(&s, h2, 40), -1); /* too small: refused, not cut */
    s.seed = 8;
    CU_ASSERT_EQUAL(selfplay_header(&s, h2, sizeof h2), 0);
    CU_ASSERT_NOT_EQUAL(strcmp(h, h2), 0);
    /* The header read back is the header written. */
    write_file(path_of("h.tsv"), h);
    SelfplayFile f;
    char err[256];
    CU_ASSERT_EQUAL_FATAL(selfplay_read(path_of("h.tsv"), 1, 0, &f, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(f.header, h);
    CU_ASSERT_EQUAL(f.n, 0);
    CU_ASSERT_EQUAL(f.torn_at, -1);
    selfplay_file_free(&f);
}

static void test_seeds(void)
{
    /* Distinct per game and per base, never 0, a function of both only. */
    for (long g = 0; g < 200; g++) {
        uint64_t a = selfplay_game_seed(1, g);
        CU_ASSERT_NOT_EQUAL(a, 0);
        CU_ASSERT_EQUAL(a, selfplay_game_seed(1, g));
        CU_ASSERT_NOT_EQUAL(a, selfplay_game_seed(1, g + 1));
        CU_ASSERT_NOT_EQUAL(a, selfplay_game_seed(2, g));
    }
}

static void test_engine_options(void)
{
    char text[SELFPLAY_ENGINE_MAX], err[256];
    const char *ok[] = {"reuse=off", "searcher=grave"};
    CU_ASSERT_EQUAL(selfplay_engine_options(300, ok, 2, text, sizeof text, err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(text, "threads=1 playouts=300 movetime=0 solver=off reuse=off searcher=grave");
    const char *bad[][1] = {{"threads=2"}, {"seed=5"}, {"movetime=1"}, {"playouts=9"}, {"solver_time=1"},
                            {"nosuch=1"}, {"reuse=maybe"}, {"reuse"}, {"searcher=ab"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        CU_ASSERT_EQUAL(selfplay_engine_options(300, bad[i], 1, text, sizeof text, err, sizeof err), -1);
        CU_ASSERT_NOT_EQUAL(err[0], 0);
    }
    const char *ab[] = {"searcher=ab", "ab_depth=2"};
    CU_ASSERT_EQUAL(selfplay_engine_options(300, ab, 2, text, sizeof text, err, sizeof err), 0);
}

/* What the replay's callback saw. */
typedef struct Seen {
    int plies, searched, played_listed, bad_order;
    long visit_sum_min;
} Seen;

static int seen_ply(void *ctx, const Position *before, const SelfplayPly *ply)
{
    Seen *s = ctx;
    CU_ASSERT_PTR_NULL(pos_check_move(before, &ply->move));
    CU_ASSERT_EQUAL(ply->index, s->plies);
    s->plies++;
    if (ply->searched) {
        s->searched++;
        long sum = 0;
        for (int i = 0; i < ply->n; i++) {
            sum += ply->child[i].visits;
            if (move_equal(&ply->child[i].move, &ply->move)) s->played_listed++;
            if (i && ply->child[i].visits > ply->child[i - 1].visits) s->bad_order++;
        }
        if (s->searched == 1 || sum < s->visit_sum_min) s->visit_sum_min = sum;
    }
    return 0;
}

static void test_game_line(void)
{
    Game g = game(5, "none");
    SelfplaySettings s = settings(5, "none", 200);
    char *line = play_one(g.b, &s, 3);
    /* Game 3 alone is game 3 played after others: nothing carries over. */
    char *again = play_one(g.b, &s, 3);
    CU_ASSERT_STRING_EQUAL(line, again);
    free(again);
    char *other = play_one(g.b, &s, 4);
    CU_ASSERT_STRING_NOT_EQUAL(line, other);
    free(other);
    char *after = play_one(g.b, &s, 3);
    CU_ASSERT_STRING_EQUAL(line, after);
    free(after);
    CU_ASSERT_PTR_NULL(strchr(line, '\n'));
    Seen seen = {0};
    SelfplayGame info;
    char err[256];
    int rc = selfplay_replay(line, g.b, seen_ply, &seen, &info, err, sizeof err);
    if (rc) fprintf(stderr, "replay: %s\n", err);
    CU_ASSERT_EQUAL_FATAL(rc, 0);
    CU_ASSERT_EQUAL(info.game, 3);
    CU_ASSERT_EQUAL(info.opening_plies, 1);
    CU_ASSERT_EQUAL(info.plies, seen.plies);
    CU_ASSERT(info.result == RESULT_BLACK || info.result == RESULT_WHITE);
    CU_ASSERT(seen.searched > 0);
    /* The engine's own move is its most visited root child: listed. */
    CU_ASSERT_EQUAL(seen.played_listed, seen.searched);
    CU_ASSERT_EQUAL(seen.bad_order, 0);
    /* Every search adds its playouts to the root (tree reuse may have
     * carried more over): all but the one that expanded it. */
    CU_ASSERT(seen.visit_sum_min >= 200 - 2);
    free(line);
    board_free(g.b);
}

static void test_sampling(void)
{
    Game g = game(5, "none");
    SelfplaySettings s = settings(5, "none", 200);
    s.sample = 6;
    int differs = 0;
    for (long k = 0; k < 4; k++) {
        char *line = play_one(g.b, &s, k);
        char *line2 = play_one(g.b, &s, k);
        CU_ASSERT_STRING_EQUAL(line, line2); /* drawn from the game's own generator */
        Seen seen = {0};
        char err[256];
        CU_ASSERT_EQUAL(selfplay_replay(line, g.b, seen_ply, &seen, NULL, err, sizeof err), 0);
        /* A drawn move is one of the root's children. */
        CU_ASSERT_EQUAL(seen.played_listed, seen.searched);
        s.sample = 0;
        char *plain = play_one(g.b, &s, k);
        s.sample = 6;
        differs += strcmp(line, plain) != 0;
        free(line);
        free(line2);
        free(plain);
    }
    CU_ASSERT(differs > 0);
    board_free(g.b);
}

static void test_replay_refuses(void)
{
    Game g = game(5, "none");
    char err[256];
    const char *good = "0\t1\t5\tnone,edges=on,pie=on\tC3\tdraw\t2\tC2 @0.500 C2=3 B2=1;D2";
    CU_ASSERT_EQUAL(selfplay_replay(good, g.b, NULL, NULL, NULL, err, sizeof err), 0);
    const char *bad[] = {
        "0\t1\t5\tnone,edges=on,pie=on\tC3\tdraw\t2",                             /* 7 fields */
        "0\t1\t5\tnone,edges=on,pie=on\tC3\tdraw\t2\tC2;D2\textra",               /* 9 fields */
        "x\t1\t5\tnone,edges=on,pie=on\tC3\tdraw\t2\tC2;D2",                      /* game number */
        "0\t-1\t5\tnone,edges=on,pie=on\tC3\tdraw\t2\tC2;D2",                     /* seed */
        "0\t1\t7\tnone,edges=on,pie=on\tC3\tdraw\t2\tC2;D2",                      /* size */
        "0\t1\t5\ta,edges=on,pie=on\tC3\tdraw\t2\tC2;D2",                         /* rules */
        "0\t1\t5\tnone,edges=on,pie=on\tZ9\tdraw\t2\tC2;D2",                      /* opening */
        "0\t1\t5\tnone,edges=on,pie=on\tC3\tblack\t2\tC2;D2",                     /* result */
        "0\t1\t5\tnone,edges=on,pie=on\tC3\tdraw\t3\tC2;D2",                      /* plies */
        "0\t1\t5\tnone,edges=on,pie=on\tC3\tdraw\t2\tC3;D2",                      /* occupied */
        "0\t1\t5\tnone,edges=on,pie=on\tC3\tdraw\t2\tC2 @0.5 C2=3 C3=1;D2",      /* illegal child */
        "0\t1\t5\tnone,edges=on,pie=on\tC3\tdraw\t2\tC2 @0.5 B2=1 C2=3;D2",      /* order */
        "0\t1\t5\tnone,edges=on,pie=on\tC3\tdraw\t2\tC2 C2=3;D2",                 /* visits without value */
        "0\t1\t5\tnone,edges=on,pie=on\tC3\tdraw\t2\tC2 @1.5 C2=3;D2",            /* value */
        "0\t1\t5\tnone,edges=on,pie=on\tC3\tdraw\t2\tC2 @0.5 C2=0;D2",            /* no visits */
        "0\t1\t5\tnone,edges=on,pie=on\tC3\tdraw\t2\tC2;D2;",                     /* trailing ; */
        "0\t1\t5\tnone,edges=on,pie=on\tC3\tdraw\t2\tC2;;D2",                     /* empty ply */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        int rc = selfplay_replay(bad[i], g.b, NULL, NULL, NULL, err, sizeof err);
        CU_ASSERT_EQUAL(rc, -1);
        CU_ASSERT_NOT_EQUAL(err[0], 0);
        if (rc != -1) fprintf(stderr, "accepted: %s\n", bad[i]);
    }
    board_free(g.b);
}

static void test_read_torn(void)
{
    Game g = game(5, "none");
    SelfplaySettings s = settings(5, "none", 100);
    char h[2048], err[256];
    CU_ASSERT_EQUAL_FATAL(selfplay_header(&s, h, sizeof h), 0);
    char *l0 = play_one(g.b, &s, 0), *l1 = play_one(g.b, &s, 1);
    size_t cap = strlen(h) + strlen(l0) + strlen(l1) + 16;
    char *text = malloc(cap);
    /* Game 1 cut in its middle: a killed run. */
    snprintf(text, cap, "%s%s\n%.*s", h, l0, (int)(strlen(l1) / 2), l1);
    write_file(path_of("torn.tsv"), text);
    SelfplayFile f;
    CU_ASSERT_EQUAL_FATAL(selfplay_read(path_of("torn.tsv"), 1, 0, &f, err, sizeof err), 0);
    CU_ASSERT_EQUAL(f.n, 1);
    CU_ASSERT_EQUAL(f.games[0], 0);
    CU_ASSERT_STRING_EQUAL(f.lines[0], l0);
    CU_ASSERT_EQUAL(f.torn_at, (long)(strlen(h) + strlen(l0) + 1));
    CU_ASSERT_EQUAL(f.size, (long)strlen(text));
    selfplay_file_free(&f);
    /* Without lines: the numbers only. */
    CU_ASSERT_EQUAL_FATAL(selfplay_read(path_of("torn.tsv"), 0, 0, &f, err, sizeof err), 0);
    CU_ASSERT_EQUAL(f.n, 1);
    CU_ASSERT_PTR_NULL(f.lines);
    selfplay_file_free(&f);
    /* Refused: another format, a header after games, a short line; a missing file unless allowed. */
    write_file(path_of("other.tsv"), "# morphos-match 1\n");
    CU_ASSERT_EQUAL(selfplay_read(path_of("other.tsv"), 0, 0, &f, err, sizeof err), -1);
    snprintf(text, cap, "%s%s\n# late\n", h, l0);
    write_file(path_of("late.tsv"), text);
    CU_ASSERT_EQUAL(selfplay_read(path_of("late.tsv"), 0, 0, &f, err, sizeof err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, ":12:"));
    snprintf(text, cap, "%s0\tshort\n", h);
    write_file(path_of("short.tsv"), text);
    CU_ASSERT_EQUAL(selfplay_read(path_of("short.tsv"), 0, 0, &f, err, sizeof err), -1);
    CU_ASSERT_EQUAL(selfplay_read(path_of("none.tsv"), 0, 0, &f, err, sizeof err), -1);
    CU_ASSERT_EQUAL(selfplay_read(path_of("none.tsv"), 0, 1, &f, err, sizeof err), 0);
    CU_ASSERT_PTR_NULL(f.header);
    CU_ASSERT_EQUAL(f.n, 0);
    selfplay_file_free(&f);
    free(text);
    free(l0);
    free(l1);
    board_free(g.b);
}

static char *slurp(FILE *f)
{
    fflush(f);
    long n = ftell(f);
    char *s = malloc((size_t)n + 1);
    rewind(f);
    size_t got = fread(s, 1, (size_t)n, f);
    s[got] = 0;
    return s;
}

static void test_merge(void)
{
    Game g = game(5, "none");
    SelfplaySettings s = settings(5, "none", 100);
    char h[2048], err[512];
    CU_ASSERT_EQUAL_FATAL(selfplay_header(&s, h, sizeof h), 0);
    char *l[5];
    for (int i = 0; i < 5; i++) l[i] = play_one(g.b, &s, i);
    size_t cap = strlen(h) + 16;
    for (int i = 0; i < 5; i++) cap += 2 * strlen(l[i]) + 2;
    char *a = malloc(cap), *b = malloc(cap), *whole = malloc(cap);
    /* Shards in any order, one game in both. */
    snprintf(a, cap, "%s%s\n%s\n%s\n", h, l[3], l[0], l[1]);
    snprintf(b, cap, "%s%s\n%s\n%s\n", h, l[4], l[2], l[3]);
    snprintf(whole, cap, "%s%s\n%s\n%s\n%s\n%s\n", h, l[0], l[1], l[2], l[3], l[4]);
    write_file(path_of("a.tsv"), a);
    write_file(path_of("b.tsv"), b);
    char pa[128], pb[128];
    snprintf(pa, sizeof pa, "%s", path_of("a.tsv"));
    snprintf(pb, sizeof pb, "%s", path_of("b.tsv"));
    char *paths[3] = {pa, pb, NULL};
    FILE *out = tmpfile(), *rep = tmpfile();
    CU_ASSERT_EQUAL(selfplay_merge(paths, 2, out, rep, err, sizeof err), 0);
    char *got = slurp(out), *said = slurp(rep);
    CU_ASSERT_STRING_EQUAL(got, whole);
    CU_ASSERT_PTR_NOT_NULL(strstr(said, "merged 5 games (0..4) from 2 files; 1 duplicates"));
    free(got);
    free(said);
    fclose(out);
    fclose(rep);
    /* A gap: reported, status 1, the games still written. */
    write_file(path_of("b.tsv"), h);
    snprintf(b, cap, "%s%s\n", h, l[4]);
    write_file(path_of("b.tsv"), b);
    out = tmpfile();
    rep = tmpfile();
    CU_ASSERT_EQUAL(selfplay_merge(paths, 2, out, rep, err, sizeof err), 1);
    said = slurp(rep);
    CU_ASSERT_PTR_NOT_NULL(strstr(said, "gap: game 2 missing"));
    free(said);
    fclose(out);
    fclose(rep);
    /* A game that differs between shards: refused. */
    char *l3b = strdup(l[3]);
    char *res = strstr(l3b, "\tblack\t") ? strstr(l3b, "\tblack\t") : strstr(l3b, "\twhite\t");
    CU_ASSERT_PTR_NOT_NULL_FATAL(res);
    memcpy(res + 1, res[1] == 'b' ? "white" : "black", 5);
    snprintf(b, cap, "%s%s\n", h, l3b);
    write_file(path_of("b.tsv"), b);
    out = tmpfile();
    CU_ASSERT_EQUAL(selfplay_merge(paths, 2, out, NULL, err, sizeof err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "game 3 differs"));
    fclose(out);
    /* Other settings: refused. */
    s.playouts = 101;
    char h2[2048];
    CU_ASSERT_EQUAL_FATAL(selfplay_header(&s, h2, sizeof h2), 0);
    snprintf(b, cap, "%s%s\n", h2, l[4]);
    write_file(path_of("b.tsv"), b);
    out = tmpfile();
    CU_ASSERT_EQUAL(selfplay_merge(paths, 2, out, NULL, err, sizeof err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "header differs"));
    fclose(out);
    free(l3b);
    free(a);
    free(b);
    free(whole);
    for (int i = 0; i < 5; i++) free(l[i]);
    board_free(g.b);
}

/* The engine reports the root's final counts when asked (final_report). */
typedef struct Final {
    int calls;
    long sum;
    Move top;
} Final;

static void final_cb(const Analysis *a, void *ctx)
{
    Final *f = ctx;
    f->calls++;
    f->sum = 0;
    for (int i = 0; i < a->n; i++) f->sum += a->moves[i].visits;
    if (a->n) f->top = a->moves[0].move;
}

static void test_final_report(void)
{
    Game g = game(9, "none");
    CU_ASSERT_EQUAL(play(&g, "E5"), 0);
    CU_ASSERT_EQUAL(play(&g, "D4"), 0);
    Engine *e = engine_create();
    char err[128];
    const char *o[][2] = {{"playouts", "600"}, {"movetime", "0"}, {"seed", "3"}, {"reuse", "off"}, {"solver", "off"}, {"verbose", "off"}};
    for (size_t i = 0; i < 6; i++) CU_ASSERT_EQUAL(engine_set_param(e, o[i][0], o[i][1], err, sizeof err), 0);
    engine_new_game(e, &g.p);
    Final f = {0};
    SearchHooks h = {.report = final_cb, .ctx = &f, .final_report = 1};
    Move m = engine_genmove_live(e, &g.p, &h);
    CU_ASSERT_EQUAL(f.calls, 1);
    /* Every playout but the first (which expands the root) went through a child. */
    CU_ASSERT(f.sum >= 600 - 2 && f.sum <= 600);
    CU_ASSERT(move_equal(&f.top, &m));
    /* Without the flag (and no interval): no report. */
    Final f2 = {0};
    SearchHooks h2 = {.report = final_cb, .ctx = &f2};
    engine_genmove_live(e, &g.p, &h2);
    CU_ASSERT_EQUAL(f2.calls, 0);
    engine_free(e);
    board_free(g.b);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/test_selfplay.XXXXXX");
    if (!mkdtemp(dir)) return 1;
    static const TestCase tests[] = {
        {"the header", test_header},
        {"game seeds", test_seeds},
        {"engine options a game may take", test_engine_options},
        {"a game line: replayed, reproducible, independent", test_game_line},
        {"sampled first moves", test_sampling},
        {"bad game lines refused", test_replay_refuses},
        {"a torn last line; bad files", test_read_torn},
        {"merge: sorted, duplicates, gaps, conflicts", test_merge},
        {"genmove's final report", test_final_report},
    };
    int rc = run_suite("selfplay", tests, sizeof tests / sizeof *tests);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd)) rc = 1;
    return rc;
}

/* test_guard.c - what the engine does around its searchers. The guard: a
 * searcher that answers an illegal move stops the program (genmove and
 * analysis alike) instead of a move nobody chose reaching the game. The
 * thread rule: a search with a short hard limit runs on one thread.
 *
 * The searcher is plugged in at link time: this file defines
 * `searcher_random`, so the linker takes it instead of engine/random.c's
 * (a static library's member is linked only for a symbol still missing),
 * and the `random` row of the engine's table runs it. It answers an
 * illegal move, except while `watching` is set: then it records the
 * SearchCtx genmove gave it and answers a legal move. Each guard case
 * runs in a child process, which must end by SIGABRT with the engine's
 * message. */
#include <CUnit/Basic.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../engine/engine.h"
#include "../engine/searcher.h"
#include "support.h"

static bool watching;
static SearchCtx seen;

/* The occupied point it answers: the first stone on the board (watching:
 * a random legal move). */
static Move broken_genmove(void *st, const Position *p, const SearchCtx *sc)
{
    (void)st;
    if (watching) {
        seen = *sc;
        return pos_random_move(p, sc->rng);
    }
    for (int q = 0; q < p->board->npoints; q++)
        if (pos_color_at(p, q) != EMPTY) return move_pts(MOVE_PLACE, 1, q, -1, -1);
    return move_of(MOVE_PASS);
}
static void *broken_create(void) { return NULL; }
static void broken_destroy(void *st) { (void)st; }
static void broken_new_game(void *st, const Position *p) { (void)st, (void)p; }

const Searcher searcher_random = {"random", broken_create, broken_destroy, broken_new_game, broken_genmove, NULL};

static int stop_at_once(void *ctx) { (void)ctx; return 1; }

enum { GENMOVE, ANALYZE };

/* Run one call of `searcher` at 5x5 (pie=off) after B C3 in a child; its status and
 * the first line of its stderr in msg. */
static int run_child(const char *searcher, int call, char *msg, size_t len)
{
    int fds[2];
    CU_ASSERT_FATAL(pipe(fds) == 0);
    fflush(NULL);
    pid_t pid = fork();
    CU_ASSERT_FATAL(pid >= 0);
    if (pid == 0) {
        dup2(fds[1], 2);
        close(fds[0]);
        /* No CUnit assertion here: a failed one would return into the
         * suite in this process too. */
        Ruleset rs;
        char err[128];
        Game g;
        Move c3;
        if (ruleset_parse(&rs, "pie=off") || !(g.b = board_create(5, &rs, err, sizeof err))) _exit(3);
        pos_init(&g.p, g.b);
        if (move_parse(&g.p, "C3", &c3, err, sizeof err)) _exit(3);
        pos_play(&g.p, &c3);
        Engine *e = engine_create();
        if (!e || engine_set_param(e, "searcher", searcher, err, sizeof err) ||
            engine_set_param(e, "playouts", "50", err, sizeof err) ||
            engine_set_param(e, "movetime", "0.05", err, sizeof err)) _exit(4);
        if (call == GENMOVE) {
            Move m = engine_genmove(e, &g.p);
            if (pos_check_move(&g.p, &m) != NULL) _exit(5);
        } else {
            SearchHooks h = {stop_at_once, NULL, NULL, 0, 0};
            engine_analyze(e, &g.p, &h);
        }
        engine_free(e);
        board_free(g.b);
        _exit(0);
    }
    close(fds[1]);
    size_t n = 0;
    ssize_t r;
    while (n + 1 < len && (r = read(fds[0], msg + n, len - 1 - n)) > 0) n += (size_t)r;
    msg[n] = 0;
    char *nl = strchr(msg, '\n');
    if (nl) *nl = 0;
    close(fds[0]);
    int status = 0;
    CU_ASSERT_FATAL(waitpid(pid, &status, 0) == pid);
    return status;
}

/* The broken searcher's move is illegal (else the guard is not tested). */
static void test_broken_is_illegal(void)
{
    Game g = game(5, "pie=off");
    CU_ASSERT_EQUAL_FATAL(play(&g, "C3"), 0);
    Move m = broken_genmove(NULL, &g.p, NULL);
    CU_ASSERT_PTR_NOT_NULL(pos_check_move(&g.p, &m));
    board_free(g.b);
}

static void expect_abort(int call)
{
    char msg[512];
    int st = run_child("random", call, msg, sizeof msg);
    CU_ASSERT(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT);
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, "engine: searcher random gave an illegal move"));
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, "a placement must go on an empty point"));
    if (!(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT)) fprintf(stderr, "status %d, stderr: %s\n", st, msg);
}

static void test_genmove_stops(void) { expect_abort(GENMOVE); }
static void test_analyze_stops(void) { expect_abort(ANALYZE); }

/* The same child with a searcher that keeps the contract ends normally. */
static void test_legal_searcher_runs(void)
{
    char msg[512];
    int st = run_child("ab", GENMOVE, msg, sizeof msg);
    CU_ASSERT(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    if (!WIFEXITED(st) || WEXITSTATUS(st)) fprintf(stderr, "status %d, stderr: %s\n", st, msg);
    st = run_child("ab", ANALYZE, msg, sizeof msg);
    CU_ASSERT(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

/* A search with less than 50 ms of hard limit runs on one thread whatever
 * `threads` says (engine.c, THREADS_MIN_TIME): on a busy machine starting
 * and joining a second thread costs more than it brings. The limits come
 * from the clock the controller reports (injected: no time is measured). */
static int threads_of_search(Engine *e, Game *g, double left)
{
    engine_time_left(e, (Color)g->p.to_move, left, 0);
    memset(&seen, 0, sizeof seen);
    Move m = engine_genmove(e, &g->p);
    CU_ASSERT_PTR_NULL(pos_check_move(&g->p, &m));
    return seen.cfg.threads;
}

static void test_short_search_one_thread(void)
{
    char err[160], v[32];
    Engine *e = engine_create();
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_EQUAL(engine_set_param(e, "searcher", "random", err, sizeof err), 0);
    CU_ASSERT_EQUAL(engine_set_param(e, "threads", "2", err, sizeof err), 0);
    CU_ASSERT_EQUAL(engine_get_param(e, "threads", v, sizeof v), 0);
    if (strcmp(v, "2") != 0) { /* one core online: the rule cannot show */
        printf("\n(one core online: threads %s; the thread rule is not seen)\n", v);
        engine_free(e);
        return;
    }
    Game g = game(19, "pie=off");
    engine_new_game(e, &g.p);
    CU_ASSERT_EQUAL_FATAL(play(&g, "K10"), 0); /* out of the opening book */
    engine_time_settings(e, 60, 0, 0);
    watching = true;
    /* A minute left: a long hard limit, both threads. */
    CU_ASSERT_EQUAL(threads_of_search(e, &g, 60), 2);
    CU_ASSERT(seen.hard_time >= 0.05);
    /* 2 s left on a 19x19 board nearly empty: some 170 turns to come, a
     * hard limit of some 20 ms, one thread. */
    CU_ASSERT_EQUAL(threads_of_search(e, &g, 2), 1);
    CU_ASSERT(seen.hard_time > 0.001 && seen.hard_time < 0.05);
    /* Without a clock: movetime is the hard limit; a playout limit alone
     * (no time limit) keeps the threads. */
    engine_time_settings(e, 0, 1, 0);
    CU_ASSERT_EQUAL(engine_set_param(e, "movetime", "0.02", err, sizeof err), 0);
    CU_ASSERT_EQUAL(threads_of_search(e, &g, 0), 1);
    CU_ASSERT_EQUAL(engine_set_param(e, "movetime", "0.2", err, sizeof err), 0);
    CU_ASSERT_EQUAL(threads_of_search(e, &g, 0), 2);
    CU_ASSERT_EQUAL(engine_set_param(e, "movetime", "0", err, sizeof err), 0);
    CU_ASSERT_EQUAL(engine_set_param(e, "playouts", "100", err, sizeof err), 0);
    CU_ASSERT_EQUAL(threads_of_search(e, &g, 0), 2);
    CU_ASSERT_EQUAL(seen.hard_time, 0);
    watching = false;
    engine_free(e);
    board_free(g.b);
}

/* In sudden death, when the lag of the turns still to come (5 ms a turn
 * before any is measured) leaves less than the shortest search a turn,
 * the engine answers without calling the searcher (timeman.h,
 * TM_NO_SEARCH); a legal move all the same. */
static void test_no_search_when_clock_short(void)
{
    char err[160];
    Engine *e = engine_create();
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_EQUAL(engine_set_param(e, "searcher", "random", err, sizeof err), 0);
    CU_ASSERT_EQUAL(engine_set_param(e, "verbose", "0", err, sizeof err), 0);
    const char *rules[] = {"pie=off", "c,pie=off", "e,pie=off"};
    watching = true;
    for (size_t r = 0; r < sizeof rules / sizeof *rules; r++) {
        Game g = game(19, rules[r]);
        engine_new_game(e, &g.p);
        engine_time_settings(e, 60, 0, 0);
        for (int move = 0; move < 6; move++) {
            /* 19x19, some 57 to 170 turns to come at 5 ms: 0.3 to 0.9 s kept back. */
            CU_ASSERT(threads_of_search(e, &g, 0.25) == 0);
            CU_ASSERT(threads_of_search(e, &g, 0.01) == 0);
            CU_ASSERT(threads_of_search(e, &g, 0) == 0);
            CU_ASSERT(threads_of_search(e, &g, 5) == 1); /* searched */
            Move m = pos_random_move(&g.p, &(uint64_t){move + 1u});
            pos_play(&g.p, &m);
        }
        /* A byo-yomi after the main time pays for its own searches. */
        engine_time_settings(e, 60, 1, 1);
        CU_ASSERT(threads_of_search(e, &g, 0.01) == 1);
        board_free(g.b);
    }
    watching = false;
    engine_free(e);
}

int main(void)
{
    static const TestCase tests[] = {
        {"the plugged-in searcher's move is illegal", test_broken_is_illegal},
        {"genmove stops on a searcher's illegal move", test_genmove_stops},
        {"analysis stops on a searcher's illegal move", test_analyze_stops},
        {"a legal searcher in the same child runs to the end", test_legal_searcher_runs},
        {"a short search runs on one thread", test_short_search_one_thread},
        {"no search when the clock cannot pay for one", test_no_search_when_clock_short},
    };
    return run_suite("guard", tests, sizeof tests / sizeof *tests);
}

/* test_guard.c - the engine's guard on its searchers: a searcher that
 * answers an illegal move stops the program (genmove and analysis alike)
 * instead of a move nobody chose reaching the game.
 *
 * The broken searcher is plugged in at link time: this file defines
 * `searcher_random`, so the linker takes it instead of engine/random.c's
 * (a static library's member is linked only for a symbol still missing),
 * and the `random` row of the engine's table runs it. Each case runs in a
 * child process, which must end by SIGABRT with the engine's message. */
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

/* The occupied point it answers: the first stone on the board. */
static Move broken_genmove(void *st, const Position *p, const SearchCtx *sc)
{
    (void)st, (void)sc;
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

int main(void)
{
    static const TestCase tests[] = {
        {"the plugged-in searcher's move is illegal", test_broken_is_illegal},
        {"genmove stops on a searcher's illegal move", test_genmove_stops},
        {"analysis stops on a searcher's illegal move", test_analyze_stops},
        {"a legal searcher in the same child runs to the end", test_legal_searcher_runs},
    };
    return run_suite("guard", tests, sizeof tests / sizeof *tests);
}

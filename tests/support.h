/* support.h - what every CUnit test binary shares: a board and position
 * from rule text, point lookup, and the runner of one suite. */
#ifndef MORPHOS_TESTS_SUPPORT_H
#define MORPHOS_TESTS_SUPPORT_H

#include <CUnit/Basic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../rules/rules.h"

typedef struct {
    Board *b;
    Position p;
} Game;

/* A new game of that size and those rule tokens (size ignored for Morpharaoh). */
static inline Game game(int size, const char *rules)
{
    Game g;
    Ruleset r;
    char err[128];
    CU_ASSERT_PTR_NULL_FATAL(ruleset_parse(&r, rules));
    g.b = board_create(size, &r, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g.b);
    pos_init(&g.p, g.b);
    return g;
}

static inline int pt(const Board *b, const char *s)
{
    int p = -1;
    CU_ASSERT_EQUAL_FATAL(point_parse(b, s, &p), 0);
    return p;
}

/* Play a move given as text; returns 0 when it was legal. */
static inline int play(Game *g, const char *text)
{
    Move m;
    char err[160];
    if (move_parse(&g->p, text, &m, err, sizeof err)) return -1;
    pos_play(&g->p, &m);
    return 0;
}

static inline bool legal(Game *g, const char *text)
{
    Move m;
    char err[160];
    return move_parse(&g->p, text, &m, err, sizeof err) == 0;
}

/* Stones from point lists: setup(&g, "A1,C3", "B2") (black, then white). */
static inline void setup(Game *g, const char *black, const char *white)
{
    const char *lists[2] = { black, white };
    for (int c = 0; c < 2; c++) {
        char buf[1024];
        snprintf(buf, sizeof buf, "%s", lists[c]);
        char *save = NULL;
        for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) pos_set_stone(&g->p, pt(g->b, t), (Color)c);
    }
}

static inline bool is_weak(Game *g, Color c, const char *point)
{
    bb_t w;
    pos_weak_stones(&g->p, c, w);
    return bb_test(w, g->b->bit_of[pt(g->b, point)]);
}

/* Whether the stone on `point` is weak, its opponent to move, on a new
 * board of that size and those rules holding the stones listed (setup's
 * lists); the board is freed. */
static inline bool weak_in(int size, const char *rules, const char *black, const char *white, const char *point)
{
    Game g = game(size, rules);
    setup(&g, black, white);
    Color c = pos_color_at(&g.p, pt(g.b, point));
    CU_ASSERT_NOT_EQUAL_FATAL(c, EMPTY);
    g.p.to_move = (uint8_t)!c;
    bool weak = is_weak(&g, c, point);
    board_free(g.b);
    return weak;
}

/* A fixed xorshift sequence, so that random positions are reproducible. */
static inline unsigned rnd(unsigned n)
{
    static uint64_t state = 88172645463325252ull;
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (unsigned)(state % n);
}

/* Every point: black, white or empty at random, pct percent stones. */
static inline void random_stones(Game *g, int pct)
{
    for (int q = 0; q < g->b->npoints; q++) {
        unsigned r = rnd(100);
        pos_set_stone(&g->p, q, r < (unsigned)pct / 2 ? BLACK : r < (unsigned)pct ? WHITE : EMPTY);
    }
}

typedef struct {
    const char *name;
    void (*fn)(void);
} TestCase;

/* Run one suite verbosely; the exit status is nonzero when a test failed. */
static inline int run_suite(const char *name, const TestCase *tests, size_t n)
{
    if (CU_initialize_registry() != CUE_SUCCESS) return 1;
    CU_pSuite s = CU_add_suite(name, NULL, NULL);
    for (size_t i = 0; i < n; i++) CU_add_test(s, tests[i].name, tests[i].fn);
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    unsigned fails = CU_get_number_of_tests_failed();
    CU_cleanup_registry();
    return fails ? 1 : 0;
}

#endif

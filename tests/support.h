/* support.h - what every CUnit test binary shares: a board and position
 * from rule text, point lookup, and the runner of one suite. */
#ifndef MORPHOS_TESTS_SUPPORT_H
#define MORPHOS_TESTS_SUPPORT_H

#include <CUnit/Basic.h>

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

/* test_rules.c - the rules core against rules.md: patterns, edges, every
 * mutator's special rules, move text, hashing, and the public perft table.
 * A brute-force reference (reference.h: coordinates, literal rules.md)
 * cross-checks the bitboard code on random positions. */
#include <CUnit/Basic.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../rules/bitboard.h"
#include "../rules/cairo.h"
#include "../rules/rules.h"
#include "reference.h"
#include "support.h"

/* ---- patterns and edges ------------------------------------------------ */

static void test_weak_matches_reference(void)
{
    const char *rules[] = { "none", "a", "edges=off", "a,edges=on" };
    int checked = 0, weak = 0;
    for (int r = 0; r < 4; r++)
        for (int n = 2; n <= 13; n++) ref_check_random(n, rules[r], 40, 40, 60, &checked, &weak);
    CU_ASSERT(weak > 1000 && checked > 100000);
}

/* Each pattern in each orientation, alone around a centre stone: weak; any
 * one cell missing: not weak. */
static void test_pattern_orientations(void)
{
    ref_check_orientations("none", RP1, 4, 8);
    ref_check_orientations("none", RP2, 5, 8);
    ref_check_orientations("a", RP1a, 3, 4);
    ref_check_orientations("a", RP2a, 4, 4);
    /* The board's own table holds exactly the distinct orientations. */
    Game g = game(9, "none");
    CU_ASSERT_EQUAL(g.b->nsq, 16);
    board_free(g.b);
    g = game(9, "a");
    CU_ASSERT_EQUAL(g.b->nsq, 8);
    board_free(g.b);
}

static void test_edge_stones(void)
{
    /* A2 black with white on A1 and A3: P1 closes with the two white edge
     * stones to its left - only when edges count. Under a, edges are off
     * by default and edges=on brings them back. */
    const struct { const char *rules; bool edges; } cases[] = {
        { "none", true }, { "edges=off", false }, { "a", false }, { "a,edges=on", true },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Game g = game(5, cases[i].rules);
        CU_ASSERT_EQUAL(g.b->rules.edges, cases[i].edges);
        board_free(g.b);
        CU_ASSERT_EQUAL(weak_in(5, cases[i].rules, "A2", "A1,A3", "A2"), cases[i].edges);
    }
}

static void test_outer_corner_holds_nothing(void)
{
    /* White B1 with black C1, C2: the P2 orientation through the outer
     * corner (-1,-1) would close it if the corner held a black stone. */
    Game g = game(5, "none");
    setup(&g, "C1,C2", "B1");
    g.p.to_move = BLACK;
    CU_ASSERT_FALSE(is_weak(&g, WHITE, "B1"));
    pos_set_stone(&g.p, pt(g.b, "C3"), BLACK); /* another orientation closes */
    CU_ASSERT_TRUE(is_weak(&g, WHITE, "B1"));
    CU_ASSERT_TRUE(legal(&g, "B1"));
    board_free(g.b);
}

/* ---- turns --------------------------------------------------------------- */

static void test_forced_pass_and_draw(void)
{
    /* With the pie on, White's first turn always has swap, so no pass. */
    Game g = game(2, "edges=off");
    setup(&g, "A1,B2", "B1,A2");
    CU_ASSERT_EQUAL(play(&g, "pass"), 0);
    CU_ASSERT_FALSE(legal(&g, "pass"));
    CU_ASSERT_EQUAL(pos_count_moves(&g.p), 1);
    CU_ASSERT_TRUE(legal(&g, "swap"));
    board_free(g.b);
    g = game(2, "edges=off,pie=off");
    CU_ASSERT_FALSE(legal(&g, "pass"));
    setup(&g, "A1,B2", "B1,A2");
    MoveList ml;
    movelist_init(&ml);
    CU_ASSERT_EQUAL(pos_gen_moves(&g.p, &ml), 1);
    CU_ASSERT_EQUAL(ml.m[0].kind, MOVE_PASS);
    CU_ASSERT_EQUAL(pos_count_moves(&g.p), 1);
    CU_ASSERT_EQUAL(play(&g, "pass"), 0);
    CU_ASSERT_FALSE(pos_over(&g.p));
    CU_ASSERT_EQUAL(play(&g, "PASS"), 0);
    CU_ASSERT_EQUAL(g.p.result, RESULT_DRAW);
    CU_ASSERT_EQUAL(pos_gen_moves(&g.p, &ml), 0);
    CU_ASSERT_EQUAL(perft(&g.p, 3, true), 0);
    movelist_free(&ml);
    board_free(g.b);
}

static void test_win_end_of_turn(void)
{
    Game g = game(3, "none");
    CU_ASSERT_EQUAL(play(&g, "B1"), 0);
    CU_ASSERT_EQUAL(play(&g, "A1"), 0);
    CU_ASSERT_EQUAL(play(&g, "B2"), 0);
    CU_ASSERT_EQUAL(play(&g, "A2"), 0);
    CU_ASSERT_FALSE(pos_over(&g.p));
    CU_ASSERT_EQUAL(play(&g, "B3"), 0);
    CU_ASSERT_EQUAL(g.p.result, RESULT_BLACK);
    CU_ASSERT_NOT_EQUAL(play(&g, "C1"), 0);
    bb_t chain;
    CU_ASSERT_TRUE(pos_winning_chain(&g.p, BLACK, chain));
    CU_ASSERT_EQUAL(bb_popcount(chain, g.b->words), 3);
    board_free(g.b);
}

/* A winning chain joins both goal lines of its colour: a group touching
 * one of them, either one, is none (each colour). */
static void test_chain_needs_both_lines(void)
{
    const struct { const char *black, *white; Color c; int len; } cases[] = {
        {"B1,B2", "", BLACK, 0}, {"B2,B3", "", BLACK, 0}, {"B1,B2,B3", "", BLACK, 3}, {"A1,B1,B2,B3,C3", "", BLACK, 5},
        {"", "A2,B2", WHITE, 0}, {"", "B2,C2", WHITE, 0}, {"", "A2,B2,C2", WHITE, 3}, {"A2,B2", "C2", BLACK, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Game g = game(3, "none");
        setup(&g, cases[i].black, cases[i].white);
        bb_t chain;
        CU_ASSERT_EQUAL(pos_winning_chain(&g.p, cases[i].c, chain), cases[i].len > 0);
        CU_ASSERT_EQUAL(bb_popcount(chain, g.b->words), cases[i].len);
        board_free(g.b);
    }
}

static void test_swap_mapping(void)
{
    Game g = game(5, "none");
    CU_ASSERT_FALSE(legal(&g, "swap"));
    CU_ASSERT_EQUAL(play(&g, "B1"), 0);
    CU_ASSERT_TRUE(legal(&g, "swap"));
    uint64_t before = pos_hash(&g.p);
    CU_ASSERT_EQUAL(play(&g, "swap"), 0);
    CU_ASSERT_NOT_EQUAL(pos_hash(&g.p), before);
    CU_ASSERT_EQUAL(g.p.to_move, BLACK);
    CU_ASSERT_EQUAL(pos_color_at(&g.p, pt(g.b, "B1")), EMPTY);
    CU_ASSERT_EQUAL(pos_color_at(&g.p, pt(g.b, "A2")), WHITE); /* (1,0) -> (0,1), colour exchanged */
    CU_ASSERT_FALSE(legal(&g, "swap"));
    CU_ASSERT_EQUAL(play(&g, "C3"), 0);
    CU_ASSERT_FALSE(legal(&g, "swap"));
    board_free(g.b);
    /* no pie: no swap */
    g = game(5, "pie=off");
    CU_ASSERT_EQUAL(play(&g, "B1"), 0);
    CU_ASSERT_FALSE(legal(&g, "swap"));
    board_free(g.b);
    /* under b+e the flipped stone F is mapped too */
    g = game(4, "b,e");
    MoveList ml;
    movelist_init(&ml);
    pos_gen_moves(&g.p, &ml);
    for (size_t i = 0; i < ml.n; i++)
        if (ml.m[i].kind == MOVE_FLIP) {
            Position q = g.p;
            pos_play(&q, &ml.m[i]);
            int f = ml.m[i].pt[0];
            CU_ASSERT_EQUAL(q.flipped, f);
            Move sw = move_of(MOVE_SWAP);
            if (!pos_over(&q) && !pos_check_move(&q, &sw)) {
                pos_play(&q, &sw);
                CU_ASSERT_EQUAL(q.flipped, (f % 4) * 4 + f / 4);
            }
        }
    movelist_free(&ml);
    board_free(g.b);
}

/* ---- mutator b --------------------------------------------------------- */

static void test_b_friendly_stone(void)
{
    /* White C3 closes P1 for Black only if C2 (White, just flipped by
     * White: F) counts as Black's. */
    Game g = game(5, "b,edges=off");
    setup(&g, "C4,B4,B3", "C3,C2");
    g.p.to_move = BLACK;
    g.p.ply = 7;
    CU_ASSERT_FALSE(legal(&g, "C3"));
    g.p.flipped = (int16_t)pt(g.b, "C2");
    CU_ASSERT_TRUE(legal(&g, "C3"));
    /* F itself can be flipped when weak */
    CU_ASSERT_FALSE(legal(&g, "C2"));
    board_free(g.b);
}

static void test_b_start_of_turn_win(void)
{
    Game g = game(3, "b,edges=off");
    CU_ASSERT_EQUAL(play(&g, "A1"), 0);
    CU_ASSERT_EQUAL(play(&g, "C1"), 0);
    CU_ASSERT_EQUAL(play(&g, "A2"), 0);
    CU_ASSERT_EQUAL(play(&g, "C2"), 0);
    CU_ASSERT_EQUAL(play(&g, "A3"), 0); /* Black's chain: not yet a win */
    CU_ASSERT_FALSE(pos_over(&g.p));
    CU_ASSERT_EQUAL(play(&g, "B3"), 0); /* White cannot break it */
    CU_ASSERT_EQUAL(g.p.result, RESULT_BLACK);
    board_free(g.b);
    /* White's chain made on White's turn is judged at White's next turn
     * only, so Black gets a turn in between. */
    g = game(3, "b,edges=off");
    CU_ASSERT_EQUAL(play(&g, "B1"), 0);
    CU_ASSERT_EQUAL(play(&g, "A2"), 0);
    CU_ASSERT_EQUAL(play(&g, "B3"), 0);
    CU_ASSERT_EQUAL(play(&g, "B2"), 0);
    CU_ASSERT_EQUAL(play(&g, "A1"), 0);
    CU_ASSERT_EQUAL(play(&g, "C2"), 0); /* White A2-B2-C2 */
    CU_ASSERT_FALSE(pos_over(&g.p));
    CU_ASSERT_EQUAL(play(&g, "A3"), 0);
    CU_ASSERT_EQUAL(g.p.result, RESULT_WHITE);
    board_free(g.b);
}

/* The flip-back ban against a literal reading: S may not be flipped if the
 * opponent could flip it straight back (after a d stone, if they get one). */
static void check_ban_reference(const char *rules)
{
    int banned = 0, allowed = 0;
    for (int n = 3; n <= 6; n++) {
        Game g = game(n, rules);
        for (int iter = 0; iter < 1000; iter++) {
            random_stones(&g, 70 + (int)rnd(25));
            g.p.to_move = (uint8_t)rnd(2);
            g.p.ply = 5;
            g.p.owe = 0;
            g.p.result = RESULT_NONE;
            int mover = g.p.to_move;
            /* F: an enemy stone the opponent just flipped. Only through F
             * can a flip be answered by a flip back: without it the two
             * colours' patterns around one stone always share a cell. */
            g.p.flipped = -1;
            for (int tries = 0; tries < 50 && g.p.flipped < 0; tries++) {
                int f = (int)rnd((unsigned)(n * n));
                if ((int)pos_color_at(&g.p, f) == !mover) g.p.flipped = (int16_t)f;
            }
            for (int s = 0; s < n * n; s++) {
                if ((int)pos_color_at(&g.p, s) != !mover) continue;
                g.p.to_move = (uint8_t)mover;
                if (!ref_weak(&g.p, s % n, s / n, s == g.p.flipped ? -1 : g.p.flipped)) continue;
                Position after = g.p;
                pos_set_stone(&after, s, (Color)mover);
                bool empty_left = false, back = ref_weak(&after, s % n, s / n, -1);
                for (int e = 0; e < n * n; e++)
                    if (pos_color_at(&after, e) == EMPTY) {
                        empty_left = true;
                        if (g.b->rules.d && ref_weak(&after, s % n, s / n, e)) back = true;
                    }
                (void)empty_left;
                Move m = { { (int16_t)s, -1, -1 }, 1, MOVE_FLIP };
                bool ok = pos_check_move(&g.p, &m) == NULL;
                CU_ASSERT_EQUAL(ok, !back);
                banned += back;
                allowed += !back;
            }
        }
        board_free(g.b);
    }
    CU_ASSERT(banned > 20 && allowed > 20);
}

static void test_b_flip_back_ban(void)
{
    check_ban_reference("b");
    check_ban_reference("b,d");
}

/* ---- mutator c ------------------------------------------------------- */

static void test_c_exact(void)
{
    Game g = game(5, "c");
    CU_ASSERT_EQUAL(g.b->rules.pie, 0);
    CU_ASSERT_EQUAL(pos_count_moves(&g.p), 25); /* Black's first turn: one stone */
    CU_ASSERT_FALSE(legal(&g, "A1,B1"));
    CU_ASSERT_EQUAL(play(&g, "C3"), 0);
    CU_ASSERT_EQUAL(pos_count_moves(&g.p), 276); /* C(24,2) */
    CU_ASSERT_FALSE(legal(&g, "A1"));
    CU_ASSERT_FALSE(legal(&g, "swap"));
    Move a, b2;
    char err[128];
    CU_ASSERT_EQUAL(move_parse(&g.p, "d4,A1", &a, err, sizeof err), 0);
    CU_ASSERT_EQUAL(move_parse(&g.p, "A1,D4", &b2, err, sizeof err), 0);
    CU_ASSERT_TRUE(move_equal(&a, &b2));
    char txt[32];
    CU_ASSERT_STRING_EQUAL(move_format(g.b, &a, txt, sizeof txt), "A1,D4");
    board_free(g.b);
    /* one empty point left: one stone */
    g = game(2, "c");
    CU_ASSERT_EQUAL(play(&g, "A1"), 0);
    CU_ASSERT_EQUAL(play(&g, "B1,A2"), 0);
    CU_ASSERT_EQUAL(pos_count_moves(&g.p), 1);
    CU_ASSERT_TRUE(legal(&g, "B2"));
    board_free(g.b);
}

static void test_c_upto(void)
{
    Game g = game(5, "c,c=upto");
    CU_ASSERT_EQUAL(g.b->rules.pie, 1);
    CU_ASSERT_EQUAL(pos_count_moves(&g.p), 25 + 300);
    CU_ASSERT_EQUAL(play(&g, "A1,B1"), 0);
    CU_ASSERT_TRUE(legal(&g, "swap"));
    CU_ASSERT_TRUE(legal(&g, "C3"));
    CU_ASSERT_TRUE(legal(&g, "C3,D3"));
    board_free(g.b);
}

/* ---- mutator d ------------------------------------------------------- */

static void d_setup(Game *g)
{
    /* White C3 is weak for Black (P1: C4, B4, B3, C2 black). */
    setup(g, "C4,B4,B3,C2", "C3,E5");
    g->p.to_move = BLACK;
    g->p.ply = 6;
}

static void test_d_return(void)
{
    Game g = game(5, "d");
    d_setup(&g);
    CU_ASSERT_EQUAL(play(&g, "C3"), 0);
    CU_ASSERT_EQUAL(g.p.owe, 1);
    CU_ASSERT_FALSE(legal(&g, "A1"));         /* the stone is owed first */
    CU_ASSERT_TRUE(legal(&g, "A1,E1"));       /* owed stone + placement */
    CU_ASSERT_FALSE(legal(&g, "A1,B1,E1"));
    int E = 25 - 7;
    CU_ASSERT(pos_count_moves(&g.p) >= (uint64_t)(E * (E - 1) / 2));
    CU_ASSERT_EQUAL(play(&g, "E1,A1"), 0);
    CU_ASSERT_EQUAL(g.p.owe, 0);               /* a placement gives nothing back */
    board_free(g.b);
}

static void test_d_extra(void)
{
    Game g = game(5, "d,d=extra");
    d_setup(&g);
    CU_ASSERT_EQUAL(play(&g, "C3"), 0);
    CU_ASSERT_EQUAL(g.p.owe, 1);
    CU_ASSERT_TRUE(legal(&g, "A1"));          /* the extra stone is optional */
    CU_ASSERT_TRUE(legal(&g, "A1,E1"));
    int E = 25 - 7;
    CU_ASSERT(pos_count_moves(&g.p) >= (uint64_t)(E + E * (E - 1) / 2));
    board_free(g.b);
    /* No regular move after the owed stone: the move is that stone alone. */
    g = game(2, "d,edges=off");
    setup(&g, "A1,B1", "A2");
    g.p.to_move = WHITE;
    g.p.owe = 1;
    g.p.ply = 4;
    MoveList ml;
    movelist_init(&ml);
    pos_gen_moves(&g.p, &ml);
    CU_ASSERT_EQUAL(ml.n, 1);
    CU_ASSERT_EQUAL(ml.m[0].kind, MOVE_PLACE);
    CU_ASSERT_EQUAL(ml.m[0].n, 1);
    movelist_free(&ml);
    board_free(g.b);
}

/* ---- mutator e --------------------------------------------------------- */

static void test_e_start(void)
{
    Game g = game(4, "e");
    CU_ASSERT_EQUAL(pos_color_at(&g.p, pt(g.b, "A1")), BLACK);
    CU_ASSERT_EQUAL(pos_color_at(&g.p, pt(g.b, "B1")), WHITE);
    CU_ASSERT_EQUAL(pos_color_at(&g.p, pt(g.b, "B2")), BLACK);
    CU_ASSERT_EQUAL(pos_color_at(&g.p, pt(g.b, "D4")), BLACK);
    MoveList ml;
    movelist_init(&ml);
    pos_gen_moves(&g.p, &ml);
    for (size_t i = 0; i < ml.n; i++) CU_ASSERT(ml.m[i].kind == MOVE_FLIP || ml.m[i].kind == MOVE_PASS);
    movelist_free(&ml);
    board_free(g.b);
    g = game(4, "e,e=a1white");
    CU_ASSERT_EQUAL(pos_color_at(&g.p, pt(g.b, "A1")), WHITE);
    CU_ASSERT_EQUAL(pos_color_at(&g.p, pt(g.b, "B1")), BLACK);
    board_free(g.b);
}

/* ---- rules text, notation, hash --------------------------------------- */

static void test_ruleset_text(void)
{
    Ruleset r;
    char buf[128];
    CU_ASSERT_PTR_NULL(ruleset_parse(&r, "none"));
    ruleset_format(&r, buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "none,edges=on,pie=on");
    /* empty tokens are refused, saying what is allowed */
    const char *empty[] = { "a,,b", "a,", ",a", "a++b", "b+,d", "+" };
    for (size_t i = 0; i < sizeof empty / sizeof *empty; i++) {
        const char *e = ruleset_parse(&r, empty[i]);
        CU_ASSERT_PTR_NOT_NULL(e);
        CU_ASSERT_PTR_NOT_NULL(e ? strstr(e, "one comma") : NULL);
    }
    CU_ASSERT_PTR_NULL(ruleset_parse(&r, "b+d"));
    CU_ASSERT_PTR_NULL(ruleset_parse(&r, "c, a d=extra d"));
    ruleset_format(&r, buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "a,c,d,edges=off,c=exact,d=extra,pie=off");
    Ruleset again;
    CU_ASSERT_PTR_NULL(ruleset_parse(&again, buf));
    CU_ASSERT_EQUAL(memcmp(&r, &again, sizeof r), 0);
    Ruleset keep = r;
    CU_ASSERT_PTR_NOT_NULL(ruleset_parse(&r, "a f"));
    CU_ASSERT_PTR_NOT_NULL(ruleset_parse(&r, "edges=maybe"));
    CU_ASSERT_PTR_NOT_NULL(ruleset_parse(&r, "c=upto"));
    CU_ASSERT_PTR_NOT_NULL(ruleset_parse(&r, ""));
    CU_ASSERT_EQUAL(memcmp(&r, &keep, sizeof r), 0);
    char err[64];
    CU_ASSERT_PTR_NULL(board_create(1, &r, err, sizeof err));
    CU_ASSERT_PTR_NULL(board_create(26, &r, err, sizeof err));
}

static void test_move_text(void)
{
    Game g = game(9, "none");
    const char *bad[] = { "", "Z9", "A0", "A10", "I5", "J", "5", "C3,C3", "swap", "pass", "A1,B1", "c3x", "A01", ",", "C3,,D4" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) CU_ASSERT_FALSE(legal(&g, bad[i]));
    CU_ASSERT_TRUE(legal(&g, " j9 "));
    /* one comma between points, none at either end: under c these would
     * otherwise pass as one placement or a pair */
    Game gc = game(9, "c");
    CU_ASSERT_EQUAL(play(&gc, "E5"), 0);
    const char *commas[] = { "A1,", ",A1", "A1,,B2", "A1,B2,", ",A1,B2" };
    for (size_t i = 0; i < sizeof commas / sizeof *commas; i++) {
        Move m;
        char err[160] = "";
        CU_ASSERT_NOT_EQUAL(move_parse(&gc.p, commas[i], &m, err, sizeof err), 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(err, "one comma"));
    }
    CU_ASSERT_TRUE(legal(&gc, "A1,B2"));
    board_free(gc.b);
    CU_ASSERT_EQUAL(play(&g, "C3"), 0);
    CU_ASSERT_FALSE(legal(&g, "C3")); /* repeated play: the mover's... no, occupied */
    board_free(g.b);
    /* round trips over every legal move in varied positions */
    const char *rules[] = { "none", "c", "c,c=upto", "d", "b,d,d=extra", "e", "a,b,c,d" };
    for (int r = 0; r < 7; r++) {
        g = game(4, rules[r]);
        uint64_t rng = 7 + (uint64_t)r;
        for (int ply = 0; ply < 14 && !pos_over(&g.p); ply++) {
            MoveList ml;
            movelist_init(&ml);
            pos_gen_moves(&g.p, &ml);
            CU_ASSERT_EQUAL(ml.n, pos_count_moves(&g.p));
            for (size_t i = 0; i < ml.n; i++) {
                char txt[32], err[128];
                Move back;
                move_format(g.b, &ml.m[i], txt, sizeof txt);
                CU_ASSERT_EQUAL(move_parse(&g.p, txt, &back, err, sizeof err), 0);
                CU_ASSERT_TRUE(move_equal(&back, &ml.m[i]));
                for (size_t j = 0; j < i; j++) CU_ASSERT_FALSE(move_equal(&ml.m[i], &ml.m[j]));
            }
            movelist_free(&ml);
            Move m = pos_random_move(&g.p, &rng);
            CU_ASSERT_PTR_NULL(pos_check_move(&g.p, &m));
            pos_play(&g.p, &m);
        }
        board_free(g.b);
    }
}

/* pos_random_move is uniform over pos_gen_moves: in positions of random
 * games under every kind of turn (plain, owed stone, flip-back ban, pairs,
 * swap, a Cairo board's draws: to its 48th ply, where most of a full
 * board's enemy stones are strong), 60 draws per legal move; each draw is
 * in the list, and the counts pass a chi-square test at about six
 * standard deviations. */
static void test_random_move_uniform(void)
{
    const char *rules[] = { "none", "d", "b,d", "b,d,d=extra", "c,d", "a,b,c,d", "b", "b,e", "d,e", "c,c=upto", "morpharaoh board=48" };
    int owed = 0;
    for (int r = 0; r < 11; r++) {
        Game g = game(strchr(rules[r], 'c') || strchr(rules[r], 'd') ? 4 : 5, rules[r]);
        uint64_t rng = 1234 + (uint64_t)r, draw = 77 + (uint64_t)r;
        /* Every position of the first game; then the owed ones of more games. */
        for (int k = 0; k < 12; k++) {
            pos_init(&g.p, g.b);
            const int plies = g.b->size ? 30 : 48;
            for (int ply = 0; ply < plies && !pos_over(&g.p); ply++) {
                MoveList ml;
                movelist_init(&ml);
                size_t n = pos_gen_moves(&g.p, &ml);
                if (n > 1 && n <= 400 && (k == 0 || g.p.owe)) {
                    owed += g.p.owe != 0;
                    long *count = calloc(n, sizeof *count), N = 60 * (long)n;
                    for (long d = 0; d < N; d++) {
                        Move m = pos_random_move(&g.p, &draw);
                        size_t i = 0;
                        while (i < n && !move_equal(&m, &ml.m[i])) i++;
                        CU_ASSERT_FATAL(i < n);
                        count[i]++;
                    }
                    double chi = 0, e = 60, df = (double)n - 1;
                    for (size_t i = 0; i < n; i++) chi += (count[i] - e) * (count[i] - e) / e;
                    CU_ASSERT(chi < df + 6 * sqrt(2 * df));
                    free(count);
                }
                movelist_free(&ml);
                Move m = pos_random_move(&g.p, &rng);
                pos_play(&g.p, &m);
            }
        }
        board_free(g.b);
    }
    CU_ASSERT(owed >= 20); /* the owed-stone sampler was exercised */
}

/* Placements and flip of a listed move; whether its placements hold S. */
static bool holds(const Move *m, const int16_t *S, int ns, int16_t *P, int *np, int *flip)
{
    *np = 0;
    *flip = -1;
    if (m->kind != MOVE_PLACE && m->kind != MOVE_FLIP) return false;
    int k = m->kind == MOVE_FLIP ? m->n - 1 : m->n;
    if (m->kind == MOVE_FLIP) *flip = m->pt[m->n - 1];
    for (int i = 0; i < k; i++) P[(*np)++] = m->pt[i];
    for (int i = 0; i < ns; i++) {
        bool in = false;
        for (int j = 0; j < *np; j++) in |= P[j] == S[i];
        if (!in) return false;
    }
    return true;
}

/* pos_turn_steps and pos_random_completion against the listed moves, for
 * every prefix S of every listed move, in positions of random games under
 * the compound turns (c, d and their options). */
static void test_turn_steps(void)
{
    const char *rules[] = { "c", "c,c=upto", "d", "b,d", "d,d=extra", "c,d", "b,c,d", "c,d,d=extra", "a,b,c,d", "e,d", "none" };
    for (int r = 0; r < 11; r++) {
        Game g = game(4, rules[r]);
        uint64_t rng = 555 + (uint64_t)r, draw = 9 + (uint64_t)r;
        for (int ply = 0; ply < 16 && !pos_over(&g.p); ply++) {
            MoveList ml;
            movelist_init(&ml);
            size_t n = pos_gen_moves(&g.p, &ml);
            for (size_t a = 0; a < n; a++) {
                int16_t P[3], S[3];
                int np, flip;
                holds(&ml.m[a], NULL, 0, P, &np, &flip);
                /* the prefixes of this move's placements, in its order */
                for (int ns = 0; ns <= np && ns < 3; ns++) {
                    for (int i = 0; i < ns; i++) S[i] = P[i];
                    TurnSteps ts;
                    CU_ASSERT_EQUAL_FATAL(pos_turn_steps(&g.p, S, ns, &ts), 1);
                    bb_t exact = { 0 }, more = { 0 }, flips = { 0 };
                    bool stop = false, pass = false, swap = false;
                    for (size_t i = 0; i < n; i++) {
                        const Move *m = &ml.m[i];
                        if (m->kind == MOVE_PASS || m->kind == MOVE_SWAP) {
                            pass |= ns == 0 && m->kind == MOVE_PASS;
                            swap |= ns == 0 && m->kind == MOVE_SWAP;
                            continue;
                        }
                        int16_t Q[3];
                        int nq, f;
                        if (!holds(m, S, ns, Q, &nq, &f)) continue;
                        if (nq == ns) {
                            if (f >= 0) bb_set(flips, g.b->bit_of[f]);
                            else stop |= ns > 0;
                            continue;
                        }
                        for (int k = 0; k < nq; k++) {
                            bool inS = false;
                            for (int j = 0; j < ns; j++) inS |= Q[k] == S[j];
                            if (!inS) bb_set(nq - ns == 1 && f < 0 ? exact : more, g.b->bit_of[Q[k]]);
                        }
                    }
                    /* a point both exact and more reads as more */
                    for (int i = 0; i < BB_MAXW; i++) {
                        CU_ASSERT_EQUAL(ts.more[i], more[i]);
                        CU_ASSERT_EQUAL(ts.exact[i] & ~ts.more[i], exact[i] & ~more[i]);
                        CU_ASSERT_EQUAL(ts.flips[i], flips[i]);
                    }
                    CU_ASSERT_EQUAL(ts.stop, stop);
                    CU_ASSERT_EQUAL(ts.pass, pass);
                    CU_ASSERT_EQUAL(ts.swap, swap);
                    if (ns > 0) {
                        Move m;
                        CU_ASSERT_EQUAL_FATAL(pos_random_completion(&g.p, S, ns, &draw, &m), 1);
                        int16_t Q[3];
                        int nq, f;
                        CU_ASSERT(holds(&m, S, ns, Q, &nq, &f));
                        CU_ASSERT_PTR_NULL(pos_check_move(&g.p, &m));
                    }
                }
            }
            movelist_free(&ml);
            Move m = pos_random_move(&g.p, &rng);
            pos_play(&g.p, &m);
        }
        board_free(g.b);
    }
}

/* pos_random_playout plays the same games as pos_random_move and
 * pos_play in turn, and pos_play_random the same moves one at a time, for
 * 4 games of the board g.b (seeds from k). */
static void same_games(Board *b, int k)
{
    for (int n = 0; n < 4; n++) {
        uint64_t r1 = 1 + (uint64_t)(n * 7 + k), r2 = r1;
        Position a, c;
        pos_init(&a, b);
        pos_init(&c, b);
        const int cap = 10 * b->npoints;
        int plies = pos_random_playout(&a, &r1, cap), steps = 0;
        for (; steps < cap && !pos_over(&c); steps++) {
            Move m = pos_random_move(&c, &r2);
            pos_play(&c, &m);
        }
        CU_ASSERT_EQUAL(plies, steps);
        CU_ASSERT_EQUAL(r1, r2);
        CU_ASSERT_EQUAL(pos_hash(&a), pos_hash(&c));
        CU_ASSERT_EQUAL(a.result, c.result);
        CU_ASSERT_EQUAL(memcmp(a.conn, c.conn, sizeof a.conn), 0);
        /* Step by step: each move pos_play_random returns is the
         * one pos_random_move draws, and the positions agree. */
        Position d, e;
        pos_init(&d, b);
        pos_init(&e, b);
        uint64_t r3 = 1 + (uint64_t)(n * 7 + k), r4 = r3;
        for (int i = 0; i < cap && !pos_over(&d); i++) {
            Move m1 = pos_play_random(&d, &r3), m2 = pos_random_move(&e, &r4);
            pos_play(&e, &m2);
            CU_ASSERT_FATAL(move_equal(&m1, &m2) && r3 == r4 && pos_hash(&d) == pos_hash(&e));
        }
        CU_ASSERT(pos_over(&e) == pos_over(&d) && d.result == e.result);
    }
    board_free(b);
}

/* The same games on every compiled size and word count and under every
 * kind of turn (White's swap turn included: pie is on but in one rule
 * set), and on both Cairo boards (their own draw, movegen.c's
 * cairo_draw; 160 cells are 3 words). */
static void test_random_playout_same_games(void)
{
    const char *rules[] = { "none", "a", "b,d", "c", "e", "none,pie=off", "p3=on", "tiebreak=on" };
    /* Every square size with its own compiled copy (rules/targets.h), one
     * one-word size without (3), and the general copy (25). */
    const int sizes[] = { 3, 5, 7, 9, 11, 13, 15, 19, 25 };
    for (int r = 0; r < 8; r++)
        for (int k = 0; k < 9; k++) same_games(game(sizes[k], rules[r]).b, k);
    const char *cairo[] = { "morpharaoh board=48", "morpharaoh board=160", "morpharaoh board=48 edge=majority center=majority",
                            "morpharaoh board=160 pie=off" };
    for (int k = 0; k < 4; k++) same_games(game(9, cairo[k]).b, k);
}

/* Under the base rules, 5x5 plays its playouts in registers
 * (movegen.c's playout_5_regs: the weak set by rotates without the
 * two-column guards, the win test by lines and a flood, the swap turn's
 * draws, the connected sets and the key written back at the end), and so
 * do 7x7 and 9x9 (wregs_playout: two words a colour in general registers)
 * and 11x11 to 19x19 in the copies with the vector backend
 * (vregs_playout: the stones and connected sets in vector registers), the
 * others on the word loops. The same games as
 * pos_random_move and pos_play in turn, with and without the edges, the
 * pie and mutator e (whose full board without edges has no target:
 * passes), the playout cut into random pieces (so that the loop also
 * stops and starts on both colours, at the swap turn and after a swap),
 * every field of the positions equal at each cut - but, where the
 * WebAssembly paths are compiled (tests/run.d/lto.sh), the weak points
 * that its random plies keep (wk_board on), which pos_play leaves. */
static void test_playout_registers(void)
{
#ifdef __wasm_simd128__
    const size_t fields = offsetof(Position, wk_board);
#else
    const size_t fields = sizeof(Position);
#endif
    const char *rules[] = { "none", "none,edges=off", "e", "none,pie=off", "e,edges=off,pie=off" };
    const int sizes[] = { 5, 7, 9, 11, 13, 15, 19 };
    for (int z = 0; z < 7; z++)
        for (int r = 0; r < 5; r++) {
            Board *b = game(sizes[z], rules[r]).b;
            const int games = sizes[z] == 5 ? 400 : 30;
            int swaps = 0, flips = 0;
            for (int n = 0; n < games; n++) {
                uint64_t r1 = 1000 + (uint64_t)n, r2 = r1, cut = r1;
                Position a, c;
                pos_init(&a, b);
                pos_init(&c, b);
                while (!pos_over(&a) && a.ply < (uint64_t)(10 * b->npoints)) {
                    const int piece = 1 + (int)rng_below(&cut, 9);
                    const int plies = pos_random_playout(&a, &r1, piece);
                    int steps = 0;
                    for (; steps < piece && !pos_over(&c); steps++) {
                        Move m = pos_random_move(&c, &r2);
                        swaps += m.kind == MOVE_SWAP;
                        flips += m.kind == MOVE_FLIP;
                        pos_play(&c, &m);
                    }
                    CU_ASSERT_FATAL(plies == steps && r1 == r2);
                    CU_ASSERT_FATAL(memcmp(&a, &c, fields) == 0);
                }
                CU_ASSERT(pos_over(&a));
            }
            CU_ASSERT(r == 4 || flips > games); /* e without edges: no stone is weak, both sides pass */
            CU_ASSERT(sizes[z] != 5 || !b->rules.pie || swaps > 4);
            board_free(b);
        }
}

/* select64 (bitboard.h; the broadword copy without BMI2) gives the k-th
 * set bit for every k of words dense and sparse, and of the edge words. */
static void test_select64(void)
{
    uint64_t rng = 12345, words[4000];
    for (int i = 0; i < 4000; i++) {
        uint64_t a = rng_next(&rng), b = rng_next(&rng), c = rng_next(&rng);
        words[i] = i % 4 == 0 ? a : i % 4 == 1 ? a & b : i % 4 == 2 ? a & b & c : a | b;
    }
    words[0] = 1;
    words[1] = UINT64_MAX;
    words[2] = (uint64_t)1 << 63;
    words[3] = 0x8000000000000001ull;
    int bad = 0;
    for (int i = 0; i < 4000; i++) {
        if (!words[i]) continue;
        int k = 0;
        for (int bit = 0; bit < 64; bit++)
            if (words[i] >> bit & 1) bad += select64(words[i], k++) != bit;
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_hash(void)
{
    Game a = game(7, "none"), b = game(7, "none");
    play(&a, "C3"), play(&a, "D4"), play(&a, "E5");
    play(&b, "E5"), play(&b, "D4"), play(&b, "C3");
    CU_ASSERT_EQUAL(pos_hash(&a.p), pos_hash(&b.p));
    play(&a, "A1");
    CU_ASSERT_NOT_EQUAL(pos_hash(&a.p), pos_hash(&b.p));
    Position c = b.p;
    c.to_move = !c.to_move;
    CU_ASSERT_NOT_EQUAL(pos_hash(&c), pos_hash(&b.p));
    board_free(a.b);
    board_free(b.b);
}

/* Long random games end or are cut by the caller; nothing loops inside.
 * Every position on the way keeps the invariants (pos_assert_ok). */
static void test_random_games_terminate(void)
{
    const char *rules[] = { "none", "b", "b,d", "a,b,c,d", "e", "b,e", "c,c=upto", "d,d=extra" };
    for (int r = 0; r < 8; r++)
        for (int n = 2; n <= 7; n++) {
            Game g = game(n, rules[r]);
            uint64_t rng = 99 + (uint64_t)(r * 31 + n);
            for (int k = 0; k < 20; k++) {
                pos_init(&g.p, g.b);
                for (int ply = 0; ply < 400 && !pos_over(&g.p); ply++) {
                    Move m = pos_random_move(&g.p, &rng);
                    CU_ASSERT_PTR_NULL_FATAL(pos_check_move(&g.p, &m));
                    pos_play(&g.p, &m);
                    pos_assert_ok(&g.p);
                }
            }
            board_free(g.b);
        }
}

/* Whether pos_assert_ok stops on p: in a child, whose abort is the answer. */
static bool assert_stops(const Position *p)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stderr)) _exit(3);
        pos_assert_ok(p);
        _exit(0);
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) != pid) return false;
    return WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT;
}

/* pos_assert_ok catches each broken invariant it states: a wrong key, a
 * point of both colours, a stone off the board, a connected stone missing
 * from conn, a colour out of range (and passes a sound position). */
static void test_pos_assert_ok(void)
{
    Game g = game(5, "none");
    Move m;
    char err[64];
    const char *moves[] = { "C1", "C2", "C3" };
    for (int i = 0; i < 3; i++) {
        CU_ASSERT_EQUAL_FATAL(move_parse(&g.p, moves[i], &m, err, sizeof err), 0);
        pos_play(&g.p, &m);
    }
    CU_ASSERT_FALSE(assert_stops(&g.p));
    Position q = g.p;
    q.key ^= 1;
    CU_ASSERT(assert_stops(&q));
    q = g.p;
    bb_set(q.stones[WHITE], g.b->bit_of[pt(g.b, "C1")]);
    CU_ASSERT(assert_stops(&q));
    q = g.p;
    bb_set(q.stones[BLACK], 0); /* the frame's corner: no point */
    CU_ASSERT(assert_stops(&q));
    q = g.p;
    bb_clear(q.conn[BLACK], g.b->bit_of[pt(g.b, "C1")]);
    CU_ASSERT(assert_stops(&q));
    q = g.p;
    q.to_move = 2;
    CU_ASSERT(assert_stops(&q));
    board_free(g.b);
}

/* The set of connecting points is exactly the points where pos_wins_with
 * says a stone would connect (positions from random games, so that the
 * incremental connection state is the real one). */
static void test_winning_points(void)
{
    const char *rules[] = { "none", "a", "e", "morpharaoh board=48", "morpharaoh board=160" };
    int checked = 0, wins = 0;
    for (int r = 0; r < 5; r++)
        for (int n = 2; n <= 13; n++) {
            if (r >= 3 && n > 2) break; /* the Cairo boards have no size */
            Game g = game(n, rules[r]);
            uint64_t rng = 7 + (uint64_t)(r * 41 + n);
            for (int k = 0; k < 30; k++) {
                pos_init(&g.p, g.b);
                int stop = (int)(rng_below(&rng, (uint64_t)(2 * g.b->npoints)) + 1);
                for (int ply = 0; ply < stop && !pos_over(&g.p); ply++) {
                    Move m = pos_random_move(&g.p, &rng);
                    pos_play(&g.p, &m);
                }
                if (pos_over(&g.p)) continue;
                for (int c = 0; c < 2; c++) {
                    bb_t w;
                    pos_winning_points(&g.p, c, w);
                    for (int q = 0; q < g.b->npoints; q++) {
                        int bit = g.b->bit_of[q];
                        if (bb_test(g.p.stones[c], bit)) {
                            CU_ASSERT_FALSE(bb_test(w, bit));
                            continue;
                        }
                        bool want = pos_wins_with(&g.p, c, q);
                        CU_ASSERT_EQUAL(bb_test(w, bit), want);
                        checked++;
                        wins += want;
                    }
                }
            }
            board_free(g.b);
        }
    CU_ASSERT(checked > 20000);
    CU_ASSERT(wins > 200);
}

/* ---- perft: the public tables -------------------------------------------- */

/* Every row of a perft table under 1.5 M leaves must match (the bench runs
 * the rest). Morphos rows: size rules options moves depth perft;
 * Morpharaoh rows: board edge center moves depth perft. */
static int perft_table(const char *path, bool cairo_table)
{
    FILE *f = fopen(path, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    char line[4096];
    int rows = 0, bad = 0;
    fgets(line, sizeof line, f); /* header */
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        char *save = NULL;
        char *c1 = strtok_r(line, "\t", &save), *c2 = strtok_r(NULL, "\t", &save);
        char *c3 = strtok_r(NULL, "\t", &save), *moves = strtok_r(NULL, "\t", &save);
        char *depth = strtok_r(NULL, "\t", &save), *want = strtok_r(NULL, "\t\n", &save);
        if (!want || atoll(want) > 1500000) continue;
        char rt[256];
        if (cairo_table) snprintf(rt, sizeof rt, "morpharaoh board=%s edge=%s center=%s", c1, c2, c3);
        else snprintf(rt, sizeof rt, "%s,%s", c2, c3);
        Game g = game(cairo_table ? 0 : atoi(c1), rt);
        if (strcmp(moves, "-")) {
            char *s2 = NULL;
            for (char *m = strtok_r(moves, ";", &s2); m; m = strtok_r(NULL, ";", &s2)) CU_ASSERT_EQUAL_FATAL(play(&g, m), 0);
        }
        uint64_t got = perft(&g.p, atoi(depth), true);
        if (got != (uint64_t)atoll(want)) {
            bad++;
            fprintf(stderr, "perft %s %s %s d%s: got %llu want %s\n", c1, rt, moves, depth, (unsigned long long)got, want);
        }
        if (atoll(want) < 20000) CU_ASSERT_EQUAL(perft(&g.p, atoi(depth), false), got);
        rows++;
        board_free(g.b);
    }
    fclose(f);
    CU_ASSERT_EQUAL(bad, 0);
    return rows;
}

/* Leaves counted from move lists and pos_play only: none of perft's
 * per-size copies or shortcuts. */
static uint64_t perft_by_lists(const Position *p, int depth)
{
    if (depth == 0) return 1;
    if (pos_over(p)) return 0;
    MoveList ml;
    movelist_init(&ml);
    size_t n = pos_gen_moves(p, &ml);
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        Position c = *p;
        pos_play(&c, &ml.m[i]);
        sum += perft_by_lists(&c, depth - 1);
    }
    movelist_free(&ml);
    return sum;
}

/* The perft tables reach 9x9; perft keeps a compiled copy per square size
 * up to 19x19 (rules/targets.h): each copy, and the general one (25x25),
 * plain and bulk, against counting from move lists, mid-game (flips
 * among the moves) under the rule sets whose turns are plain. */
static void test_perft_every_size(void)
{
    const char *rules[] = { "none", "a", "p3=on", "tiebreak=on" };
    const int sizes[] = { 5, 7, 9, 11, 13, 15, 19, 25 };
    uint64_t rng = 11;
    for (int r = 0; r < 4; r++)
        for (int k = 0; k < 8; k++) {
            Game g = game(sizes[k], rules[r]);
            for (int i = 0; i < 3 * sizes[k] && !pos_over(&g.p); i++) {
                Move m = pos_random_move(&g.p, &rng);
                pos_play(&g.p, &m);
            }
            uint64_t want = perft_by_lists(&g.p, 2);
            CU_ASSERT(want > 0 || pos_over(&g.p));
            CU_ASSERT_EQUAL(perft(&g.p, 2, false), want);
            CU_ASSERT_EQUAL(perft(&g.p, 2, true), want);
            board_free(g.b);
        }
}

static void test_perft_table(void) { CU_ASSERT(perft_table("tests/data/perft-public.tsv", false) > 600); }
static void test_cairo_perft_table(void) { CU_ASSERT(perft_table("tests/data/morpharaoh/perft.tsv", true) > 250); }

/* ---- Morpharaoh ---------------------------------------------------------- */

static Game cairo(const char *rules)
{
    char buf[128];
    snprintf(buf, sizeof buf, "morpharaoh %s", rules);
    return game(0, buf);
}

static void test_cairo_geometry(void)
{
    Game g = cairo("board=48");
    CU_ASSERT_EQUAL(g.b->npoints, 48);
    CU_ASSERT_EQUAL(g.b->words, 1);
    CU_ASSERT_EQUAL(g.b->rules.pie, 0); /* Ludii has no pie rule */
    CU_ASSERT_EQUAL(bb_popcount(g.b->goal[0][0], 1), 5);
    /* the swap symmetry is a bijection taking Black's sides to White's */
    int seen[48] = { 0 };
    for (int p = 0; p < 48; p++) {
        int q = g.b->sym[p];
        seen[q]++;
        for (int c = 0; c < 2; c++)
            for (int k = 0; k < 2; k++)
                if (bb_test(g.b->goal[c][k], p)) CU_ASSERT(bb_test(g.b->goal[!c][0], q) || bb_test(g.b->goal[!c][1], q));
    }
    for (int p = 0; p < 48; p++) CU_ASSERT_EQUAL(seen[p], 1);
    board_free(g.b);
    g = cairo("board=160");
    CU_ASSERT_EQUAL(g.b->npoints, 160);
    CU_ASSERT_EQUAL(g.b->words, 3);
    board_free(g.b);
    Ruleset r;
    CU_ASSERT_PTR_NOT_NULL(ruleset_parse(&r, "morpharaoh board=49"));
    CU_ASSERT_PTR_NOT_NULL(ruleset_parse(&r, "morpharaoh a"));
    CU_ASSERT_PTR_NOT_NULL(ruleset_parse(&r, "board=160"));
}

/* Control, checked on random boards against the definitions of
 * tests/data/morpharaoh/README.md written out directly. */
static void test_cairo_control(void)
{
    const char *opts[] = { "edge=pair center=embrace", "edge=majority center=majority", "edge=pair center=majority",
                           "edge=majority center=embrace" };
    for (int o = 0; o < 4; o++) {
        Game g = cairo(opts[o]);
        const CairoCell *cell = g.b->cairo;
        int checked = 0, ctl = 0;
        for (int iter = 0; iter < 400; iter++) {
            random_stones(&g, 60 + (int)rnd(40));
            for (int c = 0; c < 48; c++) {
                Color who = pos_color_at(&g.p, c);
                if (who == EMPTY) continue;
                int mover = !who;
                const CairoCell *k = &cell[c];
                int m[5], nm = 0;
                for (int i = 0; i < k->northo; i++) m[i] = (int)pos_color_at(&g.p, k->orth[i]) == mover, nm += m[i];
                bool want = false;
                bool side = k->side != '-';
                if (side && g.b->rules.edge_majority) want = nm >= 2;
                else if (!side && g.b->rules.center_majority) want = nm >= 3;
                else
                    for (int x = 0; x < k->northo; x++) {
                        if (!m[x]) continue;
                        const CairoCell *X = &cell[k->orth[x]];
                        bool y = false, z = false;
                        for (int j = 0; j < k->northo; j++) {
                            if (j == x || !m[j]) continue;
                            for (int t = 0; t < X->northo; t++) y |= X->orth[t] == k->orth[j];
                            for (int t = 0; t < X->ndiag; t++) z |= X->diag[t] == k->orth[j];
                        }
                        want |= side ? y : (y && z);
                    }
                g.p.to_move = (uint8_t)mover;
                bb_t w;
                pos_weak_stones(&g.p, who, w);
                CU_ASSERT_EQUAL(bb_test(w, c), want);
                checked++;
                ctl += want;
            }
        }
        CU_ASSERT(ctl > 100 && checked > 5000);
        board_free(g.b);
    }
}

static void test_cairo_swap(void)
{
    Game g = cairo("board=48 pie=on");
    CU_ASSERT_EQUAL(play(&g, "0"), 0);
    CU_ASSERT_TRUE(legal(&g, "swap"));
    CU_ASSERT_EQUAL(play(&g, "swap"), 0);
    CU_ASSERT_EQUAL(pos_color_at(&g.p, 0), EMPTY);
    CU_ASSERT_EQUAL(pos_color_at(&g.p, g.b->sym[0]), WHITE);
    board_free(g.b);
}

/* A game that cycles (mutator b) can run past any 16-bit turn count; the
 * first turns (swap, c's single placement) must stay the first turns. */
static void test_ply_never_wraps(void)
{
    Game g = game(5, "b,c");
    g.p.ply = 65535;
    CU_ASSERT_EQUAL(play(&g, "B1,C2"), 0);
    CU_ASSERT_EQUAL(g.p.ply, 65536);
    CU_ASSERT_FALSE(legal(&g, "swap"));
    CU_ASSERT_TRUE(legal(&g, "D4,E5")); /* a pair, not c's first single stone */
    g.p.ply = UINT32_MAX;
    CU_ASSERT_EQUAL(play(&g, "D4,E5"), 0);
    CU_ASSERT_FALSE(legal(&g, "swap"));
    board_free(g.b);
}


/* The capabilities the engine reads instead of mutator letters (board.h):
 * what each rule set gives them. */
static void test_capabilities(void)
{
    static const struct {
        const char *rules;
        int max_places;
        bool single_steps, flip_bannable, may_owe, full_board_ends;
    } want[] = {
        { "none", 1, true, false, false, false },
        { "a", 1, true, false, false, false },
        { "b", 1, true, true, false, false },
        { "c", 2, false, false, false, false },
        { "c,c=upto", 2, false, false, false, false },
        { "d", 1, true, false, true, false },
        { "e", 1, true, false, false, false },
        { "a,b,c,d,e", 2, false, true, true, false },
        { "abstractplay=default", 1, true, false, false, true },
        { "abstractplay=duomorph", 2, false, false, false, true },
        { "morpharaoh", 1, true, false, false, false },
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        Ruleset r;
        ruleset_default(&r);
        CU_ASSERT_PTR_NULL_FATAL(ruleset_parse(&r, want[i].rules));
        char err[128];
        Board *b = board_create(r.game == GAME_MORPHARAOH ? 0 : 5, &r, err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(b);
        CU_ASSERT_EQUAL(b->max_places, want[i].max_places);
        CU_ASSERT_EQUAL(b->single_steps, want[i].single_steps);
        CU_ASSERT_EQUAL(b->flip_bannable, want[i].flip_bannable);
        CU_ASSERT_EQUAL(b->may_owe, want[i].may_owe);
        CU_ASSERT_EQUAL(b->full_board_ends, want[i].full_board_ends);
        board_free(b);
    }
}

int main(void)
{
    static const TestCase tests[] = {
        { "capabilities the engine reads, per rule set", test_capabilities },
        { "weak sets match the literal rules", test_weak_matches_reference },
        { "connecting points match pos_wins_with (square and Cairo)", test_winning_points },
        { "each pattern in each orientation", test_pattern_orientations },
        { "edge stones on and off", test_edge_stones },
        { "outer corners hold nothing", test_outer_corner_holds_nothing },
        { "forced pass, two passes draw", test_forced_pass_and_draw },
        { "win at the end of the turn", test_win_end_of_turn },
        { "a winning chain joins both goal lines", test_chain_needs_both_lines },
        { "swap maps the position", test_swap_mapping },
        { "the turn count never wraps", test_ply_never_wraps },
        { "b: the friendly stone F", test_b_friendly_stone },
        { "b: start-of-turn win", test_b_start_of_turn_win },
        { "b: flip-back ban", test_b_flip_back_ban },
        { "c exact: first move and pairs", test_c_exact },
        { "c upto", test_c_upto },
        { "d return: owed stone", test_d_return },
        { "d extra: optional stone", test_d_extra },
        { "e: checkered start", test_e_start },
        { "rule tokens", test_ruleset_text },
        { "move text round trips and rejections", test_move_text },
        { "hash", test_hash },
        { "the k-th set bit of a word (select64)", test_select64 },
        { "random moves are uniform over the legal moves", test_random_move_uniform },
        { "compound turns step by step without listing", test_turn_steps },
        { "random playouts play the games of random moves", test_random_playout_same_games },
        { "playouts in registers (5x5 to 19x19) play the games of random moves", test_playout_registers },
        { "random games stay legal and sound", test_random_games_terminate },
        { "pos_assert_ok catches broken positions", test_pos_assert_ok },
        { "perft table", test_perft_table },
        { "perft on every compiled size against move lists", test_perft_every_size },
        { "Morpharaoh: boards and symmetry", test_cairo_geometry },
        { "Morpharaoh: control against the definitions", test_cairo_control },
        { "Morpharaoh: swap", test_cairo_swap },
        { "Morpharaoh: Ludii perft table", test_cairo_perft_table },
    };
    return run_suite("rules", tests, sizeof tests / sizeof *tests);
}

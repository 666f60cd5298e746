/* test_abstractplay.c - Morphos as AbstractPlay plays it (docs/rules.md,
 * "AbstractPlay"): the presets, the third pattern P3, Duomorph's adjacent
 * pairs and lone stones, the full-board tie-break, AbstractPlay's notation
 * and seat swap, and the perft table computed with AbstractPlay's own move
 * generator. A literal reading of the patterns (reference.h) cross-checks
 * the bitboards. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/move_list.h"
#include "../bench/perft_run.h"
#include "../bench/perft_table.h"
#include "../rules/rules.h"
#include "reference.h"
#include "support.h"

/* ---- presets ------------------------------------------------------------ */

static void test_presets(void)
{
    static const struct { const char *tokens, *canon; } cases[] = {
        { "abstractplay=default", "none,edges=off,p3=on,tiebreak=on,pie=on" },
        { "abstractplay=minimorph", "a,edges=off,tiebreak=on,pie=on" },
        { "abstractplay=duomorph", "a,c,edges=off,c=adjacent,tiebreak=on,pie=on" },
        { "abstractplay=remorph", "a,d,edges=off,d=return,tiebreak=on,pie=on" },
        { "abstractplay=duomorph pie=off", "a,c,edges=off,c=adjacent,tiebreak=on,pie=off" },
        { "pie=off abstractplay=duomorph", "a,c,edges=off,c=adjacent,tiebreak=on,pie=on" },
        { "c=upto c abstractplay=default", "none,edges=off,p3=on,tiebreak=on,pie=on" },
        { "abstractplay=default edges=on tiebreak=off", "none,edges=on,p3=on,pie=on" },
        { "abstractplay=remorph b", "a,b,d,edges=off,d=return,tiebreak=on,pie=on" },
        { "abstractplay=duomorph none", "none,edges=off,tiebreak=on,pie=on" },
        { "a c c=adjacent", "a,c,edges=off,c=adjacent,pie=on" },
        { "p3=on", "none,edges=on,p3=on,pie=on" },
        { "ABSTRACTPLAY=Default", "none,edges=off,p3=on,tiebreak=on,pie=on" },
        /* AbstractPlay's variant ids name the same presets */
        { "abstractplay=simplified", "a,edges=off,tiebreak=on,pie=on" },
        { "abstractplay=double", "a,c,edges=off,c=adjacent,tiebreak=on,pie=on" },
        { "abstractplay=replace pie=off", "a,d,edges=off,d=return,tiebreak=on,pie=off" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Ruleset r, again;
        char buf[160];
        CU_ASSERT_PTR_NULL_FATAL(ruleset_parse(&r, cases[i].tokens));
        ruleset_format(&r, buf, sizeof buf);
        if (strcmp(buf, cases[i].canon)) fprintf(stderr, "%s -> %s, want %s\n", cases[i].tokens, buf, cases[i].canon);
        CU_ASSERT_STRING_EQUAL(buf, cases[i].canon);
        CU_ASSERT_PTR_NULL(ruleset_parse(&again, buf));
        CU_ASSERT_EQUAL(memcmp(&r, &again, sizeof r), 0);
    }
    Ruleset r, keep;
    CU_ASSERT_PTR_NULL(ruleset_parse(&r, "abstractplay=remorph"));
    keep = r;
    const char *bad[] = { "abstractplay=triple", "abstractplay", "p3=yes", "tiebreak", "c=adjacent", "c=pairs c",
                          "abstractplay=default morpharaoh", "morpharaoh p3=on", "morpharaoh tiebreak=on" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) CU_ASSERT_PTR_NOT_NULL(ruleset_parse(&r, bad[i]));
    CU_ASSERT_EQUAL(memcmp(&r, &keep, sizeof r), 0);
    /* the size stays the caller's: any square board takes a preset */
    Game g = game(9, "abstractplay=default");
    CU_ASSERT_EQUAL(g.b->size, 9);
    board_free(g.b);
}

/* ---- P3 ----------------------------------------------------------------- */

/* Bulk sets and the single-point lookup against the literal reading, on
 * every size, P3 with and without edges and mutator a. */
static void test_p3_matches_reference(void)
{
    const char *rules[] = { "abstractplay=default", "p3=on", "p3=on a", "abstractplay=minimorph p3=on edges=on" };
    int checked = 0, weak = 0;
    for (int r = 0; r < 4; r++)
        for (int n = 2; n <= 25; n += 1 + (n >= 13) * 5) ref_check_random(n, rules[r], 30, 50, 50, &checked, &weak);
    CU_ASSERT(weak > 1000 && checked > 100000);
}

/* P3 alone in each of its 8 images around E5: weak; any one cell missing:
 * not; 4 distinct images (the ring of a 2x2 block is symmetric). */
static void test_p3_orientations(void)
{
    ref_check_orientations("abstractplay=default", RP3, 8, 4);
    /* without the token the same stones are not weak */
    CU_ASSERT_FALSE(weak_in(9, "abstractplay=default p3=off", "E5", "D5,D6,E7,F7,G6,G5,F4,E4", "E5"));
}

/* At the edges: a P3 image with a cell off the board never matches
 * (AbstractPlay has no edge stones); fully on the board it does, up to
 * the last row and column. */
static void test_p3_edges(void)
{
    /* B2's block up-right: ring A2 A3 B4 C4 D3 D2 C1 B1, all on the board */
    CU_ASSERT_TRUE(weak_in(5, "abstractplay=default", "B2", "A2,A3,B4,C4,D3,D2,C1,B1", "B2"));
    /* D4's block up-right would need E..F columns: the ring leaves the board */
    CU_ASSERT_FALSE(weak_in(5, "abstractplay=default", "E5", "D5,D4,E4", "E5"));
    /* the mirror image in the top-right corner: D4's block down-left... the
     * block {D4,E4,D5,E5} ring: C4 C5 D3 E3 and four cells off the board */
    CU_ASSERT_FALSE(weak_in(5, "abstractplay=default", "D4", "C4,C5,D3,E3", "D4"));
    /* a stone on an edge is never weak by P3 alone: each image holds the
     * cell beyond the stone on both axes. On random boards, P3 changes no
     * edge stone's weakness. */
    for (int n = 4; n <= 9; n++) {
        Game g = game(n, "abstractplay=default");
        Game h = game(n, "abstractplay=default p3=off");
        for (int iter = 0; iter < 200; iter++) {
            for (int q = 0; q < n * n; q++) {
                Color c = rnd(4) ? WHITE : BLACK;
                pos_set_stone(&g.p, q, c);
                pos_set_stone(&h.p, q, c);
            }
            for (int q = 0; q < n * n; q++) {
                int x = q % n, y = q / n;
                if (x && y && x < n - 1 && y < n - 1) continue;
                for (int c = 0; c < 2; c++)
                    CU_ASSERT_EQUAL(pos_point_weak(&g.p, (Color)c, q), pos_point_weak(&h.p, (Color)c, q));
            }
        }
        board_free(h.b);
        board_free(g.b);
    }
    /* with edges=on, the virtual row counts, the cells further out do not:
     * B2 (block up-right) needs nothing off the board; A2 (block up-right)
     * needs the edge cell left of A2 and A3 (white edge stones) */
    /* under a, P2' needs (-1,1) (-1,0) (0,-1) (1,-1): edge, edge, A1, B1 */
    CU_ASSERT_TRUE(weak_in(5, "p3=on edges=on a", "A2", "A4,B4,C3,C2,B1,A1", "A2"));
}

/* ---- Duomorph: adjacent pairs and lone stones ----------------------------- */

static void test_pairs(void)
{
    Game g = game(5, "abstractplay=duomorph");
    /* the first turn places a pair too */
    CU_ASSERT_EQUAL(pos_count_moves(&g.p), 40u);
    CU_ASSERT_TRUE(legal(&g, "A1,B1"));
    CU_ASSERT_TRUE(legal(&g, "B1,A1"));
    CU_ASSERT_TRUE(legal(&g, "C2,C3"));
    CU_ASSERT_FALSE(legal(&g, "A1,B2"));  /* diagonal */
    CU_ASSERT_FALSE(legal(&g, "E1,A2"));  /* consecutive points, not neighbours */
    CU_ASSERT_FALSE(legal(&g, "A1,C1"));
    CU_ASSERT_FALSE(legal(&g, "C3"));     /* it has empty neighbours */
    CU_ASSERT_FALSE(legal(&g, "A1,B1,C1"));
    MoveList ml;
    movelist_init(&ml);
    CU_ASSERT_EQUAL(pos_gen_moves(&g.p, &ml), 40u);
    for (size_t i = 0; i < ml.n; i++) {
        CU_ASSERT_EQUAL(ml.m[i].kind, MOVE_PLACE);
        CU_ASSERT_EQUAL(ml.m[i].n, 2);
        int a = ml.m[i].pt[0], b = ml.m[i].pt[1];
        CU_ASSERT((b - a == 5) || (b - a == 1 && a % 5 != 4));
    }
    CU_ASSERT_EQUAL(play(&g, "C3,C2"), 0);
    CU_ASSERT_EQUAL(pos_color_at(&g.p, pt(g.b, "C2")), BLACK);
    CU_ASSERT_EQUAL(pos_color_at(&g.p, pt(g.b, "C3")), BLACK);
    /* White may swap (the pie is on) or place a pair */
    CU_ASSERT_TRUE(legal(&g, "swap"));
    CU_ASSERT_EQUAL(pos_count_moves(&g.p), 40u - 7u + 1u);
    movelist_free(&ml);
    board_free(g.b);
}

static void test_lone_stone(void)
{
    Game g = game(4, "abstractplay=duomorph pie=off");
    /* A1's neighbours B1 and A2 taken: A1 alone is a whole move */
    setup(&g, "B1", "A2");
    CU_ASSERT_TRUE(legal(&g, "A1"));
    CU_ASSERT_FALSE(legal(&g, "C1"));     /* C1 has empty neighbours */
    CU_ASSERT_TRUE(legal(&g, "C1,D1"));
    CU_ASSERT_FALSE(legal(&g, "A1,C1"));
    /* C1 with only D1 empty around it: the single is not a move, the pair is;
     * D1 with C1 empty beside it is not a lone stone either */
    pos_set_stone(&g.p, pt(g.b, "C2"), WHITE);
    CU_ASSERT_FALSE(legal(&g, "C1"));
    CU_ASSERT_TRUE(legal(&g, "C1,D1"));
    pos_set_stone(&g.p, pt(g.b, "D1"), WHITE);
    CU_ASSERT_TRUE(legal(&g, "C1"));      /* now every neighbour is taken */
    /* random games: every listed move is accepted, every single placement
     * listed has no empty neighbour, and counting agrees with listing */
    board_free(g.b);
    uint64_t rng = 5;
    for (int game_no = 0; game_no < 40; game_no++) {
        g = game(4 + game_no % 4, "abstractplay=duomorph");
        MoveList ml;
        movelist_init(&ml);
        while (!pos_over(&g.p)) {
            size_t n = pos_gen_moves(&g.p, &ml);
            CU_ASSERT_EQUAL(pos_count_moves(&g.p), n);
            for (size_t i = 0; i < n; i++) {
                const Move *m = &ml.m[i];
                CU_ASSERT_PTR_NULL(pos_check_move(&g.p, m));
                if (m->kind == MOVE_PLACE && m->n == 1) {
                    const Board *b = g.b;
                    for (int k = 0; k < b->nnbr[m->pt[0]]; k++) CU_ASSERT_NOT_EQUAL(pos_color_at(&g.p, b->nbr[m->pt[0]][k]), EMPTY);
                }
            }
            Move m = pos_random_move(&g.p, &rng);
            CU_ASSERT_PTR_NULL_FATAL(pos_check_move(&g.p, &m));
            pos_play(&g.p, &m);
        }
        movelist_free(&ml);
        board_free(g.b);
    }
}

/* c=adjacent composes with the other mutators: with d the owed stone
 * comes first (a set of points reachable two ways is listed once), with b
 * the flip-back ban, with e the full start. Listing, counting, checking,
 * move text and random moves agree in random games. */
static void test_pairs_compose(void)
{
    const char *rules[] = { "abstractplay=duomorph d", "abstractplay=duomorph d d=extra", "a c c=adjacent b d", "c c=adjacent e" };
    long checked = 0;
    for (int r = 0; r < 4; r++)
        for (int n = 3; n <= 5; n++)
            for (int game_no = 0; game_no < 8; game_no++) {
                Game g = game(n, rules[r]);
                uint64_t rng = 1234 + (uint64_t)(game_no * 7 + n);
                MoveList ml;
                movelist_init(&ml);
                for (int ply = 0; ply < 120 && !pos_over(&g.p); ply++) {
                    size_t k = pos_gen_moves(&g.p, &ml);
                    CU_ASSERT_EQUAL(pos_count_moves(&g.p), k);
                    for (size_t i = 0; i < k; i++) {
                        CU_ASSERT_PTR_NULL(pos_check_move(&g.p, &ml.m[i]));
                        for (size_t j = 0; j < i; j++) CU_ASSERT_FALSE(move_equal(&ml.m[i], &ml.m[j]));
                        char text[64], err[200];
                        Move back;
                        move_format(g.b, &ml.m[i], text, sizeof text);
                        CU_ASSERT_EQUAL(move_parse(&g.p, text, &back, err, sizeof err), 0);
                        CU_ASSERT_TRUE(move_equal(&back, &ml.m[i]));
                        checked++;
                    }
                    Move m = pos_random_move(&g.p, &rng);
                    CU_ASSERT_PTR_NULL_FATAL(pos_check_move(&g.p, &m));
                    pos_play(&g.p, &m);
                }
                movelist_free(&ml);
                board_free(g.b);
            }
    CU_ASSERT(checked > 5000);
}

/* ---- the tie-break ---------------------------------------------------------- */

/* Fill the board from a picture (row 1 first, 'B'/'W'), leaving `last`
 * empty, and let its colour's side play it. */
static void fill_and_play_last(Game *g, const char *const *rows, const char *last)
{
    int n = g->b->size;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) pos_set_stone(&g->p, y * n + x, rows[y][x] == 'B' ? BLACK : WHITE);
    int q = pt(g->b, last);
    Color c = pos_color_at(&g->p, q);
    pos_set_stone(&g->p, q, EMPTY);
    g->p.to_move = (uint8_t)c;
    g->p.ply = 30;
    char text[8];
    CU_ASSERT_EQUAL(play(g, point_format(g->b, q, text, sizeof text)), 0);
}

static void test_tiebreak(void)
{
    static const char *checker[] = { "BWBWB", "WBWBW", "BWBWB", "WBWBW", "BWBWB" };
    static const char *stripes[] = { "BWBWB", "BWBWB", "BWBWB", "BWBWB", "BWBWB" };
    /* a checkerboard: no stone weak, no vertical pair: White (player 2) */
    Game g = game(5, "abstractplay=default");
    fill_and_play_last(&g, checker, "E5");
    CU_ASSERT_EQUAL(g.p.result, RESULT_WHITE);
    CU_ASSERT_EQUAL(pos_count_moves(&g.p), 0u);
    CU_ASSERT_EQUAL(perft(&g.p, 2, true), 0u);
    board_free(g.b);
    /* vertical stripes, White moving last: White has no chain, no stone is
     * weak (no two perpendicular enemy neighbours), vertical pairs: Black
     * (player 1) wins, though the mover was White */
    g = game(5, "abstractplay=default");
    fill_and_play_last(&g, stripes, "D3");
    CU_ASSERT_EQUAL(g.p.result, RESULT_BLACK);
    board_free(g.b);
    /* every preset: under a, the checkerboard is all weak (P1' is three
     * enemy neighbours), stripes are not: rows (no vertical pair) give
     * White the game, columns Black, whoever moved last */
    static const char *rows[] = { "BBBBB", "WWWWW", "BBBBB", "WWWWW", "BBBBB" };
    const char *presets[] = { "abstractplay=default", "abstractplay=minimorph", "abstractplay=remorph", "abstractplay=duomorph" };
    for (int i = 0; i < 4; i++) {
        g = game(5, presets[i]);
        fill_and_play_last(&g, rows, "C3");
        CU_ASSERT_EQUAL(g.p.result, RESULT_WHITE);
        board_free(g.b);
        g = game(5, presets[i]);
        fill_and_play_last(&g, stripes, "B2");
        CU_ASSERT_EQUAL(g.p.result, RESULT_BLACK);
        board_free(g.b);
        g = game(5, presets[i]);
        fill_and_play_last(&g, checker, "A1");
        CU_ASSERT_EQUAL(g.p.result, i ? RESULT_NONE : RESULT_WHITE);
        board_free(g.b);
    }
    /* it needs every stone not weak: the checkerboard with C3 white makes
     * the stones diagonal to C3 weak (P1 with C3 as its diagonal cell) */
    static const char *dent[] = { "BWBWB", "WBWBW", "BWWWB", "WBWBW", "BWBWB" };
    g = game(5, "abstractplay=default");
    fill_and_play_last(&g, dent, "E5");
    CU_ASSERT_EQUAL(g.p.result, RESULT_NONE);
    CU_ASSERT_TRUE(is_weak(&g, BLACK, "B2"));
    CU_ASSERT_TRUE(legal(&g, "B2")); /* White flips */
    board_free(g.b);
    /* a chain comes first: Black completing column A on a full board */
    static const char *col[] = { "BWBWB", "BBWBW", "BWBWB", "BBWBW", "BWBWB" };
    g = game(5, "abstractplay=default");
    fill_and_play_last(&g, col, "A5");
    CU_ASSERT_EQUAL(g.p.result, RESULT_BLACK);
    board_free(g.b);
    /* without the token the full board is passed */
    g = game(5, "abstractplay=default tiebreak=off");
    fill_and_play_last(&g, checker, "E5");
    CU_ASSERT_EQUAL(g.p.result, RESULT_NONE);
    CU_ASSERT_TRUE(legal(&g, "pass"));
    board_free(g.b);
}

/* ---- notation ---------------------------------------------------------------- */

static bool ap_legal(Game *g, const char *text, bool swapped)
{
    Move m;
    char err[200];
    return ap_move_parse(&g->p, text, swapped, &m, err, sizeof err) == 0;
}

/* On 24 columns or more x is also a column: x4 places there (it was read
 * as a flip of '4' and refused, so ap_loadgame could not read back
 * ap_printgame on 24x24 and 25x25). */
static void test_ap_column_x(void)
{
    for (int size = 24; size <= 25; size++) {
        Game g = game(size, "abstractplay=default");
        Move m;
        char err[200], buf[32];
        CU_ASSERT_EQUAL_FATAL(ap_move_parse(&g.p, "x4", false, &m, err, sizeof err), 0);
        CU_ASSERT_EQUAL(m.kind, MOVE_PLACE);
        CU_ASSERT_EQUAL(m.n, 1);
        CU_ASSERT_EQUAL(m.pt[0], 3 * size + 23);
        CU_ASSERT_STRING_EQUAL(ap_move_format(&g.p, &m, false, buf, sizeof buf), "x4");
        CU_ASSERT_EQUAL(ap_move_parse(&g.p, "x24", false, &m, err, sizeof err), 0);
        CU_ASSERT_EQUAL(m.pt[0], 23 * size + 23);
        board_free(g.b);
    }
}

static void test_ap_points(void)
{
    Game g = game(9, "abstractplay=default");
    int p;
    CU_ASSERT_EQUAL(ap_point_parse(g.b, "i9", &p), 0); /* no letter skipped */
    CU_ASSERT_EQUAL(p, 80);
    CU_ASSERT_EQUAL(ap_point_parse(g.b, "a1", &p), 0);
    CU_ASSERT_EQUAL(p, 0);
    CU_ASSERT_EQUAL(ap_point_parse(g.b, "E5", &p), 0);
    CU_ASSERT_EQUAL(p, 40);
    const char *bad[] = { "j1", "a0", "a10", "a01", "", "5", "e", "e5x", "-e5" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) CU_ASSERT_NOT_EQUAL(ap_point_parse(g.b, bad[i], &p), 0);
    char buf[16];
    CU_ASSERT_STRING_EQUAL(ap_point_format(g.b, 80, buf, sizeof buf), "i9");
    CU_ASSERT_STRING_EQUAL(ap_point_format(g.b, 8, buf, sizeof buf), "i1");
    board_free(g.b);
    g = game(25, "abstractplay=default");
    CU_ASSERT_EQUAL(ap_point_parse(g.b, "y25", &p), 0);
    CU_ASSERT_EQUAL(p, 624);
    CU_ASSERT_NOT_EQUAL(ap_point_parse(g.b, "z1", &p), 0);
    board_free(g.b);
}

static void test_ap_errors(void)
{
    Game g = game(5, "abstractplay=default");
    CU_ASSERT_TRUE(ap_legal(&g, "c3", false));
    CU_ASSERT_TRUE(ap_legal(&g, " C3 ", false));
    const char *bad[] = { "", "xc3", "c3,d3", "f1", "c0", "pass", "pie", "c3,pass", ",", "c3,,d4", "x", "xx3" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CU_ASSERT_FALSE(ap_legal(&g, bad[i], false));
    }
    CU_ASSERT_EQUAL(play(&g, "C3"), 0);
    CU_ASSERT_FALSE(ap_legal(&g, "c3", false));  /* occupied: a flip is xc3 */
    CU_ASSERT_FALSE(ap_legal(&g, "xc3", false)); /* not weak */
    CU_ASSERT_TRUE(ap_legal(&g, "pie", false));
    board_free(g.b);
    /* Remorph: the owed stone first, and alone it is written e5,pass */
    g = game(3, "abstractplay=remorph pie=off");
    setup(&g, "A1,B2,C1,A3,C3", "B1,A2,C2");
    g.p.to_move = BLACK;
    g.p.ply = 9;
    /* Black flips B1 (P1' ... whatever is weak): find a flip by listing */
    MoveList ml;
    movelist_init(&ml);
    pos_gen_moves(&g.p, &ml);
    bool flipped = false;
    for (size_t i = 0; i < ml.n && !flipped; i++)
        if (ml.m[i].kind == MOVE_FLIP) {
            pos_play(&g.p, &ml.m[i]);
            flipped = true;
        }
    CU_ASSERT_TRUE_FATAL(flipped);
    if (!pos_over(&g.p) && g.p.owe) {
        /* one empty point left (B3): the owed stone alone, if nothing follows */
        size_t n = pos_gen_moves(&g.p, &ml);
        for (size_t i = 0; i < n; i++) {
            char text[32];
            ap_move_format(&g.p, &ml.m[i], false, text, sizeof text);
            Move back;
            char err[200];
            CU_ASSERT_EQUAL(ap_move_parse(&g.p, text, false, &back, err, sizeof err), 0);
            CU_ASSERT_TRUE(move_equal(&back, &ml.m[i]));
            if (ml.m[i].kind == MOVE_PLACE && ml.m[i].n == 1) {
                CU_ASSERT_PTR_NOT_NULL(strstr(text, ",pass"));
                CU_ASSERT_FALSE(ap_legal(&g, "b3", false));
            }
        }
    }
    movelist_free(&ml);
    board_free(g.b);
    /* Duomorph: no placement with a flip, flips need x */
    g = game(5, "abstractplay=duomorph");
    CU_ASSERT_TRUE(ap_legal(&g, "c3,c4", false));
    CU_ASSERT_TRUE(ap_legal(&g, "c4,c3", false));
    CU_ASSERT_FALSE(ap_legal(&g, "c3,d4", false));
    CU_ASSERT_FALSE(ap_legal(&g, "c3", false));
    CU_ASSERT_FALSE(ap_legal(&g, "c3,c4,c5", false));
    CU_ASSERT_FALSE(ap_legal(&g, "c3,c3", false));
    board_free(g.b);
}

/* Every legal move of random games under each preset prints and reads
 * back the same, with and without the seat swap. */
static void test_ap_round_trips(void)
{
    const char *rules[] = { "abstractplay=default", "abstractplay=minimorph", "abstractplay=duomorph", "abstractplay=remorph",
                            "abstractplay=remorph d=extra" };
    int checked = 0;
    for (int r = 0; r < 5; r++)
        for (int n = 4; n <= 7; n++) {
            Game g = game(n, rules[r]);
            uint64_t rng = 11 + (uint64_t)(r * 10 + n);
            MoveList ml;
            movelist_init(&ml);
            for (int ply = 0; ply < 60 && !pos_over(&g.p); ply++) {
                size_t k = pos_gen_moves(&g.p, &ml);
                for (size_t i = 0; i < k; i++)
                    for (int sw = 0; sw < 2; sw++) {
                        char text[32], err[200];
                        ap_move_format(&g.p, &ml.m[i], sw, text, sizeof text);
                        Move back;
                        int ok = ap_move_parse(&g.p, text, sw, &back, err, sizeof err);
                        /* under d=extra the owed stone alone reads as a plain stone */
                        if (ok) fprintf(stderr, "%s: %s: %s\n", rules[r], text, err);
                        CU_ASSERT_EQUAL(ok, 0);
                        CU_ASSERT_TRUE(ok || move_equal(&back, &ml.m[i]));
                        checked++;
                    }
                Move m = pos_random_move(&g.p, &rng);
                pos_play(&g.p, &m);
            }
            movelist_free(&ml);
            board_free(g.b);
        }
    CU_ASSERT(checked > 10000);
}

/* AbstractPlay's move list with the pie: the seats change and the stones
 * stay; here the position is mapped through the symmetry, so every later
 * AbstractPlay cell is read through it. */
static void test_ap_seat_swap(void)
{
    Game g = game(5, "abstractplay=default");
    char err[200];
    CU_ASSERT_EQUAL(play_ap_move_list(&g.p, "b1;pie;c4;xa2", err, sizeof err), -1); /* a2 is not weak */
    pos_init(&g.p, g.b);
    CU_ASSERT_EQUAL_FATAL(play_ap_move_list(&g.p, "b1;pie;c4;d1", err, sizeof err), 0);
    /* AbstractPlay: b1 player 1's, c4 player 2's, d1 player 1's. Here the
     * first stone is White's on A2 (the image of b1), Black's c4 on D3, and
     * White's d1 on A4. */
    CU_ASSERT_EQUAL(pos_color_at(&g.p, pt(g.b, "A2")), WHITE);
    CU_ASSERT_EQUAL(pos_color_at(&g.p, pt(g.b, "D3")), BLACK);
    CU_ASSERT_EQUAL(pos_color_at(&g.p, pt(g.b, "A4")), WHITE);
    CU_ASSERT_EQUAL(pos_color_at(&g.p, pt(g.b, "B1")), EMPTY);
    CU_ASSERT_EQUAL(g.p.to_move, BLACK);
    /* and back: Black's move C2 here is b3 there */
    Move m;
    CU_ASSERT_EQUAL(move_parse(&g.p, "C2", &m, err, sizeof err), 0);
    char text[16];
    CU_ASSERT_STRING_EQUAL(ap_move_format(&g.p, &m, true, text, sizeof text), "b3");
    CU_ASSERT_STRING_EQUAL(ap_move_format(&g.p, &m, false, text, sizeof text), "c2");
    /* the pie only on the second turn, and only with pie=on */
    pos_init(&g.p, g.b);
    CU_ASSERT_EQUAL(play_ap_move_list(&g.p, "pie", err, sizeof err), -1);
    pos_init(&g.p, g.b);
    CU_ASSERT_EQUAL(play_ap_move_list(&g.p, "b1;c2;pie", err, sizeof err), -1);
    board_free(g.b);
}

/* ---- the perft table ------------------------------------------------------------ */

/* Every row of AbstractPlay's table with at most 1.5 M leaves (the perft
 * suite runs all); the small ones also without bulk counting. */
static void test_ap_perft_table(void)
{
    PerftTable t;
    char err[512];
    CU_ASSERT_EQUAL_FATAL(perft_table_open(&t, "tests/data/abstractplay/perft.tsv", err, sizeof err), 0);
    CU_ASSERT_STRING_EQUAL(perft_table_format(&t), "abstractplay");
    static PerftRow row;
    int rows = 0, bad = 0, r;
    while ((r = perft_table_next(&t, &row, err, sizeof err)) != 0) {
        CU_ASSERT_EQUAL_FATAL(r, 1);
        if (row.expected > 1500000) continue;
        Position p;
        Board *b = perft_row_setup(&row, &p, err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(b);
        uint64_t got = perft(&p, row.depth, true);
        if (got != row.expected) {
            bad++;
            fprintf(stderr, "line %d: got %llu want %llu\n", row.line, (unsigned long long)got, (unsigned long long)row.expected);
        }
        if (row.expected < 20000) CU_ASSERT_EQUAL(perft(&p, row.depth, false), got);
        rows++;
        board_free(b);
    }
    perft_table_close(&t);
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT(rows > 200);
}

int main(void)
{
    static const TestCase tests[] = {
        { "presets and tokens", test_presets },
        { "P3 against the literal patterns", test_p3_matches_reference },
        { "P3 in its 8 orientations", test_p3_orientations },
        { "P3 at the edges", test_p3_edges },
        { "Duomorph: adjacent pairs", test_pairs },
        { "Duomorph: a lone stone completes the turn", test_lone_stone },
        { "c=adjacent with b, d and e", test_pairs_compose },
        { "tie-break", test_tiebreak },
        { "notation: cells", test_ap_points },
        { "notation: errors", test_ap_errors },
        { "notation: x is a column on 24 columns and more", test_ap_column_x },
        { "notation: round trips", test_ap_round_trips },
        { "seat swap", test_ap_seat_swap },
        { "AbstractPlay perft table", test_ap_perft_table },
    };
    return run_suite("abstractplay", tests, sizeof tests / sizeof *tests);
}

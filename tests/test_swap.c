/* test_swap.c - the pie swap changes the seats, not the game.
 *
 * The engine's swap maps the position through sigma, the colour-exchanging
 * symmetry (docs/rules.md, "Pie rule"), and keeps it so: after a swap the
 * engine's Black is the second seat. Every rule must therefore give, after
 * a swap, the sigma image of what it gives in the same game played without
 * one. Per rule feature, random games are played twice: G on a board
 * without the pie, and G' = G's first move, swap, then the sigma image of
 * each of G's moves. After every move of G the two must agree through
 * sigma: stones, side to move, the owed stone of d, F of b, the passes,
 * the result (colours exchanged: the same seat wins), the legal moves and
 * their count, and perft to depth 2. Each feature's games must reach what
 * it is about (tie-break endings, owed stones, F, ...), so that no test
 * passes by never meeting its feature.
 *
 * One exception is part of the rules: a swap is a turn, not a pass, so
 * `pass, swap, pass` is not two passes in a row (test_swap_is_no_pass). */
#include <CUnit/Basic.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/move_list.h"
#include "../rules/rules.h"
#include "support.h"

/* sigma of a move: the points mapped, placements back in canonical
 * (ascending) order, a flip last. */
static Move sym_move(const Board *b, const Move *m)
{
    Move s = *m;
    if (m->kind != MOVE_PLACE && m->kind != MOVE_FLIP) return s;
    for (int i = 0; i < m->n; i++) s.pt[i] = b->sym[m->pt[i]];
    const int np = m->kind == MOVE_FLIP ? m->n - 1 : m->n;
    for (int i = 1; i < np; i++)
        for (int j = i; j > 0 && s.pt[j - 1] > s.pt[j]; j--) {
            int16_t t = s.pt[j];
            s.pt[j] = s.pt[j - 1];
            s.pt[j - 1] = t;
        }
    return s;
}

static int other_result(int r)
{
    return r == RESULT_BLACK ? RESULT_WHITE : r == RESULT_WHITE ? RESULT_BLACK : r;
}

/* What a feature's games met, so that a test can demand it did. */
typedef struct {
    long games, plies;
    long tiebreaks;  /* games ended by the tie-break */
    long owed;       /* positions with a stone owed (d) */
    long owed_at_swap; /* games where the swap met an owed stone */
    long flipped;    /* positions with F set (b) */
    long pairs;      /* two-stone moves played (c) */
    long passes;     /* passes played */
    long results[4];
} Seen;

/* Whether G' (swapped) is the sigma image of G (plain), with the same
 * legal moves; reports the first difference. */
static bool mirrored(const Position *g, const Position *s, int depth, bool pass_swap)
{
    const Board *bg = g->board, *bs = s->board;
    bool ok = true;
#define EXPECT(cond, ...)                                 \
    do {                                                  \
        if (!(cond)) {                                    \
            if (ok) fprintf(stderr, "  " __VA_ARGS__);    \
            ok = false;                                   \
        }                                                 \
    } while (0)
    for (int q = 0; q < bg->npoints; q++) {
        const Color c = pos_color_at(g, q), d = pos_color_at(s, bs->sym[q]);
        EXPECT(c == EMPTY ? d == EMPTY : d == (Color)!c, "stone %d: %d, swapped %d\n", q, c, d);
    }
    EXPECT(s->to_move == !g->to_move, "to move %d, swapped %d\n", g->to_move, s->to_move);
    EXPECT(s->owe == g->owe, "owe %d, swapped %d\n", g->owe, s->owe);
    /* pass then swap: G has one pass, G' none (the swap reset it) */
    EXPECT(pass_swap ? g->passes == 1 && s->passes == 0 : s->passes == g->passes, "passes %d, swapped %d\n", g->passes, s->passes);
    EXPECT(s->flipped == (g->flipped < 0 ? -1 : bs->sym[g->flipped]), "F %d, swapped %d\n", g->flipped, s->flipped);
    EXPECT(s->result == other_result(g->result), "result %d, swapped %d\n", g->result, s->result);
    MoveList a, b;
    movelist_init(&a);
    movelist_init(&b);
    const size_t na = pos_gen_moves(g, &a), nb = pos_gen_moves(s, &b);
    EXPECT(na == nb, "%zu legal moves, swapped %zu\n", na, nb);
    EXPECT(pos_count_moves(g) == pos_count_moves(s), "move counts differ\n");
    for (size_t i = 0; i < na && ok; i++) {
        const Move m = sym_move(bs, &a.m[i]);
        EXPECT(pos_check_move(s, &m) == NULL, "move %zu not legal after the swap\n", i);
    }
    if (ok && depth) EXPECT(perft(g, depth, false) == perft(s, depth, false), "perft differs\n");
    movelist_free(&a);
    movelist_free(&b);
#undef EXPECT
    return ok;
}

static bool board_full(const Position *p)
{
    for (int q = 0; q < p->board->npoints; q++)
        if (pos_color_at(p, q) == EMPTY) return false;
    return true;
}

/* `games` random games per size in [lo, hi] under `rules` (the pie is
 * turned on for G' and off for G). setup: percent of points holding a
 * random stone before the first move (so that the first move can flip and
 * owe a stone under d), 0 for the rules' start. Returns what they met. */
static Seen swap_games(const char *rules, int lo, int hi, int games, int setup)
{
    Seen seen = { 0 };
    char plain_rules[160], pie_rules[160];
    snprintf(plain_rules, sizeof plain_rules, "%s pie=off", rules);
    snprintf(pie_rules, sizeof pie_rules, "%s pie=on", rules);
    uint64_t rng = 0x5eed0000u + (uint64_t)strlen(rules) * 977u + (uint64_t)setup;
    for (int n = lo; n <= hi; n++) {
        Game G = game(n, plain_rules), S = game(n, pie_rules);
        for (int k = 0; k < games; k++) {
            pos_init(&G.p, G.b);
            pos_init(&S.p, S.b);
            if (setup)
                for (int q = 0; q < G.b->npoints; q++) {
                    unsigned r = rnd(100);
                    Color c = r < (unsigned)setup / 2 ? BLACK : r < (unsigned)setup ? WHITE : EMPTY;
                    pos_set_stone(&G.p, q, c);
                    pos_set_stone(&S.p, q, c);
                }
            /* a set-up chain is a game no move could reach */
            uint64_t chain[BB_MAXW];
            if (pos_over(&G.p) || pos_winning_chain(&G.p, BLACK, chain) || pos_winning_chain(&G.p, WHITE, chain)) continue;
            Move m = pos_random_move(&G.p, &rng);
            if (setup) { /* a flip when there is one: it owes a stone under d */
                MoveList ml;
                movelist_init(&ml);
                for (size_t i = pos_gen_moves(&G.p, &ml); i-- > 0;)
                    if (ml.m[i].kind == MOVE_FLIP) m = ml.m[i];
                movelist_free(&ml);
            }
            CU_ASSERT_PTR_NULL_FATAL(pos_check_move(&S.p, &m));
            pos_play(&G.p, &m);
            pos_play(&S.p, &m);
            const Move swap = move_of(MOVE_SWAP);
            if (pos_over(&S.p) || pos_check_move(&S.p, &swap)) continue;
            seen.owed_at_swap += S.p.owe;
            /* pass, swap, pass is not two passes in a row: G would be a
             * draw where G' goes on (test_swap_is_no_pass) */
            const bool passed_first = m.kind == MOVE_PASS;
            pos_play(&S.p, &swap);
            seen.games++;
            bool ok = mirrored(&G.p, &S.p, 0, passed_first);
            while (ok && !pos_over(&G.p)) {
                m = pos_random_move(&G.p, &rng);
                if (passed_first && G.p.ply == 1 && m.kind == MOVE_PASS) break;
                const Move ms = sym_move(S.b, &m);
                CU_ASSERT_PTR_NULL_FATAL(pos_check_move(&S.p, &ms));
                pos_play(&G.p, &m);
                pos_play(&S.p, &ms);
                seen.plies++;
                seen.owed += G.p.owe;
                seen.flipped += G.p.flipped >= 0 && G.b->rules.b;
                seen.pairs += (m.kind == MOVE_PLACE && m.n >= 2) || (m.kind == MOVE_FLIP && m.n >= 3);
                seen.passes += m.kind == MOVE_PASS;
                ok = mirrored(&G.p, &S.p, n <= 5 && G.p.ply % 3 == 0 ? 2 : 0, false);
                if (!ok) {
                    char text[64];
                    fprintf(stderr, "  %s, %dx%d, game %d: differs after %s (ply %llu)\n", rules, n, n, k,
                            move_format(G.b, &m, text, sizeof text), (unsigned long long)G.p.ply);
                }
            }
            CU_ASSERT_TRUE(ok);
            seen.results[G.p.result]++;
            /* a tie-break ending: full board, and the winner has no chain */
            if (pos_over(&G.p) && G.p.result != RESULT_DRAW && board_full(&G.p) &&
                !pos_winning_chain(&G.p, G.p.result == RESULT_BLACK ? BLACK : WHITE, chain))
                seen.tiebreaks++;
        }
        board_free(G.b);
        board_free(S.b);
    }
    if (getenv("SWAP_VERBOSE"))
        fprintf(stderr, "  %s (%d-%d, setup %d%%): %ld games, %ld plies, %ld tie-breaks, %ld owed, %ld owed at the swap, %ld F, %ld pairs, %ld passes\n",
                rules, lo, hi, setup, seen.games, seen.plies, seen.tiebreaks, seen.owed, seen.owed_at_swap, seen.flipped, seen.pairs, seen.passes);
    return seen;
}

/* The tie-break names a seat: Black (the first seat) wins with a vertical
 * pair, but after the swap the first seat is White and a vertical pair of
 * the game is a horizontal one in the engine's frame. */
static void test_swap_tiebreak(void)
{
    const char *rules[] = { "abstractplay=default", "abstractplay=minimorph", "tiebreak=on", "a edges=on tiebreak=on",
                            "abstractplay=default edges=on" };
    for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
        Seen s = swap_games(rules[i], 2, 6, 60, 0);
        CU_ASSERT(s.games > 200 && s.results[RESULT_BLACK] > 0 && s.results[RESULT_WHITE] > 0);
        /* with edge stones a full board nearly always holds a weak stone */
        if (strstr(rules[i], "abstractplay") && !strstr(rules[i], "edges=on")) CU_ASSERT(s.tiebreaks >= 10);
    }
    /* games in AbstractPlay's notation: the same list with and without
     * the pie ends with the same seat winning */
    static const struct { int n; const char *moves; int winner_seat; } games[] = {
        /* 2x2: b1 b2 a2 a1 - player 1 holds b1 and a2, player 2 b2 and a1:
         * no vertical pair of one colour, player 2 wins */
        { 2, "b1;b2;a2;a1", 2 },
        { 5, "c3;b1;a1;d1;c1;a2;e1;c2;b2;e2;d2;b3;a3;d3;e3;a4;b4;c4;d4;e4;a5;b5;c5;d5;e5", 2 },
    };
    for (size_t i = 0; i < sizeof games / sizeof *games; i++)
        for (int with_pie = 0; with_pie < 2; with_pie++) {
            char list[512];
            const char *rest = strchr(games[i].moves, ';');
            snprintf(list, sizeof list, "%.*s%s%s", (int)(rest - games[i].moves), games[i].moves, with_pie ? ";pie" : "", rest);
            Game g = game(games[i].n, "abstractplay=default");
            char err[200];
            CU_ASSERT_EQUAL_FATAL(play_ap_move_list(&g.p, list, err, sizeof err), 0);
            CU_ASSERT_TRUE(board_full(&g.p));
            /* player 1 is Black, or White after the swap */
            const int seat = g.p.result == (with_pie ? RESULT_WHITE : RESULT_BLACK) ? 1 : 2;
            if (seat != games[i].winner_seat) fprintf(stderr, "  %s: player%d wins, want player%d\n", list, seat, games[i].winner_seat);
            CU_ASSERT_EQUAL(seat, games[i].winner_seat);
            board_free(g.b);
        }
}

/* The swapped position hashes apart from the same stones unswapped only
 * where the swap changes the game (the tie-break); elsewhere the two are
 * one position and one hash. */
static void test_swap_hash(void)
{
    const char *rules[] = { "abstractplay=default", "none" };
    for (int r = 0; r < 2; r++) {
        /* the same stones, White to move at ply 3: B2, A1, C3 and (set up
         * beside the moves) A1, swap, B2 with C3 */
        Game a = game(3, rules[r]), b = game(3, rules[r]);
        CU_ASSERT_EQUAL_FATAL(play(&a, "B2"), 0);
        CU_ASSERT_EQUAL_FATAL(play(&a, "A1"), 0);
        CU_ASSERT_EQUAL_FATAL(play(&a, "C3"), 0);
        CU_ASSERT_EQUAL_FATAL(play(&b, "A1"), 0);
        CU_ASSERT_EQUAL_FATAL(play(&b, "swap"), 0); /* White A1, Black to move */
        CU_ASSERT_EQUAL_FATAL(play(&b, "B2"), 0);
        pos_set_stone(&b.p, pt(b.b, "C3"), BLACK);
        CU_ASSERT_EQUAL(a.p.key, b.p.key);
        CU_ASSERT_TRUE(a.p.to_move == b.p.to_move && a.p.ply == b.p.ply);
        CU_ASSERT_EQUAL(pos_hash(&a.p) != pos_hash(&b.p), r == 0);
        pos_assert_ok(&b.p);
        board_free(a.b);
        board_free(b.b);
    }
}

/* Mutator e's start is not sigma-invariant (sigma of the A1-black start is
 * the A1-white start), but no rule reads the start after the first move,
 * which comes before the swap; with the tie-break the board is full from
 * the start, so the tie-break is met at once. */
static void test_swap_start_e(void)
{
    const char *rules[] = { "e", "e e=a1white", "a e", "a e tiebreak=on", "a e e=a1white tiebreak=on edges=on" };
    for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
        Seen s = swap_games(rules[i], 2, 6, 40, 0);
        CU_ASSERT(s.games > 100);
        /* without a no stone of the start is weak: Black passes, and
         * the game is a draw in two passes either way */
        if (rules[i][0] == 'a') CU_ASSERT(s.plies > 500);
    }
}

/* The owed stone of d belongs to the side to move and stays with it
 * through the swap: the seat to move owes it either way. A swap meets an
 * owed stone only when Black's first move flipped, which needs stones on
 * the board before it (set-up positions). */
static void test_swap_owed_stone(void)
{
    const char *rules[] = { "abstractplay=remorph", "a d", "a d d=extra", "d", "d d=extra tiebreak=on" };
    for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
        Seen s = swap_games(rules[i], 2, 6, 40, 0), t = swap_games(rules[i], 3, 6, 60, 60);
        CU_ASSERT(s.owed > 50 && t.owed > 50);
        CU_ASSERT(t.owed_at_swap >= 10);
        if (strstr(rules[i], "abstractplay")) CU_ASSERT(s.tiebreaks >= 5);
    }
}

/* Duomorph's pairs (c=adjacent, the first turn too), c's exact first turn
 * of one stone, and c=upto. Pairs are sigma-invariant (adjacency is), the
 * first turn comes before the swap. */
static void test_swap_pairs(void)
{
    const char *rules[] = { "abstractplay=duomorph", "c c=adjacent", "a c c=adjacent d", "c", "c c=upto", "a c" };
    for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
        Seen s = swap_games(rules[i], 2, 6, 40, 0);
        CU_ASSERT(s.games > 100 && s.pairs > 300);
    }
}

/* Edge stones (Black's rows above and below, White's columns to the sides:
 * sigma exchanges them with the colours), P3, and mutator b's F (mapped by
 * sigma) with its start-of-turn win test. */
static void test_swap_edges_p3_b(void)
{
    const char *rules[] = { "none", "a edges=on", "edges=off", "p3=on", "p3=on edges=off", "b", "a b", "b d", "abstractplay=remorph b" };
    for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
        Seen s = swap_games(rules[i], 2, 6, 30, 0);
        CU_ASSERT(s.games > 100 && s.plies > 500);
        if (strchr(rules[i], 'b') && !strstr(rules[i], "abstractplay")) CU_ASSERT(s.flipped > 100);
    }
    Seen s = swap_games("abstractplay=remorph b", 3, 5, 40, 30);
    CU_ASSERT(s.flipped > 20);
}

/* Morpharaoh: sigma is a quarter turn of the Cairo board; its edge and
 * centre options are built from the cell graph, which the turn keeps. */
static void test_swap_morpharaoh(void)
{
    const char *rules[] = { "morpharaoh", "morpharaoh edge=majority", "morpharaoh center=majority",
                            "morpharaoh board=160 edge=majority center=majority", "morpharaoh board=160" };
    for (size_t i = 0; i < sizeof rules / sizeof *rules; i++) {
        Seen s = swap_games(rules[i], 0, 0, strstr(rules[i], "160") ? 8 : 30, 0);
        CU_ASSERT(s.games >= 8 && s.plies > 200);
    }
}

/* The board's tables are sigma-invariant for every rule set: the patterns
 * at sigma(p) are the sigma images of those at p (edge cells included),
 * the edge stones and goal lines of one colour are sigma of the other's.
 * (The start of e is not, see test_swap_start_e.) */
static int sym_bit(const Board *b, int bit)
{
    if (!b->size) return b->sym[bit];
    const int S = b->stride, x = bit % S - 1, y = bit / S - 1;
    return (x + 1) * S + (y + 1);
}

static void test_swap_tables(void)
{
    const char *rules[] = { "none", "a", "a edges=on", "p3=on", "abstractplay=default", "abstractplay=default edges=on", "abstractplay=minimorph",
                            "morpharaoh", "morpharaoh edge=majority", "morpharaoh center=majority", "morpharaoh board=160",
                            "morpharaoh board=160 edge=majority center=majority" };
    for (size_t r = 0; r < sizeof rules / sizeof *rules; r++)
        for (int n = 2; n <= (strstr(rules[r], "morpharaoh") ? 2 : 9); n++) {
            Game g = game(n, rules[r]);
            const Board *b = g.b;
            for (int p = 0; p < b->npoints; p++) {
                const int q = b->sym[p];
                if (b->size) CU_ASSERT_EQUAL(b->sym[q], p); /* a transposition is its own inverse */
                CU_ASSERT_EQUAL(b->npat[q], b->npat[p]);
                for (int k = 0; k < b->npat[p]; k++) {
                    const PatternCells *pc = &b->pat[p * MAX_PATTERNS + k];
                    bool found = false;
                    for (int j = 0; j < b->npat[q] && !found; j++) {
                        const PatternCells *qc = &b->pat[q * MAX_PATTERNS + j];
                        if (qc->n != pc->n) continue;
                        int hit = 0;
                        for (int u = 0; u < pc->n; u++)
                            for (int v = 0; v < qc->n; v++) hit += qc->bit[v] == sym_bit(b, pc->bit[u]);
                        found = hit == pc->n;
                    }
                    CU_ASSERT_TRUE(found);
                }
            }
            for (int c = 0; c < 2; c++)
                for (int bit = 0; bit < 64 * b->words; bit++) {
                    if (bb_test(b->edge[c], bit)) CU_ASSERT_TRUE(bb_test(b->edge[!c], sym_bit(b, bit)));
                    if (b->point_of[bit] < 0) continue;
                    const bool g0 = bb_test(b->goal[c][0], bit) || bb_test(b->goal[c][1], bit);
                    const int sb = sym_bit(b, bit);
                    CU_ASSERT_EQUAL(g0, bb_test(b->goal[!c][0], sb) || bb_test(b->goal[!c][1], sb));
                }
            board_free(g.b);
        }
}

/* A swap is a turn and resets the pass count. Where Black must pass at
 * once (e with no weak stone), without the pie pass then pass is a draw;
 * with it White cannot pass but may swap (then pass, swap, pass is not
 * two passes in a row), and two more passes end it. */
static void test_swap_is_no_pass(void)
{
    Game h = game(4, "e edges=off pie=off"), g = game(4, "e edges=off");
    CU_ASSERT_EQUAL(play(&h, "pass"), 0);
    CU_ASSERT_EQUAL(play(&h, "pass"), 0);
    CU_ASSERT_EQUAL(h.p.result, RESULT_DRAW);
    CU_ASSERT_EQUAL(play(&g, "pass"), 0);
    CU_ASSERT_FALSE(legal(&g, "pass"));
    CU_ASSERT_EQUAL(play(&g, "swap"), 0);
    CU_ASSERT_EQUAL(play(&g, "pass"), 0);
    CU_ASSERT_FALSE(pos_over(&g.p));
    CU_ASSERT_EQUAL(play(&g, "pass"), 0);
    CU_ASSERT_EQUAL(g.p.result, RESULT_DRAW);
    board_free(g.b);
    board_free(h.b);
}

int main(void)
{
    static const TestCase tests[] = {
        { "the tie-break after a swap", test_swap_tiebreak },
        { "the hash tells a swap apart where it matters", test_swap_hash },
        { "mutator e's start", test_swap_start_e },
        { "the owed stone of d (Remorph)", test_swap_owed_stone },
        { "pairs and first turns of c (Duomorph)", test_swap_pairs },
        { "edges, P3 and mutator b", test_swap_edges_p3_b },
        { "Morpharaoh's edge and centre options", test_swap_morpharaoh },
        { "the board's tables are sigma-invariant", test_swap_tables },
        { "a swap is no pass", test_swap_is_no_pass },
    };
    return run_suite("swap", tests, sizeof tests / sizeof *tests);
}

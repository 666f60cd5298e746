/* reference.h - rules.md's weak-stone test taken literally, by coordinates
 * (no bitboards, no tables), and the two checks of the rules core against
 * it that test_rules (P1, P2, edges, mutator a) and test_abstractplay (P3)
 * share: random positions, and each pattern alone in each orientation. */
#ifndef MORPHOS_TESTS_REFERENCE_H
#define MORPHOS_TESTS_REFERENCE_H

#include "support.h"

enum { NOTHING = 3 };

/* The colour at (x, y): a point, an edge stone of its owner when edges
 * count, else nothing (outer corners and beyond). */
static inline int ref_cell(const Position *p, int x, int y)
{
    const Board *b = p->board;
    int n = b->size;
    if (x >= 0 && y >= 0 && x < n && y < n) return pos_color_at(p, y * n + x);
    if (!b->rules.edges) return NOTHING;
    if (x >= 0 && x < n && (y == -1 || y == n)) return BLACK;
    if (y >= 0 && y < n && (x == -1 || x == n)) return WHITE;
    return NOTHING;
}

/* The patterns' enemy cells around the stone at (0, 0): P1, P2; P1', P2'
 * under a; P3 with p3 (AbstractPlay). */
static const int RP1[][2] = { {0, 1}, {-1, 1}, {-1, 0}, {0, -1} };
static const int RP2[][2] = { {-1, 2}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1} };
static const int RP1a[][2] = { {0, 1}, {-1, 0}, {0, -1} };
static const int RP2a[][2] = { {-1, 1}, {-1, 0}, {0, -1}, {1, -1} };
static const int RP3[][2] = { {-1, 0}, {-1, 1}, {0, 2}, {1, 2}, {2, 1}, {2, 0}, {1, -1}, {0, -1} };

/* A pattern cell's image under transform t (0..7): rotations
 * (dx,dy) -> (-dy,dx) t & 3 times, then dy -> -dy when t & 4: the eight
 * rotations and reflections (AbstractPlay's construction). */
static inline void ref_transform(int t, int dx, int dy, int *ox, int *oy)
{
    for (int r = 0; r < (t & 3); r++) {
        int s = dx;
        dx = -dy;
        dy = s;
    }
    if (t & 4) dy = -dy;
    *ox = dx;
    *oy = dy;
}

/* Is the stone at (x, y) weak, counting extra_pt (if >= 0) as an enemy
 * stone? */
static inline bool ref_weak(const Position *p, int x, int y, int extra_pt)
{
    const Board *b = p->board;
    int n = b->size;
    int c = ref_cell(p, x, y);
    if (c != BLACK && c != WHITE) return false;
    const int(*pats[3])[2] = { b->rules.a ? RP1a : RP1, b->rules.a ? RP2a : RP2, RP3 };
    int len[3] = { b->rules.a ? 3 : 4, b->rules.a ? 4 : 5, 8 };
    for (int k = 0; k < 2 + b->rules.p3; k++)
        for (int t = 0; t < 8; t++) {
            bool all = true;
            for (int j = 0; j < len[k] && all; j++) {
                int dx, dy;
                ref_transform(t, pats[k][j][0], pats[k][j][1], &dx, &dy);
                int cx = x + dx, cy = y + dy;
                bool extra = extra_pt >= 0 && cx >= 0 && cy >= 0 && cx < n && cy < n && cy * n + cx == extra_pt;
                all = extra || ref_cell(p, cx, cy) == !c;
            }
            if (all) return true;
        }
    return false;
}

/* `iters` random positions of the n x n board under `rules` (each point a
 * stone with probability pct_lo + rnd(pct_span) percent): both colours'
 * weak stones (pos_weak_stones), the empty points where a stone would be
 * weak (pos_weak_if_placed) and pos_point_weak, against ref_weak. Adds the
 * stones checked and the weak ones to *checked and *weak. */
static inline void ref_check_random(int n, const char *rules, int iters, int pct_lo, unsigned pct_span, int *checked,
                                    int *weak)
{
    Game g = game(n, rules);
    for (int iter = 0; iter < iters; iter++) {
        random_stones(&g, pct_lo + (int)rnd(pct_span));
        for (int c = 0; c < 2; c++) {
            g.p.to_move = (uint8_t)!c;
            bb_t w, wif;
            pos_weak_stones(&g.p, (Color)c, w);
            pos_weak_if_placed(&g.p, (Color)c, wif);
            for (int q = 0; q < g.b->npoints; q++) {
                bool want = (int)pos_color_at(&g.p, q) == c && ref_weak(&g.p, q % n, q / n, -1);
                CU_ASSERT_EQUAL(bb_test(w, g.b->bit_of[q]), want);
                /* An empty point: weak for a stone of c placed there
                 * (pos_point_weak's table lookup, checked below). */
                bool empty = pos_color_at(&g.p, q) == EMPTY;
                CU_ASSERT_EQUAL(bb_test(wif, g.b->bit_of[q]), empty && pos_point_weak(&g.p, (Color)c, q));
                if ((int)pos_color_at(&g.p, q) == c) CU_ASSERT_EQUAL(pos_point_weak(&g.p, (Color)c, q), want);
                (*checked)++;
                *weak += want;
            }
        }
    }
    board_free(g.b);
}

/* Each image of the pattern `pat` (len cells) alone around a stone of
 * either colour on E5 of a 9x9 board under `rules`, the opponent to move:
 * weak, and a flip the opponent may make; with any one cell missing: not.
 * The images are want_distinct distinct cell sets. */
static inline void ref_check_orientations(const char *rules, const int (*pat)[2], int len, int want_distinct)
{
    Game g = game(9, rules);
    int distinct = 0;
    uint64_t seen[8];
    for (int t = 0; t < 8; t++) {
        int cells[8];
        uint64_t sig = 0;
        for (int j = 0; j < len; j++) {
            int dx, dy;
            ref_transform(t, pat[j][0], pat[j][1], &dx, &dy);
            cells[j] = (4 + dy) * 9 + 4 + dx;
            sig |= (uint64_t)1 << (cells[j] - 20);
        }
        int dup = 0;
        for (int k = 0; k < distinct; k++) dup |= seen[k] == sig;
        if (!dup) seen[distinct++] = sig;
        for (int miss = -1; miss < len; miss++)
            for (int c = 0; c < 2; c++) {
                pos_init(&g.p, g.b);
                pos_set_stone(&g.p, pt(g.b, "E5"), (Color)c);
                for (int j = 0; j < len; j++)
                    if (j != miss) pos_set_stone(&g.p, cells[j], (Color)!c);
                g.p.to_move = (uint8_t)!c;
                CU_ASSERT_EQUAL(is_weak(&g, (Color)c, "E5"), miss < 0);
                CU_ASSERT_EQUAL(pos_point_weak(&g.p, (Color)c, pt(g.b, "E5")), miss < 0);
                CU_ASSERT_EQUAL(legal(&g, "E5"), miss < 0);
            }
    }
    CU_ASSERT_EQUAL(distinct, want_distinct);
    board_free(g.b);
}

#endif

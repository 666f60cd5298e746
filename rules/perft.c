/* perft.c - leaf counts of the game tree, the rules core's contract. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "conn.h"
#include "targets.h"
#include "word5.h"

/* Bulk counting two plies from the leaves, for turns of one placement or
 * one flip (no mutator b, c or d). A placement leaves the opponent's
 * stones as they were, so the opponent's flips in that child are the
 * mover's stones that are weak here, plus the new stone if it is weak:
 * one weak set for all placement children instead of one each. */
static uint64_t perft_bulk2(const Position *p, MoveList *ml)
{
    const Board *b = p->board;
    const int nw = b->words, x = p->to_move, y = !x;
    bb_t yplane = { 0 }, w;
    uint64_t empty = 0;
    for (int i = 0; i < nw; i++) {
        yplane[i] = p->stones[y][i] | b->edge[y][i];
        empty += (uint64_t)__builtin_popcountll(b->points[i] & ~(p->stones[0][i] | p->stones[1][i]));
    }
    weak_set(b, yplane, p->stones[x], w);
    const uint64_t nweak = (uint64_t)bb_popcount(w, nw);
    size_t n = pos_gen_moves(p, ml);
    uint64_t sum = 0;
    Position c = *p;
    for (size_t i = 0; i < n; i++) {
        const Move *m = &ml->m[i];
        if (m->n != 1 || (m->kind != MOVE_PLACE && m->kind != MOVE_FLIP)) { /* pass, swap */
            pos_copy(&c, p);
            pos_play(&c, m);
            sum += pos_over(&c) ? 0 : pos_count_moves(&c);
            continue;
        }
        /* No child position needed: whether the move wins, and its count. */
        const int q = m->pt[0];
        if (pos_wins_with(p, x, q)) continue;
        uint64_t k;
        if (m->kind == MOVE_PLACE) {
            k = empty - 1 + nweak + point_weak(b, yplane, q);
        } else {
            /* The opponent lost q: only weak stones with q in a pattern
             * can stop being weak; q itself is judged without q. */
            bb_t less;
            memcpy(less, yplane, sizeof less);
            bb_clear(less, b->bit_of[q]);
            k = empty + nweak + point_weak(b, less, q);
            for (int j = 0; j < b->nreach[q]; j++) {
                int s2 = b->reach[q][j];
                if (bb_test(w, b->bit_of[s2]) && !point_weak(b, less, s2)) k--;
            }
        }
        k += b->rules.pie && p->ply == 0; /* the child is White's first turn */
        sum += k ? k : 1;                 /* nothing at all: pass */
    }
    return sum;
}

/* The tie-break can end a game only on a full board: after a move here
 * when at most one point is empty (perft_bulk2 does not look for it). */
static bool few_empty(const Position *p)
{
    bb_t e;
    empty_set(p, e);
    return bb_popcount(e, p->board->words) <= 1;
}

/* What each depth of the recursion reuses: its move list, and the child
 * it plays moves into (zeroed once, so that only the board's words are
 * ever copied into it). */
typedef struct PerftLevel {
    Position child;
    MoveList list;
} PerftLevel;

typedef uint64_t (*PerftFn)(const Position *p, int depth, bool bulk, PerftLevel *lv);

/* The children of a plain turn (targets t, mover x) played into c, each
 * counted by self to `below` more plies; below = 0 (a constant where the
 * leaves are): each child is one leaf, played. */
static inline __attribute__((always_inline)) uint64_t plain_children(const Position *p, Position *c, int x, const uint64_t *t, const int below,
                                                                    bool bulk, PerftLevel *lv, const int S0, const int NW0, PerftFn self)
{
    const Board *b = p->board;
    const int nw = NW0 ? NW0 : b->words;
    uint64_t sum = 0;
    for (int i = 0; i < nw; i++)
        for (uint64_t w = t[i]; w; w &= w - 1) {
            const int bit = i * 64 + __builtin_ctzll(w);
            if (NW0) pos_copy_words(c, p, NW0);
            else pos_copy(c, p);
            play_point_by(c, x, b->point_of[bit], bit, (int)(p->stones[!x][i] >> (bit & 63) & 1), S0, NW0);
            sum += below == 0 ? 1 : self(c, below, bulk, lv);
        }
    return sum;
}

/* The last ply of plain perft on 5x5 under the base rules (regs5_rules):
 * each child of p (mover m, a constant; targets t) made into c as
 * play_point_by makes it, from the parent's words held in registers. c
 * takes the parent's state once, and each child only what a one-point
 * move changes: the stones, the connected sets, the key, the last move,
 * the flipped point and the result (the general path copies the whole
 * position per child and plays into it). conn_add's tests are sets of
 * the parent, worked out once for all its children: J, the points where
 * a stone joins cm (next to it, or on the first goal line), and L, those
 * next to a loose stone; only a stone in both, or a flip of a connected
 * stone, floods. Returns the number of children. */
static inline __attribute__((always_inline)) uint64_t leaves5(const Position *p, Position *c, const int m, uint64_t t)
{
    const Board *b = p->board;
    const uint64_t all = ~(uint64_t)0, me = p->stones[m][0], op = p->stones[!m][0], cm = p->conn[m][0], co = p->conn[!m][0];
    const uint64_t key = p->key, g1 = m == BLACK ? ROW5(4) : COL5(4);
    const uint64_t J = grow5(cm, all) | (m == BLACK ? ROW5(0) : COL5(0)), L = grow5(me & ~cm, all) & J;
    memcpy(c, p, offsetof(Position, stones));
    c->ply++;
    c->to_move = (uint8_t)!m;
    c->passes = 0;
    c->owe = 0;
    const uint64_t n = (uint64_t)__builtin_popcountll(t);
    for (; t; t &= t - 1) {
        const uint64_t x = t & -t, f = (op & x) != 0, me1 = me | x, op1 = op & ~x, xj = x & J;
        const int bit = __builtin_ctzll(t), q = b->point_of[bit];
        c->stones[m][0] = me1;
        c->stones[!m][0] = op1;
        c->key = key ^ b->zob[m][q] ^ (b->zob[!m][q] & -f);
        c->flipped = (int16_t)(f ? q : -1);
        c->last = move_pts(f ? MOVE_FLIP : MOVE_PLACE, 1, q, -1, -1);
        c->conn[!m][0] = __builtin_expect((co & x) != 0, 0) ? conn5(!m, op1) : co; /* flip_stone's rebuild */
        uint64_t cm1 = cm | xj, won = xj & g1;
        if (__builtin_expect((x & L) != 0, 0)) { /* conn_join */
            const uint64_t g = flood5(x, me1 & ~cm);
            cm1 = cm | g;
            won = g & g1;
        }
        c->conn[m][0] = cm1;
        c->result = (uint8_t)(won ? (m == BLACK ? RESULT_BLACK : RESULT_WHITE) : RESULT_NONE);
        /* Every child made in memory, as the general path makes it: without
         * the barrier gcc stores only the last child's key and last move
         * (no child is read here), and a leaf would cost less than a make. */
        __asm__ volatile("" : : "r"(c) : "memory");
#ifdef MORPHOS_CHECKS
        Position ref;
        memcpy(&ref, p, sizeof ref);
        play_point_by(&ref, m, q, bit, (int)f, 7, 1);
        hot_assert(memcmp(&ref, c, sizeof ref) == 0);
#endif
    }
    return n;
}

/* Out of line, so that the registers are allocated for the loop alone. */
static __attribute__((noinline)) uint64_t leaves5_black(const Position *p, Position *c, uint64_t t) { return leaves5(p, c, BLACK, t); }
static __attribute__((noinline)) uint64_t leaves5_white(const Position *p, Position *c, uint64_t t) { return leaves5(p, c, WHITE, t); }

/* One node. S0, NW0: the board's stride and word count as constants (0:
 * the board's), so that plain turns, where most leaves are, compile per
 * size; self: the copy for this size, for the children. */
static inline __attribute__((always_inline)) uint64_t
perft_node(const Position *p, int depth, bool bulk, PerftLevel *lv, const int S0, const int NW0, PerftFn self)
{
    if (depth == 0) return 1;
    if (pos_over(p)) return 0;
    if (bulk && depth == 1) return pos_count_moves(p);
    const Ruleset *r = &p->board->rules;
    if (bulk && depth == 2 && !r->b && !r->c && !r->d && !(r->tiebreak && few_empty(p)))
        return perft_bulk2(p, &lv[depth].list);
    const Board *b = p->board;
    if (plain_turn(p)) {
        /* A plain turn: its moves are the bits of one set, played straight
         * from it (no move list, no pos_play dispatch). */
        const int x = p->to_move, nw = NW0 ? NW0 : b->words;
        bb_t plane = { 0 }, t;
        for (int i = 0; i < nw; i++) plane[i] = p->stones[x][i] | b->edge[x][i];
        if (targets_n(b, plane, p->stones[x], p->stones[!x], b->edge[x], t, S0, NW0, 0) > 0) {
            Position *c = &lv[depth].child;
            if (depth == 1 && S0 == 7 && NW0 == 1 && regs5_rules(b)) return x == BLACK ? leaves5_black(p, c, t[0]) : leaves5_white(p, c, t[0]);
            if (depth == 1) return plain_children(p, c, x, t, 0, bulk, lv, S0, NW0, self);
            return plain_children(p, c, x, t, depth - 1, bulk, lv, S0, NW0, self);
        }
    }
    MoveList *ml = &lv[depth].list;
    size_t n = pos_gen_moves(p, ml);
    uint64_t sum = 0;
    Position *c = &lv[depth].child;
    for (size_t i = 0; i < n; i++) {
        pos_copy(c, p);
        pos_play(c, &ml->m[i]);
        sum += depth == 1 ? 1 : self(c, depth - 1, bulk, lv);
    }
    return sum;
}

static uint64_t perft_any(const Position *p, int depth, bool bulk, PerftLevel *lv)
{
    return perft_node(p, depth, bulk, lv, 0, 0, perft_any);
}
#define SIZE_FN(n)                                                                  \
    static uint64_t perft_##n(const Position *p, int depth, bool bulk, PerftLevel *lv) \
    {                                                                               \
        return perft_node(p, depth, bulk, lv, n + 2, SQ_NW(n), perft_##n);          \
    }
SQUARE_SIZES(SIZE_FN)
#undef SIZE_FN

uint64_t perft(const Position *p, int depth, bool bulk)
{
    if (depth <= 0) return 1;
    /* Position is cache-line aligned (alignas(64)), more than calloc
     * promises; aligned_alloc wants a multiple of the alignment. */
    const size_t bytes = ((size_t)depth + 1) * sizeof(PerftLevel);
    PerftLevel *lv = aligned_alloc(_Alignof(PerftLevel), (bytes + 63) / 64 * 64);
    if (!lv) abort();
    memset(lv, 0, bytes);
    PerftFn f = perft_any;
    switch (p->board->size) {
#define CASE(n) \
    case n: f = perft_##n; break;
        SQUARE_SIZES(CASE)
#undef CASE
    default: break;
    }
    uint64_t n = f(p, depth, bulk, lv);
    for (int i = 0; i <= depth; i++) movelist_free(&lv[i].list);
    free(lv);
    return n;
}

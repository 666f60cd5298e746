/* conn.h - the connected sets (Position.conn) and the single-point move,
 * inline for the loops that play most moves: pos_play, perft and random
 * playouts. Internal to rules/.
 *
 * conn[c] holds the stones of c joined to c's first goal line. It only
 * grows while c adds stones, so a win test is one AND with the second goal
 * line; only losing a connected stone to a flip rebuilds it. */
#ifndef MORPHOS_CONN_H
#define MORPHOS_CONN_H

#include "core.h"
#include "simd.h"

/* position.c */
/* conn[c] from scratch: conn_rebuild_n for any board, out of line. */
void conn_rebuild(Position *p, int c);
#ifdef MORPHOS_CHECKS
/* The invariants after a move (check.h's builds): pos_play's, and the
 * paths that play without it. */
void pos_assert_played(const Position *p);
#endif
/* AbstractPlay's tie-break (rules.tiebreak), for a full board. */
void tiebreak_full(Position *p);

/* The tie-break after a turn. `w`: the word of the point just played, the
 * likeliest to hold an empty point: most turns look at that one word only. */
static inline void tiebreak(Position *p, int w)
{
    const Board *b = p->board;
    if (b->points[w] & ~(p->stones[0][w] | p->stones[1][w])) return;
    uint64_t open = 0;
    for (int i = 0; i < b->words; i++) open |= b->points[i] & ~(p->stones[0][i] | p->stones[1][i]);
    if (!open) tiebreak_full(p);
}

/* The same with the board's word count as a constant (0: unknown): a
 * one-word board is one shift. */
static inline __attribute__((always_inline)) uint64_t window64_n(const uint64_t *a, int lo, const int NW0)
{
    return NW0 == 1 ? a[0] >> lo : bb_window64(a, lo);
}

/* f grown through `within`: square boards by shifts, with the stride and
 * word count as constants where S0, NW0 give them (0: the board's); Cairo
 * boards by their neighbour graph. */
static inline __attribute__((always_inline)) void conn_fill_n(const Board *b, uint64_t *f, const uint64_t *within, const int S0,
                                                              const int NW0)
{
#if SIMD_BOARD
    /* The vector backend: the board in one register (simd.h), from 5
     * words (zmm: 15x15 to 19x19). f and within were just written word by
     * word, and a vector load of them waits for those stores: on 13x13
     * (4 words) the word loops ran random playouts in 0.94 of the ymm
     * fill's CPU time, on 19x19 the zmm fill in 0.89 of theirs. */
    if (S0 && NW0 >= SIMD_FILL_MIN_WORDS && NW0 <= 8) {
        simd_fill_512(f, within, S0, NW0);
        return;
    }
#endif
#if PAIR_BOARD
    /* WebAssembly: the word pairs in registers (simd.h), where the word
     * loop's fills were a tenth of a 19x19 random ply (V8). */
    if (S0 && NW0 >= 2) {
        pairs_fill(f, within, S0, NW0);
        return;
    }
#endif
    if (S0) fill_square_n(f, within, S0, NW0 ? NW0 : b->words);
    else fill_component(b, f, within);
}

/* conn[c] from scratch: c's stones on its first goal line and all joined to
 * them. S0, NW0 as for conn_fill_n. */
static inline __attribute__((always_inline)) void conn_rebuild_n(Position *p, int c, const int S0, const int NW0)
{
    const Board *b = p->board;
    const int nw = NW0 ? NW0 : b->words;
    for (int i = 0; i < nw; i++) p->conn[c][i] = p->stones[c][i] & b->goal[c][0][i];
    conn_fill_n(b, p->conn[c], p->stones[c], S0, NW0);
}

/* f = the stone on pt (bit) with the loose stones of c (not in conn[c])
 * that it connects; returns whether f reaches c's far goal line. The stone
 * on pt need not be in stones[c] yet. S0, NW0 as for conn_fill_n. */
static inline __attribute__((always_inline)) bool join_component_n(const Position *p, int c, int pt, int bit, uint64_t *f,
                                                                   const int S0, const int NW0)
{
    const Board *b = p->board;
    const int nw = NW0 ? NW0 : b->words;
    bb_t loose;
    bb_zero(loose);
    for (int i = 0; i < nw; i++) {
        loose[i] = p->stones[c][i] & ~p->conn[c][i];
        f[i] = 0;
    }
    f[bit >> 6] = (uint64_t)1 << (bit & 63); /* f is zero so far */
    bb_set(loose, bit);
    /* Most stones bring no loose neighbours along: then no fill. */
    bool more;
    if (S0 || b->size) {
        more = (window64_n(loose, bit - (S0 ? S0 : b->stride), NW0) & b->nbr_window) != 0;
    } else {
        uint64_t any = 0;
        for (int i = 0; i < nw; i++) any |= loose[i] & b->nbr_bb[pt][i];
        more = any != 0;
    }
    if (more) conn_fill_n(b, f, loose, S0, NW0);
    uint64_t hit = 0;
    for (int i = 0; i < nw; i++) hit |= f[i] & b->goal[c][1][i];
    return hit != 0;
}

/* Would a stone of c on pt (bit) touch c's first goal line or conn[c]? */
static inline __attribute__((always_inline)) bool joins(const Position *p, int c, int pt, int bit)
{
    const Board *b = p->board;
    const uint64_t *conn = p->conn[c];
    if (b->size) /* the four neighbours from one window starting at bit - S (frame bits are never in conn) */
        return ((bb_window64(conn, bit - b->stride) & b->nbr_window) | (uint64_t)bb_test(b->goal[c][0], bit)) != 0;
    if (bb_test(b->goal[c][0], bit)) return true;
    uint64_t any = 0;
    for (int i = 0; i < b->words; i++) any |= conn[i] & b->nbr_bb[pt][i];
    return any != 0;
}

/* The stone on pt joins conn[c] with the loose stones it connects; whether
 * c now connects its goal lines. */
static inline __attribute__((always_inline)) bool conn_join(Position *p, int c, int pt, int bit, const int S0, const int NW0)
{
    bb_t f;
    const bool won = join_component_n(p, c, pt, bit, f, S0, NW0);
    for (int i = 0, nw = NW0 ? NW0 : p->board->words; i < nw; i++) p->conn[c][i] |= f[i];
    return won;
}

/* Stone pt (board bit `bit`: callers have both) of colour c was just
 * added (already in stones[c], not in conn[c]). Returns whether c now
 * connects its two goal lines through it. S0, NW0: the stride and word
 * count as constants (0: the board's).
 * Square boards: whether it joins conn and whether it has loose
 * neighbours are both random in a playout, so they are computed as masks;
 * only a join that brings loose stones along (a few percent) branches to
 * the fill. */
static inline __attribute__((always_inline)) bool conn_add(Position *p, int c, int pt, int bit, const int S0, const int NW0)
{
    const Board *b = p->board;
    if (S0 || b->size) {
        const int lo = bit - (S0 ? S0 : b->stride);
        const uint64_t wc = window64_n(p->conn[c], lo, NW0), ws = window64_n(p->stones[c], lo, NW0), nb = b->nbr_window;
        /* j all ones when the stone joins: one test for the rare join
         * with loose stones (as `j && loose` gcc made two branches, the
         * first as random as j: mutators c,d mispredicted 0.8 a ply there) */
        const uint64_t j = -(uint64_t)(((wc & nb) != 0) | bb_test(b->goal[c][0], bit));
        if (__builtin_expect((ws & ~wc & nb & j) != 0, 0)) return conn_join(p, c, pt, bit, S0, NW0);
        p->conn[c][bit >> 6] |= (j & 1) << (bit & 63);
        return j & bb_test(b->goal[c][1], bit);
    }
    if (bb_test(b->goal[c][0], bit)) return conn_join(p, c, pt, bit, 0, NW0);
    uint64_t any = 0;
    for (int i = 0, nw = NW0 ? NW0 : b->words; i < nw; i++) any |= p->conn[c][i] & b->nbr_bb[pt][i];
    return any ? conn_join(p, c, pt, bit, 0, NW0) : false;
}

/* Point q (bit `bit`), a stone of the other colour, becomes the mover's:
 * stones, hash, the loser's connected set, F of mutator b, the owed stone
 * of d. S0, NW0 as for conn_add. */
static inline __attribute__((always_inline)) void flip_stone(Position *p, int q, int bit, int mover, const int S0, const int NW0)
{
    const Board *b = p->board;
    const int opp = !mover;
    bb_clear(p->stones[opp], bit);
    bb_set(p->stones[mover], bit);
    p->key ^= b->zob[opp][q] ^ b->zob[mover][q];
    if (bb_test(p->conn[opp], bit)) {
        if (S0) conn_rebuild_n(p, opp, S0, NW0); /* inline where the size is known */
        else conn_rebuild(p, opp);
    }
    p->flipped = (int16_t)q;
    if (b->rules.d) {
        bb_t e;
        empty_set(p, e);
        p->owe = !bb_empty(e, b->words);
    }
}

/* A placement (flip = 0) or flip of point q by the side to move, mover,
 * without mutator b: the whole of pos_play for these moves. bit: q's
 * board bit; S0, NW0 as for conn_add. The mover is given: a caller that
 * has just copied the position (perft) knows it, and reading it back from
 * the copy made plain perft 5x5 18% slower. */
static inline __attribute__((always_inline)) void play_point_by(Position *p, const int mover, int q, int bit, int flip, const int S0,
                                                               const int NW0)
{
    const Board *b = p->board;
    const int opp = !mover;
    p->flipped = -1;
    p->owe = 0;
    if (flip) {
        flip_stone(p, q, bit, mover, S0, NW0);
    } else {
        bb_set(p->stones[mover], bit);
        p->key ^= b->zob[mover][q];
    }
    p->passes = 0;
    p->ply++;
    p->to_move = (uint8_t)opp;
    p->last = move_pts(flip ? MOVE_FLIP : MOVE_PLACE, 1, q, -1, -1);
    if (conn_add(p, mover, q, bit, S0, NW0)) p->result = (uint8_t)(mover == BLACK ? RESULT_BLACK : RESULT_WHITE);
    else if (b->rules.tiebreak) tiebreak(p, bit >> 6);
}

/* play_point_by for the side to move. */
static inline __attribute__((always_inline)) void play_point(Position *p, int q, int bit, int flip, const int S0, const int NW0)
{
    play_point_by(p, p->to_move, q, bit, flip, S0, NW0);
}

#endif

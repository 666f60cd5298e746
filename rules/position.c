/* position.c - start position, playing moves, hashing, queries. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "conn.h"

void movelist_init(MoveList *ml) { memset(ml, 0, sizeof *ml); }
void movelist_free(MoveList *ml)
{
    free(ml->m);
    memset(ml, 0, sizeof *ml);
}
void movelist_reserve(MoveList *ml, size_t n)
{
    if (ml->cap - ml->n >= n) return;
    size_t cap = ml->cap ? ml->cap : 256;
    while (cap - ml->n < n) cap *= 2;
    assert(cap > ml->n && cap >= n); /* no wrap-around */
    Move *nm = realloc(ml->m, cap * sizeof *nm);
    if (!nm) abort(); /* out of memory: nothing sensible to continue with */
    ml->m = nm;
    ml->cap = cap;
}

/* The out-of-line copy for boards without a per-size path (conn.h). */
void conn_rebuild(Position *p, int c) { conn_rebuild_n(p, c, 0, 0); }

bool pos_wins_with(const Position *p, int c, int pt)
{
    assert((c == BLACK || c == WHITE) && pt >= 0 && pt < p->board->npoints);
    const int bit = p->board->bit_of[pt];
    if (!joins(p, c, pt, bit) || bb_test(p->conn[c], bit)) return false;
    bb_t f;
    return join_component_n(p, c, pt, bit, f, 0, 0);
}

static inline bool connects(const Position *p, int c)
{
    uint64_t hit = 0;
    for (int i = 0; i < p->board->words; i++) hit |= p->conn[c][i] & p->board->goal[c][1][i];
    return hit != 0;
}

static uint64_t stones_key(const Position *p)
{
    const Board *b = p->board;
    uint64_t k = 0;
    for (int c = 0; c < 2; c++)
        BB_FOR_EACH(bit, p->stones[c], b->words) k ^= b->zob[c][b->point_of[bit]];
    return k;
}

/* The tie-break (AbstractPlay): a full board on which no stone of either
 * colour is weak (edges counting, F of b not) ends the game; the first
 * seat (AbstractPlay's player 1, the side that joins the rows) wins when
 * two points adjacent along its rows-joining direction hold stones of one
 * colour, else the second seat. Without a swap that is Black and a
 * vertical pair. The swap mapped the stones through sigma, which turns
 * rows into columns and exchanges the colours: then the first seat is
 * White and the pair horizontal (docs/rules.md, "AbstractPlay"). Asked
 * only when no chain decided the turn. */
__attribute__((noinline)) void tiebreak_full(Position *p)
{
    const Board *b = p->board;
    const int nw = b->words;
    for (int c = 0; c < 2; c++) {
        bb_t plane, w;
        for (int i = 0; i < nw; i++) plane[i] = p->stones[!c][i] | b->edge[!c][i];
        weak_set(b, plane, p->stones[c], w);
        if (!bb_empty(w, nw)) return;
    }
    /* A pair: bit q and bit q + step of one colour (frame columns hold no
     * stones, so a step of 1 never joins two rows). */
    assert(b->size && p->swapped <= 1);
    const int step = p->swapped ? 1 : b->stride;
    uint64_t pair = 0;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < nw; i++) {
            const uint64_t *s = p->stones[c];
            uint64_t up = s[i] >> step | (i + 1 < nw ? s[i + 1] << (64 - step) : 0);
            pair |= s[i] & up;
        }
    const uint8_t first = p->swapped ? RESULT_WHITE : RESULT_BLACK, second = p->swapped ? RESULT_BLACK : RESULT_WHITE;
    p->result = pair ? first : second;
}

/* Under b the player to move wins at the start of the turn; otherwise the
 * mover at the end of it (`won`: its conn reached the far line this turn). */
static inline void settle_result(Position *p, int mover, bool won)
{
    if (p->passes >= 2) {
        p->result = RESULT_DRAW;
        return;
    }
    int c = p->board->rules.b ? p->to_move : mover;
    if (c >= 0 && (p->board->rules.b || p->last.kind == MOVE_SWAP ? connects(p, c) : won))
        p->result = (uint8_t)(c == BLACK ? RESULT_BLACK : RESULT_WHITE);
    if (p->result == RESULT_NONE && p->board->rules.tiebreak) tiebreak(p, 0);
}

void pos_init(Position *p, const Board *b)
{
    memset(p, 0, sizeof *p);
    p->board = b;
    memcpy(p->stones, b->start, sizeof p->stones);
    p->key = stones_key(p);
    conn_rebuild(p, BLACK);
    conn_rebuild(p, WHITE);
    p->flipped = -1;
    p->to_move = BLACK;
    p->last.kind = MOVE_NONE;
    if (b->rules.b) settle_result(p, -1, false);
}

void pos_set_stone(Position *p, int point, Color c)
{
    const Board *b = p->board;
    assert(point >= 0 && point < b->npoints && (c == BLACK || c == WHITE || c == EMPTY));
    int bit = b->bit_of[point];
    Color old = pos_color_at(p, point);
    if (old != EMPTY) {
        bb_clear(p->stones[old], bit);
        p->key ^= b->zob[old][point];
    }
    if (c != EMPTY) {
        bb_set(p->stones[c], bit);
        p->key ^= b->zob[c][point];
    }
    conn_rebuild(p, BLACK);
    conn_rebuild(p, WHITE);
}

Color pos_color_at(const Position *p, int point)
{
    assert(point >= 0 && point < p->board->npoints);
    int bit = p->board->bit_of[point];
    return bb_test(p->stones[BLACK], bit) ? BLACK : bb_test(p->stones[WHITE], bit) ? WHITE : EMPTY;
}

static void swap_sides(Position *p)
{
    const Board *b = p->board;
    bb_t s[2];
    memset(s, 0, sizeof s);
    for (int c = 0; c < 2; c++)
        BB_FOR_EACH(bit, p->stones[c], b->words) bb_set(s[!c], b->bit_of[b->sym[b->point_of[bit]]]);
    memcpy(p->stones, s, sizeof s);
    if (p->flipped >= 0) p->flipped = b->sym[p->flipped];
    assert(!p->swapped); /* the pie is taken once: White's first turn */
    p->swapped = 1;
    p->key = stones_key(p);
    conn_rebuild(p, BLACK);
    conn_rebuild(p, WHITE);
}

/* The O(words) part of pos_assert_ok: fields in range, stones on points
 * and of one colour each, conn within the stones. */
static void assert_fields(const Position *p)
{
    const Board *b = p->board;
    assert(b && b->words >= 1 && b->words <= BB_MAXW);
    assert(p->to_move == BLACK || p->to_move == WHITE);
    assert(p->result <= RESULT_DRAW && p->owe <= 1 && p->passes <= 2 && p->swapped <= 1);
    assert(!p->swapped || p->ply >= 2);
    assert(p->flipped >= -1 && p->flipped < b->npoints);
    assert(p->last.kind <= MOVE_NONE && p->last.n <= 3);
    for (int i = 0; i < BB_MAXW; i++) {
        const uint64_t on = i < b->words ? b->points[i] : 0;
        assert(!(p->stones[0][i] & p->stones[1][i]));
        for (int c = 0; c < 2; c++) assert(!(p->stones[c][i] & ~on) && !(p->conn[c][i] & ~p->stones[c][i]));
        (void)on;
    }
}

void pos_assert_ok(const Position *p)
{
    assert_fields(p);
    assert(p->key == stones_key(p));
    Position q;
    memcpy(&q, p, sizeof q);
    for (int c = 0; c < 2; c++) {
        conn_rebuild(&q, c);
        assert(memcmp(q.conn[c], p->conn[c], sizeof q.conn[c]) == 0);
    }
}

#ifdef MORPHOS_CHECKS
/* After each move: the fields always, the key and conn (a fill each) on
 * one position in 8 chosen by its key: the sanitizer tests play millions
 * of moves, and checking every one in full made test_engine's CPU time
 * 60% longer (this: some 20%). */
void pos_assert_played(const Position *p)
{
    if ((p->key & 7) == 0) pos_assert_ok(p);
    else assert_fields(p);
}
#endif

void pos_play(Position *p, const Move *m)
{
    const Board *b = p->board;
    int mover = p->to_move, opp = !mover;
    hot_assert(!pos_over(p) && m->kind < MOVE_NONE && m->n <= 3);
    if (m->n == 1 && !b->rules.b && (m->kind == MOVE_PLACE || m->kind == MOVE_FLIP)) {
        hot_assert(m->pt[0] >= 0 && m->pt[0] < b->npoints);
        play_point(p, m->pt[0], b->bit_of[m->pt[0]], m->kind == MOVE_FLIP, 0, 0); /* the common moves, straight through */
#ifdef MORPHOS_CHECKS
        pos_assert_played(p);
#endif
        return;
    }
    bool won = false;
    switch (m->kind) {
    case MOVE_PASS:
        p->passes++;
        p->flipped = -1;
        p->owe = 0;
        break;
    case MOVE_SWAP:
        swap_sides(p);
        p->passes = 0;
        break;
    default: {
        int np = m->kind == MOVE_FLIP ? m->n - 1 : m->n;
        hot_assert(m->n >= 1);
        for (int i = 0; i < m->n; i++) hot_assert(m->pt[i] >= 0 && m->pt[i] < b->npoints);
        for (int i = 0; i < np; i++) {
            bb_set(p->stones[mover], b->bit_of[m->pt[i]]);
            p->key ^= b->zob[mover][m->pt[i]];
        }
        for (int i = 0; i < np; i++) won |= conn_add(p, mover, m->pt[i], b->bit_of[m->pt[i]], 0, 0);
        p->flipped = -1;
        p->owe = 0;
        if (m->kind == MOVE_FLIP) {
            const int f = m->pt[m->n - 1];
            flip_stone(p, f, b->bit_of[f], mover, 0, 0);
            won |= conn_add(p, mover, f, b->bit_of[f], 0, 0);
        }
        p->passes = 0;
    }
    }
    p->ply++;
    p->to_move = (uint8_t)opp;
    p->last = *m;
    settle_result(p, m->kind == MOVE_PASS ? -1 : mover, won);
#ifdef MORPHOS_CHECKS
    pos_assert_played(p);
#endif
}

uint64_t pos_hash(const Position *p)
{
    const Board *b = p->board;
    uint64_t k = p->key;
    if (p->to_move == WHITE) k ^= b->zob_side;
    if (p->owe) k ^= b->zob_owe;
    if (p->passes) k ^= b->zob_pass;
    if (p->ply < 2) k ^= b->zob_ply[p->ply];
    if (p->flipped >= 0 && b->rules.b) k ^= b->zob_flip[p->flipped];
    k ^= b->zob_swapped & -(uint64_t)p->swapped;
    return k;
}

/* The stones that would flip stones of colour c now: the other side's,
 * its edges, and F when the other side is to move (the board's words). */
static inline void flipper_plane(const Position *p, Color c, uint64_t *plane)
{
    int other = !c;
    if (p->to_move == other) mover_plane(p, other, plane);
    else
        for (int i = 0; i < p->board->words; i++) plane[i] = p->stones[other][i] | p->board->edge[other][i];
}

bool pos_point_weak(const Position *p, Color c, int point)
{
    assert((c == BLACK || c == WHITE) && point >= 0 && point < p->board->npoints);
    bb_t plane;
    flipper_plane(p, c, plane);
    return point_weak(p->board, plane, point);
}

void pos_weak_stones(const Position *p, Color c, uint64_t *out)
{
    assert(c == BLACK || c == WHITE);
    bb_t plane;
    flipper_plane(p, c, plane);
    bb_zero(out);
    weak_set(p->board, plane, p->stones[c], out);
}

void pos_weak_if_placed(const Position *p, Color c, uint64_t *out)
{
    const Board *b = p->board;
    bb_t plane, empty;
    flipper_plane(p, c, plane);
    bb_zero(empty);
    empty_set(p, empty);
    bb_zero(out);
    weak_set(b, plane, empty, out);
}

void pos_weak_points(const Position *p, Color c, uint64_t *out)
{
    assert(c == BLACK || c == WHITE);
    const Board *b = p->board;
    bb_t plane, centres;
    flipper_plane(p, c, plane);
    bb_zero(centres);
    empty_set(p, centres);
    for (int w = 0; w < b->words; w++) centres[w] |= p->stones[c][w];
    bb_zero(out);
    weak_set(b, plane, centres, out);
}

bool pos_winning_chain(const Position *p, Color c, uint64_t *out)
{
    return has_chain(p->board, p->stones[c], c, out);
}

int pos_turns_hint(const Position *p)
{
    const Board *b = p->board;
    int stones = bb_popcount(p->stones[BLACK], b->words) + bb_popcount(p->stones[WHITE], b->words);
    int empties = b->npoints - stones;
    /* The board's width: its side, or the side of a square of as many
     * points (Cairo boards). */
    int width = b->size;
    if (width <= 0)
        while ((width + 1) * (width + 1) <= b->npoints) width++;
    /* Flips: games of mcts against itself from mutator e's full board
     * lasted 18 to 41 moves a side on 19x19, up to 69 on 25x25 (1 s
     * sudden death, both cores busy). */
    int fill = empties * 9 / 20, flips = 3 * width;
    int n = fill > flips ? fill : flips;
    return n > 0 ? n : 1;
}

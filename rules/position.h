/* position.h - a game position and everything the engine and the protocol
 * may ask of it: legal moves, playing a move, the result, the hash, move
 * text, perft. Nothing here knows of search or of GTP.
 *
 * Positions are plain values: copy one to keep it (copy-make). All tables
 * live in the shared, read-only Board. */
#ifndef MORPHOS_POSITION_H
#define MORPHOS_POSITION_H

#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "board.h"

typedef enum { BLACK = 0, WHITE = 1, EMPTY = 2 } Color;
typedef enum { RESULT_NONE = 0, RESULT_BLACK, RESULT_WHITE, RESULT_DRAW } Result;

enum { MOVE_PLACE = 0, MOVE_FLIP = 1, MOVE_PASS = 2, MOVE_SWAP = 3, MOVE_NONE = 4 };

/* A move: up to three points. MOVE_PLACE places all of them; MOVE_FLIP
 * places all but the last and flips the last. Placements are kept in
 * canonical (row-major) order. Points are board point numbers. */
typedef struct Move {
    int16_t pt[3];
    uint8_t n;
    uint8_t kind;
} Move;

/* The one family of Move constructors: move_pts(kind, n, a, b, c) has n
 * points, the unused ones -1; move_of(kind) none (pass, swap, none). */
static inline Move move_pts(int kind, int n, int a, int b, int c)
{
    Move m = { { (int16_t)a, (int16_t)b, (int16_t)c }, (uint8_t)n, (uint8_t)kind };
    return m;
}
static inline Move move_of(int kind) { return move_pts(kind, 0, -1, -1, -1); }

/* A move's points into pts, all three slots (the unused ones as m holds
 * them: -1 from move_pts); returns how many of them are placements (n,
 * n - 1 for a flip, whose last point is the stone flipped, 0 for the
 * others). Its converse is move_pts(kind, n, pts[0], pts[1], pts[2]).
 *
 * A move's points go between a Move and an array of three whole, through
 * these two, never by a loop to n: clang vectorises such a loop under
 * -flto into 16-byte loads or stores of the 6- or 12-byte array, the
 * shape in which LLVM 19's GVN forwards a wrong value to a later load
 * (LLVM issue 111585, fixed for LLVM 20; rules/movegen.c's
 * random_placement_with says how it made the web build play otherwise).
 * tests/run.d/lto.sh looks for such accesses in the whole program. */
static inline int move_placements(const Move *m, int pts[3])
{
    for (int i = 0; i < 3; i++) pts[i] = m->pt[i];
    return m->kind == MOVE_PLACE ? m->n : m->kind == MOVE_FLIP ? m->n - 1 : 0;
}

typedef struct MoveList {
    Move *m;
    size_t n, cap;
} MoveList;

void movelist_init(MoveList *ml);
void movelist_free(MoveList *ml);
void movelist_reserve(MoveList *ml, size_t n); /* room for n more */
static inline void movelist_push(MoveList *ml, Move m)
{
    if (ml->n == ml->cap) movelist_reserve(ml, 1);
    ml->m[ml->n++] = m;
}

typedef struct Position {
    /* The state first, in one cache line; then the bitboards, of which a
     * board uses words [0, board->words) and keeps the rest zero. */
    alignas(64) const Board *board;
    uint64_t key;        /* Zobrist key of the stones */
    uint64_t ply;        /* turns played since the start: 64 bits, so that no
                            game (games can cycle under b) ever wraps it back
                            to the first turns, where swap and c's single
                            placement depend on it */
    int16_t flipped;     /* b: the point the previous turn flipped, else -1 */
    uint8_t to_move;     /* Color */
    uint8_t owe;         /* d: the side to move places a stone first (must, or may under d=extra) */
    uint8_t passes;      /* consecutive passes just played */
    uint8_t result;      /* Result */
    uint8_t swapped;     /* the pie was taken: the stones were mapped through
                            the colour-exchanging symmetry, so Black is the
                            second seat (the rules that name a seat, such as
                            the tie-break, read it; docs/rules.md) */
    Move last;           /* MOVE_NONE at the start */
    alignas(64) bb_t stones[2];
    bb_t conn[2];        /* stones connected to their colour's first goal line */
#if defined(__wasm_simd128__)
    /* WebAssembly: the points that colour c's stones and edge make weak,
     * wk[c], kept for the stones wk_of[c] on the board wk_board[c] (NULL:
     * none) by the random plies of large boards (targets.h). Always true
     * of the copy that holds them: copied with the struct, never by
     * pos_copy_words. */
    const Board *wk_board[2];
    bb_t wk[2], wk_of[2];
#endif
} Position;

/* dst = src for a board of nw words (a constant where the caller knows
 * it, so that the copies are inlined): the state, then the bitboards'
 * first nw words. dst must already be a position of the same board (or
 * zeroed), so that its unused words are zero. */
static inline __attribute__((always_inline)) void pos_copy_words(Position *dst, const Position *src, const int nw)
{
    memcpy(dst, src, offsetof(Position, stones));
    for (int c = 0; c < 2; c++) {
        memcpy(dst->stones[c], src->stones[c], 8 * (size_t)nw);
        memcpy(dst->conn[c], src->conn[c], 8 * (size_t)nw);
    }
}

/* dst = src, copying only the words the board uses (as pos_copy_words). */
static inline void pos_copy(Position *dst, const Position *src)
{
    /* Fixed sizes, so that the copies are inlined; unused words are zero
     * on both sides, so copying a few extra is harmless. */
    const int nw = src->board->words;
    if (nw <= 2) pos_copy_words(dst, src, 2);
    else if (nw <= 4) pos_copy_words(dst, src, 4);
    else if (nw <= 8) pos_copy_words(dst, src, 8);
    else pos_copy_words(dst, src, BB_MAXW);
}

/* The start position of the board's rules. */
void pos_init(Position *p, const Board *b);

/* Set up: put a stone of colour c (or EMPTY) on a point, keeping the hash.
 * For setup only (SGF AB/AW, tests): the result is not re-judged. */
void pos_set_stone(Position *p, int point, Color c);

static inline bool pos_over(const Position *p) { return p->result != RESULT_NONE; }
Color pos_color_at(const Position *p, int point);

/* Every legal move of the side to move, in a stable order, each once
 * (distinct texts). Empty when the game is over. Returns the count. */
size_t pos_gen_moves(const Position *p, MoveList *ml);

/* The number of legal moves, without listing compound moves. */
uint64_t pos_count_moves(const Position *p);

/* How many more turns the side to move may expect to play, roughly, for
 * time management (not a bound): about half the empty points are its
 * placements, and once the board is full the game goes on by flips, about
 * three board widths per side (mutator e starts there; a late game ends
 * there). Never less than 1. */
int pos_turns_hint(const Position *p);

/* NULL when m is legal in p, else why not. */
const char *pos_check_move(const Position *p, const Move *m);

/* Play a legal move (check it first: this does not; in MORPHOS_CHECKS
 * builds it asserts the move's shape - kind, length, points on the board,
 * the game not over - and pos_assert_ok after it). */
void pos_play(Position *p, const Move *m);

/* Assert every invariant of p: the state fields in range, stones on the
 * board's points and of one colour each, unused words zero, conn[c] the
 * stones of c joined to its first goal line, the key. O(board), so
 * pos_play calls it only in builds with MORPHOS_CHECKS (the sanitizer
 * build of make test); tests may call it anywhere. */
void pos_assert_ok(const Position *p);

/* Would a stone of colour c on `point` be weak, the rest of the board as
 * it is (the other side's stones and edges; F of mutator b when that side
 * is to move)? The point may be empty. One table lookup on square boards. */
bool pos_point_weak(const Position *p, Color c, int point);

/* Would colour c connect its goal lines by getting a stone on `point`
 * (placed on an empty point, or flipped)? Without mutator b this is
 * whether that single-point move wins at once. */
bool pos_wins_with(const Position *p, int c, int point);

/* Every point where one stone of colour c would connect its goal lines at
 * once: empty points and the other colour's stones alike (whether a flip
 * there is legal is not checked), as board bits. One fill. */
void pos_winning_points(const Position *p, int c, uint64_t *out);

/* A uniformly random legal move; the position must not be over. *rng is a
 * one-word xorshift state. */
Move pos_random_move(const Position *p, uint64_t *rng);

/* pos_random_move's move (same draws of *rng), played; returns it. One
 * call for the two, compiled per board size on plain turns: the step of
 * a uniform playout. */
Move pos_play_random(Position *p, uint64_t *rng);

/* Play uniformly random moves until the game ends or `cap` plies: the
 * same moves, for the same *rng, as pos_play_random in turn, without a
 * call per ply. Returns the plies played. */
int pos_random_playout(Position *p, uint64_t *rng, int cap);

/* A compound turn (mutators c, d) chosen one point at a time: after the
 * placements S (ns of them, distinct empty points that some legal move
 * holds), as board bits: exact - the empty points r for which S + {r} is
 * a whole move; more - those for which some larger move holds S + {r};
 * flips - the stones f for which S then flipping f is a whole move; stop -
 * S alone is a move; pass, swap - (ns = 0) the move is legal. Without
 * listing the moves. Returns 1, 0 when the game is over, -1 under
 * c=adjacent (list the moves there). */
typedef struct TurnSteps {
    bb_t exact, more, flips;
    bool stop, pass, swap;
} TurnSteps;
int pos_turn_steps(const Position *p, const int16_t *S, int ns, TurnSteps *ts);

/* A uniformly random legal move holding the placements S (as above), in
 * *out: 1; 0 when none (or the game is over); -1 under c=adjacent. */
int pos_random_completion(const Position *p, const int16_t *S, int ns, uint64_t *rng, Move *out);

/* The Zobrist hash of the whole state: stones, side to move, pending
 * mutator state, and the swap where a rule reads it (the tie-break).
 * Equal positions hash equal. */
uint64_t pos_hash(const Position *p);

/* Weak stones of colour c: those the other side could flip if it moved now
 * (F of mutator b included when that side is to move; flip-back ban not
 * applied). As a bitboard of board bits. */
void pos_weak_stones(const Position *p, Color c, uint64_t *out);

/* Empty points where a stone of colour c would be weak at once, by the
 * same test as pos_weak_stones (weakness depends only on the other side's
 * stones and edges around a point). As a bitboard of board bits. */
void pos_weak_if_placed(const Position *p, Color c, uint64_t *out);

/* pos_weak_stones and pos_weak_if_placed of c in one pass: c's weak
 * stones and the empty points where a stone of c would be weak. */
void pos_weak_points(const Position *p, Color c, uint64_t *out);

/* A winning chain of colour c if it has one (the stones of all its winning
 * chains), as board bits. Returns whether there is one. */
bool pos_winning_chain(const Position *p, Color c, uint64_t *out);

/* Move text (see docs/rules.md, "Move notation"). */
int point_parse(const Board *b, const char *text, int *point);   /* 0 ok, -1 bad */
char *point_format(const Board *b, int point, char *buf, size_t len);
char *move_format(const Board *b, const Move *m, char *buf, size_t len);
/* Parse and validate text as a move of the side to move: 0 and *m in
 * canonical form, or -1 and a reason in err. */
int move_parse(const Position *p, const char *text, Move *m, char *err, size_t errlen);
bool move_equal(const Move *a, const Move *b);

/* perft: leaf count at depth; bulk counts the last ply without playing it. */
uint64_t perft(const Position *p, int depth, bool bulk);

#endif

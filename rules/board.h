/* board.h - rule sets and board geometry.
 *
 * A Board is everything about a game that does not change during play: the
 * rule set, the point <-> bit layout, edge-stone masks, goal masks, the
 * weak-stone patterns and the Zobrist keys. It is built once by
 * board_create() (at a board-size or rules change) and is read-only after,
 * so any number of positions and threads can share it.
 *
 * Square boards (Morphos) lay the N x N points out row by row with a
 * one-point frame: bit (y+1)*S + (x+1), S = N+2, so that edge stones are
 * ordinary bits. Points are numbered y*N + x (A1 = 0, row-major). */
#ifndef MORPHOS_BOARD_H
#define MORPHOS_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "bitboard.h"

#define MIN_SIZE 2
#define MAX_SIZE 25
#define MAX_POINTS 625
#define MAX_PATTERNS 40 /* per point: 16 square orientations, or Cairo control sets */
#define MAX_PCELLS 8
#define MAX_CODE_CELLS 20
#define CAIRO_MAX_CELLS 160

typedef enum { GAME_MORPHOS = 0, GAME_MORPHARAOH = 1 } GameKind;

typedef struct Ruleset {
    uint8_t game;             /* GameKind */
    uint8_t a, b, c, d, e;    /* mutators (Morphos) */
    uint8_t edges;            /* edge stones count in patterns */
    uint8_t pie;              /* White may swap on its first turn */
    uint8_t c_upto;           /* c: one or two placements (else exactly two) */
    uint8_t c_adjacent;       /* c: two orthogonally adjacent placements, or one
                                 that leaves the stone no empty neighbour */
    uint8_t d_extra;          /* d: the returned stone is optional */
    uint8_t e_a1white;        /* e: A1 starts white */
    uint8_t p3;               /* third weak pattern P3 (AbstractPlay) */
    uint8_t tiebreak;         /* a full board with no weak stone ends the game */
    /* Morpharaoh */
    uint8_t cells;            /* 48 or 160 */
    uint8_t edge_majority;    /* edge cells: 2 orthogonal mover stones */
    uint8_t center_majority;  /* inner cells: 3 orthogonal mover stones */
} Ruleset;

/* The default rules (plain Morphos). */
void ruleset_default(Ruleset *r);

/* Parse rule tokens separated by spaces or commas (see docs/rules.md):
 * `morphos`, `none`, `a`..`e`, `edges=on|off`, `c=exact|upto|adjacent`,
 * `d=return|extra`, `e=a1black|a1white`, `p3=on|off`, `tiebreak=on|off`,
 * `pie=on|off`, the presets `abstractplay=default|minimorph|duomorph|remorph`
 * (or AbstractPlay's variant ids `simplified|double|replace`)
 * (which set every field; later tokens override them), and for Morpharaoh
 * `morpharaoh`, `board=48|160`, `edge=pair|majority`,
 * `center=embrace|majority`. The result is the defaults with the tokens
 * applied, whatever their order. Returns NULL on success, else a message
 * (and *r is untouched). */
const char *ruleset_parse(Ruleset *r, const char *text);

/* Canonical text, e.g. "none,edges=on,pie=on" or "a,c,edges=off,c=exact,pie=off". */
void ruleset_format(const Ruleset *r, char *buf, size_t len);

#define WINDOW_BACK(S) (2 * (S) + 2)

struct Position;

typedef struct PatternCells {
    uint8_t n;
    int16_t bit[MAX_PCELLS]; /* cells (as bits) that must hold enemy stones */
} PatternCells;

typedef struct Board {
    Ruleset rules;
    int size;       /* N for square boards; 0 for Cairo */
    const struct CairoCell *cairo; /* Cairo boards: the cells (rules/cairo.h) */
    int npoints;
    int words;      /* bitboard words in use */
    int stride;     /* S = N+2 (square) */
    /* What a search needs to know of the rules, so that the engine reads
     * capabilities, never mutator letters (a new mutator sets these here,
     * in board_create, and stays inside rules/): */
    int max_places;      /* the most stones one turn places (c: 2) */
    bool single_steps;   /* a turn with no stone owed is one placement or
                            one flip (no c) */
    bool flip_bannable;  /* a flip of a weak stone can be illegal (b's
                            flip-back ban): check flips before playing them */
    bool may_owe;        /* a flip can leave the flipped side a stone to
                            return next turn (d) */
    bool full_board_ends; /* a full board with no weak stone ends the game
                             (tiebreak) */
    bool plain_turns; /* no mutator b or c: a turn with no stone owed is one
                         placement or one flip (the fast paths' test) */
    bool weak_by_stones; /* a side's weak stones follow from the two sides'
                            stones alone (no b: under b the stone the
                            opponent flipped last counts as the mover's) */
    int16_t bit_of[MAX_POINTS];
    int16_t point_of[BB_MAXW * 64]; /* -1 where no point */

    bb_t points;      /* every real point */
    bb_t edge[2];     /* edge stones by colour (zero when edges are off) */
    bb_t goal[2][2];  /* the two edge rows/columns each colour connects */
    bb_t not_first_col, not_last_col; /* square: guards for 2-column shifts */
    bb_t start[2];    /* the start position's stones */

    /* Per point: the patterns that make a stone there weak, as bit lists.
     * Used for single-point tests (flip checks, the b flip-back ban); bulk
     * weak sets on square boards use shifted ANDs instead. */
    uint8_t npat[MAX_POINTS];
    PatternCells *pat; /* npoints * MAX_PATTERNS */
    /* Square boards: the same patterns as masks over a 128-bit window of
     * the bitboard starting at bit_of[p] - WINDOW_BACK(stride). */
    unsigned __int128 *wpat; /* npoints * MAX_PATTERNS */
    /* Square boards: the cells the patterns use (8 neighbours and 8 knight
     * offsets; P3 adds the 4 at distance 2: at most MAX_CODE_CELLS), as a
     * mask over the window; bit `code` of weak_code tells whether the cells
     * set in a code (cells in window order) close a pattern; code_mask[p]
     * drops the cells that do not exist around point p. */
    unsigned __int128 code_cells;
    int ncode_cells;
    int code_clash;     /* two cells share a window position (P3 on 2x2): no table */
    uint8_t *weak_code; /* 2^MAX_CODE_CELLS bits, of which 2^ncode_cells used */
    uint32_t code_mask[MAX_POINTS];
    uint64_t nbr_window; /* the 4 neighbours in a window from bit - S */
    unsigned __int128 orth_window; /* the 4 neighbours in a wpat window (from bit - WINDOW_BACK(S)) */

    int nsq; /* square boards: the distinct pattern orientations */

    /* reach[p]: the points whose patterns have p as a cell, i.e. whose
     * weakness a stone on p can change. */
    uint8_t nreach[MAX_POINTS];
    int16_t reach[MAX_POINTS][24];

    /* The colour-exchanging symmetry of the pie rule: (x, y) -> (y, x) on
     * square boards, a quarter turn on Cairo boards. */
    int16_t sym[MAX_POINTS];

    /* Orthogonal neighbours as points (flood fill on non-square boards, priors). */
    bb_t *nbr_bb; /* Cairo boards: each point's orthogonal neighbours as a bitboard */
    uint8_t nnbr[MAX_POINTS];
    int16_t nbr[MAX_POINTS][8];

    /* Cairo boards. Every control pattern is a set of the cell's (at most
     * 5) orthogonal neighbours, so whether a stone is weak is one bit of
     * ccode[p].weak, indexed by the code of the flipper's stones among the
     * neighbours (neighbour k in ascending bit order is code bit k). The
     * code is gathered from at most two words: bits m[j] of word w[j]
     * (m[1] = 0 when one word holds them all; shift = popcount(m[0])).
     * Without pext (WebAssembly, x86-64 before BMI2) a multiply gathers
     * each word's bits instead: (word & m[j]) * mul[j] >> msh[j] is an
     * index, one per subset of m[j] (in another order than pext's);
     * bit idx0 | idx1 << mb0 of mweak is the same weak bit. */
    struct {
        uint64_t m[2];
        uint32_t weak;
        uint8_t w[2], shift;
        uint8_t msh[2], mb0;
        uint64_t mul[2], mweak;
    } ccode[CAIRO_MAX_CELLS];
    int16_t cnbr[CAIRO_MAX_CELLS][5]; /* the neighbours in code order */
    uint64_t zob[2][MAX_POINTS];
    uint64_t zob_side, zob_owe, zob_pass, zob_ply[2], zob_flip[MAX_POINTS];
    uint64_t zob_swapped; /* 0 unless a rule reads Position.swapped (the tie-break) */
    /* pos_play_random's loop for one ply, chosen once for the board's
     * size and rules (movegen.c): a playout's policy plies call it. */
    int (*random_ply)(struct Position *p, uint64_t *rng, int cap);
} Board;

/* The orthogonal neighbourhood over a board's bitboards (its words), by
 * shifts on square boards and by the neighbour graph on Cairo boards, as
 * the win test grows it (win.c), for the engine's distance layers too:
 * out = f's points and their orthogonal neighbours, on the board (one
 * step, not a fill; out is not f). */
void board_dilate(const Board *b, const uint64_t *f, uint64_t *out);

/* board_dilate inline, with the word count a constant where NW0 gives it
 * (0: the board's), for loops that dilate many times: square boards by
 * shifts (the frame columns are no points, so +-1 cannot wrap between
 * rows), Cairo boards by the call. */
static inline __attribute__((always_inline)) void board_dilate_n(const Board *b, const uint64_t *f, uint64_t *out, const int NW0)
{
    if (!b->size) {
        board_dilate(b, f, out);
        return;
    }
    const int nw = NW0 ? NW0 : b->words, S = b->stride;
    for (int i = 0; i < nw; i++) {
        const uint64_t cur = f[i], prev = i ? f[i - 1] : 0, next = i + 1 < nw ? f[i + 1] : 0;
        out[i] = (cur | cur << 1 | cur >> 1 | prev >> 63 | next << 63 | cur << S | prev >> (64 - S) | cur >> S | next << (64 - S)) &
                 b->points[i];
    }
}

/* Build the tables for a square board of `size` (Morphos) or the Cairo
 * board named by the rules (Morpharaoh; size ignored). NULL and a message
 * in err on bad input. */
Board *board_create(int size, const Ruleset *rules, char *err, size_t errlen);
void board_free(Board *b);

/* The rules core's own: Board.random_ply for b (movegen.c). */
int (*board_random_ply(const Board *b))(struct Position *p, uint64_t *rng, int cap);

#endif

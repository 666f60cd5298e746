/* features.h - what the learned model sees of a candidate move: a local
 * pattern (the states of the points around it) and a few move features,
 * all a function of the position alone, so that the tree, the playouts
 * and the trainer compute the same thing.
 *
 * The pattern is read in the mover's frame (White's view is the board
 * transposed, so "own edges" are always top and bottom) and canonicalised
 * under the symmetries that keep each side's edges: left-right, top-bottom
 * and the half turn. Square boards: the 8 neighbours, each empty, own,
 * own and weak (the opponent could flip it now), enemy, enemy and weak
 * (we could flip it), or off the board (the edge of the colour that side
 * of the board belongs to: the frame says which). Cairo boards: the
 * orthogonal neighbours in angular order around the cell, canonical under
 * rotation and reflection of that cycle, with whether the cell lies on an
 * own or enemy side. Move features are ids below FEAT_FIXED (table in
 * features.c and docs/engine.md). Only single-point turns are described
 * (placement, flip, pass, swap): compound turns (mutator c) have no
 * learned model. Pure functions; no state. */
#ifndef MORPHOS_ENGINE_FEATURES_H
#define MORPHOS_ENGINE_FEATURES_H

#include <stdint.h>

#include "../rules/rules.h"

enum {
    FEAT_PLACE = 0,      /* a placement */
    FEAT_PLACE_WEAK,     /* a placement that is weak at once */
    FEAT_FLIP,           /* a flip */
    FEAT_PASS,
    FEAT_SWAP,
    FEAT_LAST_ADJ,       /* next to the last move (orthogonal) */
    FEAT_LAST_DIAG,      /* diagonal to it (square) / a corner neighbour (Cairo) */
    FEAT_LAST_NEAR,      /* two steps from it */
    FEAT_LAST_SAME,      /* on the last move's point (flipping the stone just played) */
    FEAT_BRIDGE_ANSWER,  /* restores a bridge of ours the last move cut into */
    FEAT_OWN_EDGE0,      /* distance to the nearer own goal line: 0, 1, 2, 3 (4+: none) */
    FEAT_OWN_EDGE1,
    FEAT_OWN_EDGE2,
    FEAT_OWN_EDGE3,
    FEAT_OPP_EDGE0,      /* distance to the nearer enemy goal line: 0, 1, 2 (3+: none) */
    FEAT_OPP_EDGE1,
    FEAT_OPP_EDGE2,
    FEAT_WIN,            /* a stone here connects our goal lines at once */
    FEAT_BLOCK,          /* a stone of theirs here would connect theirs */
    FEAT_BRIDGE1,        /* the stone forms a bridge with one own stone */
    FEAT_BRIDGE2,        /* with two or more */
    FEAT_FIXED
};

/* The connection features (features_conn.c): a placement's or flip's
 * point on the two sides' shortest paths between their goal lines, one
 * id of FEAT_CONN_N: FEAT_CONN + 3 m + o, m for the mover's paths and o
 * for the opponent's, each 0 on a shortest path, 1 on a path one longer,
 * 2 neither (m = o = 2: no feature). Read by the priors' connection
 * model only (LearnedSet.conn), never by the 3x3 model or the playouts:
 * FeatPos.conn is NULL unless feat_conn_prepare filled it. */
#define FEAT_CONN FEAT_FIXED
#define FEAT_CONN_N 8
#define FEAT_ALL (FEAT_FIXED + FEAT_CONN_N)

#define FEAT_MAX_FIXED 8          /* at most this many move features per move */
#define FEAT_NO_PATTERN 0xffffffffu
#define FEAT_SQUARE_CODES 1679616u /* 6^8 */

/* One candidate move as features: its canonical pattern key (or
 * FEAT_NO_PATTERN for pass and swap) and its move features. */
typedef struct MoveFeat {
    uint32_t pattern;
    uint8_t n;
    uint8_t id[FEAT_MAX_FIXED];
} MoveFeat;

/* What every candidate of one position shares, computed once. */
typedef struct FeatPos {
    const Position *p;
    int me;
    int last;        /* the last move's point (placement or flip), or -1 */
    int nans;        /* the points that answer the last move's bridge cuts */
    int ans[4];
    bb_t weak[2];    /* stones of each colour the other side could flip now */
    bb_t weak_if;    /* empty points where a stone of the mover would be weak */
    bb_t win[2];     /* points where one stone of each colour connects it */
    const uint8_t *conn; /* each point's connection class (FEAT_CONN), or NULL: none */
} FeatPos;

/* The digit of the point at bit (on the board) in f's frame: 0 empty,
 * 1 own, 2 enemy, 3 own weak, 4 enemy weak (5, off the board, is the
 * caller's). */
static inline uint32_t feat_digit(const FeatPos *f, int bit)
{
    const Position *p = f->p;
    const int me = f->me;
    if (bb_test(p->stones[me], bit)) return bb_test(f->weak[me], bit) ? 3 : 1;
    if (bb_test(p->stones[me ^ 1], bit)) return bb_test(f->weak[me ^ 1], bit) ? 4 : 2;
    return 0;
}

/* Prepare for the candidates of p (not over). wins = 0 skips the two
 * fills that find wins in one (the playout policy's cheaper view: its
 * moves then never carry FEAT_WIN or FEAT_BLOCK). */
void feat_prepare_ex(FeatPos *f, const Position *p, int wins);
static inline void feat_prepare(FeatPos *f, const Position *p) { feat_prepare_ex(f, p, 1); }

/* The connection classes of f's position (features_conn.c): for each
 * colour the points on its shortest paths and on those one longer
 * (eval_paths: own stones cost 0, empty points and the enemy's weak
 * stones 1 - a flip turns one -, other enemy stones are walls), a point's
 * class from the cheapest path through it against the colour's distance.
 * Sets f->conn to c->cls, so that feat_move adds the class to placements
 * and flips. Once per position. */
typedef struct FeatConn {
    uint8_t cls[MAX_POINTS];
    int dist[2]; /* each colour's distance (EVAL_FAR: no path) */
} FeatConn;
void feat_conn_prepare(FeatPos *f, FeatConn *c);

/* The features of the single-point move (MOVE_PLACE or MOVE_FLIP at pt,
 * MOVE_PASS, MOVE_SWAP; pt -1 for the last two) in f's position.
 * pattern = 0 leaves out->pattern FEAT_NO_PATTERN: the caller reads the
 * window itself (feat_square_raw). */
void feat_move_ex(const FeatPos *f, int kind, int pt, MoveFeat *out, int pattern);
static inline void feat_move(const FeatPos *f, int kind, int pt, MoveFeat *out) { feat_move_ex(f, kind, pt, out, 1); }

/* Square boards: the raw code sum d[i] 6^i of point pt's window in the
 * mover's frame (the digits below), whose canonical key is the pattern
 * feat_move gives (learned_dense maps the one to the other's weight). */
uint32_t feat_square_raw(const FeatPos *f, int pt);

/* The answer to a cut into a bridge: the opponent of the side to move
 * just placed at q; the empty point that keeps two of the mover's
 * stones connected, or -1 (square boards: diagonal bridges; Cairo: the
 * bridge tables of shape.c). */
int feat_bridge_answer(const Position *p, int q);

/* Every answer to the cuts q made (at most 4, in out): the rule above
 * without its order, so that the answers are the same under the board's
 * symmetries. Returns the count. */
int feat_bridge_answers(const Position *p, int q, int *out);

/* Whether a stone of colour c on the empty point pt forms a bridge with
 * own stones: their count (square: diagonal own stones whose two shared
 * neighbours are empty; Cairo: 0 or 1). */
int feat_bridges(const Position *p, int pt, int c);

/* The pattern key's parts, for the playout policy's incremental codes
 * (learned_policy.h). A square window's digits d[8] (cells in the order
 * NW N NE W E SW S SE of the mover's frame; 0 empty, 1 own, 2 enemy, 3
 * own weak, 4 enemy weak, 5 off) give its canonical key; a key's frames
 * are the raw codes sum d[i] 6^i of the windows with that key (4, some
 * equal). feat_square_offsets: the bit offsets of the cells in the
 * mover's frame. Cairo: a cell's ring (its orthogonal neighbours in
 * angular order), its side class (own goal side + 2 x enemy goal side),
 * the key of ring digits d[n], and a key's ring frames sum d[k] 6^k (2n). */
uint32_t feat_square_key(const uint32_t d[8]);
int feat_square_frames(uint32_t key, uint32_t raw[4]);
void feat_square_offsets(const Board *b, int me, int off[8]);
int feat_cairo_ring(const Board *b, int pt, int16_t out[5]);
int feat_cairo_side(const Board *b, int me, int pt);
uint32_t feat_cairo_key(const uint32_t *d, int n, int side);
int feat_cairo_frames(uint32_t key, int *n, int *side, uint32_t raw[10]);

/* How far apart points a and c are: 0 the same, 1 orthogonal neighbours,
 * 2 diagonal (a corner neighbour on Cairo), 3 two steps, 4 farther. */
int feat_closeness(const Board *b, int a, int c);

/* The goal-line distance features of a move at pt by colour me. */
void feat_add_edges(const Board *b, int me, int pt, MoveFeat *out);

/* The wide pattern (square boards; engine/features_wide.c): the 20 points
 * of the 5x5 square around pt without its centre and corners, digits as
 * the 3x3 window's, in the mover's frame, canonical under the same four
 * symmetries: a key below 6^20 (FEAT_WIDE_CODES). Read by the tree's
 * priors (once a node, not in the playouts) where the set has a wide
 * model, nested as MoHex's patterns of several radii: a candidate's
 * pattern weight is its wide pattern's when the table has it, else its
 * 3x3 pattern's. feat_wide_prepare reads f's position once (every
 * point's digit, in a grid framed by two rows and columns off the
 * board); feat_wide_key then gives point pt's key, and in inner the 3x3
 * window's digits (feat_square_key of them is feat_move's pattern), for
 * the lookups that miss. */
#define FEAT_WIDE_CELLS 20
#define FEAT_WIDE_CODES 3656158440062976ull /* 6^20 */
typedef struct FeatWide {
    int size, row;                 /* the board's size; the grid's row length, size + 4 */
    int off[FEAT_WIDE_CELLS];      /* the cells' grid offsets in the mover's frame */
    uint8_t d[(MAX_SIZE + 4) * (MAX_SIZE + 4)];
} FeatWide;
void feat_wide_prepare(FeatWide *w, const FeatPos *f);
uint64_t feat_wide_key(const FeatWide *w, int pt, uint32_t inner[8]);

#endif

/* tree.h - the MCTS tree: a fixed pool of nodes (the memory limit), one
 * node per step of a turn. A turn that is a compound move (mutators c, d)
 * is chosen one point at a time: placements first, in any order, then an
 * optional flip or a STOP; the step that makes the move whole is marked
 * `complete` and leads to the next turn. Single-point turns are one step.
 *
 * Statistics are atomics so that threads share the tree (virtual loss:
 * visits are counted on the way down, values on the way up), added to
 * without locked instructions (stat_add32/64). A node's
 * children are one contiguous block, published by `state` = EXPANDED. */
#ifndef MORPHOS_ENGINE_TREE_H
#define MORPHOS_ENGINE_TREE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "../rules/rules.h"

enum { STEP_PLACE = 0, STEP_FLIP, STEP_PASS, STEP_SWAP, STEP_STOP, STEP_ROOT };
_Static_assert(STEP_ROOT < 16, "a node keeps its step kind in 4 bits");
enum { NODE_LEAF = 0, NODE_BUSY, NODE_EXPANDED };

#define VALUE_UNIT 1024.0 /* values are sums of results in [0,1], fixed point */

typedef struct Node {
    _Atomic uint32_t visits;
    _Atomic uint32_t first;      /* first child (when EXPANDED) */
    _Atomic uint64_t value;      /* for the mover of this step */
    _Atomic uint8_t state;
    _Atomic int8_t proven;       /* +1 the mover wins by this step, -1 loses */
    uint16_t nchildren;
    int16_t pt;
    uint8_t kind : 4;
    uint8_t complete : 1;
    /* The learned model's probability of this step among its siblings,
     * in 255ths (0: none), for the progressive-bias term of the
     * selection (option learned_bias). */
    uint8_t bias;
    float prior_n, prior_w;
    /* The UCB policies' two best children at their last full scan (offsets in
     * the block: bits 0-14 and 15-29; bit 30 set once written). */
    _Atomic uint32_t shortlist;
    /* Descents of other threads now below this step (virtual_loss):
     * added to with a locked add, as a count that drifted would hold a
     * virtual loss for good. Always 0 with one thread. */
    _Atomic uint16_t inflight;
} Node;
_Static_assert(sizeof(Node) == 40, "a node is 40 bytes");

/* A node's AMAF statistics (RAVE), for the mover of its step: in a pool
 * of their own beside the nodes, at the node's index. Every simulation
 * writes them for about half the children of every node on its path; in
 * the node they made each of those nodes' cache lines change under the
 * other threads, whose selection then read every line of a block anew
 * (docs/results.md, "Threads: the cache lines two threads share"). Here
 * four share a line, and the nodes' own lines change only when a descent
 * passes. */
typedef struct NodeAmaf {
    _Atomic uint32_t visits;
    /* The node's point (Node.pt), set with the node and read-only after:
     * a simulation's AMAF update picks a node's children by point from
     * these lines, which it writes anyway, instead of reading every
     * child's node line (a block of 80 children is 50 node lines and 20
     * AMAF lines). */
    int16_t pt;
    _Atomic uint64_t value;
} NodeAmaf;
_Static_assert(sizeof(NodeAmaf) == 16, "four AMAF entries to a cache line");
#define NODE_BYTES (sizeof(Node) + sizeof(NodeAmaf)) /* the pools' size in nodes is memory / 2 / NODE_BYTES */

/* A statistic's add without a locked instruction: a relaxed load, then a
 * store. Two threads may now and then lose an add to each other, which
 * only blurs a statistic (the lock-free tree of Enzenberger and Mueller,
 * Fuego). A locked add is a full barrier on x86: on a path both threads
 * descend it waits for each node's cache line in turn, and it first
 * drains every store the thread has pending (the last simulation's AMAF
 * updates). One thread: the same sums. */
static inline void stat_add32(_Atomic uint32_t *a, uint32_t x)
{
    atomic_store_explicit(a, atomic_load_explicit(a, memory_order_relaxed) + x, memory_order_relaxed);
}
static inline void stat_add64(_Atomic uint64_t *a, uint64_t x)
{
    atomic_store_explicit(a, atomic_load_explicit(a, memory_order_relaxed) + x, memory_order_relaxed);
}

typedef struct Tree {
    Node *nodes;
    NodeAmaf *amaf;              /* the nodes' AMAF statistics, by node index */
    Node *spare;                 /* the second pool: re-rooting copies into it, then swaps */
    NodeAmaf *spare_amaf;
    size_t cap;
    /* Written by every expansion: a cache line of its own, so that the
     * read-mostly fields above are not invalidated for the other threads. */
    _Alignas(64) _Atomic size_t used;
    _Atomic int full;            /* the pool ran out: no more expansion */
    _Alignas(64) Position root_pos;
    int has_root;
} Tree;

/* A child to be created, as the expander describes it. */
typedef struct StepDesc {
    int16_t pt;
    uint8_t kind, complete;
    Move move;                   /* the whole move when complete */
} StepDesc;

/* Two pools of bytes/2 each, nodes and their AMAF statistics (the search
 * uses one; re-rooting copies the kept subtree into the other and swaps),
 * allocated once. 0 ok, -1 out of memory. */
int tree_init(Tree *t, size_t bytes);
void tree_free(Tree *t);
void tree_reset(Tree *t, const Position *p);
void tree_node_init(Node *n, int kind, int pt, int complete);
/* Zero the AMAF statistics of nodes at .. at + n - 1 and copy their
 * points (the nodes are initialised first). */
void tree_amaf_clear(Tree *t, uint32_t at, size_t n);
/* Reserve n contiguous nodes; UINT32_MAX when the pool is full. */
uint32_t tree_alloc(Tree *t, size_t n);

/* The steps available after the placements S (ns of them) of the turn at
 * p: each distinct next point, flip, pass, swap or STOP. ml is scratch.
 * Returns the count (<= 2 * npoints + 3). */
int tree_steps(const Position *p, const int16_t *S, int ns, MoveList *ml, StepDesc *out);
/* The whole move made of placements S plus a final step. */
Move tree_step_move_any(const int16_t *S, int ns, int kind, int pt);
static inline Move tree_step_move(const int16_t *S, int ns, int kind, int pt)
{
    if (ns == 0 && (kind == STEP_PLACE || kind == STEP_FLIP)) /* one point: most steps */
        return move_pts(kind == STEP_FLIP ? MOVE_FLIP : MOVE_PLACE, 1, pt, -1, -1);
    return tree_step_move_any(S, ns, kind, pt);
}
/* A uniformly random legal move that extends the placements S. */
Move tree_complete_random(const Position *p, const int16_t *S, int ns, MoveList *ml, uint64_t *rng);

/* Keep the subtree of the node whose position is p (searched within two
 * turns of the root by replaying the steps): the tree is rebuilt from it.
 * Returns whether found; otherwise the tree is reset to p. */
int tree_reroot(Tree *t, const Position *p);

#endif

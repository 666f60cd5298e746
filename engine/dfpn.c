/* dfpn.c - see dfpn.h. Depth-first proof-number search (df-pn, Nagai
 * 2002, with the 1+epsilon threshold trick of Pawlewicz and Lew) over a
 * transposition table on pos_hash.
 *
 * Proof-number search proves a yes/no question, so the solver asks two:
 * "does the side to move win?" and, when that is disproved, "does the
 * other side win?" (a draw when both are disproved). For a target colour
 * T every node's question is its mover's goal: "T wins" when T moves,
 * "T does not win" otherwise; this keeps the negamax form
 *   phi(n) = min over children of delta(c),  delta(n) = sum of phi(c)
 * with phi the cost of proving the mover's goal and delta of disproving it.
 *
 * Repetitions (flips can be undone, and mutator b's games can cycle) count
 * as "T does not win" (a game that never ends has no winner), and so do
 * lines deeper than DF_MAXD. That is path-dependent (the graph history
 * interaction problem) and can make a disproof wrong, but never a proof:
 * a proof of "T wins" only rests on real wins of T. So a win is reported
 * whenever proved; a draw only when no repetition or depth cut was met.
 * A disproof whose plies to the end are known (every line below it ends
 * in a real win: no repetition, cut or draw) is the other side's win: it
 * goes to the database as such, and spares the second question. */

#include "dfpn.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "eval.h"
#include "proofdb.h"
#include "symmetry.h"
#include "ztable.h"

#define DF_INF 0x3fffffffu
#define DF_MAXD 400
#define DF_WAYS 4

typedef struct DEntry {
    uint64_t key;
    uint32_t phi, delta;
    uint32_t work;      /* nodes searched below this entry (replacement) */
    uint16_t best;      /* child index of the last choice */
    uint16_t plies;     /* answered: plies to the end along the proof found (DF_PLIES_UNKNOWN) */
} DEntry;

/* An entry as the table holds it, in three words read and written
 * without locks (relaxed atomics: plain moves on x86-64): w[1] and w[2]
 * the numbers and fields, w[0] the key xor both (Hyatt and Mann's
 * lockless hashing). A slot torn by two threads writing at once, or read
 * half-written, fails the key check and reads as no entry: a lost entry,
 * which df-pn survives (the search redoes it), never a wrong one. */
typedef struct DSlot {
    _Atomic uint64_t w[3];
} DSlot;

static DEntry df_unpack(const DSlot *s)
{
    uint64_t a = atomic_load_explicit(&s->w[0], memory_order_relaxed), b = atomic_load_explicit(&s->w[1], memory_order_relaxed),
             c = atomic_load_explicit(&s->w[2], memory_order_relaxed);
    return (DEntry){ .key = a ^ b ^ c, .phi = (uint32_t)b, .delta = (uint32_t)(b >> 32), .work = (uint32_t)c,
                     .best = (uint16_t)(c >> 32), .plies = (uint16_t)(c >> 48) };
}

static void df_pack(DSlot *s, const DEntry *e)
{
    uint64_t b = e->phi | (uint64_t)e->delta << 32, c = e->work | (uint64_t)e->best << 32 | (uint64_t)e->plies << 48;
    atomic_store_explicit(&s->w[1], b, memory_order_relaxed);
    atomic_store_explicit(&s->w[2], c, memory_order_relaxed);
    atomic_store_explicit(&s->w[0], e->key ^ b ^ c, memory_order_relaxed);
}

static void df_clear(DSlot *s)
{
    for (int i = 0; i < 3; i++) atomic_store_explicit(&s->w[i], 0, memory_order_relaxed);
}

enum { CH_OPEN = 0, CH_ACHIEVED, CH_FAILED, CH_CUT };

typedef struct DFrame {
    MoveList ml;
    uint64_t *hash;     /* pos_hash: repetitions on the path */
    uint64_t *canon;    /* sym_canon: the table's key, one for symmetric positions */
    uint8_t *fixed;     /* CH_*: terminal or cut children, from the child's mover's view */
    uint16_t *init;     /* open children: initial phi (low byte) and delta (high byte) */
    uint16_t *plies;    /* fixed children: plies to the end (0 game over, 1 a win in one, the database's) */
    uint32_t *phi, *delta; /* the children's values, read once and updated after each descent */
    size_t cap;
} DFrame;

/* A table of entries, lockless (DSlot): each thread writes its own, the
 * helpers read the main thread's too; grown as it fills. */
typedef struct DTable {
    DSlot *tt;
    ZTable mem;         /* the mapping behind tt: room for the most buckets memory allows */
    /* The buckets in use - 1: the table grows (dt_grow) from a small prefix
     * of the mapping to max_mask + 1 buckets, doubling whenever half its
     * slots hold entries. A search uses the cache and TLB of the table it
     * needs rather than scattering over all it may have: the empty 5x5
     * searched the same nodes with 64 MiB as with 1 GiB in 0.36x the user
     * CPU (docs/results.md). */
    _Atomic size_t mask;
    size_t max_mask;
    int huge;           /* huge pages once the search has grown */
    /* The count, on cache lines of its own: mask is read by every probe,
     * the helpers' of the main thread's table too. */
    char pad0[64];
    atomic_size_t used; /* slots holding an entry */
    _Atomic size_t grow_at; /* used above this: double (SIZE_MAX: at the most) */
    atomic_flag growing;    /* one split at a time */
    char pad1[64];
} DTable;

/* What the threads share: the main thread's table, the database and the stop. */
typedef struct DfShared {
    DTable t;           /* the main thread's table; the helpers read its answers */
    atomic_int winner;  /* the helper (index) whose table answered the question first, 0: none */
    ProofDB *db;
    SymTable sym;       /* the images' keys (sym_canon_t) */
    int target;         /* Color T of the question "T wins" */
    atomic_int stop;    /* the question is answered, or time is up */
    atomic_int cut, oom;
} DfShared;

/* One thread's search. */
typedef struct Dfpn {
    DfShared *sh;
    DTable *t;          /* the table it writes: the main thread sh->t, a helper its own */
    DSlot *tt;          /* t->tt, at hand */
    int eps;            /* the 1 + epsilon of the thresholds: epsilon = 2^-eps */
    DFrame fr[DF_MAXD + 1];
    int nfr;
    uint64_t path[DF_MAXD + 1];
    int target;
    Deadline dl;
    unsigned long long nodes, flush_at;
    int abort, maxdepth, main;
    double t0, progress, progress_at; /* the main thread's lines on the root (SolveLimits.progress) */
    const char *label;
} Dfpn;

static size_t dt_mask(const DTable *t) { return atomic_load_explicit(&t->mask, memory_order_relaxed); }
static size_t df_mask(const Dfpn *d) { return dt_mask(d->t); }

/* Huge pages for long budgets only (ztable.h says why), and only once the
 * table has grown past DF_HUGE_BYTES: a huge page costs 2 MiB of clearing
 * (a 3x3 opening map took 4 s with a 512 MiB table on huge pages from the
 * start, when the search scattered over all of it; 0.1 s without). */
#define DF_HUGE_SECONDS 10.0
#define DF_HUGE_BYTES ((size_t)16 << 20)
/* The first size of the table, in buckets. */
#define DF_FIRST_BUCKETS ((size_t)1 << 14)

/* The smallest table, in buckets. */
#define DF_MIN_BUCKETS ((size_t)1024)
#define DF_MIN_BYTES (DF_MIN_BUCKETS * DF_WAYS * sizeof(DSlot))

/* Maps a table of the most buckets (a power of two, DF_MIN_BUCKETS at
 * least) that memory bytes hold, or failing that the largest half that
 * can be had, and starts it at DF_FIRST_BUCKETS: its size in bytes, 0
 * when none. */
static size_t dt_alloc(DTable *t, size_t memory, int huge)
{
    size_t want = memory / (sizeof(DSlot) * DF_WAYS), nb = DF_MIN_BUCKETS;
    while (nb * 2 <= want && nb < ((size_t)1 << 28)) nb *= 2;
    while (!(t->tt = ztable_alloc(&t->mem, nb * DF_WAYS * sizeof(DSlot), 0)) && nb > DF_MIN_BUCKETS) nb /= 2;
    if (!t->tt) return 0;
    t->max_mask = nb - 1;
    size_t first = nb < DF_FIRST_BUCKETS ? nb : DF_FIRST_BUCKETS;
    atomic_store(&t->mask, first - 1);
    atomic_store(&t->used, 0);
    atomic_store(&t->grow_at, first * DF_WAYS / 2);
    atomic_flag_clear(&t->growing);
    t->huge = huge;
    return nb * DF_WAYS * sizeof(DSlot);
}

static uint64_t df_key(const Dfpn *d, uint64_t h) { return d->target == WHITE ? h ^ 0x6a09e667f3bcc909ULL : h; }

/* The entry of key in t, copied into *out: 1, or 0 when none. */
static int dt_probe(const DTable *t, uint64_t key, DEntry *out)
{
    const DSlot *b = &t->tt[(key & dt_mask(t)) * DF_WAYS];
    for (int i = 0; i < DF_WAYS; i++) {
        DEntry e = df_unpack(&b[i]);
        if (e.key == key && (e.phi | e.delta)) {
            *out = e;
            return 1;
        }
    }
    return 0;
}

static int df_solved(const DEntry *e) { return e->phi == 0 || e->delta == 0; }

/* The entry of key for d: its table's; for a helper asking the main
 * thread's question and not finding it there, an answer of the main
 * thread's table. */
static int df_probe(Dfpn *d, uint64_t key, DEntry *out)
{
    if (dt_probe(d->t, key, out)) return 1;
    DEntry s;
    /* (Keys carry the question: a helper asking the other one finds nothing there.) */
    if (d->t == &d->sh->t || d->target != d->sh->target || !dt_probe(&d->sh->t, key, &s) || !df_solved(&s)) return 0;
    *out = s;
    return 1;
}

#define DF_PLIES_UNKNOWN 0xffffu

/* Doubles the buckets in use (t->mask): each bucket b splits into b and
 * b + the old count by the next bit of the keys, so nothing is lost and
 * the new half of the mapping is still zero. A helper reading the main
 * thread's table meanwhile misses at worst an entry (never a wrong one),
 * as with a torn slot. */
static void dt_grow(DTable *t)
{
    if (atomic_flag_test_and_set_explicit(&t->growing, memory_order_acquire)) return; /* another thread does */
    size_t nb = dt_mask(t) + 1;
    if (atomic_load_explicit(&t->used, memory_order_relaxed) > atomic_load(&t->grow_at)) { /* not grown meanwhile */
        if (nb > t->max_mask) {
            atomic_store(&t->grow_at, SIZE_MAX);
        } else {
            for (size_t b = 0; b < nb; b++) {
                DSlot *from = &t->tt[b * DF_WAYS], *to = &t->tt[(b + nb) * DF_WAYS];
                int j = 0;
                for (int i = 0; i < DF_WAYS; i++) {
                    DEntry e = df_unpack(&from[i]);
                    if ((e.phi | e.delta) && (e.key & nb)) {
                        df_pack(&to[j++], &e);
                        df_clear(&from[i]);
                    }
                }
            }
            atomic_store_explicit(&t->mask, 2 * nb - 1, memory_order_release);
            atomic_store(&t->grow_at, nb * DF_WAYS); /* half the new slots */
            if (t->huge && 2 * nb * DF_WAYS * sizeof(DSlot) >= DF_HUGE_BYTES) {
                ztable_hugepages(&t->mem);
                t->huge = 0;
            }
        }
    }
    atomic_flag_clear_explicit(&t->growing, memory_order_release);
}

/* Counts an entry added (a slot filled); grows the table at half full. */
static void dt_count_slot(DTable *t)
{
    size_t u = atomic_fetch_add_explicit(&t->used, 1, memory_order_relaxed) + 1;
    if (u > atomic_load_explicit(&t->grow_at, memory_order_relaxed)) dt_grow(t);
}

/* Into d's table. */
static void df_store(Dfpn *d, uint64_t key, uint32_t phi, uint32_t delta, uint32_t work, int best, unsigned plies)
{
    DTable *t = d->t;
    DSlot *b = &t->tt[(key & dt_mask(t)) * DF_WAYS];
    DEntry e[DF_WAYS];
    int v = -1;
    for (int i = 0; i < DF_WAYS; i++) e[i] = df_unpack(&b[i]);
    for (int i = 0; i < DF_WAYS && v < 0; i++)
        if (e[i].key == key) v = i;
    if (v < 0) {
        /* Replace the least work; solved entries are worth the most. */
        uint64_t lw = UINT64_MAX;
        for (int i = 0; i < DF_WAYS; i++) {
            uint64_t w = (uint64_t)e[i].work + ((e[i].phi == 0 || e[i].delta == 0) && (e[i].phi | e[i].delta) ? ((uint64_t)1 << 32) : 0);
            if (!(e[i].phi | e[i].delta)) w = 0;
            if (w < lw) lw = w, v = i;
        }
    }
    int added = !(e[v].phi | e[v].delta);
    DEntry n = { .key = key, .phi = phi, .delta = delta, .work = work, .best = (uint16_t)(best > 65535 ? 65535 : best),
                 .plies = (uint16_t)(plies < DF_PLIES_UNKNOWN ? plies : DF_PLIES_UNKNOWN) };
    df_pack(&b[v], &n);
    if (added) dt_count_slot(t);
}

/* Charge work to the clock (engine/clock.h); sets abort when time is up. */
static int df_charge(Dfpn *d, uint64_t units)
{
    if (deadline_over(&d->dl, units) || atomic_load_explicit(&d->sh->stop, memory_order_relaxed)) d->abort = 1;
    return d->abort;
}

/* Whether the goal of the mover of a position is reached by the outcome
 * "T wins" (tw = 1) or "T does not win" (tw = 0). */
static int df_goal(const Dfpn *d, int mover, int tw) { return mover == d->target ? tw : !tw; }

static int df_tw(const Dfpn *d, int result)
{
    return result == (d->target == BLACK ? RESULT_BLACK : RESULT_WHITE);
}

static void df_child(Dfpn *d, const DFrame *f, size_t i, uint32_t *phi, uint32_t *delta)
{
    switch (f->fixed[i]) {
    case CH_ACHIEVED: *phi = 0, *delta = DF_INF; return;
    case CH_FAILED: *phi = DF_INF, *delta = 0; return;
    default: break;
    }
    DEntry e;
    if (df_probe(d, df_key(d, f->canon[i]), &e)) *phi = e.phi, *delta = e.delta;
    else *phi = f->init[i] & 255, *delta = f->init[i] >> 8;
}

#ifndef DF_CAP
#define DF_CAP 15
#endif
static unsigned df_h(int h) { return h < 1 ? 1u : h > DF_CAP ? DF_CAP : (unsigned)h; }

static uint32_t sat_add(uint32_t a, uint32_t b) { return a + b >= DF_INF ? DF_INF : a + b; }

/* Expand the children of p at depth ply into frame ply: 0, -1 without
 * memory, 1 when the clock ran out half-way (the frame is then unusable:
 * an empty board under c has some 65,000 children, each evaluated).
 * Children that end the game, repeat the path or go too deep get
 * a fixed value. */
static int df_expand(Dfpn *d, const Position *p, int ply, size_t *nout)
{
    if (ply >= d->nfr) {
        memset(&d->fr[ply], 0, sizeof d->fr[ply]);
        movelist_init(&d->fr[ply].ml);
        d->nfr = ply + 1;
    }
    DFrame *f = &d->fr[ply];
    if (d->main ? !solve_may_list(&d->dl, p) : !deadline_affords(&d->dl, p->board->max_places > 1 ? pos_count_moves(p) : 0)) {
        d->abort = 1;
        return 1;
    }
    size_t n = pos_gen_moves(p, &f->ml);
    if (df_charge(d, n)) return 1;
    if (n > f->cap) {
        uint64_t *h = realloc(f->hash, n * sizeof *h);
        if (h) f->hash = h;
        uint64_t *k = realloc(f->canon, n * sizeof *k);
        if (k) f->canon = k;
        uint8_t *x = realloc(f->fixed, n);
        if (x) f->fixed = x;
        uint16_t *y = realloc(f->init, n * sizeof *y);
        if (y) f->init = y;
        uint16_t *z = realloc(f->plies, n * sizeof *z);
        if (z) f->plies = z;
        uint32_t *a = realloc(f->phi, n * sizeof *a);
        if (a) f->phi = a;
        uint32_t *c = realloc(f->delta, n * sizeof *c);
        if (c) f->delta = c;
        if (!h || !k || !x || !y || !z || !a || !c) return -1;
        f->cap = n;
    }
    /* First the hashes (prefetching the table rows: the probes are what
     * the search waits for), terminal children and repetitions. */
    for (size_t i = 0; i < n; i++) {
        if (df_charge(d, 1)) return 1;
        Position q = *p;
        pos_play(&q, &f->ml.m[i]);
        uint64_t h = pos_hash(&q), k = sym_canon_t(&d->sh->sym, &q, NULL);
        __builtin_prefetch(&d->tt[(df_key(d, k) & df_mask(d)) * DF_WAYS]);
        f->hash[i] = h;
        f->canon[i] = k;
        f->fixed[i] = CH_OPEN;
        f->init[i] = 0x101;
        f->plies[i] = 0;
        int cm = q.to_move;
        if (pos_over(&q)) {
            f->fixed[i] = df_goal(d, cm, df_tw(d, q.result)) ? CH_ACHIEVED : CH_FAILED;
            /* A draw is "T does not win" but no one's win: no plies, so
             * that no answer resting on it passes for the other side's
             * win (df_record). */
            if (q.result == RESULT_DRAW) f->plies[i] = DF_PLIES_UNKNOWN;
            continue;
        }
        int rep = ply + 1 >= DF_MAXD;
        for (int k = ply; k >= 0 && !rep; k--) rep = d->path[k] == h;
        if (rep) {
            f->plies[i] = DF_PLIES_UNKNOWN;
            /* Written once: a store on every repetition took the line that
             * every df_charge of the other threads reads (stop) from them. */
            if (!atomic_load_explicit(&d->sh->cut, memory_order_relaxed)) atomic_store_explicit(&d->sh->cut, 1, memory_order_relaxed);
            f->fixed[i] = df_goal(d, cm, 0) ? CH_ACHIEVED : CH_FAILED;
        }
    }
    /* df-pn+ initial values from shortest-path distances, computed once
     * per position and kept in the table (as entries with no work, the
     * first to be replaced): the mover's goal is easier to prove the
     * closer the mover is to connecting (whichever the target: a near
     * connection makes the mover's goal likely) and easier to disprove the
     * closer the other side is. A mover one move from connecting (a
     * distance of 1: an empty point or a weak enemy stone joins the chain)
     * wins at once where such a move is one whole legal turn: plain turns
     * (no b, whose flip-back ban and start-of-turn wins change that, no c,
     * no stone owed under d) on Morphos boards. The child is then decided
     * without being expanded: this prunes every move that ignores a threat. */
    int wins_in_one = p->board->size > 0 && p->board->plain_turns;
    for (size_t i = 0; i < n; i++) {
        if (f->fixed[i] != CH_OPEN) continue;
        uint64_t key = df_key(d, f->canon[i]);
        DEntry e;
        if (df_probe(d, key, &e)) continue;
        Position q = *p;
        pos_play(&q, &f->ml.m[i]);
        int cm = q.to_move;
        /* The database: a proven child is decided, an open one starts from
         * the numbers it had. */
        if (d->sh->db) {
            PdbEntry pe;
            uint64_t dk = pdb_key_canon(q.board, q.ply, f->canon[i]);
            if (pdb_get(d->sh->db, dk, PDB_WIN, &pe)) {
                f->fixed[i] = pe.value == PDB_WIN ? CH_ACHIEVED : CH_FAILED;
                f->plies[i] = (uint16_t)pdb_plies(&pe);
                continue;
            }
            if (pdb_get(d->sh->db, dk, d->target == BLACK ? PDB_OPEN_B : PDB_OPEN_W, &pe)) {
                df_store(d, key, pe.phi, pe.delta, pe.work > UINT32_MAX ? UINT32_MAX : (uint32_t)pe.work, 0, DF_PLIES_UNKNOWN);
                continue;
            }
        }
        /* Two shortest-path searches: worth many plays. */
        if (df_charge(d, 16)) return 1;
        int dp = eval_distance(&q, (Color)cm);
        if (dp == 1 && wins_in_one && !q.owe) {
            f->fixed[i] = CH_ACHIEVED;
            f->plies[i] = 1;
            continue;
        }
        int dd = eval_distance(&q, (Color)(cm ^ 1));
        /* Thrice the distance: the numbers of a distant goal grow faster
         * than the sums of near ones (against plain distances: 0.59x the
         * nodes on 4x4 with the pie, 0.56x on 5x5 after C3 C2; twice:
         * 0.70x, 0.61x); capped at 15 (at 24: 1.1-1.4x the nodes). */
        unsigned hp = df_h(3 * dp - 2), hd = df_h(3 * dd - 2);
        f->init[i] = (uint16_t)(hp | hd << 8);
        df_store(d, key, hp, hd, 0, 0, DF_PLIES_UNKNOWN);
    }
    *nout = n;
    return 0;
}

/* Open nodes with at least this much work below them go to the database
 * (their numbers restart a stopped solve near where it was). */
#define DF_OPEN_WORK 4096

/* The plies to the end below child i (DF_PLIES_UNKNOWN when not known):
 * a fixed child's from the expansion, an open one's from the table. */
static unsigned df_child_plies(Dfpn *d, const DFrame *f, size_t i)
{
    if (f->fixed[i] != CH_OPEN) return f->plies[i];
    DEntry c;
    return df_probe(d, df_key(d, f->canon[i]), &c) && (c.phi == 0 || c.delta == 0) ? c.plies : DF_PLIES_UNKNOWN;
}

/* An answered node: the plies to the end along its proof and the child
 * that gives them - for the mover's goal reached, the proven child (delta
 * 0) with the fewest plies; else every child is proven for the other
 * side (phi 0) and the most plies count. Ties: the least work below the
 * child for a win, the most for a loss. -1 when the children changed
 * under another thread. */
static int df_answer(Dfpn *d, const Position *p, const DFrame *f, size_t n, int won, unsigned *plies)
{
    int bi = -1;
    unsigned bp = 0;
    uint64_t bw = 0;
    for (size_t i = 0; i < n; i++) {
        if (won ? f->delta[i] != 0 : f->phi[i] != 0) continue;
        unsigned cp = df_child_plies(d, f, i);
        /* The work below the child: the table's, the database's (for a
         * child it decided), none for a game over. */
        DEntry c;
        PdbEntry pc;
        uint64_t w = f->fixed[i] == CH_OPEN ? (df_probe(d, df_key(d, f->canon[i]), &c) ? (uint64_t)c.work + 1 : 1)
                     : d->sh->db && pdb_get(d->sh->db, pdb_key_canon(p->board, p->ply + 1, f->canon[i]), PDB_WIN, &pc) ? pc.work + 1
                                                                                                                     : 0;
        /* Unknown plies rank last for a win and first for a loss (a loss
         * with one unknown reply has unknown plies). */
        int better = bi < 0 || (won ? cp < bp || (cp == bp && w < bw) : cp > bp || (cp == bp && w > bw));
        if (better) bi = (int)i, bp = cp, bw = w;
    }
    *plies = bi < 0 || bp >= DF_PLIES_UNKNOWN ? DF_PLIES_UNKNOWN : bp + 1;
    return bi;
}

/* Open nodes with at least this much work below them go to the database
 * (their numbers restart a stopped solve near where it was). */
#define DF_OPEN_WORK 4096

/* Into the database: a node whose question is answered "T wins" (a win
 * or a loss for its mover: a sound fact, as proofs never rest on a
 * repetition), with df_answer's move and plies: the winning move of the
 * shortest win the proofs found, or the reply that resists longest; else,
 * with enough work, its open numbers. */
static void df_record(Dfpn *d, const Position *p, uint64_t canon, int sym, const DFrame *f, int bi, unsigned plies,
                      uint32_t phi, uint32_t delta, unsigned long long work)
{
    int mine = p->to_move == d->target;
    int value = mine && phi == 0 ? PDB_WIN : !mine && delta == 0 ? PDB_LOSS : 0;
    /* "T does not win" with known plies rests on real game ends alone (a
     * repetition, a depth cut or a draw below has no plies): the other
     * side wins, as sound a fact as a proof. */
    if (!value && plies < DF_PLIES_UNKNOWN) value = mine && delta == 0 ? PDB_LOSS : !mine && phi == 0 ? PDB_WIN : 0;
    /* A helper's open numbers stay its own (df_store). */
    if (!value && (work < DF_OPEN_WORK || phi == 0 || delta == 0 || !d->main)) return;
    PdbEntry e = { .key = pdb_key_canon(p->board, p->ply, canon), .work = work, .phi = phi, .delta = delta, .move = move_of(MOVE_NONE) };
    if (value) {
        if (bi < 0) return; /* the children changed under another thread: nothing certain to say */
        e.value = (uint8_t)value;
        e.move = sym_move(p->board, sym, f->ml.m[bi]);
        pdb_set_plies(&e, plies >= DF_PLIES_UNKNOWN ? PDB_PLIES_UNKNOWN : plies);
    } else {
        e.value = d->target == BLACK ? PDB_OPEN_B : PDB_OPEN_W;
    }
    if (pdb_put(d->sh->db, &e) < 0) atomic_store(&d->sh->oom, 1);
}

/* A line on stderr with the root's numbers, every d->progress seconds:
 * how a long solve converges (its children answered for each side, the
 * least proof and disproof numbers among the open ones). */
static void df_progress(Dfpn *d, const Position *p, const DFrame *f, size_t n)
{
    double now = now_seconds();
    if (now < d->progress_at) return;
    d->progress_at = now + d->progress;
    uint32_t phi = DF_INF, delta = 0, mp = DF_INF, md = DF_INF;
    int won = 0, lost = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = f->phi[i], cd = f->delta[i];
        if (cd < phi) phi = cd;
        delta = sat_add(delta, cp);
        if (cd == 0) won++;
        else if (cp == 0) lost++;
        else {
            if (cp < mp) mp = cp;
            if (cd < md) md = cd;
        }
    }
    fprintf(stderr,
            "solve%s%s: %.0f s, %llu nodes, question \"%s wins\" (%s to move): phi %u delta %u; of %zu moves %d reach the "
            "mover's goal, %d fail, %zu open (least phi %u, delta %u)\n",
            d->label ? " " : "", d->label ? d->label : "", now - d->t0, d->nodes, d->target == BLACK ? "black" : "white",
            p->to_move == BLACK ? "black" : "white", phi, delta, n, won, lost, n - (size_t)won - (size_t)lost, mp, md);
}

/* Searches p until its numbers reach a threshold, it is answered or the
 * search stops; its final numbers go to the table and to *out_phi and
 * *out_delta (the caller's copy even when the table has already lost them). */
static void df_mid(Dfpn *d, const Position *p, int ply, uint32_t th_phi, uint32_t th_delta, uint32_t *out_phi,
                   uint32_t *out_delta)
{
    *out_phi = th_phi, *out_delta = th_delta;
    ++d->nodes;
    if (ply > d->maxdepth) d->maxdepth = ply;
    int sym;
    uint64_t h = pos_hash(p), canon = sym_canon_t(&d->sh->sym, p, &sym), key = df_key(d, canon);
    d->path[ply] = h;
    unsigned long long n0 = d->nodes;
    size_t n;
    int ex = df_expand(d, p, ply, &n);
    if (ex != 0) {
        if (ex < 0) atomic_store(&d->sh->oom, 1);
        d->abort = 1;
        return;
    }
    DFrame *f = &d->fr[ply];
    uint32_t phi = DF_INF, delta = 0;
    int best = 0;
    if (n == 0) { /* cannot happen: a side without moves passes */
        df_store(d, key, DF_INF, 0, 1, 0, DF_PLIES_UNKNOWN);
        *out_phi = DF_INF, *out_delta = 0;
        return;
    }
    /* The children's values are read once; after each descent only the
     * child searched is read again (a transposition may have changed a
     * sibling too: its stale value is only less informed, never wrong). */
    for (size_t i = 0; i < n; i++) df_child(d, f, i, &f->phi[i], &f->delta[i]);
    for (;;) {
        /* phi = min delta(c), delta = sum phi(c); c1 = the child of least
         * delta, d2 the second least delta. */
        uint32_t d1 = DF_INF, d2 = DF_INF, sum = 0, phi1 = DF_INF;
        int c1 = -1;
        for (size_t i = 0; i < n; i++) {
            uint32_t cp = f->phi[i], cd = f->delta[i];
            sum = sat_add(sum, cp);
            if (cd < d1 || c1 < 0) {
                d2 = d1;
                d1 = cd, c1 = (int)i, phi1 = cp;
            } else if (cd < d2) {
                d2 = cd;
            }
        }
        phi = d1;
        delta = sum;
        best = c1;
        if (phi >= th_phi || delta >= th_delta || phi == 0 || delta == 0) break;
        if (df_charge(d, 1)) break;
        /* Thresholds of the chosen child (1 + epsilon: a little past the
         * second best, so that the search does not flip-flop; a half
         * instead of a quarter: 0.66x the nodes on the empty 5x5 with a
         * 512 MiB table but more with 1 GiB, 0.80x after C3 C2, 0.93x on
         * 4x4 with the pie: not kept). */
        uint64_t tp = (uint64_t)th_delta - delta + phi1;
        uint64_t td = (uint64_t)d2 + 1 + (d2 >> d->eps);
        if (td > th_phi) td = th_phi;
        if (tp > DF_INF) tp = DF_INF;
        Position q = *p;
        pos_play(&q, &f->ml.m[c1]);
        uint32_t cphi, cdelta;
        df_mid(d, &q, ply + 1, (uint32_t)tp, (uint32_t)td, &cphi, &cdelta);
        if (d->abort) break;
        f = &d->fr[ply];
        f->phi[c1] = cphi, f->delta[c1] = cdelta;
        if (ply == 0 && d->progress > 0) df_progress(d, p, f, n);
    }
    *out_phi = phi, *out_delta = delta;
    unsigned long long w = d->nodes - n0;
    unsigned plies = DF_PLIES_UNKNOWN;
    int bi = phi == 0 || delta == 0 ? df_answer(d, p, f, n, phi == 0, &plies) : -1;
    df_store(d, key, phi, delta, w > UINT32_MAX ? UINT32_MAX : (uint32_t)w, best, plies);
    if (d->sh->db) {
        df_record(d, p, canon, sym, f, bi, plies, phi, delta, w);
        if (d->main && d->nodes >= d->flush_at) {
            d->flush_at = d->nodes + 4096;
            if (pdb_flush_due(d->sh->db) < 0) perror("solve: writing the proof database");
        }
    }
}

/* A helper thread: a question from the root, searched apart - the first
 * helper the other side's, the others the main thread's on a table of
 * their own (reading the main thread's answers) with another epsilon -
 * until it answers it (then it stops the main thread: the answer is in
 * its table) or the main thread does or stops. The main
 * thread's search is one thread's, node for node: two threads are a race
 * of two searches, slower than one only by what the hardware costs
 * (docs/engine.md says why not one search split). */
typedef struct DfHelper {
    Dfpn *d;
    const Position *p;
    int id;
    pthread_t tid;
} DfHelper;

/* The answer to the question at the root in d's table: 1 proved, 0
 * disproved, -1 none (*other as df_run's). */
static int df_root_answer(Dfpn *d, const Position *p, int *other)
{
    DEntry e;
    if (!dt_probe(d->t, df_key(d, sym_canon(p, NULL)), &e) || !df_solved(&e)) return -1;
    int r = (p->to_move == d->target) == (e.phi == 0);
    *other = r == 0 && e.plies != DF_PLIES_UNKNOWN;
    return r;
}

static void *df_help(void *arg)
{
    DfHelper *h = arg;
    Dfpn *d = h->d;
    DfShared *sh = d->sh;
    /* The first helper asks the other side's question ("does the side not
     * to move win?"): where the mover's question is disproved only
     * through a repetition, a second question follows, and this helper
     * has been asking it from the start (docs/engine.md). */
    d->target = h->id == 1 ? h->p->to_move ^ 1 : sh->target;
    d->abort = 0;
    int other;
    while (!atomic_load(&sh->stop) && !d->abort) {
        uint32_t rp, rd;
        df_mid(d, h->p, 0, DF_INF - 1, DF_INF - 1, &rp, &rd);
        int a = df_root_answer(d, h->p, &other);
        if (a >= 0) {
            /* Another question than the main thread's ends the race only
             * with a value: a proof, or a disproof resting on game ends. */
            int none = 0;
            if ((d->target == sh->target || a == 1 || other) && atomic_compare_exchange_strong(&sh->winner, &none, h->id))
                atomic_store(&sh->stop, 1);
            break;
        }
    }
    return NULL;
}

/* One question, "T wins?", from p: 1 proved, 0 disproved, -1 unknown;
 * *other = 1 when the disproof rests on real game ends alone (known
 * plies, as in df_record): then the other side wins. *by: the thread
 * whose table holds the answer, *asked its question's T (the first
 * helper asks the other side's). */
static int df_run(Dfpn *w, int nw, const Position *p, int target, int *other, int *by, int *asked)
{
    Dfpn *d = &w[0];
    DfShared *sh = d->sh;
    sh->target = target;
    atomic_store(&sh->stop, 0);
    atomic_store(&sh->winner, 0);
    d->target = target;
    d->abort = 0;
    DfHelper hp[64];
    int started = 0;
    for (int i = 1; i < nw && i <= 64; i++) {
        hp[i - 1] = (DfHelper){ &w[i], p, i, 0 };
        if (pthread_create(&hp[i - 1].tid, NULL, df_help, &hp[i - 1]) != 0) break;
        started = i;
    }
    int r = -1;
    *by = 0;
    for (;;) {
        uint32_t rp, rd;
        df_mid(d, p, 0, DF_INF - 1, DF_INF - 1, &rp, &rd);
        if ((r = df_root_answer(d, p, other)) >= 0 || d->abort) break;
    }
    atomic_store(&sh->stop, 1);
    for (int i = 0; i < started; i++) pthread_join(hp[i].tid, NULL);
    int h = atomic_load(&sh->winner);
    *asked = target;
    if (r < 0 && h > 0) {
        r = df_root_answer(&w[h], p, other);
        *by = h;
        *asked = w[h].target;
    }
    return r;
}

static void df_free_frames(Dfpn *d)
{
    for (int i = 0; i < d->nfr; i++) {
        movelist_free(&d->fr[i].ml);
        free(d->fr[i].hash);
        free(d->fr[i].canon);
        free(d->fr[i].fixed);
        free(d->fr[i].init);
        free(d->fr[i].plies);
        free(d->fr[i].phi);
        free(d->fr[i].delta);
    }
}

Result dfpn_solve(const Position *p, const SolveLimits *lim, Move *best, SolveStats *st)
{
    double t0 = now_seconds(), cpu0 = 0;
    struct timespec ts0;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts0) == 0) cpu0 = (double)ts0.tv_sec + ts0.tv_nsec * 1e-9;
    if (st) memset(st, 0, sizeof *st);
    if (pos_over(p)) return (Result)p->result;
    int me = p->to_move;
    Result mine = me == BLACK ? RESULT_BLACK : RESULT_WHITE, theirs = me == BLACK ? RESULT_WHITE : RESULT_BLACK;
    /* Known already: the database's move. */
    Move known;
    int v = pdb_answer(lim->db, p, &known);
    if (v) {
        if (best) *best = known;
        if (st) st->seconds = now_seconds() - t0;
        return v > 0 ? mine : theirs;
    }
    int nw = lim->threads > 1 ? (lim->threads < 64 ? lim->threads : 64) : 1;
    DfShared *sh = calloc(1, sizeof *sh);
    Dfpn *w = calloc((size_t)nw, sizeof *w);
    if (!sh || !w) {
        free(sh);
        free(w);
        fprintf(stderr, "solve: out of memory\n");
        return RESULT_NONE;
    }
    if (sym_table_init(&sh->sym, p->board) < 0) {
        free(sh);
        free(w);
        fprintf(stderr, "solve: out of memory\n");
        return RESULT_NONE;
    }
    /* Never silently less: a table that cannot be had is halved, and said. */
    size_t bytes = dt_alloc(&sh->t, lim->memory, lim->seconds >= DF_HUGE_SECONDS);
    if (!bytes) {
        fprintf(stderr, "solve: cannot allocate the table; not solving\n");
        sym_table_free(&sh->sym);
        free(sh);
        free(w);
        return RESULT_NONE;
    }
    if (bytes * 2 <= lim->memory) fprintf(stderr, "solve: table reduced to %zu MiB (memory)\n", bytes >> 20);
    /* The helpers' own tables: what the memory leaves beyond the shared
     * one (its buckets are a power of two), shared out. */
    DTable *own = nw > 1 ? calloc((size_t)nw - 1, sizeof *own) : NULL;
    int owned = 0;
    if (own) {
        size_t rest = lim->memory > bytes ? (lim->memory - bytes) / (size_t)(nw - 1) : 0;
        /* Within the memory given: a helper's table is DF_MIN_BYTES at least. */
        if (rest >= DF_MIN_BYTES)
            while (owned < nw - 1 && dt_alloc(&own[owned], rest, lim->seconds >= DF_HUGE_SECONDS)) owned++;
    }
    if (nw > 1 && owned < nw - 1) {
        fprintf(stderr, "solve: no memory left for the helpers' tables (%zu KiB each at least); %d threads\n",
                DF_MIN_BYTES >> 10, owned + 1);
        nw = owned + 1;
    }
    sh->db = lim->db && pdb_fits(lim->db, p->board) ? lim->db : NULL;
    double at = t0 + (lim->seconds > 0 ? lim->seconds : 1.0);
    for (int i = 0; i < nw; i++) {
        w[i].sh = sh;
        w[i].t = i == 0 ? &sh->t : &own[i - 1];
        w[i].tt = w[i].t->tt;
        /* The main thread's epsilon is one thread's (1/4), and so is the
         * first helper's (it asks the other question, df_help); the
         * second's 1/8 (one thread with it: 0.87x the nodes after C3 C2 on
         * 5x5, 1.35x on the empty board), the third's 1/2, then smaller. */
        w[i].eps = i <= 1 ? 2 : i == 2 ? 3 : i == 3 ? 1 : 1 + i;
        w[i].main = i == 0;
        w[i].t0 = t0;
        w[i].progress = i == 0 ? lim->progress : 0;
        w[i].progress_at = t0 + w[i].progress;
        w[i].label = lim->label;
        /* Only the main thread polls the caller's stop (it may read input). */
        deadline_init(&w[i].dl, at, i == 0 ? lim->stop : NULL, i == 0 ? lim->ctx : NULL);
    }
    Dfpn *d = &w[0];
    int value = 2; /* +1 mover wins, -1 loses, 0 draw */
    /* The second question only when the first one's disproof may rest on
     * a repetition, a depth cut or a draw; else the other side wins and
     * the first question's table holds the answers (target). */
    int other = 0, target = me, questions = 1;
    int by = 0;
    int r = df_run(w, nw, p, me, &other, &by, &target);
    /* The answer of the question asked (the first helper's may be the
     * other side's), as the mover's value. */
    int sign = target == me ? 1 : -1;
    if (r == 1) value = sign;
    else if (r == 0 && other) value = -sign;
    else if (r == 0) {
        questions = 2;
        int r2 = df_run(w, nw, p, me ^ 1, &other, &by, &target);
        if (r2 == 1) value = -1;
        else if (r2 == 0 && !atomic_load(&sh->cut)) value = 0;
    }
    PdbEntry root;
    int rs;
    if (best && value != 2 && sh->db && pdb_get(sh->db, pdb_key(p, &rs), PDB_WIN, &root) && root.move.kind != MOVE_NONE &&
        (root.value == PDB_WIN) == (value == 1)) {
        /* The database's move (df_record's choice). */
        *best = pdb_move(p, rs, &root);
    } else if (best && value != 2) { /* unknown: no move to give */
        MoveList ml;
        movelist_init(&ml);
        size_t n = pos_gen_moves(p, &ml);
        int bi = 0;
        /* The winning move: a child whose mover's goal ("T does not win",
         * T = us) is disproved, with the fewest plies to the end. Otherwise
         * the move whose refutation takes the most plies, then the most
         * work (it resists longest). */
        d = &w[by]; /* the table that holds the answer */
        d->target = target;
        uint64_t most = 0;
        unsigned bp = 0;
        int found = 0;
        for (size_t i = 0; i < n; i++) {
            Position q = p[0];
            pos_play(&q, &ml.m[i]);
            if (pos_over(&q)) {
                if (value == 1 && q.result == (me == BLACK ? RESULT_BLACK : RESULT_WHITE)) { bi = (int)i; break; }
                continue;
            }
            DEntry e;
            if (!df_probe(d, df_key(d, sym_canon_t(&sh->sym, &q, NULL)), &e)) continue;
            unsigned cp = e.phi == 0 || e.delta == 0 ? e.plies : DF_PLIES_UNKNOWN;
            if (value == 1 && e.delta == 0) {
                if (!found || cp < bp) bi = (int)i, bp = cp, found = 1;
            } else if (value != 1) {
                uint64_t w = (uint64_t)(cp >= DF_PLIES_UNKNOWN ? 0 : cp) << 32 | e.work;
                if (w > most) most = w, bi = (int)i;
            }
        }
        if (n > 0) *best = ml.m[bi];
        movelist_free(&ml);
    }
    if (sh->db && pdb_flush(sh->db) < 0) perror("solve: writing the proof database");
    if (atomic_load(&sh->oom)) fprintf(stderr, "solve: out of memory for the search's lists or the database\n");
    if (st) {
        for (int i = 0; i < nw; i++) {
            st->nodes += w[i].nodes;
            if (w[i].maxdepth > st->depth) st->depth = w[i].maxdepth;
        }
        st->main_nodes = w[0].nodes;
        struct timespec ts;
        if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0) st->main_cpu = (double)ts.tv_sec + ts.tv_nsec * 1e-9 - cpu0;
        st->seconds = now_seconds() - t0;
        st->table_bytes = (dt_mask(&sh->t) + 1) * DF_WAYS * sizeof(DSlot); /* the main thread's, then the helpers' */
        for (int i = 0; i < owned; i++) st->table_bytes += (dt_mask(&own[i]) + 1) * DF_WAYS * sizeof(DSlot);
        st->questions = questions;
    }
    for (int i = 0; i < nw; i++) df_free_frames(&w[i]);
    ztable_free(&sh->t.mem);
    for (int i = 0; i < owned; i++) ztable_free(&own[i].mem);
    free(own);
    sym_table_free(&sh->sym);
    free(sh);
    free(w);
    return value == 1 ? mine : value == -1 ? theirs : value == 0 ? RESULT_DRAW : RESULT_NONE;
}

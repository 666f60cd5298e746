/* proof_check.c - see proof_check.h. */
#include "proof_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define PC_WORDS 4
#define PC_MAXD 1000

/* A position's exact state: what the rules of the next turns depend on. */
typedef struct PcState {
    uint64_t st[2][PC_WORDS];
    int16_t flipped;
    uint8_t to_move, owe, passes, swapped, ply; /* ply: 0, 1, or 2 for any later turn */
    uint8_t value;                     /* in the set: PDB_WIN or PDB_LOSS proven */
} PcState;

typedef struct Checker {
    ProofDB *db, *out;
    PcState *set;       /* open addressing by pos_hash; value 0: empty */
    size_t cap, n, max;
    uint64_t path[PC_MAXD];
    int depth;
    CheckResult *cr;
    int over;           /* the limit was reached */
} Checker;

static void state_of(const Position *p, PcState *s)
{
    memset(s, 0, sizeof *s);
    for (int c = 0; c < 2; c++) memcpy(s->st[c], p->stones[c], sizeof(uint64_t) * (size_t)p->board->words);
    s->flipped = p->board->rules.b ? p->flipped : -1;
    s->to_move = p->to_move;
    s->owe = p->owe;
    s->passes = p->passes;
    s->swapped = p->swapped;
    s->ply = (uint8_t)(p->ply < 2 ? p->ply : 2);
}

static int same(const PcState *a, const PcState *b)
{
    return !memcmp(a->st, b->st, sizeof a->st) && a->flipped == b->flipped && a->to_move == b->to_move &&
           a->owe == b->owe && a->passes == b->passes && a->swapped == b->swapped && a->ply == b->ply;
}

static PcState *slot(Checker *k, const PcState *s, uint64_t h)
{
    for (size_t i = mix64(h) & (k->cap - 1);; i = (i + 1) & (k->cap - 1))
        if (!k->set[i].value || same(&k->set[i], s)) return &k->set[i];
}

static uint64_t state_hash(const PcState *s)
{
    uint64_t hh = 0;
    for (int c = 0; c < 2; c++)
        for (int w = 0; w < PC_WORDS; w++) hh = mix64(hh ^ s->st[c][w]);
    return mix64(hh ^ (uint64_t)s->to_move ^ (uint64_t)s->ply << 8);
}

static int remember(Checker *k, const PcState *s, uint64_t h, int value)
{
    if ((k->n + 1) * 2 > k->cap) {
        size_t oc = k->cap, cap = oc * 2;
        PcState *old = k->set, *nw = calloc(cap, sizeof *nw);
        if (!nw) return -1;
        k->set = nw;
        k->cap = cap;
        for (size_t i = 0; i < oc; i++)
            if (old[i].value) *slot(k, &old[i], state_hash(&old[i])) = old[i];
        free(old);
    }
    PcState *t = slot(k, s, h);
    if (!t->value) k->n++;
    *t = *s;
    t->value = (uint8_t)value;
    return 0;
}

static int fail(Checker *k, const Position *p, const char *what)
{
    char buf[32];
    snprintf(k->cr->why, sizeof k->cr->why, "%s (ply %llu, %s to move, last move %s, %d plies into the proof)", what,
             (unsigned long long)p->ply, p->to_move == BLACK ? "black" : "white",
             p->last.kind == MOVE_NONE ? "none" : move_format(p->board, &p->last, buf, sizeof buf), k->depth);
    return 0;
}

static int check(Checker *k, const Position *p, int claim);

/* The outcome of one move for the side that made it: 1 its win (the game
 * over, or the position after proven lost for its new mover), 0 not, -1
 * the limit. */
static int mover_wins_by(Checker *k, const Position *p, const Move *m, int need)
{
    Position q = *p;
    pos_play(&q, m);
    Result mine = p->to_move == BLACK ? RESULT_BLACK : RESULT_WHITE;
    if (pos_over(&q)) return q.result == mine;
    if (!need) return 0;
    return check(k, &q, PDB_LOSS);
}

static int check(Checker *k, const Position *p, int claim)
{
    if (pos_over(p)) return fail(k, p, "the game is over: no side to move wins or loses");
    PcState s;
    state_of(p, &s);
    uint64_t h = state_hash(&s);
    PcState *known = slot(k, &s, h);
    if (known->value) {
        if (known->value == claim) return 1;
        return fail(k, p, "proven both won and lost");
    }
    uint64_t ph = pos_hash(p);
    for (int i = 0; i < k->depth; i++)
        if (k->path[i] == ph) return fail(k, p, "the line comes back to a position on it (no proof by repetition)");
    if (k->depth >= PC_MAXD) return fail(k, p, "a line longer than the checker follows");
    if (k->max && k->n >= k->max) {
        k->over = 1;
        return -1;
    }
    k->path[k->depth++] = ph;
    if (k->depth > k->cr->depth) k->cr->depth = k->depth;
    MoveList ml;
    movelist_init(&ml);
    size_t n = pos_gen_moves(p, &ml);
    int ok = 1;
    if (n == 0) ok = fail(k, p, "no legal move in a game not over");
    else if (claim == PDB_WIN) {
        /* A move that wins at once, else the database's move. */
        ok = 0;
        for (size_t i = 0; i < n && !ok; i++) {
            Position q = *p;
            pos_play(&q, &ml.m[i]);
            ok = pos_over(&q) && q.result == (p->to_move == BLACK ? RESULT_BLACK : RESULT_WHITE);
        }
        if (!ok) {
            int sym;
            PdbEntry e;
            if (!pdb_get(k->db, pdb_key(p, &sym), PDB_WIN, &e) || e.value != PDB_WIN) {
                ok = fail(k, p, "claimed won, but no move wins at once and the database has no winning move");
            } else {
                Move m = pdb_move(p, sym, &e);
                const char *why = m.kind == MOVE_NONE ? "no move" : pos_check_move(p, &m);
                if (why) {
                    ok = fail(k, p, "the database's winning move is not legal");
                } else {
                    if (k->out && pdb_put(k->out, &e) < 0) ok = fail(k, p, "out of memory");
                    k->cr->used++;
                    ok = mover_wins_by(k, p, &m, 1);
                    if (ok == 0 && !k->cr->why[0]) fail(k, p, "the database's move does not win");
                }
            }
        }
    } else {
        for (size_t i = 0; i < n && ok == 1; i++) {
            Position q = *p;
            pos_play(&q, &ml.m[i]);
            if (pos_over(&q)) {
                if (q.result != (p->to_move == BLACK ? RESULT_WHITE : RESULT_BLACK)) ok = fail(k, &q, "claimed lost, but a move ends the game otherwise");
                continue;
            }
            ok = check(k, &q, PDB_WIN);
        }
    }
    movelist_free(&ml);
    k->depth--;
    if (ok == 1 && remember(k, &s, h, claim) < 0) ok = fail(k, p, "out of memory");
    if (ok == 1) k->cr->positions++;
    return ok;
}

int proof_check(ProofDB *db, const Position *p, int claim, size_t max_positions, ProofDB *out, CheckResult *cr)
{
    memset(cr, 0, sizeof *cr);
    if (p->board->words > PC_WORDS) {
        snprintf(cr->why, sizeof cr->why, "the checker handles boards up to 8x8");
        return -1;
    }
    Checker k = { .db = db, .out = out, .max = max_positions, .cr = cr, .cap = 4096 };
    if (!(k.set = calloc(k.cap, sizeof *k.set))) return snprintf(cr->why, sizeof cr->why, "out of memory"), -1;
    int r = check(&k, p, claim);
    free(k.set);
    /* The root's own entry too, so that the export answers for it. */
    PdbEntry e;
    if (r == 1 && out && pdb_get(db, pdb_key(p, NULL), PDB_WIN, &e) && e.value == claim && pdb_put(out, &e) < 0) {
        snprintf(cr->why, sizeof cr->why, "out of memory");
        return -1;
    }
    if (k.over) {
        snprintf(cr->why, sizeof cr->why, "more than %zu positions: stopped", max_positions);
        return -1;
    }
    return r;
}

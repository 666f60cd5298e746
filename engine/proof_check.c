/* proof_check.c - see proof_check.h. */
#include "proof_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "symmetry.h"
#include "util.h"

#define PC_WORDS 4
#define PC_MAXD 1000

/* A position's exact state, packed: word 0 the rules state (bits 0-7
 * the value in the set: PDB_WIN or PDB_LOSS proven, 0 an empty slot; then
 * 8 bits each of ply (0, 1, or 2 for any later turn), to_move, owe,
 * passes, swapped, and 16 of flipped), then the board's words of each
 * colour: 1 + 2 * board words in all, 24 bytes on 5x5 where a fixed
 * state of 8x8's took 72. The set holds them in one flat array: the 5x5
 * abstractplay=default proof (4.5M positions) in 192 MiB, not 1.7 GB
 * (docs/results.md). */
#define PC_SW (1 + 2 * PC_WORDS)
#define PC_VALUE(s) ((int)((s)[0] & 0xff))

typedef struct Checker {
    ProofDB *db, *out;  /* db: the guide (NULL when the moves come from a proof file) */
    FILE *wr;           /* export: each guided move written as it is met */
    int wr_col;
    const char *rd, *rd_end; /* verify: the proof's moves, read as they are met */
    uint64_t *set;      /* cap states of sw words, linear probing by state_hash; value 0: empty */
    size_t cap, n, max, sw;
    uint64_t path[PC_MAXD];
    int depth;
    CheckResult *cr;
    int over;           /* the limit was reached */
} Checker;

/* The state of p in s (k->sw words), value 0. */
static void state_of(const Checker *k, const Position *p, uint64_t *s)
{
    int16_t flipped = p->board->flip_bannable ? p->flipped : -1;
    uint64_t ply = p->ply < 2 ? p->ply : 2;
    s[0] = ply << 8 | (uint64_t)p->to_move << 16 | (uint64_t)p->owe << 24 | (uint64_t)p->passes << 32 |
           (uint64_t)p->swapped << 40 | (uint64_t)(uint16_t)flipped << 48;
    size_t w = (k->sw - 1) / 2;
    for (int c = 0; c < 2; c++) memcpy(s + 1 + (size_t)c * w, p->stones[c], sizeof(uint64_t) * w);
}

/* The whole state compared, the value aside: the set never rests on a hash. */
static int same(const Checker *k, const uint64_t *a, const uint64_t *b)
{
    return (a[0] >> 8) == (b[0] >> 8) && !memcmp(a + 1, b + 1, sizeof(uint64_t) * (k->sw - 1));
}

static uint64_t state_hash(const Checker *k, const uint64_t *s)
{
    uint64_t hh = s[0] >> 8;
    for (size_t w = 1; w < k->sw; w++) hh = mix64(hh ^ s[w]);
    return mix64(hh);
}

static uint64_t *slot(Checker *k, const uint64_t *s, uint64_t h)
{
    for (size_t i = h & (k->cap - 1);; i = (i + 1) & (k->cap - 1)) {
        uint64_t *t = k->set + i * k->sw;
        if (!PC_VALUE(t) || same(k, t, s)) return t;
    }
}

static int set_init(Checker *k, size_t words)
{
    k->sw = 1 + 2 * words;
    k->cap = 4096;
    k->set = calloc(k->cap * k->sw, sizeof *k->set);
    return k->set ? 0 : -1;
}

/* Load at most 4/5 (linear probing stays short there); growth doubles. */
static int remember(Checker *k, const uint64_t *s, uint64_t h, int value)
{
    if ((k->n + 1) * 5 > k->cap * 4) {
        size_t oc = k->cap;
        uint64_t *old = k->set, *nw = calloc(oc * 2 * k->sw, sizeof *nw);
        if (!nw) return -1;
        k->set = nw;
        k->cap = oc * 2;
        for (size_t i = 0; i < oc; i++) {
            const uint64_t *o = old + i * k->sw;
            if (PC_VALUE(o)) memcpy(slot(k, o, state_hash(k, o)), o, sizeof(uint64_t) * k->sw);
        }
        free(old);
    }
    uint64_t *t = slot(k, s, h);
    if (!PC_VALUE(t)) k->n++;
    memcpy(t, s, sizeof(uint64_t) * k->sw);
    t[0] = (t[0] & ~(uint64_t)0xff) | (uint64_t)value;
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

/* Export: the winner's move at p (won, no move wins at once) when a
 * child the database proves lost is already proven in this walk (the
 * proof then needs nothing more below it); else the database's move
 * stays (*m unchanged). Sharing so shrinks the 5x5 abstractplay=default
 * map's proof from 5,039,380 to 4,483,786 positions; choosing instead by
 * the least work below a child (the database's count) or by the least
 * proof size (counted as trees) made it larger (docs/results.md). */
static int move_cmp(const void *a, const void *b);

static void export_choice(Checker *k, const Position *p, const MoveList *ml, size_t n, Move *m)
{
    const Move *got = NULL;
    for (size_t i = 0; i < n; i++) {
        Position q = *p;
        pos_play(&q, &ml->m[i]);
        if (pos_over(&q) || (got && move_cmp(&ml->m[i], got) > 0)) continue;
        uint64_t s[PC_SW];
        state_of(k, &q, s);
        if (PC_VALUE(slot(k, s, state_hash(k, s))) == PDB_LOSS) got = &ml->m[i]; /* the first in move order (move_cmp) */
    }
    if (got) *m = *got;
}

/* The order a lost position's moves are walked in: by the moves
 * themselves, not by the generator's order, so that a proof file reads
 * the same whatever order the rules core lists moves in. */
static int move_cmp(const void *a, const void *b)
{
    const Move *x = a, *y = b;
    if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
    if (x->n != y->n) return x->n < y->n ? -1 : 1;
    for (int i = 0; i < x->n; i++)
        if (x->pt[i] != y->pt[i]) return x->pt[i] < y->pt[i] ? -1 : 1;
    return 0;
}

/* The next move of a proof file (verify), parsed in p: 1, or 0 (failed). */
static int read_move(Checker *k, const Position *p, Move *m)
{
    const char *s = k->rd;
    while (s < k->rd_end && (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r')) s++;
    const char *e = s;
    while (e < k->rd_end && *e != ' ' && *e != '\n' && *e != '\t' && *e != '\r') e++;
    k->rd = e;
    if (e == s) return fail(k, p, "claimed won, but the proof file has no more moves");
    char tok[64], err[128];
    if ((size_t)(e - s) >= sizeof tok) return fail(k, p, "the proof file holds a token too long for a move");
    memcpy(tok, s, (size_t)(e - s));
    tok[e - s] = 0;
    if (move_parse(p, tok, m, err, sizeof err) < 0 || pos_check_move(p, m) != NULL) {
        char why[200];
        snprintf(why, sizeof why, "the proof file's move %s is not legal", tok);
        return fail(k, p, why);
    }
    return 1;
}

/* Export: the move as the file holds it, lines of about 100 characters. */
static int write_move(Checker *k, const Position *p, const Move *m)
{
    char buf[32];
    move_format(p->board, m, buf, sizeof buf);
    int len = (int)strlen(buf);
    if (k->wr_col && k->wr_col + 1 + len > 100) {
        if (fputc('\n', k->wr) == EOF) return -1;
        k->wr_col = 0;
    }
    if (fprintf(k->wr, "%s%s", k->wr_col ? " " : "", buf) < 0) return -1;
    k->wr_col += len + (k->wr_col ? 1 : 0);
    return 0;
}

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
    uint64_t s[PC_SW];
    state_of(k, p, s);
    uint64_t h = state_hash(k, s);
    const uint64_t *known = slot(k, s, h);
    if (PC_VALUE(known)) {
        if (PC_VALUE(known) == claim) return 1;
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
        if (!ok && !k->db) {
            /* The proof file's move. */
            Move m;
            if (read_move(k, p, &m)) {
                k->cr->used++;
                ok = mover_wins_by(k, p, &m, 1);
                if (ok == 0 && !k->cr->why[0]) fail(k, p, "the proof file's move does not win");
            }
        } else if (!ok) {
            int sym;
            PdbEntry e;
            if (!pdb_get(k->db, pdb_key(p, &sym), PDB_WIN, &e) || e.value != PDB_WIN) {
                ok = fail(k, p, "claimed won, but no move wins at once and the database has no winning move");
            } else {
                Move m = pdb_move(p, sym, &e);
                if (k->wr) export_choice(k, p, &ml, n, &m);
                const char *why = m.kind == MOVE_NONE ? "no move" : pos_check_move(p, &m);
                if (why) {
                    ok = fail(k, p, "the database's winning move is not legal");
                } else {
                    if (k->out && pdb_put(k->out, &e) < 0) ok = fail(k, p, "out of memory");
                    k->cr->used++;
                    if (k->wr && write_move(k, p, &m) < 0) ok = fail(k, p, "cannot write the proof file");
                    else ok = mover_wins_by(k, p, &m, 1);
                    if (ok == 0 && !k->cr->why[0]) fail(k, p, "the database's move does not win");
                }
            }
        }
    } else {
        qsort(ml.m, n, sizeof *ml.m, move_cmp);
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
    if (ok == 1 && remember(k, s, h, claim) < 0) ok = fail(k, p, "out of memory");
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
    Checker k = { .db = db, .out = out, .max = max_positions, .cr = cr };
    if (set_init(&k, (size_t)p->board->words) < 0) return snprintf(cr->why, sizeof cr->why, "out of memory"), -1;
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

/* ---- Proof files: the proof as the winner's moves alone. ----
 *
 * A proof file names its board and rules, then one section per root: a
 * line "root WINNER MOVES..." (the position those moves reach from the
 * start, and who wins it), then the proof's moves in the order the
 * checker meets them: one move for each position the winner is to move
 * in, when it is not yet proven and no move wins at once; a loser's moves
 * are walked in move order (move_cmp), every one. Positions proven under
 * an earlier root are not walked again. The reader needs nothing but the
 * rules core: the file's moves are its only guide. */

#define PF_MAGIC "morphos-proof 1"

static Result winner_of(const Position *p, int claim)
{
    return (p->to_move == BLACK) == (claim == PDB_WIN) ? RESULT_BLACK : RESULT_WHITE;
}

static int line_format(const Board *b, const Move *line, size_t n, char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = 0;
    for (size_t i = 0; i < n; i++) {
        char mv[32];
        move_format(b, &line[i], mv, sizeof mv);
        int w = snprintf(buf + o, len - o, " %s", mv);
        if (w < 0 || (size_t)w >= len - o) return -1;
        o += (size_t)w;
    }
    return 0;
}

/* One root of an export: the header line and its moves. */
static int export_root(Checker *k, const Position *p, const Move *line, size_t n, int claim, int *ok)
{
    char buf[1024];
    if (line_format(p->board, line, n, buf, sizeof buf) < 0) return -1;
    if (fprintf(k->wr, "root %s%s\n", winner_of(p, claim) == RESULT_BLACK ? "black" : "white", buf) < 0) return -1;
    k->wr_col = 0;
    *ok = check(k, p, claim);
    if (k->wr_col && fputc('\n', k->wr) == EOF) return -1;
    return 0;
}

int proof_export(ProofDB *db, const Position *start, const Move *line, size_t n, const char *path, int *roots,
                 CheckResult *cr, char *err, size_t errlen)
{
    memset(cr, 0, sizeof *cr);
    *roots = 0;
    const Board *b = start->board;
    if (b->words > PC_WORDS) return snprintf(err, errlen, "the checker handles boards up to 8x8"), -1;
    Position p = *start;
    for (size_t i = 0; i < n; i++) pos_play(&p, &line[i]);
    int sym;
    PdbEntry e;
    if (pos_over(&p) || !pdb_get(db, pdb_key(&p, &sym), PDB_WIN, &e))
        return snprintf(err, errlen, "the database does not hold this position"), -1;
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 8);
    if (!tmp) return snprintf(err, errlen, "out of memory"), -1;
    snprintf(tmp, plen + 8, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, errlen, "cannot write %s", tmp);
        free(tmp);
        return -1;
    }
    Move *ln = malloc((n + 1) * sizeof *ln);
    MoveList ml;
    movelist_init(&ml);
    size_t nm = pos_gen_moves(&p, &ml);
    uint64_t *seen = calloc(nm + 1, sizeof *seen);
    Checker k = { .db = db, .wr = f, .cr = cr };
    set_init(&k, (size_t)b->words);
    int r = -1, ok = 1;
    char rules[256];
    ruleset_format(&b->rules, rules, sizeof rules);
    if (!ln || !seen || !k.set) {
        snprintf(err, errlen, "out of memory");
    } else if (fprintf(f, "%s\nsize %d\nrules %s\n", PF_MAGIC, b->size, rules) < 0 ||
               export_root(&k, &p, line, n, e.value, &ok) < 0) {
        snprintf(err, errlen, "cannot write %s", tmp);
    } else {
        r = 0;
        *roots = 1;
        /* Every child the database holds, one per class of symmetric
         * children: the root's map (the opening map from the start). */
        if (n) memcpy(ln, line, n * sizeof *ln);
        qsort(ml.m, nm, sizeof *ml.m, move_cmp);
        size_t nseen = 0;
        for (size_t i = 0; i < nm && ok == 1 && r == 0; i++) {
            Position q = p;
            pos_play(&q, &ml.m[i]);
            if (pos_over(&q)) continue;
            uint64_t key = sym_canon(&q, NULL);
            int dup = 0;
            for (size_t j = 0; j < nseen && !dup; j++) dup = seen[j] == key;
            PdbEntry ce;
            if (dup || !pdb_get(db, pdb_key(&q, NULL), PDB_WIN, &ce)) continue;
            seen[nseen++] = key;
            ln[n] = ml.m[i];
            if (export_root(&k, &q, ln, n + 1, ce.value, &ok) < 0) {
                snprintf(err, errlen, "cannot write %s", tmp);
                r = -1;
            }
            (*roots)++;
        }
        if (r == 0 && ok != 1) {
            snprintf(err, errlen, "%s: %s", ok == 0 ? "refuted" : "not checked", cr->why);
            r = -1;
        }
    }
    if (fclose(f) != 0 && r == 0) {
        snprintf(err, errlen, "cannot write %s", tmp);
        r = -1;
    }
    if (r == 0 && rename(tmp, path) != 0) {
        snprintf(err, errlen, "cannot rename %s to %s", tmp, path);
        r = -1;
    }
    if (r < 0) remove(tmp);
    free(k.set);
    free(seen);
    free(ln);
    movelist_free(&ml);
    free(tmp);
    return r < 0 ? -1 : *roots;
}

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap) break;
        char *nb = realloc(buf, cap * 2 + 1);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* The line from s up to its end, as a string in buf; returns the next line. */
static const char *take_line(const char *s, const char *end, char *buf, size_t len)
{
    const char *e = memchr(s, '\n', (size_t)(end - s));
    if (!e) e = end;
    size_t n = (size_t)(e - s);
    if (n >= len) n = len - 1;
    memcpy(buf, s, n);
    buf[n] = 0;
    return e < end ? e + 1 : end;
}

int proof_verify(const char *path, void (*f)(const ProofRoot *r, void *ctx), void *ctx, CheckResult *cr, char *err,
                 size_t errlen)
{
    memset(cr, 0, sizeof *cr);
    size_t len;
    char *text = read_all(path, &len);
    if (!text) return snprintf(err, errlen, "cannot read %s", path), -1;
    const char *s = text, *end = text + len;
    char l1[64], l2[64], l3[512];
    s = take_line(s, end, l1, sizeof l1);
    s = take_line(s, end, l2, sizeof l2);
    s = take_line(s, end, l3, sizeof l3);
    int size;
    Ruleset rs;
    ruleset_default(&rs);
    const char *why = NULL;
    if (strcmp(l1, PF_MAGIC) != 0) why = "not a proof file (its first line is not \"" PF_MAGIC "\")";
    else if (sscanf(l2, "size %d", &size) != 1) why = "its second line is not \"size N\"";
    else if (strncmp(l3, "rules ", 6) != 0 || ruleset_parse(&rs, l3 + 6) != NULL) why = "its third line is not \"rules TOKENS\"";
    Board *b = NULL;
    if (!why && !(b = board_create(size, &rs, err, errlen))) {
        free(text);
        return -1;
    }
    if (why) {
        snprintf(err, errlen, "%s: %s", path, why);
        free(text);
        return -1;
    }
    Checker k = { .cr = cr };
    set_init(&k, (size_t)b->words);
    int proven = 0, roots = 0;
    CheckResult one;
    k.cr = &one;
    while (k.set && s < end) {
        char head[1024];
        const char *body = take_line(s, end, head, sizeof head);
        if (head[0] == 0) {
            s = body;
            continue;
        }
        /* The section's moves end at the next root. */
        const char *next = body;
        while (next < end && strncmp(next, "root ", 5) != 0) {
            const char *nl = memchr(next, '\n', (size_t)(end - next));
            next = nl ? nl + 1 : end;
        }
        s = next;
        ProofRoot pr;
        memset(&pr, 0, sizeof pr);
        memset(&one, 0, sizeof one);
        roots++;
        char *tok = strtok(head, " \t\r");
        char *who = strtok(NULL, " \t\r");
        Position p;
        pos_init(&p, b);
        pr.ok = 0;
        if (!tok || strcmp(tok, "root") != 0 || !who || (strcmp(who, "black") && strcmp(who, "white"))) {
            snprintf(pr.why, sizeof pr.why, "a line that is not \"root black|white MOVES...\"");
            f(&pr, ctx);
            break;
        }
        pr.winner = who[0] == 'b' ? RESULT_BLACK : RESULT_WHITE;
        size_t o = 0;
        for (char *mv; (mv = strtok(NULL, " \t\r")) && !pr.why[0];) {
            Move m;
            char e2[128];
            o += (size_t)snprintf(pr.line + o, sizeof pr.line - o, "%s%s", o ? " " : "", mv);
            if (o >= sizeof pr.line) o = sizeof pr.line - 1;
            if (pos_over(&p) || move_parse(&p, mv, &m, e2, sizeof e2) < 0 || pos_check_move(&p, &m) != NULL)
                snprintf(pr.why, sizeof pr.why, "the root's move %s is not legal", mv);
            else
                pos_play(&p, &m);
        }
        if (!pr.why[0] && pos_over(&p)) snprintf(pr.why, sizeof pr.why, "the root's game is over");
        if (!pr.why[0]) {
            k.rd = body;
            k.rd_end = next;
            int claim = (pr.winner == RESULT_BLACK) == (p.to_move == BLACK) ? PDB_WIN : PDB_LOSS;
            pr.ok = check(&k, &p, claim);
            /* Nothing may be left over: the file is the proof, no more. */
            while (pr.ok == 1 && k.rd < next && (*k.rd == ' ' || *k.rd == '\n' || *k.rd == '\r' || *k.rd == '\t')) k.rd++;
            if (pr.ok == 1 && k.rd < next) pr.ok = 0, snprintf(one.why, sizeof one.why, "moves left over after the proof");
            if (pr.ok != 1) snprintf(pr.why, sizeof pr.why, "%s", one.why);
        }
        pr.positions = one.positions;
        pr.used = one.used;
        pr.depth = one.depth;
        cr->positions += one.positions;
        cr->used += one.used;
        if (one.depth > cr->depth) cr->depth = one.depth;
        if (pr.ok == 1) proven++;
        f(&pr, ctx);
    }
    int r = k.set ? 0 : -1;
    if (!k.set) snprintf(err, errlen, "out of memory");
    else if (roots == 0) snprintf(err, errlen, "%s holds no root", path), r = -1;
    free(k.set);
    board_free(b);
    free(text);
    return r < 0 ? -1 : proven == roots ? 1 : 0;
}

/* test_solve.c - the solvers' symmetry, the proof database (records read
 * back, torn and corrupted files) and the proof checker (sound proofs
 * pass, broken ones fail), and df-pn with a database and two threads. */
#define _DEFAULT_SOURCE /* mkdtemp, ftruncate */
#include <stdlib.h>
#include <unistd.h>

#include "support.h"
#include "../engine/dfpn.h"
#include "../engine/eval.h"
#include "../engine/opening_map.h"
#include "../engine/proof_check.h"
#include "../engine/proofdb.h"
#include "../engine/symmetry.h"
#include "../rules/rng.h"
#include "ref_distance.h"

static char dir[64];

static const char *tmpfile_named(const char *name)
{
    static char path[128];
    if (!dir[0]) {
        strcpy(dir, "/tmp/morphos-solve-XXXXXX");
        CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    }
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

/* The image of p under s, built stone by stone. */
static Position image(const Position *p, int s)
{
    Position q;
    pos_init(&q, p->board);
    for (int pt = 0; pt < p->board->npoints; pt++) pos_set_stone(&q, pt, EMPTY);
    for (int pt = 0; pt < p->board->npoints; pt++) pos_set_stone(&q, sym_point(p->board, s, pt), pos_color_at(p, pt));
    q.to_move = p->to_move;
    q.ply = p->ply;
    q.owe = p->owe;
    q.passes = p->passes;
    q.swapped = p->swapped;
    q.flipped = p->flipped >= 0 ? (int16_t)sym_point(p->board, s, p->flipped) : -1;
    return q;
}

/* sym_hash is pos_hash of the image; the image's moves are the images of
 * the moves; and a symmetry keeps each side's weak stones and wins. */
static void test_symmetry(void)
{
    static const char *rules[] = { "pie=off", "b pie=off", "abstractplay=default", "a edges=off", "d" };
    uint64_t rng = 12345;
    for (size_t r = 0; r < sizeof rules / sizeof *rules; r++)
        for (int size = 4; size <= 5; size++) {
            Game g = game(size, rules[r]);
            CU_ASSERT_EQUAL(sym_count(g.b), 4);
            SymTable tab;
            CU_ASSERT_EQUAL_FATAL(sym_table_init(&tab, g.b), 0);
            for (int t = 0; t < 12; t++) {
                Position p = g.p;
                int plies = (int)(rng_next(&rng) % (uint64_t)(size * size));
                for (int i = 0; i < plies && !pos_over(&p); i++) pos_play_random(&p, &rng);
                if (pos_over(&p)) continue;
                MoveList a, b;
                movelist_init(&a);
                movelist_init(&b);
                size_t na = pos_gen_moves(&p, &a);
                for (int s = 0; s < 4; s++) {
                    Position q = image(&p, s);
                    CU_ASSERT_EQUAL(sym_hash(&p, s), pos_hash(&q));
                    CU_ASSERT_EQUAL(pos_gen_moves(&q, &b), na);
                    for (size_t i = 0; i < na; i++) {
                        Move m = sym_move(g.b, s, a.m[i]);
                        CU_ASSERT_PTR_NULL(pos_check_move(&q, &m));
                        Position x = p, y = q;
                        pos_play(&x, &a.m[i]);
                        pos_play(&y, &m);
                        CU_ASSERT_EQUAL(x.result, y.result);
                        /* A swap transposes the board: the reflections trade places. */
                        int t = a.m[i].kind == MOVE_SWAP && (s == 1 || s == 2) ? 3 - s : s;
                        CU_ASSERT_EQUAL(sym_hash(&x, t), pos_hash(&y));
                    }
                    CU_ASSERT_EQUAL(sym_canon(&p, NULL), sym_canon(&q, NULL));
                    int s1, s2;
                    CU_ASSERT_EQUAL(sym_canon_t(&tab, &q, &s1), sym_canon(&q, &s2));
                    CU_ASSERT_EQUAL(s1, s2);
                }
                movelist_free(&a);
                movelist_free(&b);
            }
            sym_table_free(&tab);
            board_free(g.b);
        }
}

/* eval_distance (the solver's initial numbers; bitboard layers) against
 * relaxation to a fixed point over the points (ref_distance.h), on random
 * positions of several sizes and rule sets, with limits. */
static void test_distance(void)
{
    static const char *rules[] = { "pie=off", "abstractplay=default", "a edges=off", "e", "morpharaoh" };
    uint64_t rng = 777;
    for (size_t r = 0; r < sizeof rules / sizeof *rules; r++)
        for (int size = 3; size <= 19; size += 4) {
            Game g = game(size, rules[r]);
            for (int t = 0; t < 40; t++) {
                Position p = g.p;
                int plies = (int)(rng_next(&rng) % (uint64_t)(g.b->npoints + 1));
                for (int i = 0; i < plies && !pos_over(&p); i++) pos_play_random(&p, &rng);
                for (int c = 0; c < 2; c++) {
                    int want = ref_distance(&p, (Color)c);
                    CU_ASSERT_EQUAL(eval_distance(&p, (Color)c), want);
                    for (int lim = 0; lim < 6; lim++) {
                        int w = want <= lim ? want : want == EVAL_FAR ? -1 : lim + 1;
                        int got = eval_distance_within(&p, (Color)c, lim);
                        /* Unreachable: EVAL_FAR, or limit + 1 when points beyond the limit remain. */
                        if (w < 0) {
                            CU_ASSERT(got == EVAL_FAR || got == lim + 1);
                        } else {
                            CU_ASSERT_EQUAL(got, w);
                        }
                    }
                }
            }
            board_free(g.b);
        }
}

static PdbEntry entry(uint64_t key, int value, int point)
{
    PdbEntry e = { .key = key, .work = key % 1000, .phi = value >= PDB_OPEN_B ? 7 : 0, .delta = 9, .value = (uint8_t)value,
                   .move = move_pts(MOVE_PLACE, 1, point, -1, -1) };
    return e;
}

static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n;
}

/* Records read back; a torn tail at every byte offset of the last record
 * is cut off and everything before it kept; a corrupted record is
 * skipped, never read as another; another board is refused. */
static void test_proofdb_file(void)
{
    Game g = game(5, "pie=off");
    char err[256];
    const char *path = tmpfile_named("t.pdb");
    unlink(path);
    ProofDB *db = pdb_open(path, g.b, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(db);
    long header = file_size(path);
    CU_ASSERT(header > 0);
    for (uint64_t k = 1; k <= 100; k++) {
        PdbEntry e = { .key = k * 7919, .value = k % 3 == 0 ? PDB_LOSS : PDB_WIN, .work = k,
                       .move = move_pts(MOVE_PLACE, 1, (int)(k % 25), -1, -1) };
        CU_ASSERT_EQUAL(pdb_put(db, &e), 0);
    }
    pdb_close(db);
    long full = file_size(path);
    CU_ASSERT_EQUAL((full - header) % 100, 0);
    long rec = (full - header) / 100;
    /* Read back. */
    db = pdb_open(path, g.b, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(db);
    PdbStats st;
    pdb_stats(db, &st);
    CU_ASSERT_EQUAL(st.wins + st.losses, 100);
    for (uint64_t k = 1; k <= 100; k++) {
        PdbEntry e;
        CU_ASSERT_FATAL(pdb_get(db, k * 7919, PDB_WIN, &e));
        CU_ASSERT_EQUAL(e.value, k % 3 == 0 ? PDB_LOSS : PDB_WIN);
        CU_ASSERT_EQUAL(e.move.pt[0], (int)(k % 25));
        CU_ASSERT_EQUAL(e.work, k);
    }
    PdbEntry none;
    CU_ASSERT_FALSE(pdb_get(db, 12345, PDB_WIN, &none));
    pdb_close(db);
    /* A kill mid-write: every cut inside the last record. */
    for (long cut = 1; cut < rec; cut++) {
        CU_ASSERT_EQUAL_FATAL(truncate(path, full - cut), 0);
        db = pdb_open(path, g.b, err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(db);
        pdb_stats(db, &st);
        CU_ASSERT_EQUAL(st.wins + st.losses, 99);
        CU_ASSERT_EQUAL(st.cut, (size_t)(rec - cut));
        PdbEntry e;
        CU_ASSERT_FALSE(pdb_get(db, 100 * 7919, PDB_WIN, &e));
        /* Appending again lands on a record boundary. */
        CU_ASSERT_EQUAL(pdb_put(db, &(PdbEntry){ .key = 100 * 7919, .value = PDB_WIN, .move = move_pts(MOVE_PLACE, 1, 0, -1, -1) }), 0);
        pdb_close(db);
        CU_ASSERT_EQUAL(file_size(path), full);
        db = pdb_open(path, g.b, err, sizeof err);
        pdb_stats(db, &st);
        CU_ASSERT_EQUAL(st.wins + st.losses, 100);
        CU_ASSERT_EQUAL(st.cut, 0);
        pdb_close(db);
    }
    /* A flipped byte in every field of record 50: that record is skipped. */
    for (long b = 0; b < rec; b++) {
        FILE *f = fopen(path, "r+b");
        CU_ASSERT_PTR_NOT_NULL_FATAL(f);
        long at = header + 49 * rec + b;
        fseek(f, at, SEEK_SET);
        int c = fgetc(f);
        fseek(f, at, SEEK_SET);
        fputc(c ^ 0x10, f);
        fclose(f);
        db = pdb_open(path, g.b, err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(db);
        pdb_stats(db, &st);
        CU_ASSERT_EQUAL(st.skipped, 1);
        CU_ASSERT_EQUAL(st.wins + st.losses, 99);
        PdbEntry e;
        CU_ASSERT_FALSE(pdb_get(db, 50 * 7919, PDB_WIN, &e));
        pdb_close(db);
        f = fopen(path, "r+b");
        fseek(f, at, SEEK_SET);
        fputc(c, f);
        fclose(f);
    }
    /* Another rule set, another size, not a database: refused. */
    Game h = game(5, "a pie=off"), k = game(6, "pie=off"), same = game(5, "pie=on");
    err[0] = 0;
    CU_ASSERT_PTR_NULL(pdb_open(path, h.b, err, sizeof err));
    CU_ASSERT(strstr(err, "rules") != NULL);
    CU_ASSERT_PTR_NULL(pdb_open(path, k.b, err, sizeof err));
    db = pdb_open(path, same.b, err, sizeof err); /* the pie aside */
    CU_ASSERT_PTR_NOT_NULL(db);
    pdb_close(db);
    FILE *f = fopen(tmpfile_named("junk"), "w");
    fputs("not a database\n", f);
    fclose(f);
    CU_ASSERT_PTR_NULL(pdb_open(tmpfile_named("junk"), g.b, err, sizeof err));
    CU_ASSERT_PTR_NULL(pdb_open("/nonexistent-dir/x.pdb", g.b, err, sizeof err));
    /* Open entries: an open value is replaced by a proof, never the reverse. */
    db = pdb_open(NULL, g.b, err, sizeof err);
    PdbEntry e = entry(42, PDB_OPEN_B, 3), got;
    CU_ASSERT_EQUAL(pdb_put(db, &e), 0);
    CU_ASSERT(pdb_get(db, 42, PDB_OPEN_B, &got) && got.phi == 7);
    CU_ASSERT_FALSE(pdb_get(db, 42, PDB_WIN, &got));
    CU_ASSERT_FALSE(pdb_get(db, 42, PDB_OPEN_W, &got));
    e = entry(42, PDB_WIN, 4);
    pdb_put(db, &e);
    e = entry(42, PDB_LOSS, 5);
    pdb_put(db, &e);
    CU_ASSERT(pdb_get(db, 42, PDB_WIN, &got) && got.value == PDB_WIN && got.move.pt[0] == 4);
    pdb_close(db);
    unlink(path);
    unlink(tmpfile_named("junk"));
    board_free(g.b);
    board_free(h.b);
    board_free(k.b);
    board_free(same.b);
}

static Result solve_in(const Position *p, ProofDB *db, int threads, size_t memory, Move *best, SolveStats *st)
{
    SolveLimits lim = { .seconds = 300, .memory = memory, .threads = threads, .db = db };
    Result r = dfpn_solve(p, &lim, best, st);
    CU_ASSERT(st->table_bytes <= memory); /* the table grows, never past memory (0: answered from the database) */
    return r;
}

static Result solve_with(const Position *p, ProofDB *db, int threads, Move *best, SolveStats *st)
{
    return solve_in(p, db, threads, (size_t)64 << 20, best, st);
}

/* df-pn writes a proof the checker accepts; a second solve reads the
 * answer back without searching; a database with one move changed, or a
 * value claimed the other way, fails the check. */
static void test_proof_checked(void)
{
    static const struct { int size; const char *rules; } cases[] = {
        {4, "pie=off"}, {3, "pie=on"}, {3, "abstractplay=default"}, {4, "a edges=off pie=off"}, {3, "d pie=off"}, {3, "b pie=off"},
    };
    for (size_t r = 0; r < sizeof cases / sizeof *cases; r++) {
        Game g = game(cases[r].size, cases[r].rules);
        char err[256];
        ProofDB *db = pdb_open(NULL, g.b, err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(db);
        Move best;
        SolveStats st;
        Result res = solve_with(&g.p, db, 1, &best, &st);
        CU_ASSERT_FATAL(res == RESULT_BLACK || res == RESULT_WHITE);
        int claim = res == RESULT_BLACK ? PDB_WIN : PDB_LOSS;
        CheckResult cr;
        ProofDB *ex = pdb_open(NULL, g.b, err, sizeof err);
        CU_ASSERT_EQUAL(proof_check(db, &g.p, claim, 0, ex, &cr), 1);
        CU_ASSERT(cr.positions > 10);
        /* The exported proof alone is enough, and smaller. */
        PdbStats a, b;
        pdb_stats(db, &a);
        pdb_stats(ex, &b);
        CU_ASSERT(b.wins + b.losses < a.wins + a.losses);
        CheckResult cr2;
        CU_ASSERT_EQUAL(proof_check(ex, &g.p, claim, 0, NULL, &cr2), 1);
        CU_ASSERT_EQUAL(cr2.positions, cr.positions);
        /* The other claim fails; so does a limit too small. */
        CU_ASSERT_EQUAL(proof_check(db, &g.p, claim == PDB_WIN ? PDB_LOSS : PDB_WIN, 0, NULL, &cr2), 0);
        CU_ASSERT(cr2.why[0] != 0);
        CU_ASSERT_EQUAL(proof_check(db, &g.p, claim, 5, NULL, &cr2), -1);
        /* Solved again: from the database, no search. */
        Move again;
        CU_ASSERT_EQUAL(solve_with(&g.p, db, 1, &again, &st), res);
        CU_ASSERT_EQUAL(st.nodes, 0);
        /* The plies of the proof found: both sides playing the database's
         * moves (the shortest win, the longest resistance) end the game
         * with that winner within them. */
        PdbEntry root;
        CU_ASSERT_FATAL(pdb_get(db, pdb_key(&g.p, NULL), PDB_WIN, &root));
        unsigned plies = pdb_plies(&root);
        CU_ASSERT(plies > 0 && plies < PDB_PLIES_UNKNOWN);
        Position q = g.p;
        unsigned played = 0;
        while (!pos_over(&q) && played <= plies) {
            Move m;
            Result r2 = solve_with(&q, db, 1, &m, &st);
            CU_ASSERT_EQUAL(r2, res);
            CU_ASSERT_PTR_NULL_FATAL(pos_check_move(&q, &m));
            pos_play(&q, &m);
            played++;
        }
        CU_ASSERT(pos_over(&q) && q.result == res);
        CU_ASSERT(played <= plies);
        pdb_close(ex);
        pdb_close(db);
        board_free(g.b);
    }
}

/* A lost position takes one question: the disproof of "the mover wins"
 * rests on real game ends, so it is the other side's win, and the
 * database holds it as that (the checker proves it). */
static void test_loss_one_question(void)
{
    Game g = game(4, "pie=off");
    CU_ASSERT_EQUAL_FATAL(play(&g, "A1"), 0);
    CU_ASSERT_EQUAL_FATAL(play(&g, "B2"), 0);
    char err[256];
    ProofDB *db = pdb_open(NULL, g.b, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(db);
    Move best;
    SolveStats st;
    CU_ASSERT_EQUAL(solve_with(&g.p, db, 1, &best, &st), RESULT_WHITE);
    CU_ASSERT_EQUAL(st.questions, 1);
    PdbEntry root;
    CU_ASSERT_FATAL(pdb_get(db, pdb_key(&g.p, NULL), PDB_WIN, &root));
    CU_ASSERT_EQUAL(root.value, PDB_LOSS);
    CheckResult cr;
    CU_ASSERT_EQUAL(proof_check(db, &g.p, PDB_LOSS, 0, NULL, &cr), 1);
    /* Without the database as well. */
    CU_ASSERT_EQUAL(solve_with(&g.p, NULL, 1, &best, &st), RESULT_WHITE);
    CU_ASSERT_EQUAL(st.questions, 1);
    pdb_close(db);
    board_free(g.b);
}

typedef struct Breaker {
    ProofDB *to;
    int changed;
} Breaker;

/* Every winning move replaced by the next point over: the proof breaks. */
static int break_moves(const PdbEntry *e, void *ctx)
{
    Breaker *b = ctx;
    PdbEntry x = *e;
    if (x.value == PDB_WIN && x.move.kind == MOVE_PLACE && x.move.n == 1) {
        x.move.pt[0] = (int16_t)((x.move.pt[0] + 1) % 16);
        b->changed++;
    }
    pdb_put(b->to, &x);
    return 0;
}

static void test_checker_refutes(void)
{
    Game g = game(4, "pie=off");
    char err[256];
    ProofDB *db = pdb_open(NULL, g.b, err, sizeof err), *ex = pdb_open(NULL, g.b, err, sizeof err);
    Move best;
    SolveStats st;
    CU_ASSERT_EQUAL_FATAL(solve_with(&g.p, db, 1, &best, &st), RESULT_BLACK);
    CheckResult cr;
    CU_ASSERT_EQUAL_FATAL(proof_check(db, &g.p, PDB_WIN, 0, ex, &cr), 1);
    ProofDB *bad = pdb_open(NULL, g.b, err, sizeof err);
    Breaker br = { bad, 0 };
    pdb_each(ex, break_moves, &br);
    CU_ASSERT(br.changed > 10);
    CU_ASSERT_EQUAL(proof_check(bad, &g.p, PDB_WIN, 0, NULL, &cr), 0);
    CU_ASSERT(strstr(cr.why, "move") != NULL);
    /* An empty database proves nothing beyond wins in one. */
    ProofDB *empty = pdb_open(NULL, g.b, err, sizeof err);
    CU_ASSERT_EQUAL(proof_check(empty, &g.p, PDB_WIN, 0, NULL, &cr), 0);
    pdb_close(empty);
    pdb_close(bad);
    pdb_close(ex);
    pdb_close(db);
    board_free(g.b);
}

typedef struct Roots {
    int n, ok;
    Result first;
} Roots;

static void count_root(const ProofRoot *r, void *ctx)
{
    Roots *x = ctx;
    if (x->n++ == 0) x->first = r->winner;
    x->ok += r->ok == 1;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    static char buf[1 << 20]; /* the callers edit it in place, up to its size */
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return buf;
}

static void spill(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs(text, f);
    fclose(f);
}

/* A proof file written from df-pn's database (the start and every
 * opening it holds) verifies with no database; a winner's move taken
 * out, a move added, a changed claim and a file of another kind fail. */
static void test_proof_file(void)
{
    static const struct { int size; const char *rules; } cases[] = {
        {4, "pie=off"}, {3, "abstractplay=default"}, {3, "c pie=off"}, {3, "d pie=off"},
    };
    const char *path = tmpfile_named("t.proof"), *bad = tmpfile_named("bad.proof");
    for (size_t r = 0; r < sizeof cases / sizeof *cases; r++) {
        Game g = game(cases[r].size, cases[r].rules);
        char err[256];
        ProofDB *db = pdb_open(NULL, g.b, err, sizeof err);
        Move best;
        SolveStats st;
        Result res = solve_with(&g.p, db, 1, &best, &st);
        CU_ASSERT_FATAL(res == RESULT_BLACK || res == RESULT_WHITE);
        int roots;
        CheckResult cr, vr;
        CU_ASSERT_FATAL(proof_export(db, &g.p, NULL, 0, path, &roots, &cr, err, sizeof err) >= 1);
        Roots x = { 0, 0, RESULT_NONE };
        CU_ASSERT_EQUAL(proof_verify(path, count_root, &x, &vr, err, sizeof err), 1);
        CU_ASSERT_EQUAL(x.n, roots);
        CU_ASSERT_EQUAL(x.ok, roots);
        CU_ASSERT_EQUAL(x.first, res);
        CU_ASSERT_EQUAL(vr.positions, cr.positions);
        CU_ASSERT_EQUAL(vr.used, cr.used);
        char *text = slurp(path);
        /* The other claim for the start. */
        char *root = strstr(text, "root ");
        CU_ASSERT_PTR_NOT_NULL_FATAL(root);
        char save = root[5];
        memcpy(root + 5, save == 'b' ? "white" : "black", 5);
        spill(bad, text);
        memcpy(root + 5, save == 'b' ? "black" : "white", 5);
        Roots y = { 0, 0, RESULT_NONE };
        CU_ASSERT_EQUAL(proof_verify(bad, count_root, &y, &vr, err, sizeof err), 0);
        CU_ASSERT(y.ok < y.n);
        if (cr.used > 0) {
            /* The first section's last move dropped: the proof runs out. */
            char *next = strstr(root + 5, "\nroot ");
            char *end = next ? next : text + strlen(text);
            while (end > root && (end[-1] == '\n' || end[-1] == ' ')) end--;
            char *sp = end;
            while (sp > root && sp[-1] != ' ' && sp[-1] != '\n') sp--;
            char tail[1 << 16];
            snprintf(tail, sizeof tail, "%s", end);
            snprintf(sp, (size_t)(text + (1 << 20) - sp), "%s", tail);
            spill(bad, text);
            Roots z = { 0, 0, RESULT_NONE };
            CU_ASSERT_EQUAL(proof_verify(bad, count_root, &z, &vr, err, sizeof err), 0);
            CU_ASSERT(z.ok < z.n); /* later roots may lean on what the first one proved */
        }
        /* One move too many. */
        text = slurp(path);
        char *nl = strchr(strstr(text, "root "), '\n');
        char more[1 << 16];
        snprintf(more, sizeof more, "%s", nl);
        snprintf(nl, (size_t)(text + (1 << 20) - nl), "\n%s%s", cases[r].size == 4 ? "D4" : "C3", more);
        spill(bad, text);
        Roots w = { 0, 0, RESULT_NONE };
        CU_ASSERT_EQUAL(proof_verify(bad, count_root, &w, &vr, err, sizeof err), 0);
        /* Not a proof file; no file. */
        spill(bad, "morphos-proofdb\n");
        CU_ASSERT_EQUAL(proof_verify(bad, count_root, &w, &vr, err, sizeof err), -1);
        CU_ASSERT(strstr(err, "not a proof file") != NULL);
        CU_ASSERT_EQUAL(proof_verify(tmpfile_named("none.proof"), count_root, &w, &vr, err, sizeof err), -1);
        pdb_close(db);
        board_free(g.b);
    }
    unlink(path);
    unlink(bad);
}

/* Two threads: the same answers as one, and a proof the checker accepts. */
static void test_dfpn_threads(void)
{
    static const struct { int size; const char *rules; } cases[] = { {4, "pie=off"}, {3, "pie=on"}, {3, "abstractplay=default"} };
    for (size_t r = 0; r < sizeof cases / sizeof *cases; r++) {
        Game g = game(cases[r].size, cases[r].rules);
        char err[256];
        ProofDB *db = pdb_open(NULL, g.b, err, sizeof err);
        Move b1, b2;
        SolveStats st;
        Result one = solve_with(&g.p, NULL, 1, &b1, &st);
        unsigned long long nodes1 = st.nodes;
        /* The main thread searches as one thread does and stops at the
         * first answer, its own or the helper's: never more nodes. */
        CU_ASSERT_EQUAL(solve_with(&g.p, NULL, 2, &b2, &st), one);
        CU_ASSERT(st.main_nodes <= nodes1);
        Result two = solve_with(&g.p, db, 2, &b2, &st);
        CU_ASSERT_EQUAL(one, two);
        /* A table of 1 MiB, full enough to lose entries. */
        ProofDB *db2 = pdb_open(NULL, g.b, err, sizeof err);
        CU_ASSERT_EQUAL(solve_in(&g.p, db2, 2, (size_t)1 << 20, &b2, &st), one);
        pdb_close(db2);
        CheckResult cr;
        CU_ASSERT_EQUAL(proof_check(db, &g.p, (two == RESULT_BLACK) == (g.p.to_move == BLACK) ? PDB_WIN : PDB_LOSS, 0, NULL, &cr), 1);
        pdb_close(db);
        board_free(g.b);
    }
}

static int always(void *ctx)
{
    (void)ctx;
    return 1;
}

/* The opening map on two threads (two classes at once, the centre first)
 * gives one thread's answers, each White reply a win the checker proves
 * from the shared database; chosen classes alone; a stop leaves the
 * classes unknown. */
static void test_opening_map_threads(void)
{
    Game g = game(3, "pie=off");
    char err[256];
    OpeningResult one[9], two[9];
    SolveLimits lim = { .seconds = 300, .memory = (size_t)64 << 20, .threads = 1 };
    int n = opening_map(&g.p, &lim, NULL, 0, one, err, sizeof err);
    CU_ASSERT_EQUAL(n, 9);
    ProofDB *db = pdb_open(NULL, g.b, err, sizeof err);
    lim.threads = 2, lim.db = db;
    CU_ASSERT_EQUAL(opening_map(&g.p, &lim, NULL, 0, two, err, sizeof err), n);
    for (int i = 0; i < n && i < 9; i++) {
        CU_ASSERT_EQUAL(one[i].point, two[i].point);
        CU_ASSERT_EQUAL(one[i].rep, two[i].rep);
        CU_ASSERT(two[i].winner == RESULT_BLACK || two[i].winner == RESULT_WHITE);
        CU_ASSERT_EQUAL(one[i].winner, two[i].winner);
        Position q = g.p;
        Move m = move_pts(MOVE_PLACE, 1, two[i].point, -1, -1);
        pos_play(&q, &m);
        CheckResult cr;
        if (two[i].winner == RESULT_WHITE) {
            CU_ASSERT_EQUAL_FATAL(two[i].reply.kind, MOVE_PLACE);
            pos_play(&q, &two[i].reply);
            CU_ASSERT_EQUAL(proof_check(db, &q, PDB_LOSS, 0, NULL, &cr), 1); /* Black to move loses */
        } else {
            CU_ASSERT_EQUAL(proof_check(db, &q, PDB_LOSS, 0, NULL, &cr), 1); /* White to move loses */
        }
    }
    /* Chosen classes: the centre solved, the rest from the database (the
     * same answers, no nodes); without one, the rest unknown; a point
     * that is not a first placement refused. */
    OpeningResult some[9];
    int centre[1] = { 4 }, off[1] = { 9 };
    CU_ASSERT_EQUAL(opening_map(&g.p, &lim, centre, 1, some, err, sizeof err), n);
    for (int i = 0; i < n && i < 9; i++) {
        CU_ASSERT_EQUAL(some[i].winner, two[i].winner);
        if (some[i].winner == RESULT_WHITE) CU_ASSERT(move_equal(&some[i].reply, &two[i].reply));
        if (some[i].rep != 4) CU_ASSERT_EQUAL(some[i].nodes, 0);
    }
    lim.db = NULL;
    CU_ASSERT_EQUAL(opening_map(&g.p, &lim, centre, 1, some, err, sizeof err), n);
    for (int i = 0; i < n && i < 9; i++) CU_ASSERT_EQUAL(some[i].winner, some[i].rep == 4 ? two[i].winner : RESULT_NONE);
    CU_ASSERT_EQUAL(opening_map(&g.p, &lim, off, 1, some, err, sizeof err), -1);
    lim.stop = always;
    CU_ASSERT_EQUAL(opening_map(&g.p, &lim, NULL, 0, two, err, sizeof err), n);
    for (int i = 0; i < n && i < 9; i++) CU_ASSERT_EQUAL(two[i].winner, RESULT_NONE);
    pdb_close(db);
    board_free(g.b);
}

int main(void)
{
    static const TestCase tests[] = {
        {"symmetry: hashes, moves and results of the images", test_symmetry},
        {"shortest-path distances against relaxation", test_distance},
        {"proof database: read back, torn tails cut, corrupt records skipped", test_proofdb_file},
        {"df-pn proofs pass the checker, also exported alone", test_proof_checked},
        {"a lost position: one question, the other side's win in the database", test_loss_one_question},
        {"the checker refutes broken proofs", test_checker_refutes},
        {"proof files: written from df-pn's proofs, verified alone, broken ones refuted", test_proof_file},
        {"df-pn on two threads: same answers, checked proofs", test_dfpn_threads},
        {"the opening map on two threads: one thread's answers, proven; chosen classes", test_opening_map_threads},
    };
    int r = run_suite("solve", tests, sizeof tests / sizeof *tests);
    if (dir[0]) rmdir(dir);
    return r;
}

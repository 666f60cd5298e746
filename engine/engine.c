/* engine.c - the one engine context: options, clock, searcher states, the
 * opening book, and the dispatch of genmove/solve/analyze to the searcher
 * chosen by the `searcher` option. */
#include "engine.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "config.h"
#include "searcher.h"
#include "dfpn.h"
#include "opening_map.h"
#include "playout.h"
#include "proof_check.h"
#include "proofdb.h"
#include "timeman.h"
#include "util.h"

struct Engine {
    EngineConfig cfg;
    TimeMan tm;
    uint64_t rng;
    void *state[MAX_SEARCHERS]; /* per row of searchers[] */
    int created[MAX_SEARCHERS];
    Book *book;             /* the built-in lines of book_board's rules, or NULL */
    const Board *book_board;
    ProofDB *db;            /* the proof database, or NULL */
    char *db_path;
};

static const Searcher *table(int id)
{
    assert(id >= 0 && id < searcher_count());
    return searchers[id].searcher;
}

/* Rows that share a Searcher (mcts, uct, grave) keep separate trees. */
static void *state_of(Engine *e, int id)
{
    if (!e->created[id]) {
        e->state[id] = table(id)->create();
        e->created[id] = 1;
    }
    return e->state[id];
}

static void reseed(Engine *e)
{
    uint64_t s = e->cfg.seed;
    if (s == 0) s = (uint64_t)(now_seconds() * 1e9) ^ (uint64_t)(uintptr_t)e;
    e->rng = mix64(s);
}

Engine *engine_create(void)
{
    assert(searcher_count() <= MAX_SEARCHERS);
    Engine *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    config_default(&e->cfg);
    tm_init(&e->tm);
    reseed(e);
    return e;
}

void engine_free(Engine *e)
{
    if (!e) return;
    for (int i = 0; i < searcher_count(); i++)
        if (e->created[i]) table(i)->destroy(e->state[i]);
    book_free(e->book);
    pdb_close(e->db);
    free(e->db_path);
    free(e);
}

int engine_set_param(Engine *e, const char *name, const char *value, char *err, size_t errlen)
{
    if (!e) return -1;
    if (params_set(&e->cfg, name, value, err, errlen) != 0) return -1;
    if (name && strcmp(name, "seed") == 0) reseed(e);
    int cores = params_cores();
    if (e->cfg.threads > cores) {
        /* Applied in a reduced form, said on stderr and seen by get_param. */
        fprintf(stderr, "engine: threads %d reduced to %d (the cores online)\n", e->cfg.threads, cores);
        e->cfg.threads = cores;
    }
    return 0;
}

int engine_get_param(Engine *e, const char *name, char *out, size_t outlen)
{
    if (!e) return -1;
    return params_get(&e->cfg, name, out, outlen);
}

const char *const *engine_param_names(void) { return params_names(); }

void engine_new_game(Engine *e, const Position *p)
{
    if (!e) return;
    if (e->cfg.seed) reseed(e);
    for (int i = 0; i < searcher_count(); i++)
        if (e->created[i]) table(i)->new_game(e->state[i], p);
    /* Rebuilt every time: a new board may sit at the old one's address. */
    if (p) {
        char err[160] = "";
        book_free(e->book);
        e->book = book_build(p->board, book_builtin, err, sizeof err);
        e->book_board = p->board;
        if (err[0]) fprintf(stderr, "engine: %s; playing without the book\n", err);
    }
    TimeMan keep = e->tm;
    tm_settings(&e->tm, keep.main_time, keep.byo_time, keep.byo_stones);
    if (!keep.clock) e->tm.clock = 0;
}

void engine_time_settings(Engine *e, double main_time, double byo_time, int byo_stones)
{
    if (e) tm_settings(&e->tm, main_time, byo_time, byo_stones);
}

void engine_time_left(Engine *e, Color c, double seconds, int stones)
{
    if (e) tm_left(&e->tm, c, seconds, stones);
}

/* A search given less than this runs on one thread: starting a second and
 * joining it costs more than it gives once the cores are busy (25x25
 * mutator e, 1 s sudden death, two other processes spinning: moves took
 * 20 ms on average with two threads, 5 ms with one, most of the game on
 * budgets of a millisecond or two). */
#define THREADS_MIN_TIME 0.05

static int make_ctx(Engine *e, const Position *p, double start, SearchCtx *sc)
{
    memset(sc, 0, sizeof *sc);
    searcher_config(e->cfg.searcher, &e->cfg, &sc->cfg);
    sc->start = start;
    sc->rng = &e->rng;
    sc->playouts = e->cfg.playouts;
    int flags = tm_budget(&e->tm, &e->cfg, p, &sc->soft_time, &sc->hard_time);
    sc->use_all = (flags & TM_USE_ALL) != 0;
    if (!e->tm.clock && e->cfg.playouts > 0 && e->cfg.movetime <= 0) sc->soft_time = sc->hard_time = 0;
    return flags;
}

/* The move when the clock cannot pay for a search (TM_NO_SEARCH): the one
 * a playout would play here (its policy: bridge answers, flips), with a
 * line on stderr when verbose, as a search has. */
static Move clock_move(Engine *e, const Position *p, const SearchCtx *sc)
{
    PlayoutCfg pc;
    playout_config(&pc, p->board, &sc->cfg);
    Move m = playout_move(p, &pc, &e->rng);
    assert(pos_check_move(p, &m) == NULL);
    if (sc->cfg.verbose) {
        char buf[64];
        fprintf(stderr, "timeman: %.3fs left, the lag of the turns to come kept back: %s without a search\n",
                e->tm.left[p->to_move], move_format(p->board, &m, buf, sizeof buf));
    }
    return m;
}

/* The one legal move when there is only one (pass, or a last point). */
static int only_move(const Position *p, Move *m)
{
    if (pos_count_moves(p) != 1) return 0;
    MoveList ml;
    movelist_init(&ml);
    int ok = pos_gen_moves(p, &ml) == 1;
    if (ok) *m = ml.m[0];
    movelist_free(&ml);
    return ok;
}

/* The book's move for mcts at p, if the book has p (and the move is legal
 * there: a hash collision must not cost an illegal move). */
static int book_move(Engine *e, const Position *p, Move *m)
{
    const char *note = NULL;
    EngineConfig c;
    searcher_config(e->cfg.searcher, &e->cfg, &c);
    if (!c.book || p->board != e->book_board ||
        !book_probe(e->book, p, m, &note) || pos_check_move(p, m) != NULL)
        return 0;
    if (e->cfg.verbose) {
        char buf[64];
        move_format(p->board, m, buf, sizeof buf);
        fprintf(stderr, "book: %s (%s)\n", buf, note && *note ? note : "no note");
    }
    return 1;
}

/* Searcher id's move at p. The contract is a legal move: an illegal one is
 * a bug in the searcher, and every build stops at it (abort, after saying
 * which searcher and why) rather than play or report a move nobody chose.
 * tests/test_guard.c plugs in a searcher that breaks the contract. */
static Move searcher_move(Engine *e, int id, const Position *p, const SearchCtx *sc)
{
    Move m = table(id)->genmove(state_of(e, id), p, sc);
    const char *why = pos_check_move(p, &m);
    if (why) {
        fprintf(stderr, "engine: searcher %s gave an illegal move (kind %d, points %d %d %d): %s\n",
                searcher_name(id), m.kind, m.pt[0], m.pt[1], m.pt[2], why);
        abort();
    }
    return m;
}

Move engine_genmove(Engine *e, const Position *p) { return engine_genmove_live(e, p, NULL); }

int engine_proofdb(Engine *e, const Position *p, const char *path, double flush_seconds, char *err, size_t errlen)
{
    if (!e) return -1;
    if (!path) {
        pdb_close(e->db);
        free(e->db_path);
        e->db = NULL;
        e->db_path = NULL;
        return 0;
    }
    char *copy = strdup(path);
    if (!copy) return snprintf(err, errlen, "out of memory"), -1;
    ProofDB *db = pdb_open(path, p->board, err, errlen);
    if (!db) {
        free(copy);
        return -1;
    }
    if (flush_seconds > 0) pdb_set_flush(db, flush_seconds);
    pdb_close(e->db);
    free(e->db_path);
    e->db = db;
    e->db_path = copy;
    return 0;
}

void engine_proofdb_info(Engine *e, char *out, size_t len)
{
    if (!e || !e->db) {
        snprintf(out, len, "no proof database");
        return;
    }
    PdbStats st;
    pdb_stats(e->db, &st);
    int n = snprintf(out, len, "%s: %zu wins, %zu losses, %zu open, %zu bytes", e->db_path, st.wins, st.losses,
                     st.open, st.file_bytes);
    if ((st.skipped || st.cut) && n > 0 && (size_t)n < len)
        snprintf(out + n, len - (size_t)n, " (on opening: %zu bad records skipped, %zu bytes of a torn tail cut)",
                 st.skipped, st.cut);
}

int engine_proven(Engine *e, const Position *p, Move *m)
{
    if (!e || pos_over(p)) return 0;
    Move mv;
    int v = pdb_answer(e->db, p, &mv);
    /* A key collision must not cost an illegal move. */
    if (!v || pos_check_move(p, &mv) != NULL) return 0;
    *m = mv;
    return v;
}

int engine_proof_check(Engine *e, const Position *p, size_t max_positions, const char *export_path, char *out, size_t len)
{
    Move m;
    int v = engine_proven(e, p, &m);
    if (!v) {
        snprintf(out, len, "the database does not hold this position");
        return -1;
    }
    ProofDB *ex = NULL;
    if (export_path) {
        char err[256];
        if (!(ex = pdb_open(export_path, p->board, err, sizeof err))) {
            snprintf(out, len, "%s", err);
            return -1;
        }
    }
    CheckResult cr;
    int r = proof_check(e->db, p, v > 0 ? PDB_WIN : PDB_LOSS, max_positions, ex, &cr);
    pdb_close(ex);
    const char *who = (p->to_move == BLACK) == (v > 0) ? "black" : "white";
    if (r == 1)
        snprintf(out, len, "%s wins: proven, %zu positions, %zu database moves, longest line %d", who, cr.positions, cr.used, cr.depth);
    else
        snprintf(out, len, "%s: %s", r == 0 ? "refuted" : "not checked", cr.why);
    return r;
}

int engine_proof_export(Engine *e, const Position *start, const Move *line, size_t n, const char *path, char *out,
                        size_t len)
{
    if (!e || !e->db) {
        snprintf(out, len, "no proof database");
        return -1;
    }
    if (!pdb_fits(e->db, start->board)) {
        snprintf(out, len, "the proof database is for another board or rule set");
        return -1;
    }
    CheckResult cr;
    int roots;
    char err[512];
    if (proof_export(e->db, start, line, n, path, &roots, &cr, err, sizeof err) < 0) {
        snprintf(out, len, "%s", err);
        return -1;
    }
    snprintf(out, len, "%d roots proven and written, %zu positions, %zu proof moves, longest line %d", roots,
             cr.positions, cr.used, cr.depth);
    return roots;
}

int engine_proof_verify(const char *path, void (*f)(const ProofRoot *r, void *ctx), void *ctx, CheckResult *cr,
                        char *err, size_t errlen)
{
    return proof_verify(path, f, ctx, cr, err, errlen);
}

/* With verbose, a long solve says how its root converges this often. */
#define SOLVE_PROGRESS_SECONDS 60.0

int engine_opening_map(Engine *e, const Position *p, double seconds, const int *only, int nonly, const SearchHooks *h,
                       OpeningResult *out, char *err, size_t errlen)
{
    if (!e || !p) return -1;
    if (seconds <= 0) seconds = e->cfg.solve_time;
    SolveLimits lim = { .seconds = seconds, .memory = (size_t)e->cfg.memory << 20, .stop = h ? h->stop : NULL,
                        .ctx = h ? h->ctx : NULL, .threads = e->cfg.threads, .db = e->db,
                        .progress = e->cfg.verbose ? SOLVE_PROGRESS_SECONDS : 0 };
    return opening_map(p, &lim, only, nonly, out, err, errlen);
}

Move engine_genmove_live(Engine *e, const Position *p, const SearchHooks *h)
{
    if (!e || !p || pos_over(p)) return move_of(MOVE_PASS);
    double t0 = now_seconds(), hard = 0;
    Move m;
    if (!only_move(p, &m) && engine_proven(e, p, &m) == 0 && !book_move(e, p, &m)) {
        SearchCtx sc;
        int flags = make_ctx(e, p, t0, &sc);
        sc.hooks = h;
        if (sc.cfg.threads > 1 && sc.hard_time > 0 && sc.hard_time < THREADS_MIN_TIME) sc.cfg.threads = 1;
        int id = e->cfg.searcher;
        m = flags & TM_NO_SEARCH ? clock_move(e, p, &sc) : searcher_move(e, id, p, &sc);
        hard = sc.hard_time;
    }
    double searched = now_seconds() - t0;
    tm_spent(&e->tm, (Color)p->to_move, searched);
    tm_searched(&e->tm, (Color)p->to_move, searched, hard);
    return m;
}

void engine_answered(Engine *e, double took)
{
    if (e) tm_answered(&e->tm, took);
}

Result engine_solve(Engine *e, const Position *p, double seconds, const SearchHooks *h, Move *best)
{
    if (!e || !p) return RESULT_NONE;
    if (seconds <= 0) seconds = e->cfg.solve_time;
    SolveLimits lim = { .seconds = seconds, .memory = (size_t)e->cfg.memory << 20, .stop = h ? h->stop : NULL,
                        .ctx = h ? h->ctx : NULL, .threads = e->cfg.threads, .db = e->db,
                        .progress = e->cfg.verbose ? SOLVE_PROGRESS_SECONDS : 0 };
    SolveStats st;
    Result r = dfpn_solve(p, &lim, best, &st);
    if (e->cfg.verbose)
        fprintf(stderr, "solve: %s | %llu nodes in %.2fs (%.0f/s), depth %d, %d threads (main thread %llu nodes, %.2fs CPU), %d questions, table %.1f MiB\n",
                r == RESULT_BLACK ? "black" : r == RESULT_WHITE ? "white" : r == RESULT_DRAW ? "draw" : "unknown", st.nodes,
                st.seconds, st.seconds > 0 ? (double)st.nodes / st.seconds : 0.0, st.depth, lim.threads > 1 ? lim.threads : 1,
                st.main_nodes, st.main_cpu, st.questions, (double)st.table_bytes / (1 << 20));
    return r;
}

/* One report of one move (move_only: with no value), then wait for the stop. */
static void report_once(const SearchHooks *hk, AnalysisMove *am, int move_only)
{
    Analysis a = { .playouts = 1, .seconds = 0, .n = 1, .moves = am, .move_only = move_only };
    if (hk->report) hk->report(&a, hk->ctx);
    while (!hk->stop(hk->ctx)) {
        struct timespec ts = {0, 10 * 1000000L};
        nanosleep(&ts, NULL);
    }
}

void engine_analyze(Engine *e, const Position *p, const SearchHooks *h)
{
    if (!e || !p || !h || !h->stop || pos_over(p)) return;
    SearchHooks hk = *h;
    if (hk.interval_cs <= 0) hk.interval_cs = 100;
    Move pm;
    int pv = engine_proven(e, p, &pm);
    if (pv) {
        /* Proven: the value, and the database's line as far as it goes. */
        AnalysisMove am = { .move = pm, .point = move_first_point(&pm),
                            .visits = 1, .winrate = pv > 0 ? 1.0 : 0.0 };
        Position q = *p;
        Move m = pm;
        while (am.npv < ANALYSIS_PV) {
            am.pv[am.npv++] = m;
            pos_play(&q, &m);
            if (pos_over(&q) || !engine_proven(e, &q, &m)) break;
        }
        report_once(&hk, &am, 0);
        return;
    }
    SearchCtx sc;
    make_ctx(e, p, now_seconds(), &sc);
    sc.soft_time = sc.hard_time = 0;
    sc.playouts = 0;
    sc.hooks = &hk;
    sc.analyze = 1;
    int id = e->cfg.searcher;
    const Searcher *s = table(id);
    if (s->analyze) {
        s->analyze(state_of(e, id), p, &sc);
        return;
    }
    /* Searchers without live statistics: their move, once, with no
     * information on its value (one visit, winrate one half). */
    sc.soft_time = sc.hard_time = e->cfg.movetime > 0 ? e->cfg.movetime : 1.0;
    sc.analyze = 0;
    sc.start = now_seconds();
    Move m = searcher_move(e, id, p, &sc);
    AnalysisMove am = { .move = m, .point = move_first_point(&m),
                        .visits = 1, .winrate = 0.5, .npv = 1 };
    am.pv[0] = m;
    report_once(&hk, &am, 1);
}

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

static void make_ctx(Engine *e, const Position *p, double start, SearchCtx *sc)
{
    memset(sc, 0, sizeof *sc);
    searcher_config(e->cfg.searcher, &e->cfg, &sc->cfg);
    sc->start = start;
    sc->rng = &e->rng;
    sc->playouts = e->cfg.playouts;
    sc->use_all = tm_budget(&e->tm, &e->cfg, p, &sc->soft_time, &sc->hard_time);
    if (!e->tm.clock && e->cfg.playouts > 0 && e->cfg.movetime <= 0) sc->soft_time = sc->hard_time = 0;
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

Move engine_genmove_live(Engine *e, const Position *p, const SearchHooks *h)
{
    if (!e || !p || pos_over(p)) return move_of(MOVE_PASS);
    double t0 = now_seconds();
    Move m;
    if (!only_move(p, &m) && !book_move(e, p, &m)) {
        SearchCtx sc;
        make_ctx(e, p, t0, &sc);
        sc.hooks = h;
        int id = e->cfg.searcher;
        m = searcher_move(e, id, p, &sc);
    }
    tm_spent(&e->tm, (Color)p->to_move, now_seconds() - t0);
    return m;
}

Result engine_solve(Engine *e, const Position *p, double seconds, const SearchHooks *h, Move *best)
{
    if (!e || !p) return RESULT_NONE;
    if (seconds <= 0) seconds = e->cfg.solve_time;
    SolveLimits lim = {seconds, (size_t)e->cfg.memory << 20, h ? h->stop : NULL, h ? h->ctx : NULL};
    return dfpn_solve(p, &lim, best, NULL);
}

void engine_analyze(Engine *e, const Position *p, const SearchHooks *h)
{
    if (!e || !p || !h || !h->stop || pos_over(p)) return;
    SearchHooks hk = *h;
    if (hk.interval_cs <= 0) hk.interval_cs = 100;
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
    AnalysisMove am = { .move = m, .point = m.kind == MOVE_PLACE || m.kind == MOVE_FLIP ? m.pt[0] : -1,
                        .visits = 1, .winrate = 0.5, .npv = 1 };
    am.pv[0] = m;
    Analysis a = { .playouts = 1, .seconds = 0, .n = 1, .moves = &am, .move_only = 1 };
    if (hk.report) hk.report(&a, hk.ctx);
    while (!hk.stop(hk.ctx)) {
        struct timespec ts = {0, 10 * 1000000L};
        nanosleep(&ts, NULL);
    }
}

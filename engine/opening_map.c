/* opening_map.c - see opening_map.h. */
#include "opening_map.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "dfpn.h"
#include "proofdb.h"
#include "symmetry.h"

/* The classes to solve, shared by the workers: each takes the next class
 * in the order and solves it alone (one df-pn thread, memory / workers). */
typedef struct MapWork {
    const Position *start;
    OpeningResult *out;
    const Move *moves;     /* each opening's move, as out */
    const int *order;      /* indices into out: one opening per class, the centre first */
    int n;
    atomic_int next;       /* the next index into order to take */
    atomic_int running;    /* workers still solving */
    atomic_int stop;       /* the caller's stop was seen */
    SolveLimits lim;       /* each worker's: threads, memory and stop set here */
} MapWork;

static int map_stopped(void *ctx) { return atomic_load_explicit(&((MapWork *)ctx)->stop, memory_order_relaxed); }

/* The calling thread's stop: the caller's own, passed on to the others. */
typedef struct MapCaller {
    MapWork *w;
    const SolveLimits *lim;
} MapCaller;

static int map_caller_stop(void *ctx)
{
    MapCaller *c = ctx;
    if (c->lim->stop && c->lim->stop(c->lim->ctx)) atomic_store(&c->w->stop, 1);
    return map_stopped(c->w);
}

static void map_solve(MapWork *w, int (*stop)(void *), void *ctx)
{
    SolveLimits lim = w->lim;
    lim.stop = stop, lim.ctx = ctx;
    for (;;) {
        int i = atomic_fetch_add(&w->next, 1);
        if (i >= w->n || stop(ctx)) break;
        OpeningResult *o = &w->out[w->order[i]];
        Position q = *w->start;
        pos_play(&q, &w->moves[w->order[i]]);
        char label[16];
        lim.label = point_format(q.board, o->point, label, sizeof label);
        SolveStats st;
        Move best = move_of(MOVE_NONE);
        o->winner = dfpn_solve(&q, &lim, &best, &st);
        if (o->winner == RESULT_BLACK || o->winner == RESULT_WHITE) o->reply = best;
        o->nodes = st.nodes;
        o->seconds = st.seconds;
    }
}

static void *map_worker(void *arg)
{
    MapWork *w = arg;
    map_solve(w, map_stopped, w);
    atomic_fetch_sub(&w->running, 1);
    return NULL;
}

/* Twice the squared distance of a point from the board's centre. */
static int centre_dist(const Board *b, int pt)
{
    int x = 2 * (pt % b->size) - (b->size - 1), y = 2 * (pt / b->size) - (b->size - 1);
    return x * x + y * y;
}

/* An opening's value from the database alone (unknown when it has none). */
static void map_known(const SolveLimits *lim, const Position *start, const Move *m, OpeningResult *o)
{
    Position q = *start;
    pos_play(&q, m);
    Move reply;
    int v = pdb_answer(lim->db, &q, &reply);
    if (!v) return;
    o->winner = (q.to_move == WHITE) == (v > 0) ? RESULT_WHITE : RESULT_BLACK;
    o->reply = reply;
}

int opening_map(const Position *p, const SolveLimits *lim, const int *only, int nonly, OpeningResult *out, char *err,
                size_t errlen)
{
    /* The game with the pie declined is the game without the pie: the same
     * board with pie=off (the same keys: the database serves both). */
    Ruleset r = p->board->rules;
    r.pie = 0;
    Board *b = board_create(p->board->size, &r, err, errlen);
    if (!b) return -1;
    Position start;
    pos_init(&start, b);
    MoveList ml;
    movelist_init(&ml);
    size_t n = pos_gen_moves(&start, &ml);
    int count = 0, nc = 0;
    uint64_t *keys = calloc(n ? n : 1, sizeof *keys);
    int *same = calloc(n ? n : 1, sizeof *same), *order = calloc(n ? n : 1, sizeof *order);
    Move *moves = calloc(n ? n : 1, sizeof *moves);
    if (!keys || !same || !order || !moves) {
        snprintf(err, errlen, "out of memory");
        count = -1;
    }
    /* The openings and their classes: the first opening of a class is
     * solved, the others take its answer. */
    for (size_t i = 0; count >= 0 && i < n; i++) {
        const Move *m = &ml.m[i];
        if (m->kind != MOVE_PLACE || m->n != 1) continue;
        Position q = start;
        pos_play(&q, m);
        OpeningResult *o = &out[count];
        *o = (OpeningResult){ .point = m->pt[0], .rep = m->pt[0], .winner = RESULT_NONE, .reply = move_of(MOVE_NONE) };
        moves[count] = *m;
        keys[count] = sym_canon(&q, NULL);
        same[count] = -1;
        for (int j = 0; j < count && same[count] < 0; j++)
            if (keys[j] == keys[count]) same[count] = j;
        if (same[count] >= 0) o->rep = out[same[count]].rep;
        else if (pos_over(&q)) o->winner = (Result)q.result;
        else order[nc++] = count;
        count++;
    }
    if (count == 0) {
        snprintf(err, errlen, "the first turn here is not a single placement: no opening map");
        count = -1;
    }
    /* Chosen classes: those alone are solved, in the order given; the
     * others answer from the database. */
    int chosen = 0;
    for (int k = 0; count > 0 && k < nonly; k++) {
        int at = -1;
        for (int i = 0; i < count && at < 0; i++)
            if (out[i].point == only[k]) at = i;
        if (at < 0) {
            char buf[16];
            if (only[k] >= 0 && only[k] < b->npoints) point_format(b, only[k], buf, sizeof buf);
            else snprintf(buf, sizeof buf, "point %d", only[k]);
            snprintf(err, errlen, "%s is not a first placement here", buf);
            count = -1;
            break;
        }
        if (same[at] >= 0) at = same[at];
        /* Once per class, and not when its stone decides the game. */
        int j = chosen;
        while (j < nc && order[j] != at) j++;
        if (j == nc) continue;
        order[j] = order[chosen], order[chosen++] = at;
    }
    if (count > 0 && nonly > 0) {
        for (int i = chosen; i < nc; i++) map_known(lim, &start, &moves[order[i]], &out[order[i]]);
        nc = chosen;
    }
    if (count > 0) {
        /* The centre first: a central stone is the likeliest win for its
         * mover, and a win needs one move at each of the mover's turns
         * where a loss needs a reply to every move (on 5x5 the centre's
         * proofs were the smallest). Then outwards, in point order. */
        for (int i = 1; i < nc && nonly == 0; i++)
            for (int j = i; j > 0 && centre_dist(b, out[order[j]].point) < centre_dist(b, out[order[j - 1]].point); j--) {
                int t = order[j];
                order[j] = order[j - 1], order[j - 1] = t;
            }
        /* With T threads, T classes at a time, each on one df-pn thread
         * with memory / T: a race on one solve searches more nodes in all
         * than one thread (docs/engine.md), two classes at once none more.
         * Fewer classes than threads (chosen ones): the threads left race
         * on each class (the first helper asks the other side's question). */
        int nw = lim->threads > 1 ? lim->threads : 1;
        if (nw > nc) nw = nc > 0 ? nc : 1;
        MapWork w = { .start = &start, .out = out, .moves = moves, .order = order, .n = nc, .lim = *lim };
        w.lim.threads = (lim->threads > 1 ? lim->threads : 1) / nw;
        w.lim.memory = lim->memory / (size_t)nw;
        atomic_init(&w.next, 0);
        atomic_init(&w.running, 0);
        atomic_init(&w.stop, 0);
        /* A stop asked before the map starts reaches the workers before
         * they take a class (they read w.stop, which only this thread sets). */
        MapCaller c = { &w, lim };
        map_caller_stop(&c);
        pthread_t tid[64];
        int started = 0;
        for (int i = 1; i < nw && i <= 64; i++) {
            atomic_fetch_add(&w.running, 1);
            if (pthread_create(&tid[i - 1], NULL, map_worker, &w) != 0) {
                atomic_fetch_sub(&w.running, 1);
                break;
            }
            started = i;
        }
        map_solve(&w, map_caller_stop, &c);
        /* Only this thread polls the caller's stop (it may read input). */
        while (atomic_load(&w.running) > 0) {
            map_caller_stop(&c);
            struct timespec ts = { 0, 10 * 1000000L };
            nanosleep(&ts, NULL);
        }
        for (int i = 0; i < started; i++) pthread_join(tid[i], NULL);
        /* The other openings of each class: its answer, the reply mapped. */
        for (int i = 0; i < count; i++) {
            if (same[i] < 0) continue;
            OpeningResult *o = &out[i];
            const OpeningResult *s = &out[same[i]];
            o->winner = s->winner;
            for (int t = 0; t < sym_count(b); t++)
                if (sym_point(b, t, s->point) == o->point) {
                    o->reply = s->reply.kind == MOVE_NONE ? s->reply : sym_move(b, t, s->reply);
                    break;
                }
        }
    }
    free(keys);
    free(same);
    free(order);
    free(moves);
    movelist_free(&ml);
    board_free(b);
    return count;
}

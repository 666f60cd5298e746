/* perft_run.c - see perft_run.h. */
#include "perft_run.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/move_list.h"

Board *perft_row_setup(const PerftRow *row, Position *p, char *err, size_t errlen)
{
    Ruleset rules;
    ruleset_default(&rules);
    const char *why = ruleset_parse(&rules, row->rules);
    if (why) {
        snprintf(err, errlen, "rules '%s': %s", row->rules, why);
        return NULL;
    }
    char berr[200];
    Board *b = board_create(row->size, &rules, berr, sizeof berr);
    if (!b) {
        snprintf(err, errlen, "board: %s", berr);
        return NULL;
    }
    pos_init(p, b);
    if ((row->ap_notation ? play_ap_move_list : play_move_list)(p, row->moves, err, errlen)) {
        board_free(b);
        return NULL;
    }
    return b;
}

typedef struct PerftJob {
    const Position *root;
    const Move *moves;
    size_t nmoves;
    int depth;
    bool bulk;
    atomic_size_t next;      /* the next root move nobody has claimed */
    atomic_uint_fast64_t total;
} PerftJob;

static void *perft_worker(void *arg)
{
    PerftJob *job = arg;
    uint64_t sum = 0;
    for (;;) {
        size_t i = atomic_fetch_add(&job->next, 1);
        if (i >= job->nmoves) break;
        Position child = *job->root;
        pos_play(&child, &job->moves[i]);
        sum += perft(&child, job->depth - 1, job->bulk);
    }
    atomic_fetch_add(&job->total, sum);
    return NULL;
}

uint64_t perft_parallel(const Position *p, int depth, bool bulk, int threads)
{
    if (threads <= 1 || depth < 2 || pos_over(p)) return perft(p, depth, bulk);
    MoveList ml;
    movelist_init(&ml);
    pos_gen_moves(p, &ml);
    PerftJob job = {.root = p, .moves = ml.m, .nmoves = ml.n, .depth = depth, .bulk = bulk};
    atomic_init(&job.next, 0);
    atomic_init(&job.total, 0);
    pthread_t *tid = calloc((size_t)threads, sizeof *tid);
    int started = 0;
    if (tid)
        for (; started < threads - 1; started++)
            if (pthread_create(&tid[started], NULL, perft_worker, &job)) break;
    /* The calling thread works too, so that a failed thread start (or no
     * memory for the ids) only costs speed, never a wrong count. */
    perft_worker(&job);
    for (int i = 0; i < started; i++) pthread_join(tid[i], NULL);
    free(tid);
    movelist_free(&ml);
    return atomic_load(&job.total);
}

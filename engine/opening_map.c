/* opening_map.c - see opening_map.h. */
#include "opening_map.h"

#include <stdio.h>
#include <stdlib.h>

#include "dfpn.h"
#include "symmetry.h"

int opening_map(const Position *p, const SolveLimits *lim, OpeningResult *out, char *err, size_t errlen)
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
    int count = 0;
    uint64_t *keys = calloc(n ? n : 1, sizeof *keys);
    if (!keys) {
        snprintf(err, errlen, "out of memory");
        count = -1;
    }
    for (size_t i = 0; keys && i < n; i++) {
        const Move *m = &ml.m[i];
        if (m->kind != MOVE_PLACE || m->n != 1) continue;
        Position q = start;
        pos_play(&q, m);
        OpeningResult *o = &out[count];
        *o = (OpeningResult){ .point = m->pt[0], .rep = m->pt[0], .winner = RESULT_NONE, .reply = move_of(MOVE_NONE) };
        keys[count] = sym_canon(&q, NULL);
        int same = -1;
        for (int j = 0; j < count && same < 0; j++)
            if (keys[j] == keys[count]) same = j;
        if (same >= 0) {
            /* The class's solved opening, its reply mapped onto this one. */
            const OpeningResult *s = &out[same];
            o->rep = s->rep;
            o->winner = s->winner;
            for (int t = 0; t < sym_count(b); t++)
                if (sym_point(b, t, s->point) == o->point) {
                    o->reply = s->reply.kind == MOVE_NONE ? s->reply : sym_move(b, t, s->reply);
                    break;
                }
        } else if (pos_over(&q)) {
            o->winner = (Result)q.result;
        } else if (!(lim->stop && lim->stop(lim->ctx))) {
            SolveStats st;
            Move best = move_of(MOVE_NONE);
            o->winner = dfpn_solve(&q, lim, &best, &st);
            if (o->winner == RESULT_BLACK || o->winner == RESULT_WHITE) o->reply = best;
            o->nodes = st.nodes;
            o->seconds = st.seconds;
        }
        count++;
    }
    if (keys && count == 0) {
        snprintf(err, errlen, "the first turn here is not a single placement: no opening map");
        count = -1;
    }
    free(keys);
    movelist_free(&ml);
    board_free(b);
    return count;
}

/* game.c - see game.h. */
#include "game.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Position is 64-byte aligned (see position.h), so the history array must
 * be too: aligned_alloc, and copying on growth since realloc would not keep
 * the alignment. */
static Position *alloc_positions(size_t n)
{
    size_t bytes = n * sizeof(Position);
    bytes = (bytes + 63) & ~(size_t)63;
    return aligned_alloc(64, bytes);
}

static int grow(Game *g, size_t want)
{
    if (want <= g->cap) return 0;
    size_t cap = g->cap ? g->cap : 64;
    while (cap < want) cap *= 2;
    if (cap > GAME_MAX_PLIES + 1) cap = GAME_MAX_PLIES + 1;
    if (cap < want) return -1;
    Position *p = alloc_positions(cap);
    Move *m = malloc(cap * sizeof(Move));
    Move *given = malloc(cap * sizeof(Move));
    if (!p || !m || !given) {
        free(p);
        free(m);
        free(given);
        return -1;
    }
    if (g->pos) memcpy(p, g->pos, (g->n + 1) * sizeof(Position));
    if (g->moves && g->n) memcpy(m, g->moves, g->n * sizeof(Move));
    if (g->given && g->n) memcpy(given, g->given, g->n * sizeof(Move));
    free(g->pos);
    free(g->moves);
    free(g->given);
    g->pos = p;
    g->moves = m;
    g->given = given;
    g->cap = cap;
    return 0;
}

int game_init(Game *g, int size, const Ruleset *r, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    return game_reset(g, size, r, err, errlen);
}

void game_free(Game *g)
{
    board_free(g->board);
    free(g->pos);
    free(g->moves);
    free(g->given);
    memset(g, 0, sizeof *g);
}

int game_reset(Game *g, int size, const Ruleset *r, char *err, size_t errlen)
{
    Board *b = board_create(size, r, err, errlen);
    if (!b) return -1;
    if (grow(g, 1) < 0) {
        board_free(b);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    board_free(g->board);
    g->board = b;
    g->size = size;
    g->n = 0;
    g->end_passes = 0;
    pos_init(&g->pos[0], b);
    return 0;
}

void game_clear(Game *g)
{
    g->n = 0;
    g->end_passes = 0;
    pos_init(&g->pos[0], g->board);
}

int game_setup(Game *g, int point, Color c)
{
    if (g->n != 0 || point < 0 || point >= g->board->npoints) return -1;
    pos_set_stone(&g->pos[0], point, c); /* keeps the hash and the chain sets */
    return 0;
}

int game_play(Game *g, const Move *m)
{
    return game_play_given(g, m, m);
}

int game_play_given(Game *g, const Move *m, const Move *given)
{
    assert(given->kind == m->kind && given->n == m->n);
    if (g->n >= GAME_MAX_PLIES || grow(g, g->n + 2) < 0) return -1;
    g->pos[g->n + 1] = g->pos[g->n];
    pos_play(&g->pos[g->n + 1], m);
    g->moves[g->n] = *m;
    g->given[g->n] = *given;
    g->n++;
    return 0;
}

int game_undo(Game *g)
{
    if (g->end_passes > 0) {
        g->end_passes--;
        return 0;
    }
    if (g->n == 0) return -1;
    g->n--;
    return 0;
}

bool game_may_end_pass(const Game *g, Color c)
{
    const Position *p = game_pos(g);
    return (p->result == RESULT_BLACK || p->result == RESULT_WHITE) && (p->result == RESULT_BLACK) == (c == BLACK) &&
           (Color)p->to_move == c;
}

int game_end_pass(Game *g)
{
    if (!game_may_end_pass(g, (Color)game_pos(g)->to_move) || g->end_passes >= GAME_MAX_PLIES) return -1;
    g->end_passes++;
    return 0;
}

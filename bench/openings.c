/* openings.c - see openings.h. */
#include "openings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/move_list.h"

int openings_load(Openings *o, const char *path, const Board *b, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char *buf = NULL;
    size_t cap = 0, alloc = 0;
    int lineno = 0, rc = 0;
    while (getline(&buf, &cap, f) >= 0) {
        lineno++;
        buf[strcspn(buf, "\r\n")] = 0;
        char *s = buf + strspn(buf, " \t");
        if (!*s || *s == '#') continue;
        if (!strcmp(s, "-")) s[0] = 0;
        Position p;
        char why[256];
        pos_init(&p, b);
        if (play_move_list(&p, s, why, sizeof why) || pos_over(&p)) {
            snprintf(err, errlen, "%s:%d: %s", path, lineno, pos_over(&p) ? "the game is over after this opening" : why);
            rc = -1;
            break;
        }
        if (o->n == alloc) {
            size_t na = alloc ? 2 * alloc : 64;
            char **nl = realloc(o->line, na * sizeof *nl);
            if (!nl) {
                snprintf(err, errlen, "out of memory");
                rc = -1;
                break;
            }
            o->line = nl;
            alloc = na;
        }
        if (!(o->line[o->n] = strdup(s))) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
            break;
        }
        o->n++;
    }
    free(buf);
    fclose(f);
    if (rc == 0 && o->n == 0) {
        snprintf(err, errlen, "%s: no openings", path);
        rc = -1;
    }
    if (rc) openings_free(o);
    return rc;
}

void openings_free(Openings *o)
{
    for (size_t i = 0; i < o->n; i++) free(o->line[i]);
    free(o->line);
    o->line = NULL;
    o->n = 0;
}

/* splitmix64: spreads (seed, pair) over the xorshift state, never zero. */
static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x ? x : 1;
}

int opening_for_pair(const Openings *o, const Board *b, int random_plies, uint64_t seed, long pair, char *buf, size_t len)
{
    if (len == 0) return -1;
    buf[0] = 0;
    if (o && o->n) {
        const char *s = o->line[(size_t)pair % o->n];
        if (strlen(s) >= len) return -1;
        strcpy(buf, s);
        return 0;
    }
    uint64_t rng = mix(seed ^ mix((uint64_t)pair));
    /* A random opening that already ends the game is no opening: draw again. */
    for (int attempt = 0; attempt < 100; attempt++) {
        Position p;
        pos_init(&p, b);
        size_t used = 0;
        buf[0] = 0;
        for (int i = 0; i < random_plies && !pos_over(&p); i++) {
            Move m = pos_random_move(&p, &rng);
            char t[64];
            move_format(b, &m, t, sizeof t);
            size_t tl = strlen(t);
            if (used + tl + 2 > len) return -1;
            if (used) buf[used++] = ';';
            memcpy(buf + used, t, tl + 1);
            used += tl;
            pos_play(&p, &m);
        }
        if (!pos_over(&p)) return 0;
    }
    buf[0] = 0; /* tiny boards where every random start ends at once */
    return 0;
}

/* test_ap_games.c - random games played by AbstractPlay's own game class,
 * replayed here ply by ply (tests/data/abstractplay/games.tsv; its header
 * says how they were made). Every preset, sizes 2-13, the pie taken in
 * about half of them. At every AbstractPlay state the engine must list the
 * same legal moves (their count and a hash of their sorted texts), accept
 * the move AbstractPlay played, and end the game where AbstractPlay did,
 * with the same winner (a seat: the pie exchanges seats, not the game) by
 * the same means (a chain or the full-board tie-break). */
#include <CUnit/Basic.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/apnotation.h"
#include "../rules/rules.h"
#include "support.h"

#define GAMES "tests/data/abstractplay/games.tsv"

/* The move's text as the table writes it: AbstractPlay's cells (through
 * sigma after a swap), placements in row-major order, then the flip, then
 * `pass` for an owed stone with nothing after it. The table's own form,
 * whatever order the engine prints a turn's parts in. */
static void canonical(const Position *p, const Move *m, bool swapped, char *buf, size_t len)
{
    const Board *b = p->board;
    if (m->kind == MOVE_PASS) {
        snprintf(buf, len, "pass");
        return;
    }
    assert(m->kind == MOVE_PLACE || m->kind == MOVE_FLIP);
    const int np = m->kind == MOVE_FLIP ? m->n - 1 : m->n;
    int pts[3];
    for (int i = 0; i < m->n; i++) pts[i] = swapped ? b->sym[m->pt[i]] : m->pt[i];
    for (int i = 1; i < np; i++)
        for (int j = i; j > 0 && pts[j - 1] > pts[j]; j--) {
            int t = pts[j];
            pts[j] = pts[j - 1];
            pts[j - 1] = t;
        }
    size_t o = 0;
    buf[0] = 0;
    for (int i = 0; i < m->n; i++) {
        char cell[8];
        o += (size_t)snprintf(buf + o, len - o, "%s%s%s", i ? "," : "", i == np ? "x" : "", ap_point_format(b, pts[i], cell, sizeof cell));
        assert(o < len);
    }
    if (m->kind == MOVE_PLACE && m->n == 1 && p->owe) snprintf(buf + o, len - o, ",pass");
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The engine's legal moves (the swap left out: AbstractPlay's class has no
 * pie) as the table's count and hash: 32-bit FNV-1a of the sorted texts
 * joined by newlines. */
static void legal_summary(const Position *p, bool swapped, size_t *count, uint32_t *hash, bool *pass_only)
{
    MoveList ml;
    movelist_init(&ml);
    const size_t n = pos_gen_moves(p, &ml);
    char **texts = malloc((n ? n : 1) * sizeof *texts);
    if (!texts) abort();
    size_t k = 0;
    *pass_only = n == 1 && ml.m[0].kind == MOVE_PASS;
    for (size_t i = 0; i < n; i++) {
        if (ml.m[i].kind == MOVE_SWAP) continue;
        char buf[40];
        canonical(p, &ml.m[i], swapped, buf, sizeof buf);
        texts[k] = strdup(buf);
        if (!texts[k]) abort();
        k++;
    }
    qsort(texts, k, sizeof *texts, cmp_str);
    uint32_t h = 0x811c9dc5u;
    for (size_t i = 0; i < k; i++) {
        for (const char *s = i ? "\n" : ""; *s; s++) h = (h ^ (uint8_t)*s) * 0x01000193u;
        for (const char *s = texts[i]; *s; s++) h = (h ^ (uint8_t)*s) * 0x01000193u;
        free(texts[i]);
    }
    free(texts);
    movelist_free(&ml);
    *count = k;
    *hash = h;
}

typedef struct {
    long games, plies, states, pie, tiebreaks, pie_tiebreaks, stuck, capped, bad;
    long per_variant[4], per_size[26];
} Tally;

/* Whether the engine's position p matches AbstractPlay's state text:
 * "-" over, "P" only a pass (which AbstractPlay's class cannot play),
 * "COUNT:HASH" the legal moves. */
static bool same_state(const Position *p, bool swapped, const char *state, bool *stuck)
{
    *stuck = false;
    if (!strcmp(state, "-")) return pos_over(p);
    if (pos_over(p)) return false;
    size_t count;
    uint32_t hash;
    bool pass_only;
    legal_summary(p, swapped, &count, &hash, &pass_only);
    if (!strcmp(state, "P")) return *stuck = pass_only;
    unsigned long want_n;
    unsigned want_h;
    if (sscanf(state, "%lu:%x", &want_n, &want_h) != 2) return false;
    return count == want_n && hash == want_h;
}

static const char *const VARIANTS[] = { "default", "minimorph", "duomorph", "remorph" };

/* One game line: size, variant, moves (`;`, `pie` for the pie), states
 * (`;`, one per AbstractPlay state), result ("player1 chain", "player2
 * tiebreak", "none stuck", "none cap"). */
static bool replay(char *line, Tally *t)
{
    char *f[5], *save = NULL;
    int nf = 0;
    for (char *s = strtok_r(line, "\t\n", &save); s && nf < 5; s = strtok_r(NULL, "\t\n", &save)) f[nf++] = s;
    if (nf != 5) return false;
    const int size = atoi(f[0]);
    int v = -1;
    for (int i = 0; i < 4; i++)
        if (!strcmp(f[1], VARIANTS[i])) v = i;
    if (size < 2 || size > 13 || v < 0) return false;
    char rules[64];
    snprintf(rules, sizeof rules, "abstractplay=%s", f[1]);
    Game g = game(size, rules);
    char *states[4096], *moves[4096];
    int ns = 0, nm = 0;
    for (char *s = strtok_r(f[3], ";", &save); s && ns < 4096; s = strtok_r(NULL, ";", &save)) states[ns++] = s;
    if (strcmp(f[2], "-"))
        for (char *s = strtok_r(f[2], ";", &save); s && nm < 4096; s = strtok_r(NULL, ";", &save)) moves[nm++] = s;
    bool swapped = false, ok = true, stuck = false;
    int k = 0;
    ok = ns > 0 && same_state(&g.p, false, states[0], &stuck);
    for (int i = 0; i < nm && ok && !stuck; i++) {
        Move m;
        char err[200];
        if (ap_move_parse(&g.p, moves[i], swapped, &m, err, sizeof err)) {
            fprintf(stderr, "  %dx%d %s, move %d '%s': %s\n", size, size, f[1], i + 1, moves[i], err);
            ok = false;
            break;
        }
        pos_play(&g.p, &m);
        if (m.kind == MOVE_SWAP) {
            swapped = true; /* the same AbstractPlay state as before it */
            t->pie++;
        } else {
            k++;
            t->plies++;
        }
        ok = k < ns && same_state(&g.p, swapped, states[k], &stuck);
        t->states++;
        if (!ok) fprintf(stderr, "  %dx%d %s, after move %d '%s': the engine differs from '%s'\n", size, size, f[1], i + 1, moves[i],
                         k < ns ? states[k] : "(none)");
    }
    /* the end, with the same seat winning by the same means */
    char want[32] = "";
    snprintf(want, sizeof want, "%s", f[4]);
    if (ok) {
        if (!strcmp(want, "none stuck")) ok = stuck, t->stuck++;
        else if (!strcmp(want, "none cap")) ok = !pos_over(&g.p), t->capped++;
        else {
            const int r = g.p.result;
            const int seat = r == RESULT_BLACK ? (swapped ? 2 : 1) : r == RESULT_WHITE ? (swapped ? 1 : 2) : 0;
            uint64_t chain[BB_MAXW];
            const bool has = seat && pos_winning_chain(&g.p, r == RESULT_BLACK ? BLACK : WHITE, chain);
            char got[32];
            snprintf(got, sizeof got, "player%d %s", seat, has ? "chain" : "tiebreak");
            ok = !strcmp(got, want);
            if (!ok) fprintf(stderr, "  %dx%d %s: the engine ends '%s', AbstractPlay '%s'\n", size, size, f[1], got, want);
            if (strstr(want, "tiebreak")) t->tiebreaks++, t->pie_tiebreaks += swapped;
        }
    }
    t->games++;
    t->per_variant[v]++;
    t->per_size[size]++;
    board_free(g.b);
    return ok;
}

static void test_ap_games(void)
{
    FILE *f = fopen(GAMES, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    Tally t = { 0 };
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, f) > 0) {
        if (line[0] == '#' || !strncmp(line, "size\t", 5)) continue;
        if (!replay(line, &t)) t.bad++;
    }
    free(line);
    fclose(f);
    fprintf(stderr, "\n  %ld games (%ld with the pie), %ld plies, %ld states compared; %ld tie-break endings (%ld after the pie), %ld Duomorph passes AbstractPlay cannot play, %ld capped; %ld differ\n",
            t.games, t.pie, t.plies, t.states, t.tiebreaks, t.pie_tiebreaks, t.stuck, t.capped, t.bad);
    CU_ASSERT_EQUAL(t.bad, 0);
    /* what the table must hold for the test to mean something */
    CU_ASSERT(t.games >= 1000 && t.pie * 3 >= t.games && t.pie_tiebreaks >= 20);
    for (int v = 0; v < 4; v++) CU_ASSERT(t.per_variant[v] >= t.games / 5);
    for (int n = 2; n <= 13; n++) CU_ASSERT(t.per_size[n] > 0);
}

int main(void)
{
    static const TestCase tests[] = {
        { "AbstractPlay's own games, ply by ply", test_ap_games },
    };
    return run_suite("ap_games", tests, sizeof tests / sizeof *tests);
}

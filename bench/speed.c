/* speed.c - see speed.h. */
#include "speed.h"

#include <stdio.h>
#include <string.h>

#include "../engine/clock.h"
#include "../rules/move_list.h"

void random_playout_rate(const Board *b, double seconds, long count, int cap, uint64_t seed, PlayoutRate *out)
{
    memset(out, 0, sizeof *out);
    uint64_t rng = seed ? seed : 1;
    /* Each playout starts from a copy of the start position, as a search's
     * do: the rate is of playing, not of building positions. */
    Position start, p;
    pos_init(&start, b);
    pos_init(&p, b);
    double t0 = now_seconds(), t = t0;
    /* Check the clock once per batch, so that it is not part of the rate. */
    while (count > 0 ? out->playouts < count : t - t0 < seconds) {
        for (int k = 0; k < 16 && (count <= 0 || out->playouts < count); k++) {
            pos_copy(&p, &start);
            int plies = pos_random_playout(&p, &rng, cap);
            out->playouts++;
            out->plies += plies;
            out->capped += !pos_over(&p);
        }
        t = now_seconds();
    }
    out->seconds = t - t0;
}

/* Mid-game positions drawn once from uniformly random games and frozen here
 * as text, so that they never change with the random generator. */
const BenchPosition bench_positions[] = {
    {9, "none", ""},
    {9, "none", "G3;G1;B3;G8;C9;B6;J9;E3;D7;F5;B9;G4;D4;A4;A9;G5;J7;A2;B5;E5"},
    {9, "none", "H5;F8;D4;G6;F2;D3;F3;H3;H4;E1;G4;G5;A6;E9;D9;B1;E6;F9;G9;A1;D5;B4;A5;F4;H2;F6;G7;H9;G1;J6;A8;C3;A3;J2;J1;H1;B7;B6;J5;D2;C8;J4;A7;"
                 "B8;A9;D7;G3;H8;C9;C4"},
    {13, "none", "L3;J2;K8;H12;A11;N5;E2;N8;M11;A12;C5;D12;H4;E1;A6;J4;B2;J13;K1;J3;J5;H3;J12;K6;H1;H7;M3;D10;G10;D9;K9;G6;L9;H9;K10;E7;N1;H5;K7;B5"},
    {19, "none", "P16;F13;P15;B15;D16;F3;T12;K16;N19;T18;P18;G13;L2;N16;F16;D8;J1;L16;N6;M7;O8;O1;A2;S19;A7;L9;K4;C9;Q12;S16;R12;R15;P6;S3;L8;M10;"
                  "J6;J19;Q18;N3;B10;O7;G5;D14;K3;N8;G4;E10;G10;D5;C3;C17;M3;A19;G18;R14;L6;Q2;O15;L4"},
    {9, "c", "B3;C4,A8;D4,E4;H7,G9;A1,D5;D3,A6;C1,G2;J3,F9;J2,B9;A3,E3;C2,E7;A5,G7"},
    {9, "b,d", "F4;F1;E7;D1;F9;G4;A3;J4;J8;H9;D9;B7;F7;J6;J7;E3;G8;G5;F3;D8;H5;G2;E6;F8"},
    {9, "a", "H4;J1;G8;H1;E3;J2;B4;J8;D5;H6;E4;A8;J7;J9;G6;A4;B2;E5;D6;C9;D8;E8;C4;C5;J6;F3;C5;D9;J3;F9"},
    {9, "e", "H9;J5;J8;J1;F9;A7;D1;J7;F1;H2"},
};
const size_t bench_npositions = sizeof bench_positions / sizeof bench_positions[0];

int bench_engine_setup(Engine *e, const char *searcher, long playouts, int ab_depth, char *err, size_t errlen)
{
    char pv[32], dv[32];
    snprintf(pv, sizeof pv, "%ld", playouts);
    snprintf(dv, sizeof dv, "%d", ab_depth);
    const char *opts[][2] = {{"searcher", searcher}, {"threads", "1"}, {"seed", "1"}, {"movetime", "0"}, {"playouts", pv},
                             {"reuse", "off"}, {"solver", "off"}, {"verbose", "off"}, {"ab_depth", dv}};
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        if (engine_set_param(e, opts[i][0], opts[i][1], err, errlen)) return -1;
    return 0;
}

Board *bench_position_setup(size_t i, Position *p, char *err, size_t errlen)
{
    const BenchPosition *bp = &bench_positions[i];
    Ruleset r;
    ruleset_default(&r);
    const char *why = ruleset_parse(&r, bp->rules);
    if (why) {
        snprintf(err, errlen, "rules %s: %s", bp->rules, why);
        return NULL;
    }
    Board *b = board_create(bp->size, &r, err, errlen);
    if (!b) return NULL;
    pos_init(p, b);
    if (play_move_list(p, bp->moves, err, errlen) || pos_over(p)) {
        if (pos_over(p)) snprintf(err, errlen, "bench position %zu is over", i);
        board_free(b);
        return NULL;
    }
    return b;
}

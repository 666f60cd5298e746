/* selfplay_game.c - see selfplay_game.h. */
#include "selfplay_game.h"

#include <stdlib.h>
#include <string.h>

#include "../engine/engine.h"
#include "../engine/util.h"
#include "../rules/move_list.h"
#include "openings.h"

#define OPENING_MAX 8192

/* Options a user may not give: the generator sets them so that a game
 * depends on its number and settings only (not on the machine's speed,
 * its cores or the clock). */
static const char *const fixed[] = {"threads", "seed", "playouts", "movetime", "solver_time", NULL};

static int apply(Engine *e, const char *opt, char *err, size_t errlen)
{
    const char *eq = strchr(opt, '=');
    if (!eq || eq == opt || !eq[1]) {
        snprintf(err, errlen, "engine option '%s': want NAME=VALUE", opt);
        return -1;
    }
    char name[64];
    size_t nl = (size_t)(eq - opt);
    if (nl >= sizeof name) {
        snprintf(err, errlen, "engine option '%s': no such option", opt);
        return -1;
    }
    memcpy(name, opt, nl);
    name[nl] = 0;
    char why[200];
    if (engine_set_param(e, name, eq + 1, why, sizeof why)) {
        snprintf(err, errlen, "engine option '%s': %s", opt, why);
        return -1;
    }
    return 0;
}

int selfplay_engine_options(long playouts, const char *const *user, int nuser, char *text, size_t textlen, char *err,
                            size_t errlen)
{
    for (int i = 0; i < nuser; i++)
        for (int k = 0; fixed[k]; k++) {
            size_t l = strlen(fixed[k]);
            if (!strncmp(user[i], fixed[k], l) && user[i][l] == '=') {
                snprintf(err, errlen,
                         "engine option '%s': self-play sets %s itself (one thread, --playouts per move, no clock, "
                         "seeds from --seed and the game number)",
                         user[i], fixed[k]);
                return -1;
            }
        }
    Engine *e = engine_create();
    if (!e) return snprintf(err, errlen, "out of memory"), -1;
    int n = snprintf(text, textlen, "threads=1 playouts=%ld movetime=0 solver=off", playouts);
    int rc = n < 0 || (size_t)n >= textlen ? -1 : 0;
    if (rc) snprintf(err, errlen, "engine options too long");
    for (int i = 0; rc == 0 && i < nuser; i++) {
        if (apply(e, user[i], err, errlen)) rc = -1;
        else {
            int w = snprintf(text + n, textlen - (size_t)n, " %s", user[i]);
            if (w < 0 || (size_t)w >= textlen - (size_t)n) rc = -1, snprintf(err, errlen, "engine options too long");
            else n += w;
        }
        if (rc == 0 && strpbrk(user[i], "\t\n")) rc = -1, snprintf(err, errlen, "engine option '%s': a tab or newline", user[i]);
    }
    char s[32], d[32];
    if (rc == 0 && engine_get_param(e, "searcher", s, sizeof s) == 0 && engine_get_param(e, "ab_depth", d, sizeof d) == 0 &&
        !strcmp(s, "ab") && !strcmp(d, "0")) {
        snprintf(err, errlen, "searcher ab searches by time unless ab_depth is set (ab_depth=N): games would depend on the machine");
        rc = -1;
    }
    engine_free(e);
    return rc;
}

/* The final analysis of a search, kept by the report hook. */
typedef struct Capture {
    int got;
    int n, cap;
    AnalysisMove *m;
    int oom;
} Capture;

static void capture(const Analysis *a, void *ctx)
{
    Capture *c = ctx;
    if (a->move_only) return;
    if (a->n > c->cap) {
        AnalysisMove *nm = realloc(c->m, (size_t)a->n * sizeof *nm);
        if (!nm) {
            c->oom = 1;
            return;
        }
        c->m = nm;
        c->cap = a->n;
    }
    memcpy(c->m, a->moves, (size_t)a->n * sizeof *c->m);
    c->n = a->n;
    c->got = 1;
}

typedef struct Child {
    char text[64];
    uint32_t visits;
    double q;
    Move move;
} Child;

/* Most visited first; ties by move text, so that the order is the
 * record's own and not qsort's. */
static int by_visits_text(const void *a, const void *b)
{
    const Child *x = a, *y = b;
    if (x->visits != y->visits) return x->visits > y->visits ? -1 : 1;
    return strcmp(x->text, y->text);
}

static int set_engine(Engine *e, const SelfplayConfig *c, uint64_t seed, char *err, size_t errlen)
{
    char pv[32], sv[32];
    snprintf(pv, sizeof pv, "%ld", c->s->playouts);
    snprintf(sv, sizeof sv, "%llu", (unsigned long long)seed);
    const char *opts[][2] = {{"threads", "1"}, {"playouts", pv}, {"movetime", "0"}, {"solver", "off"}, {"verbose", "off"}, {"seed", sv}};
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        if (engine_set_param(e, opts[i][0], opts[i][1], err, errlen)) return -1;
    for (int i = 0; i < c->nopts; i++)
        if (apply(e, c->opts[i], err, errlen)) return -1;
    return 0;
}

int selfplay_play(const SelfplayConfig *c, long game, char **line, SelfplayGame *info, char *err, size_t errlen)
{
    *line = NULL;
    const Board *b = c->board;
    const SelfplaySettings *s = c->s;
    uint64_t seed = selfplay_game_seed(s->seed, game);
    char *opening = malloc(OPENING_MAX);
    Engine *e = engine_create();
    Child *ch = NULL;
    int chcap = 0, rc = -1;
    Sbuf moves = {0}, out = {0};
    Capture cap = {0};
    if (!opening || !e) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    if (set_engine(e, c, seed, err, errlen)) goto done;
    /* The opening: the same draws as bench/match's pair `game`. */
    if (opening_for_pair(NULL, b, s->opening_plies, s->seed, game, opening, OPENING_MAX)) {
        snprintf(err, errlen, "game %ld: the opening does not fit %d bytes", game, OPENING_MAX);
        goto done;
    }
    Position p;
    pos_init(&p, b);
    engine_new_game(e, &p);
    if (play_move_list(&p, opening, err, errlen)) goto done;
    uint64_t rng = mix64(seed ^ 0x5e1f5e1f5e1f5e1fULL);
    SearchHooks h = {.report = capture, .ctx = &cap, .final_report = 1};
    int plies = 0, searched = 0;
    while (!pos_over(&p) && (int)p.ply < s->max_plies) {
        cap.got = 0;
        Move m = engine_genmove_live(e, &p, &h);
        if (cap.oom) {
            snprintf(err, errlen, "out of memory");
            goto done;
        }
        char mt[64];
        move_format(b, &m, mt, sizeof mt);
        if (plies) sbuf_printf(&moves, ";");
        if (cap.got && cap.n > 0) {
            if (cap.n > chcap) {
                Child *nc = realloc(ch, (size_t)cap.n * sizeof *nc);
                if (!nc) {
                    snprintf(err, errlen, "out of memory");
                    goto done;
                }
                ch = nc;
                chcap = cap.n;
            }
            double q = 0.5;
            uint64_t total = 0;
            for (int i = 0; i < cap.n; i++) {
                ch[i].move = cap.m[i].move;
                ch[i].visits = cap.m[i].visits;
                ch[i].q = cap.m[i].winrate;
                total += ch[i].visits;
                move_format(b, &ch[i].move, ch[i].text, sizeof ch[i].text);
                if (move_equal(&ch[i].move, &m)) q = ch[i].q;
            }
            qsort(ch, (size_t)cap.n, sizeof *ch, by_visits_text);
            /* The first plies may be drawn in proportion to the visits,
             * from the game's own generator: varied games, reproducible. */
            if (searched < s->sample && total > 0) {
                uint64_t r = rng_below(&rng, total);
                for (int i = 0; i < cap.n; i++) {
                    if (r < ch[i].visits) {
                        m = ch[i].move;
                        break;
                    }
                    r -= ch[i].visits;
                }
                move_format(b, &m, mt, sizeof mt);
            }
            sbuf_printf(&moves, "%s @%.3f", mt, q);
            for (int i = 0; i < cap.n; i++) sbuf_printf(&moves, " %s=%u", ch[i].text, ch[i].visits);
            searched++;
        } else sbuf_printf(&moves, "%s", mt);
        const char *why = pos_check_move(&p, &m);
        if (why) {
            snprintf(err, errlen, "game %ld ply %d: %s is illegal: %s", game, plies, mt, why);
            goto done;
        }
        pos_play(&p, &m);
        plies++;
    }
    if (moves.oom) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    const char *res = p.result == RESULT_BLACK ? "black" : p.result == RESULT_WHITE ? "white" : "draw";
    char rules[200];
    ruleset_format(&b->rules, rules, sizeof rules);
    sbuf_printf(&out, "%ld\t%llu\t%d\t%s\t%s\t%s\t%d\t%s", game, (unsigned long long)seed, s->size, rules,
                opening[0] ? opening : "-", res, plies, plies ? moves.s : "-");
    if (out.oom) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    *line = out.s;
    out.s = NULL;
    if (info)
        *info = (SelfplayGame){.game = game, .seed = seed, .result = p.result == RESULT_DRAW ? RESULT_NONE : (Result)p.result,
                               .opening_plies = (int)(p.ply - (uint64_t)plies), .plies = plies};
    rc = 0;
done:
    sbuf_free(&moves);
    sbuf_free(&out);
    free(cap.m);
    free(ch);
    free(opening);
    engine_free(e);
    return rc;
}

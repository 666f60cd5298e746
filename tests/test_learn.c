/* test_learn.c - the learned model: features invariant under the board's
 * symmetries (left-right, top-bottom, half turn, and the colour exchange
 * of the pie), move features on hand-made positions, the MM trainer on
 * data whose answer is known, the weights' lookup and the learned priors.
 * No test measures speed (that is bench/'s job). */
#include <CUnit/Basic.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../bench/mm.h"
#include "../engine/features.h"
#include "../engine/learned.h"
#include "../engine/learned_policy.h"
#include "../engine/playout.h"
#include "../engine/priors.h"
#include "../engine/tree.h"
#include "../rules/rng.h"
#include "ref_distance.h"
#include "support.h"

/* The features of every candidate (placements on empty points, flips of
 * enemy stones) of p, indexed by point, the connection class included;
 * kind -1 where none. Square boards: wide[q] the wide pattern's key,
 * whose 3x3 key is the pattern's. */
static void all_features(const Position *p, MoveFeat *out, int *kind, uint64_t *wide)
{
    FeatPos f;
    feat_prepare(&f, p);
    static FeatWide fw;
    static FeatConn fc;
    if (p->board->size) feat_wide_prepare(&fw, &f);
    feat_conn_prepare(&f, &fc);
    for (int q = 0; q < p->board->npoints; q++) {
        Color c = pos_color_at(p, q);
        kind[q] = c == EMPTY ? MOVE_PLACE : c == (Color)(p->to_move ^ 1) ? MOVE_FLIP : -1;
        if (kind[q] < 0) continue;
        feat_move(&f, kind[q], q, &out[q]);
        if (p->board->size) {
            uint32_t inner[8];
            wide[q] = feat_wide_key(&fw, q, inner);
            CU_ASSERT_EQUAL(feat_square_key(inner), out[q].pattern);
            CU_ASSERT(wide[q] < FEAT_WIDE_CODES);
        }
    }
}

static int same_features(const MoveFeat *a, const MoveFeat *b)
{
    if (a->pattern != b->pattern || a->n != b->n) return 0;
    for (int i = 0; i < a->n; i++) { /* the same set of ids, in any order */
        int found = 0;
        for (int j = 0; j < b->n; j++) found |= a->id[i] == b->id[j];
        if (!found) return 0;
    }
    return 1;
}

/* q's image under symmetry s of a square board of size n: 0 left-right,
 * 1 top-bottom, 2 half turn, 3 the transpose (which exchanges colours). */
static int image(int n, int s, int q)
{
    int x = q % n, y = q / n;
    switch (s) {
    case 0: return y * n + (n - 1 - x);
    case 1: return (n - 1 - y) * n + x;
    case 2: return (n - 1 - y) * n + (n - 1 - x);
    default: return x * n + y;
    }
}

/* The position mapped by symmetry s (3 and Cairo's b->sym also exchange
 * the colours and the side to move), its last move mapped too. */
static Position mapped(const Position *p, int s, int cairo)
{
    const Board *b = p->board;
    Position m;
    pos_init(&m, b);
    int swap = cairo || s == 3;
    for (int q = 0; q < b->npoints; q++) pos_set_stone(&m, q, EMPTY);
    for (int q = 0; q < b->npoints; q++) {
        Color c = pos_color_at(p, q);
        int r = cairo ? b->sym[q] : image(b->size, s, q);
        pos_set_stone(&m, r, c == EMPTY ? EMPTY : swap ? (Color)(c ^ 1) : c);
    }
    m.to_move = (uint8_t)(swap ? p->to_move ^ 1 : p->to_move);
    m.last = p->last;
    for (int i = 0; i < m.last.n; i++) m.last.pt[i] = (int16_t)(cairo ? b->sym[p->last.pt[i]] : image(b->size, s, p->last.pt[i]));
    return m;
}

static void check_symmetric(const char *rules, int size, int cairo)
{
    Game g = game(size, rules);
    static MoveFeat fa[MAX_POINTS], fb[MAX_POINTS];
    static int ka[MAX_POINTS], kb[MAX_POINTS];
    static uint64_t wa[MAX_POINTS], wb[MAX_POINTS];
    int compared = 0, patterns = 0, wides = 0, conns = 0;
    for (int trial = 0; trial < 12; trial++) {
        random_stones(&g, 25 + 5 * trial);
        g.p.to_move = (uint8_t)(trial & 1);
        /* the last move: a stone of the side not to move */
        g.p.last = move_of(MOVE_NONE);
        for (int q = (int)rnd((unsigned)g.b->npoints), k = 0; k < g.b->npoints; k++, q = (q + 1) % g.b->npoints)
            if (pos_color_at(&g.p, q) == (Color)(g.p.to_move ^ 1)) {
                g.p.last = move_pts(MOVE_PLACE, 1, q, -1, -1);
                break;
            }
        if (pos_over(&g.p)) continue;
        all_features(&g.p, fa, ka, wa);
        for (int s = cairo ? 3 : 0; s < 4; s++) {
            Position m = mapped(&g.p, s, cairo);
            all_features(&m, fb, kb, wb);
            for (int q = 0; q < g.b->npoints; q++) {
                int r = cairo ? g.b->sym[q] : image(size, s, q);
                CU_ASSERT_EQUAL(ka[q], kb[r]);
                if (ka[q] < 0) continue;
                CU_ASSERT(same_features(&fa[q], &fb[r]));
                if (!cairo) CU_ASSERT_EQUAL(wa[q], wb[r]);
                compared++;
            }
        }
        for (int q = 0; q < g.b->npoints; q++) {
            patterns += ka[q] >= 0 && fa[q].pattern != 0;
            for (int i = 0; ka[q] >= 0 && i < fa[q].n; i++) conns += fa[q].id[i] >= FEAT_CONN;
            /* the wide window sees more than the 3x3 one: two 3x3-empty points with other wide keys */
            for (int r = q + 1; !cairo && ka[q] >= 0 && fa[q].pattern == 0 && r < g.b->npoints; r++)
                wides += ka[r] >= 0 && fa[r].pattern == 0 && wa[r] != wa[q];
        }
    }
    CU_ASSERT(compared > 100);
    CU_ASSERT(patterns > 50); /* not all the empty pattern */
    CU_ASSERT(cairo || wides > 0);
    CU_ASSERT(conns > 20); /* the connection classes were compared too */
    board_free(g.b);
}

static void test_symmetry_square(void)
{
    check_symmetric("morphos", 9, 0);
    check_symmetric("morphos", 8, 0);
    check_symmetric("edges=off", 7, 0);
    check_symmetric("abstractplay=default", 13, 0);
}

static void test_symmetry_cairo(void)
{
    check_symmetric("morpharaoh,board=48", 0, 1);
    check_symmetric("morpharaoh,board=160", 0, 1);
}

static int has(const MoveFeat *m, int id)
{
    for (int i = 0; i < m->n; i++)
        if (m->id[i] == id) return 1;
    return 0;
}

static MoveFeat feat_at(Game *g, int kind, const char *point)
{
    FeatPos f;
    MoveFeat m;
    feat_prepare(&f, &g->p);
    feat_move(&f, kind, pt(g->b, point), &m);
    CU_ASSERT(m.n >= 1 && m.n <= FEAT_MAX_FIXED);
    return m;
}

static void test_move_features(void)
{
    /* Black to move on 9x9. */
    Game g = game(9, "morphos");
    setup(&g, "E3,E4,E5,E6,E7,E8,E9,E1", "D5,F5");
    g.p.last = move_pts(MOVE_PLACE, 1, pt(g.b, "F5"), -1, -1);
    MoveFeat m = feat_at(&g, MOVE_PLACE, "E2");
    CU_ASSERT(has(&m, FEAT_WIN) && has(&m, FEAT_PLACE) && has(&m, FEAT_OWN_EDGE1));
    m = feat_at(&g, MOVE_PLACE, "F6");
    CU_ASSERT(has(&m, FEAT_LAST_ADJ) && !has(&m, FEAT_WIN));
    m = feat_at(&g, MOVE_PLACE, "G6");
    CU_ASSERT(has(&m, FEAT_LAST_DIAG));
    m = feat_at(&g, MOVE_PLACE, "H5");
    CU_ASSERT(has(&m, FEAT_LAST_NEAR));
    m = feat_at(&g, MOVE_PLACE, "A5");
    CU_ASSERT(!has(&m, FEAT_LAST_ADJ) && !has(&m, FEAT_LAST_DIAG) && !has(&m, FEAT_LAST_NEAR) && has(&m, FEAT_OPP_EDGE0));
    board_free(g.b);

    /* White to move: Black threatens E5; a white stone there blocks. */
    g = game(9, "morphos");
    setup(&g, "E1,E2,E3,E4,E6,E7,E8,E9", "");
    g.p.to_move = WHITE;
    m = feat_at(&g, MOVE_PLACE, "E5");
    CU_ASSERT(has(&m, FEAT_BLOCK));
    board_free(g.b);

    /* A stone that is weak at once, a flip, and a bridge answer: Black
     * to move; B3 (white) sits between black A3 and C3... */
    g = game(9, "morphos");
    setup(&g, "D4,E5", "E4");
    g.p.last = move_pts(MOVE_PLACE, 1, pt(g.b, "E4"), -1, -1);
    m = feat_at(&g, MOVE_PLACE, "D5");
    CU_ASSERT(has(&m, FEAT_BRIDGE_ANSWER) && has(&m, FEAT_LAST_DIAG));
    board_free(g.b);

    g = game(9, "morphos");
    bb_t w;
    for (int tries = 0; tries < 200; tries++) {
        random_stones(&g, 60);
        if (pos_over(&g.p)) continue;
        pos_weak_stones(&g.p, WHITE, w);
        int bit = bb_first(w, g.b->words);
        if (bit < 0) continue;
        FeatPos f;
        MoveFeat mf;
        feat_prepare(&f, &g.p);
        feat_move(&f, MOVE_FLIP, g.b->point_of[bit], &mf);
        CU_ASSERT(has(&mf, FEAT_FLIP) && !has(&mf, FEAT_PLACE));
        /* and an empty point where black would be weak */
        bb_t wi;
        bb_zero(wi);
        pos_weak_if_placed(&g.p, BLACK, wi);
        int wb = bb_first(wi, g.b->words);
        if (wb >= 0) {
            feat_move(&f, MOVE_PLACE, g.b->point_of[wb], &mf);
            CU_ASSERT(has(&mf, FEAT_PLACE_WEAK));
        }
        break;
    }
    board_free(g.b);
}

/* The connection classes (FEAT_CONN + 3 m + o) on a hand-made 9x9
 * position: Black (to move) holds column E but E5, so E5 is on Black's
 * only shortest path (distance 1) and on every shortest path of White's
 * (distance 9: column E lets White through at E5 alone, along row 5);
 * A5 and D5 are on White's and not near Black's (the cheapest black path
 * through D5 costs 3); A9 is on neither. */
static int conn_class(const MoveFeat *m)
{
    for (int i = 0; i < m->n; i++)
        if (m->id[i] >= FEAT_CONN) return m->id[i] - FEAT_CONN;
    return -1;
}

static void test_conn_features(void)
{
    Game g = game(9, "morphos");
    setup(&g, "E1,E2,E3,E4,E6,E7,E8,E9", "");
    FeatPos f;
    FeatConn fc;
    MoveFeat m;
    feat_prepare(&f, &g.p);
    feat_move(&f, MOVE_PLACE, pt(g.b, "A5"), &m);
    CU_ASSERT_EQUAL(conn_class(&m), -1); /* not prepared: no class */
    feat_conn_prepare(&f, &fc);
    CU_ASSERT_EQUAL(fc.dist[BLACK], 1);
    CU_ASSERT_EQUAL(fc.dist[WHITE], 9);
    feat_move(&f, MOVE_PLACE, pt(g.b, "E5"), &m);
    CU_ASSERT_EQUAL(conn_class(&m), 0); /* both sides' shortest paths */
    feat_move(&f, MOVE_PLACE, pt(g.b, "A5"), &m);
    CU_ASSERT_EQUAL(conn_class(&m), 3 * 2 + 0); /* White's only */
    feat_move(&f, MOVE_PLACE, pt(g.b, "D5"), &m);
    CU_ASSERT_EQUAL(conn_class(&m), 3 * 2 + 0); /* Black's through D5 is 3: neither 1 nor 2 */
    feat_move(&f, MOVE_PLACE, pt(g.b, "A9"), &m);
    CU_ASSERT_EQUAL(conn_class(&m), -1); /* far from both */
    CU_ASSERT(m.n <= FEAT_MAX_FIXED);
    /* White to move: the classes swap sides (m for White now) */
    g.p.to_move = WHITE;
    feat_prepare(&f, &g.p);
    feat_conn_prepare(&f, &fc);
    feat_move(&f, MOVE_PLACE, pt(g.b, "A5"), &m);
    CU_ASSERT_EQUAL(conn_class(&m), 3 * 0 + 2);
    board_free(g.b);
}

/* p's connection classes and distances (feat_conn_prepare) against the
 * relaxation of ref_distance.h: a colour's class 0 where the cheapest
 * path through the point (d0 + d1 - its cost) is the distance, 1 where
 * one longer, else 2. seen counts the points of each class and the
 * colours without a path. */
static void check_conn_reference(const Position *p, int seen[4])
{
    const Board *b = p->board;
    FeatPos f;
    static FeatConn fc;
    feat_prepare(&f, p);
    feat_conn_prepare(&f, &fc);
    int cls[2][MAX_POINTS];
    for (int c = 0; c < 2; c++) {
        int cost[MAX_POINTS], d0[MAX_POINTS], d1[MAX_POINTS];
        ref_costs(p, (Color)c, cost);
        ref_line_distances(p, (Color)c, cost, 0, d0);
        ref_line_distances(p, (Color)c, cost, 1, d1);
        int dist = EVAL_FAR;
        for (int i = 0; i < b->npoints; i++)
            if (bb_test(b->goal[c][1], b->bit_of[i]) && d0[i] < dist) dist = d0[i];
        CU_ASSERT_EQUAL(fc.dist[c], dist);
        seen[3] += dist == EVAL_FAR;
        for (int i = 0; i < b->npoints; i++) {
            int through = cost[i] < 0 || d0[i] == EVAL_FAR || d1[i] == EVAL_FAR ? EVAL_FAR : d0[i] + d1[i] - cost[i];
            cls[c][i] = dist == EVAL_FAR ? 2 : through == dist ? 0 : through == dist + 1 ? 1 : 2;
            seen[cls[c][i]]++;
        }
    }
    const int me = p->to_move;
    int wrong = 0;
    for (int i = 0; i < b->npoints; i++) wrong += fc.cls[i] != 3 * cls[me][i] + cls[me ^ 1][i];
    CU_ASSERT_EQUAL(wrong, 0);
}

/* Random positions (stones at random, and random games from the start)
 * on square boards of 3 to 25 points a side (1 to 12 bitboard words) and
 * both Cairo boards, under rule sets whose weak stones and edges differ. */
static void test_conn_reference(void)
{
    static const struct {
        const char *rules;
        int sizes[6];
    } sets[] = {
        { "morphos", { 3, 5, 9, 13, 19, 25 } },
        { "edges=off", { 4, 7, 11, 13, 15, 0 } },
        { "abstractplay=default", { 6, 9, 13, 0 } },
        { "a", { 8, 13, 0 } },
        { "a,edges=off", { 9, 13, 0 } },
        { "b", { 9, 13, 0 } },
        { "e", { 9, 13, 0 } },
        { "morpharaoh,board=48", { 0 } },
        { "morpharaoh,board=160", { 0 } },
    };
    uint64_t rng = 2028;
    int seen[4] = { 0 }, positions = 0;
    for (size_t r = 0; r < sizeof sets / sizeof *sets; r++)
        for (int k = 0; k == 0 || (k < 6 && sets[r].sizes[k]); k++) {
            Game g = game(sets[r].sizes[k], sets[r].rules);
            const int trials = g.b->npoints > 300 ? 8 : 24;
            for (int t = 0; t < trials; t++) {
                Game h = g;
                if (t & 1) {
                    random_stones(&h, 10 + (int)rnd(70));
                    h.p.to_move = (uint8_t)rnd(2);
                } else {
                    int plies = (int)(rng_next(&rng) % (uint64_t)(g.b->npoints + 1));
                    for (int i = 0; i < plies && !pos_over(&h.p); i++) pos_play_random(&h.p, &rng);
                }
                if (pos_over(&h.p)) continue;
                check_conn_reference(&h.p, seen);
                positions++;
            }
            board_free(g.b);
        }
    CU_ASSERT(positions > 400);
    CU_ASSERT(seen[0] > 1000 && seen[1] > 1000 && seen[2] > 1000); /* every class met */
    CU_ASSERT(seen[3] > 10);                                      /* and cut-off colours */
}

/* MM on made-up data: feature 0 always beats feature 1, feature 2 wins
 * half its games against feature 1; the likelihood never falls. */
static void test_mm(void)
{
    MmData d;
    mm_init(&d);
    uint32_t off[4] = {0, 1, 2, 3}, f01[3] = {0, 1, 1}, f21[2] = {2, 1}, mult[3] = {1, 1, 1};
    for (int i = 0; i < 40; i++) CU_ASSERT_EQUAL(mm_add(&d, 3, off, f01, mult, 0, NULL), 0);
    for (int i = 0; i < 40; i++) CU_ASSERT_EQUAL(mm_add(&d, 2, off, f21, mult, i & 1, NULL), 0);
    int group[3] = {0, 0, 0};
    double lg[3] = {0, 0, 0}, prev = mm_loglik(&d, lg);
    for (int it = 0; it < 20; it++) {
        double ll = mm_train(&d, 3, group, 1, 1, lg);
        CU_ASSERT(ll >= prev - 1e-12);
        prev = ll;
    }
    CU_ASSERT(lg[0] > lg[2] + 1 && lg[2] > lg[1]);
    /* feature 2 against 1 is about even (the prior pulls both to 1) */
    CU_ASSERT(fabs(lg[2] - lg[1]) < 1.5);
    mm_free(&d);
    /* Shares (visit counts): feature 0 takes 3/4 of each position against
     * feature 1; the same wins as 3 of 4 positions won outright. */
    MmData s, w;
    mm_init(&s);
    mm_init(&w);
    const double share[2] = {0.75, 0.25};
    uint32_t f0[2] = {0, 1};
    for (int i = 0; i < 200; i++) {
        CU_ASSERT_EQUAL(mm_add(&s, 2, off, f0, mult, -1, share), 0);
        CU_ASSERT_EQUAL(mm_add(&w, 2, off, f0, mult, i % 4 == 3, NULL), 0);
    }
    double ls[2] = {0, 0}, lw[2] = {0, 0};
    int g2[2] = {0, 0};
    double lls = mm_train(&s, 2, g2, 1, 30, ls), llw = mm_train(&w, 2, g2, 1, 30, lw);
    CU_ASSERT_DOUBLE_EQUAL(ls[0] - ls[1], log(3), 0.05);
    CU_ASSERT_DOUBLE_EQUAL(ls[0], lw[0], 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(ls[1], lw[1], 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(lls, llw, 1e-9);
    mm_free(&s);
    mm_free(&w);
}

static void test_learned_lookup(void)
{
    Game g = game(9, "morphos");
    const LearnedSet *w = learned_for(g.b);
    CU_ASSERT_PTR_NOT_NULL(w);
    char fam[128];
    learned_family(g.b, fam, sizeof fam);
    CU_ASSERT_STRING_EQUAL(fam, "none,edges=on,pie=on");
    if (w) {
        for (uint32_t i = 1; i < w->npat; i++) CU_ASSERT(w->key[i - 1] < w->key[i]);
        for (uint32_t i = 0; i < w->npat; i += 1 + w->npat / 50) CU_ASSERT_EQUAL(learned_pattern(w, w->key[i]), w->lg[i]);
        CU_ASSERT_EQUAL(learned_pattern(w, FEAT_NO_PATTERN - 1), w->other);
        /* the priors' wide model: sorted tables; a wide key in the table
         * decides, else the 3x3 key, else `other` */
        const LearnedWide *wd = w->wide;
        CU_ASSERT_PTR_NOT_NULL_FATAL(wd);
        CU_ASSERT(learned_wide_shown(w, 9));
        CU_ASSERT(!learned_wide_shown(w, 13)); /* not shown there: the 3x3 model */
        CU_ASSERT(wd->nwide > 0 && wd->npat > 0);
        for (uint32_t i = 1; i < wd->nwide; i++) CU_ASSERT(wd->wkey[i - 1] < wd->wkey[i]);
        for (uint32_t i = 1; i < wd->npat; i++) CU_ASSERT(wd->key[i - 1] < wd->key[i]);
        MoveFeat m = {.pattern = FEAT_NO_PATTERN, .n = 1, .id = {FEAT_PLACE}};
        uint32_t d[8], off[8];
        for (int k = 0; k < 8; k++) off[k] = 5; /* a 3x3 window off the board: in no table */
        /* every wide key found, and a key just past one not (the 3x3
         * window's weight instead): the search is exact at every place */
        for (uint32_t i = 0; i < wd->nwide; i++) {
            CU_ASSERT_EQUAL(learned_wide_score(wd, wd->wkey[i], off, &m), wd->wlg[i] + wd->fixed[FEAT_PLACE]);
            if (i + 1 == wd->nwide || wd->wkey[i + 1] != wd->wkey[i] + 1)
                CU_ASSERT_EQUAL(learned_wide_score(wd, wd->wkey[i] + 1, off, &m), wd->other + wd->fixed[FEAT_PLACE]);
        }
        CU_ASSERT_EQUAL(learned_wide_score(wd, 0, off, &m), wd->wkey[0] == 0 ? wd->wlg[0] + wd->fixed[FEAT_PLACE] : wd->other + wd->fixed[FEAT_PLACE]);
        for (uint32_t i = 0; i < wd->npat; i += 1 + wd->npat / 50) {
            for (uint32_t k = 0, c = wd->key[i]; k < 8; k++, c /= 6) d[k] = c % 6; /* a window with that key */
            CU_ASSERT_EQUAL(learned_wide_score(wd, FEAT_WIDE_CODES, d, &m), wd->lg[i] + wd->fixed[FEAT_PLACE]);
        }
        CU_ASSERT_EQUAL(learned_wide_score(wd, FEAT_WIDE_CODES, off, &m), wd->other + wd->fixed[FEAT_PLACE]);
        m.id[0] = FEAT_PASS;
        CU_ASSERT_EQUAL(learned_wide_score(wd, FEAT_WIDE_CODES, NULL, &m), wd->fixed[FEAT_PASS]);
        /* the connection model: the wide model's tables with the
         * connection classes' weights; the priors read it only with
         * learned_conn, on every square size */
        const LearnedWide *cn = w->conn;
        CU_ASSERT_PTR_NOT_NULL_FATAL(cn);
        CU_ASSERT_EQUAL(cn->nwide, wd->nwide);
        float nz = 0;
        for (int k = FEAT_CONN; k < FEAT_ALL; k++) {
            nz += fabsf(cn->fixed[k]);
            CU_ASSERT_EQUAL(wd->fixed[k], 0);
        }
        CU_ASSERT(nz > 0.5f);
        CU_ASSERT(cn->fixed[FEAT_CONN + 0] > cn->fixed[FEAT_CONN + 7]); /* on both paths beats near the opponent's */
        int conn = -1;
        CU_ASSERT_PTR_EQUAL(learned_prior_model(w, 9, 1, 0, &conn), wd);
        CU_ASSERT_EQUAL(conn, 0);
        CU_ASSERT_PTR_NULL(learned_prior_model(w, 13, 1, 0, &conn));
        CU_ASSERT_PTR_NULL(learned_prior_model(w, 9, 0, 0, &conn));
        CU_ASSERT_PTR_EQUAL(learned_prior_model(w, 13, 1, 13, &conn), cn);
        CU_ASSERT_EQUAL(conn, 1);
        CU_ASSERT_PTR_EQUAL(learned_prior_model(w, 9, 0, 9, &conn), cn);
        CU_ASSERT_PTR_EQUAL(learned_prior_model(w, 13, 1, 9, &conn), NULL); /* larger than learned_conn */
        CU_ASSERT_EQUAL(conn, 0);
    }
    board_free(g.b);
    g = game(9, "morphos,pie=off");
    CU_ASSERT_PTR_EQUAL(learned_for(g.b), w); /* the pie does not matter */
    board_free(g.b);
    g = game(9, "c");
    CU_ASSERT_PTR_NULL(learned_for(g.b)); /* compound turns: none */
    board_free(g.b);
    CU_ASSERT_PTR_NULL(learned_find("no such rules"));
}

/* Each step's strength under wide model m (the wide or the connection
 * model) in f's position (fw: its wide grid), as the priors score it;
 * s3 (not NULL): under the set's 3x3 model. */
static void model_scores(const LearnedSet *w, const LearnedWide *m, const FeatPos *f, const FeatWide *fw, const StepDesc *st,
                         int n, float *s, float *s3)
{
    for (int i = 0; i < n; i++) {
        MoveFeat mf;
        feat_move(f, st[i].kind == STEP_FLIP ? MOVE_FLIP : st[i].kind == STEP_PLACE ? MOVE_PLACE : st[i].kind == STEP_PASS ? MOVE_PASS : MOVE_SWAP,
                  st[i].pt, &mf);
        uint32_t inner[8];
        const int pat = mf.pattern != FEAT_NO_PATTERN;
        const uint64_t wk = pat ? feat_wide_key(fw, st[i].pt, inner) : 0;
        s[i] = learned_wide_score(m, wk, pat ? inner : NULL, &mf);
        if (s3) s3[i] = learned_score(w, &mf);
    }
}

/* Learned priors: values in (0.05, 0.95), ordered as the model's scores,
 * immediate wins still proven. */
static void test_learned_priors(void)
{
    Game g = game(9, "morphos");
    const LearnedSet *w = learned_for(g.b);
    CU_ASSERT_PTR_NOT_NULL_FATAL(w);
    setup(&g, "E3,E4,E5,E6,E7,E8,E9,E1,C3", "D5,F5,C4");
    MoveList ml;
    movelist_init(&ml);
    static StepDesc st[2 * MAX_POINTS + 3];
    static Node nd[2 * MAX_POINTS + 3];
    int n = tree_steps(&g.p, NULL, 0, &ml, st);
    CU_ASSERT_FATAL(n > 10);
    for (int i = 0; i < n; i++) tree_node_init(&nd[i], st[i].kind, st[i].pt, st[i].complete);
    EngineConfig cfg;
    config_default(&cfg);
    cfg.learned_scale = 0.25;
    cfg.learned_anchor = 0;
    cfg.learned_blend = 1;
    priors_assign(&g.p, NULL, 0, st, n, nd, 100, 1, w, &cfg);
    FeatPos f;
    feat_prepare_ex(&f, &g.p, 0); /* as the priors see it: wins are proven instead */
    static FeatWide fw;
    feat_wide_prepare(&fw, &f);
    float s[2 * MAX_POINTS + 3], s3[2 * MAX_POINTS + 3];
    int win = -1;
    CU_ASSERT_FATAL(cfg.learned_wide && learned_wide_shown(w, g.b->size)); /* the priors read the wide model */
    model_scores(w, w->wide, &f, &fw, st, n, s, s3);
    for (int i = 0; i < n; i++) {
        CU_ASSERT(nd[i].prior_n == 100 && nd[i].prior_w > 5 && nd[i].prior_w < 95);
        if (st[i].pt == pt(g.b, "E2") && st[i].kind == STEP_PLACE) win = i;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (s[i] > s[j]) CU_ASSERT(nd[i].prior_w >= nd[j].prior_w && nd[i].bias >= nd[j].bias);
    /* the biases: the model's probabilities of the placements and flips in 255ths */
    int bsum = 0, bmax = 0;
    for (int i = 0; i < n; i++) {
        bsum += nd[i].bias;
        if (nd[i].bias > bmax) bmax = nd[i].bias;
        if (st[i].kind == STEP_PASS || st[i].kind == STEP_SWAP) CU_ASSERT_EQUAL(nd[i].bias, 0);
    }
    CU_ASSERT(abs(bsum - 255) <= n / 2 + 1);
    CU_ASSERT(bmax > 255 / n);
    /* learned_wide off: the 3x3 model's order */
    static Node n3[2 * MAX_POINTS + 3];
    for (int i = 0; i < n; i++) tree_node_init(&n3[i], st[i].kind, st[i].pt, st[i].complete);
    cfg.learned_wide = 0;
    priors_assign(&g.p, NULL, 0, st, n, n3, 100, 1, w, &cfg);
    cfg.learned_wide = 1;
    int differ = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (s3[i] > s3[j]) CU_ASSERT(n3[i].prior_w >= n3[j].prior_w && n3[i].bias >= n3[j].bias);
            differ += (s[i] > s[j]) != (s3[i] > s3[j]);
        }
    CU_ASSERT(differ > 0); /* the two models do not rank alike */
    /* learned_conn: the connection model's order, its classes in the features */
    static FeatConn fc;
    feat_conn_prepare(&f, &fc);
    cfg.learned_conn = 9;
    priors_assign(&g.p, NULL, 0, st, n, n3, 100, 1, w, &cfg);
    cfg.learned_conn = 0;
    static float sc[2 * MAX_POINTS + 3];
    differ = 0;
    model_scores(w, w->conn, &f, &fw, st, n, sc, NULL);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (sc[i] > sc[j]) CU_ASSERT(n3[i].prior_w >= n3[j].prior_w && n3[i].bias >= n3[j].bias);
            differ += (s[i] > s[j]) != (sc[i] > sc[j]);
        }
    CU_ASSERT(differ > 0);
    f.conn = NULL; /* the checks below read the wide model's features */
    CU_ASSERT_FATAL(win >= 0);
    CU_ASSERT_EQUAL(atomic_load(&nd[win].proven), 1);
    /* blend 0: the hand-set values exactly; 0.5: halfway */
    static Node hand[2 * MAX_POINTS + 3], mix[2 * MAX_POINTS + 3];
    for (int i = 0; i < n; i++) {
        tree_node_init(&hand[i], st[i].kind, st[i].pt, st[i].complete);
        tree_node_init(&mix[i], st[i].kind, st[i].pt, st[i].complete);
    }
    priors_assign(&g.p, NULL, 0, st, n, hand, 100, 1, NULL, NULL);
    for (int i = 0; i < n; i++) CU_ASSERT_EQUAL(hand[i].bias, 0); /* no model: no bias */
    cfg.learned_blend = 0;
    priors_assign(&g.p, NULL, 0, st, n, mix, 100, 1, w, &cfg);
    for (int i = 0; i < n; i++) CU_ASSERT_DOUBLE_EQUAL(mix[i].prior_w, hand[i].prior_w, 1e-3);
    cfg.learned_blend = 0.5;
    priors_assign(&g.p, NULL, 0, st, n, mix, 100, 1, w, &cfg);
    for (int i = 0; i < n; i++) CU_ASSERT_DOUBLE_EQUAL(mix[i].prior_w, (hand[i].prior_w + nd[i].prior_w) / 2, 1e-2);
    /* anchor 1: the model's favourite at 0.5, every other move below it, in the same order */
    cfg.learned_blend = 1;
    cfg.learned_anchor = 1;
    priors_assign(&g.p, NULL, 0, st, n, mix, 100, 1, w, &cfg);
    float top = -1e30f;
    int at = -1;
    for (int i = 0; i < n; i++)
        if (s[i] > top) top = s[i], at = i;
    CU_ASSERT_DOUBLE_EQUAL(mix[at].prior_w, 50, 1e-3);
    for (int i = 0; i < n; i++) {
        CU_ASSERT(mix[i].prior_w <= 50 + 1e-3 && mix[i].prior_w > 5);
        for (int j = 0; j < n; j++)
            if (s[i] > s[j]) CU_ASSERT(mix[i].prior_w >= mix[j].prior_w);
    }
    movelist_free(&ml);
    board_free(g.b);
    /* the pie's swap keeps the hand-set value: the model cannot judge it */
    g = game(9, "morphos");
    CU_ASSERT_EQUAL_FATAL(play(&g, "E5"), 0);
    movelist_init(&ml);
    n = tree_steps(&g.p, NULL, 0, &ml, st);
    int sw = -1;
    for (int i = 0; i < n; i++) {
        tree_node_init(&nd[i], st[i].kind, st[i].pt, st[i].complete);
        tree_node_init(&hand[i], st[i].kind, st[i].pt, st[i].complete);
        if (st[i].kind == STEP_SWAP) sw = i;
    }
    CU_ASSERT_FATAL(sw >= 0);
    priors_assign(&g.p, NULL, 0, st, n, nd, 100, 1, w, &cfg);
    priors_assign(&g.p, NULL, 0, st, n, hand, 100, 1, NULL, NULL);
    CU_ASSERT_DOUBLE_EQUAL(nd[sw].prior_w, hand[sw].prior_w, 1e-6);
    movelist_free(&ml);
    board_free(g.b);
}

/* The learned playout policy: along random games, the incrementally kept
 * codes (ply by ply, and from a root at once) equal codes computed
 * afresh, every candidate's gamma equals the
 * model's strength of the move (feat_move without wins in one), the
 * candidates are the last move's empty neighbours and every flip, and
 * the policy's moves are legal. */
static void check_policy(const char *rules, int size)
{
    Game g = game(size, rules);
    const LearnedSet *w = learned_for(g.b);
    CU_ASSERT_PTR_NOT_NULL_FATAL(w);
    static LPolicy lp;
    static LCodes lc, fresh, rootc, viaroot;
    lpolicy_config(&lp, g.b, w);
    int16_t cpt[2 * MAX_POINTS];
    uint8_t ckind[2 * MAX_POINTS];
    float cg[2 * MAX_POINTS];
    int checked = 0, flips = 0, local = 0;
    for (int game_no = 0; game_no < 6; game_no++) {
        uint64_t rng = 0x9e3779b97f4a7c15ull * (uint64_t)(game_no + 1);
        Position p;
        pos_init(&p, g.b);
        lcodes_init(&lc, &p, &lp);
        for (int ply = 0; ply < 3 * g.b->npoints && !pos_over(&p); ply++) {
            lcodes_init(&fresh, &p, &lp);
            if (ply == 2 * game_no) lcodes_init(&rootc, &p, &lp); /* a search's root */
            if (ply >= 2 * game_no) {
                lcodes_copy(&viaroot, &rootc, g.b);
                lcodes_update(&viaroot, &p, &lp);
            }
            for (int q = 0; q < g.b->npoints; q++) {
                int bit = g.b->bit_of[q];
                CU_ASSERT_EQUAL(lcodes_code(&lc, 0, bit), lcodes_code(&fresh, 0, bit));
                CU_ASSERT_EQUAL(lcodes_code(&lc, 1, bit), lcodes_code(&fresh, 1, bit));
                if (ply >= 2 * game_no) {
                    CU_ASSERT_EQUAL(lcodes_code(&viaroot, 0, bit), lcodes_code(&fresh, 0, bit));
                    CU_ASSERT_EQUAL(lcodes_code(&viaroot, 1, bit), lcodes_code(&fresh, 1, bit));
                }
            }
            double far;
            int n = lpolicy_candidates(&p, &lp, &lc, cpt, ckind, cg, &far);
            CU_ASSERT(far >= 0);
            FeatPos f;
            feat_prepare_ex(&f, &p, 0);
            bb_t all;
            pos_weak_points(&p, (Color)p.to_move, all);
            for (int wd = 0; wd < BB_MAXW; wd++) CU_ASSERT_EQUAL(all[wd], f.weak[p.to_move][wd] | f.weak_if[wd]);
            int expect = 0;
            for (int q = 0; q < g.b->npoints; q++) {
                Color c = pos_color_at(&p, q);
                expect += (c == EMPTY && f.last >= 0 && feat_closeness(g.b, q, f.last) <= 2) ||
                          (c == (Color)(p.to_move ^ 1) && bb_test(f.weak[p.to_move ^ 1], g.b->bit_of[q]));
            }
            CU_ASSERT_EQUAL(n, expect);
            for (int i = 0; i < n; i++) {
                MoveFeat mf;
                feat_move(&f, ckind[i], cpt[i], &mf);
                double want = exp(learned_score(w, &mf));
                CU_ASSERT(fabs(cg[i] - want) <= 1e-4 * want);
                checked++;
                flips += ckind[i] == MOVE_FLIP;
                local += ckind[i] == MOVE_PLACE;
            }
            Move m;
            if (lpolicy_move(&p, &lp, &lc, &rng, &m)) {
                CU_ASSERT_PTR_NULL(pos_check_move(&p, &m));
                pos_play(&p, &m);
            } else {
                pos_play_random(&p, &rng);
            }
            if (!pos_over(&p)) lcodes_update(&lc, &p, &lp);
        }
    }
    CU_ASSERT(checked > 200);
    CU_ASSERT(flips > 10);
    CU_ASSERT(local > 100);
    board_free(g.b);
}

static void test_learned_policy(void)
{
    check_policy("morphos", 9);
    check_policy("morphos", 13);
    check_policy("edges=off", 9);
    check_policy("abstractplay=default", 13);
    check_policy("morpharaoh,board=48", 0);
    check_policy("morpharaoh,board=160", 0);
}

/* learned_plies K: a playout's first K plies are the learned policy's
 * (the same as a playout of K plies with the policy throughout, for the
 * same draws), the rest the hand-set policy's, to the end. */
static void test_learned_plies(void)
{
    Game g = game(9, "morphos");
    EngineConfig cfg;
    config_default(&cfg);
    cfg.learned_policy = 1;
    static PlayoutCfg a, b;
    int ended = 0;
    for (int k = 1; k <= 12; k += 5)
        for (int seed = 1; seed <= 20; seed++) {
            Position start;
            pos_init(&start, g.b);
            Move m1 = move_pts(MOVE_PLACE, 1, 40, -1, -1), m2 = move_pts(MOVE_PLACE, 1, 31, -1, -1);
            pos_play(&start, &m1);
            pos_play(&start, &m2);
            cfg.learned_plies = k, cfg.playout_cap = k;
            playout_config(&a, g.b, &cfg);
            cfg.learned_plies = 0;
            playout_config(&b, g.b, &cfg);
            Position pa = start, pb = start;
            uint64_t ra = (uint64_t)seed * 0x9e3779b97f4a7c15ull, rb = ra;
            int ta = 0, tb = 0;
            playout_run(&pa, &a, &ra, NULL, &ta, NULL);
            playout_run(&pb, &b, &rb, NULL, &tb, NULL);
            CU_ASSERT_EQUAL(ta, tb);
            CU_ASSERT_EQUAL(pa.key, pb.key);
            CU_ASSERT_EQUAL(ra, rb);
            cfg.learned_plies = k, cfg.playout_cap = 0;
            playout_config(&a, g.b, &cfg);
            pa = start;
            ta = 0;
            playout_run(&pa, &a, &ra, NULL, &ta, NULL);
            CU_ASSERT(ta > k);
            ended += pos_over(&pa);
        }
    CU_ASSERT(ended > 50);
    board_free(g.b);
}

int main(void)
{
    static const TestCase tests[] = {
        {"features: the same under the square board's symmetries and the pie's", test_symmetry_square},
        {"features: the same under the Cairo boards' colour exchange", test_symmetry_cairo},
        {"features: wins, blocks, last-move distances, edges, bridge answers, flips, weak at once", test_move_features},
        {"features: the connection classes on the two sides' shortest paths", test_conn_features},
        {"features: the connection classes against a plain relaxation, random positions, boards and rules", test_conn_reference},
        {"mm: the trainer finds known strengths, the likelihood never falls, shares count as fractional wins", test_mm},
        {"learned weights: found per rule family, sorted, looked up", test_learned_lookup},
        {"learned priors: in range, in the model's order, wins still proven, blended", test_learned_priors},
        {"learned playout policy: incremental codes, the model's gammas, its candidates, legal moves", test_learned_policy},
        {"learned_plies: the first plies the learned policy's, then the hand-set policy to the end", test_learned_plies},
    };
    return run_suite("learn", tests, sizeof tests / sizeof *tests);
}

/* learn_main.c - bench/learn: the learned model's trainer and its yardstick.
 *   bench/learn weights [--holdout K] [--iters N] [--min-count M] FILE...
 *       trains one weight set per rule family found in the self-play files
 *       (docs/selfplay.md) by MM (mm.h) and writes engine/generated/
 *       learned_data.c to stdout, with its provenance in the header
 *   bench/learn moves FILE
 *       the file with each ply reduced to its move (what the trainer
 *       reads), for committing the training data: a tenth of the size
 *   bench/learn predict [--holdout K] FILE...
 *       top-1 / top-5 agreement with the held-out games' moves of the
 *       built-in weights, the hand-set priors and uniform choice
 * Games whose number is K - 1 modulo K (default 10) are held out: never
 * trained on, only predicted. Only single-point turns are used (a rule
 * set with compound turns is refused). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/features.h"
#include "../engine/learned.h"
#include "../engine/priors.h"
#include "../engine/tree.h"
#include "cli_args.h"
#include "mm.h"
#include "selfplay_record.h"

#define MAX_CAND (2 * MAX_POINTS + 3)
#define MAX_FAMILIES 16
#define NO_WIDE UINT64_MAX /* pass, swap, and every Cairo candidate */

static void usage(FILE *out)
{
    fputs("usage: bench/learn weights [--holdout K] [--iters N] [--min-count M]\n"
          "                     [--min-wide M] [--target move|visits] FILE...\n"
          "       bench/learn moves [--visits PCT] FILE\n"
          "       bench/learn predict [--holdout K] FILE...\n"
          "weights: train the learned model (minorization-maximization) on the\n"
          "  self-play files' games, one weight set per rule family, and write\n"
          "  the generated source engine/generated/learned_data.c to stdout\n"
          "moves: FILE with each ply reduced to its move played (the visit counts\n"
          "  dropped; a header line '# moves-only' names the original's hash), or\n"
          "  with --visits PCT to its move, value and the root moves that had at\n"
          "  least PCT% of its visits (header line '# reduced')\n"
          "predict: the built-in weights', the hand-set priors' and uniform\n"
          "  choice's top-1 and top-5 agreement with the held-out games' moves\n"
          "options:\n"
          "  --holdout K     hold out games numbered K-1 modulo K (default 10; 0: none)\n"
          "  --iters N       MM sweeps (default 12)\n"
          "  --min-count M   patterns seen fewer times among the candidates share\n"
          "                  one weight (default 20)\n"
          "  --min-wide M    the priors' wide patterns (square boards) kept when seen\n"
          "                  at least M times among the candidates (default 20)\n"
          "  --target T      move: the move played won each position (default);\n"
          "                  visits: each move won its share of the search's visits\n"
          "                  (plies without visit counts: the move played)\n",
          out);
}

/* The positions' teams of one model: candidate features kept raw
 * until the pattern table is known. */
typedef struct Teams {
    MoveFeat *cand;
    uint64_t *cwide;    /* the candidates' wide pattern keys (square boards), or NULL */
    uint32_t *cmult;
    double *cshare;     /* the candidates' shares of the win (--target visits), or NULL */
    size_t ncand, cap;
    uint32_t *pos_cand; /* positions' first candidates (npos + 1) */
    uint32_t *pos_win;
    size_t npos, cap_pos;
} Teams;

/* One rule family's training data: the teams of the 3x3 and wide models
 * (t), and those of the connection model (tc: the same candidates, their
 * features with the connection class, so teams split by it too; t's
 * teams stay as they were without it, so that the 3x3 model's weights
 * do not move). */
typedef struct Family {
    char name[128];
    Teams t, tc;
    uint64_t *wwk, *wsk; /* the wide model's kept wide and 3x3 keys, which the connection model shares */
    size_t wnw, wns;
    char prov[4096];    /* provenance lines */
    size_t games;
} Family;

/* A 64-bit FNV-1a hash of a file's bytes. */
static uint64_t fnv_file(FILE *f)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    int c;
    rewind(f);
    while ((c = getc(f)) != EOF) h = (h ^ (uint64_t)(unsigned char)c) * 0x100000001b3ULL;
    rewind(f);
    return h;
}

static int die(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "bench/learn: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return 2;
}

/* Split s at sep into at most max fields (s is modified). */
static int split(char *s, char sep, char **f, int max)
{
    int n = 0;
    f[n++] = s;
    for (char *p = s; *p; p++)
        if (*p == sep) {
            *p = 0;
            if (n == max) return -1;
            f[n++] = p + 1;
        }
    return n;
}

static int feat_equal(const MoveFeat *a, const MoveFeat *b)
{
    if (a->pattern != b->pattern || a->n != b->n) return 0;
    for (int i = 0; i < a->n; i++)
        if (a->id[i] != b->id[i]) return 0;
    return 1;
}

/* One position's teams: candidates with the same features (and wide
 * key) form one team with a multiplicity; the played move's team alone. */
typedef struct TeamBuf {
    int n, win;
    MoveFeat f[MAX_CAND];
    uint64_t wide[MAX_CAND];
    uint32_t mult[MAX_CAND];
    double share[MAX_CAND];
} TeamBuf;

/* Candidate mf (wide key wk) into b's teams; returns its team. */
static int team_add(TeamBuf *b, const MoveFeat *mf, uint64_t wk, int played)
{
    int t = 0;
    if (played) {
        t = b->n;
        b->win = t;
    } else
        while (t < b->n && (t == b->win || !feat_equal(&b->f[t], mf) || b->wide[t] != wk)) t++;
    if (t == b->n) {
        b->f[t] = *mf, b->wide[t] = wk, b->mult[t] = 0, b->share[t] = 0;
        b->n++;
    }
    b->mult[t]++;
    return t;
}

/* Each team's share of the visits (the played move alone when the ply has none). */
static void team_shares(TeamBuf *b)
{
    double total = 0;
    for (int t = 0; t < b->n; t++) total += b->share[t];
    for (int t = 0; t < b->n; t++) b->share[t] = total > 0 ? b->share[t] / total : t == b->win;
}

/* The position's candidates, as features, in teams: out those of the
 * 3x3 and wide models, conn (not NULL: square boards) the connection
 * model's, whose features add the connection class (FEAT_CONN, added
 * last by feat_move). out->win is the played move's team, or -1 when
 * the turn is not a single point (no teams). With share and the ply's
 * visit counts: each team's share of the visits in its share[]. */
static void describe(const Position *p, const SelfplayPly *ply, MoveList *ml, TeamBuf *out, TeamBuf *conn, int share)
{
    const Move *played = &ply->move;
    out->n = 0, out->win = -1;
    if (conn) conn->n = 0, conn->win = -1;
    if (played->n > 1 || p->owe) return;
    FeatPos f;
    feat_prepare(&f, p);
    FeatWide wbuf, *fw = p->board->size ? &wbuf : NULL;
    FeatConn cbuf;
    if (fw) feat_wide_prepare(fw, &f);
    if (conn) feat_conn_prepare(&f, &cbuf);
    pos_gen_moves(p, ml);
    for (size_t i = 0; i < ml->n; i++) {
        const Move *m = &ml->m[i];
        if (m->n > 1) {
            out->n = 0, out->win = -1;
            if (conn) conn->n = 0, conn->win = -1;
            return;
        }
        MoveFeat mf, m3;
        feat_move(&f, m->kind, m->n ? m->pt[0] : -1, &mf);
        m3 = mf;
        if (m3.n && m3.id[m3.n - 1] >= FEAT_CONN) m3.n--; /* the 3x3 and wide models' features */
        uint32_t inner[8];
        const uint64_t wk = p->board->size && m->n ? feat_wide_key(fw, m->pt[0], inner) : NO_WIDE;
        const int pl = move_equal(m, played);
        const int t = team_add(out, &m3, wk, pl), tc = conn ? team_add(conn, &mf, wk, pl) : -1;
        if (share && ply->searched)
            for (int c = 0; c < ply->n; c++)
                if (move_equal(&ply->child[c].move, m)) {
                    out->share[t] += ply->child[c].visits;
                    if (conn) conn->share[tc] += ply->child[c].visits;
                }
    }
    if (share && out->win >= 0) {
        team_shares(out);
        if (conn) team_shares(conn);
    }
}

typedef int (*PlyFn)(void *ctx, const Position *before, const SelfplayPly *ply, long game);

/* selfplay_replay's callback, passing the move played on to a PlyFn. */
typedef struct Adapter {
    PlyFn fn;
    void *ctx;
    long game;
} Adapter;

static int adapt(void *ctx, const Position *before, const SelfplayPly *ply)
{
    const Adapter *a = ctx;
    return a->fn ? a->fn(a->ctx, before, ply, a->game) : 0;
}

/* Replay every game of an open self-play file; fn sees the position
 * before each ply after the opening. keep(game) says which games. */
static int replay_file(FILE *fp, const char *path, int holdout, int want_held, PlyFn fn, void *ctx, char *family,
                       size_t famlen, char *prov, size_t provlen, size_t *ngames)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0, gmin = -1, gmax = -1;
    int size = 0;
    char rules[256] = "", playouts[64] = "?", seed[64] = "?";
    Board *b = NULL;
    *ngames = 0;
    int rc = 0;
    while ((len = getline(&line, &cap, fp)) > 0) {
        lineno++;
        if (line[len - 1] != '\n') break; /* a torn last line is no game */
        line[--len] = 0;
        if (lineno == 1 && strcmp(line, SELFPLAY_MAGIC)) {
            rc = die("%s: not a self-play file (first line '" SELFPLAY_MAGIC "')%s", path, "");
            break;
        }
        if (line[0] == '#') {
            char *f[3];
            if (split(line + 2, '\t', f, 3) == 2) {
                if (!strcmp(f[0], "size")) size = atoi(f[1]);
                else if (!strcmp(f[0], "rules")) snprintf(rules, sizeof rules, "%s", f[1]);
                else if (!strcmp(f[0], "playouts")) snprintf(playouts, sizeof playouts, "%s", f[1]);
                else if (!strcmp(f[0], "seed")) snprintf(seed, sizeof seed, "%s", f[1]);
            }
            continue;
        }
        if (!b) {
            Ruleset r;
            char err[256];
            const char *e = ruleset_parse(&r, rules);
            if (e) {
                rc = die("%s: rules: %s", path, e);
                break;
            }
            b = board_create(size, &r, err, sizeof err);
            if (!b) {
                rc = die("%s: board: %s", path, err);
                break;
            }
            if (!b->single_steps) {
                rc = die("%s: rules %s have compound turns: no learned model for them", path, rules);
                break;
            }
            learned_family(b, family, famlen);
            if (!fn && !prov) break; /* the family was all that was asked */
        }
        long game;
        char num[24];
        snprintf(num, sizeof num, "%.*s", (int)strcspn(line, "\t"), line);
        if (arg_long(num, 0, 1L << 40, &game)) {
            fprintf(stderr, "bench/learn: %s:%ld: bad game number\n", path, lineno);
            rc = 2;
            break;
        }
        int held = holdout > 0 && game % holdout == holdout - 1;
        if (held != want_held) continue;
        if (gmin < 0 || game < gmin) gmin = game;
        if (game > gmax) gmax = game;
        ++*ngames;
        Adapter a = {fn, ctx, game};
        SelfplayGame info;
        char err[512];
        int r = selfplay_replay(line, b, adapt, &a, &info, err, sizeof err);
        if (r < 0) {
            fprintf(stderr, "bench/learn: %s:%ld: %s\n", path, lineno, err);
            rc = 2;
        } else rc = r;
        if (rc) break;
    }
    if (!rc && prov)
        snprintf(prov, provlen, " *   %s: size %d, rules %s, %s playouts, seed base %s, %zu games %s (numbers %ld-%ld), FNV-1a %016llx\n",
                 path, size, rules, playouts, seed, *ngames, want_held ? "held out" : "trained on", gmin, gmax,
                 (unsigned long long)fnv_file(fp));
    free(line);
    if (b) board_free(b);
    return rc;
}

/* ---- weights ---- */

typedef struct TrainCtx {
    Family *fam;
    MoveList ml;
    TeamBuf t3, tc;
    int visits;          /* --target visits */
} TrainCtx;

/* b's teams appended to T as one position. */
static int teams_append(Teams *T, const TeamBuf *b, int visits)
{
    const int nt = b->n;
    size_t c1 = T->cap, c2 = T->cap, c3 = T->cap, c4 = T->cap, cp1 = T->cap_pos, cp2 = T->cap_pos;
    if (mm_grow((void **)&T->cand, &c1, T->ncand + (size_t)nt, sizeof *T->cand) ||
        mm_grow((void **)&T->cwide, &c4, T->ncand + (size_t)nt, sizeof *T->cwide) ||
        mm_grow((void **)&T->cmult, &c2, T->ncand + (size_t)nt, sizeof *T->cmult) ||
        (visits && mm_grow((void **)&T->cshare, &c3, T->ncand + (size_t)nt, sizeof *T->cshare)) ||
        mm_grow((void **)&T->pos_cand, &cp1, T->npos + 2, sizeof *T->pos_cand) ||
        mm_grow((void **)&T->pos_win, &cp2, T->npos + 2, sizeof *T->pos_win))
        return die("out of memory%s%s", "", "");
    T->cap = c1;
    T->cap_pos = cp1;
    if (T->npos == 0) T->pos_cand[0] = 0;
    memcpy(T->cand + T->ncand, b->f, (size_t)nt * sizeof *T->cand);
    memcpy(T->cmult + T->ncand, b->mult, (size_t)nt * sizeof *T->cmult);
    memcpy(T->cwide + T->ncand, b->wide, (size_t)nt * sizeof *T->cwide);
    if (visits) memcpy(T->cshare + T->ncand, b->share, (size_t)nt * sizeof *T->cshare);
    T->ncand += (size_t)nt;
    T->pos_win[T->npos] = (uint32_t)b->win;
    T->pos_cand[++T->npos] = (uint32_t)T->ncand;
    return 0;
}

static void teams_free(Teams *T)
{
    free(T->cand), free(T->cwide), free(T->cmult), free(T->cshare), free(T->pos_cand), free(T->pos_win);
}

static int train_ply(void *ctx, const Position *p, const SelfplayPly *ply, long game)
{
    TrainCtx *tc = ctx;
    Family *F = tc->fam;
    (void)game;
    TeamBuf *conn = p->board->size ? &tc->tc : NULL;
    describe(p, ply, &tc->ml, &tc->t3, conn, tc->visits);
    if (tc->t3.win < 0 || tc->t3.n < 2) return 0;
    int rc = teams_append(&F->t, &tc->t3, tc->visits);
    if (!rc && conn) rc = teams_append(&F->tc, conn, tc->visits);
    return rc;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Sort keys[0 .. n) and keep, once each and ascending, those seen at
 * least min times. Returns their count. */
static size_t keep_frequent(uint64_t *keys, size_t n, size_t min)
{
    qsort(keys, n, sizeof *keys, cmp_u64);
    size_t kept = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && keys[j] == keys[i]) j++;
        if (j - i >= min) keys[kept++] = keys[i];
        i = j;
    }
    return kept;
}

/* The index of key among keys[0 .. n) (ascending), or -1. */
static long find_key(const uint64_t *keys, size_t n, uint64_t key)
{
    const uint64_t *hit = bsearch(&key, keys, n, sizeof *keys, cmp_u64);
    return hit ? hit - keys : -1;
}

/* Feature groups of MM: the pattern (one of the table's or `other`), then
 * the move features' groups (a move has at most one of each). */
static int fixed_group(int id)
{
    switch (id) {
    case FEAT_PLACE: case FEAT_PLACE_WEAK: case FEAT_FLIP: case FEAT_PASS: case FEAT_SWAP: return 1;
    case FEAT_LAST_ADJ: case FEAT_LAST_DIAG: case FEAT_LAST_NEAR: case FEAT_LAST_SAME: return 2;
    case FEAT_BRIDGE_ANSWER: return 3;
    case FEAT_OWN_EDGE0: case FEAT_OWN_EDGE1: case FEAT_OWN_EDGE2: case FEAT_OWN_EDGE3: return 4;
    case FEAT_OPP_EDGE0: case FEAT_OPP_EDGE1: case FEAT_OPP_EDGE2: return 5;
    case FEAT_WIN: case FEAT_BLOCK: return 6;
    case FEAT_BRIDGE1: case FEAT_BRIDGE2: return 7;
    }
    return id >= FEAT_CONN && id < FEAT_CONN + FEAT_CONN_N ? 8 : -1;
}
#define NGROUPS 9

static const char *fixed_name[FEAT_FIXED] = {
    "placement", "placement weak at once", "flip", "pass", "swap", "next to the last move", "diagonal to the last move",
    "two steps from the last move", "on the last move's point", "bridge answer", "own goal line 0", "own goal line 1",
    "own goal line 2", "own goal line 3", "enemy goal line 0", "enemy goal line 1", "enemy goal line 2", "wins at once",
    "blocks a win in one", "forms a bridge", "forms two bridges"};

/* T's MM data, candidate c's pattern as feature pf[c] (NO_PF: none),
 * then its move features. */
#define NO_PF UINT32_MAX
static int build_mm(const Teams *F, const uint32_t *pf, MmData *mm)
{
    static uint32_t off[MAX_CAND + 1], feats[MAX_CAND * (FEAT_MAX_FIXED + 1)], mult[MAX_CAND];
    mm_init(mm);
    for (size_t j = 0; j < F->npos; j++) {
        int nt = 0;
        uint32_t ne = 0;
        off[0] = 0;
        for (uint32_t c = F->pos_cand[j]; c < F->pos_cand[j + 1]; c++, nt++) {
            const MoveFeat *m = &F->cand[c];
            if (pf[c] != NO_PF) feats[ne++] = pf[c];
            for (int k = 0; k < m->n; k++) feats[ne++] = m->id[k];
            mult[nt] = F->cmult[c];
            off[nt + 1] = ne;
        }
        const double *share = F->cshare ? F->cshare + F->pos_cand[j] : NULL;
        if (mm_add(mm, nt, off, feats, mult, (int)F->pos_win[j], share)) return die("out of memory%s%s", "", "");
    }
    return 0;
}

/* Print n log gammas from lg as the C array `static const float NAME_IDX[]`
 * (a zero when n is 0: C has no empty array). */
static void print_floats(FILE *out, const char *name, int idx, const double *lg, size_t n)
{
    fprintf(out, "static const float %s_%d[] = {", name, idx);
    for (size_t i = 0; i < n; i++) fprintf(out, "%s%.4ff,", i % 10 ? " " : "\n    ", lg[i]);
    fprintf(out, "%s\n};\n", n ? "" : "0");
}

/* Train the model of teams F whose pattern features are pf (the features
 * after the nfixed move features, `other` first); lg receives nfeat log
 * gammas. */
static int train_model(const Teams *F, const uint32_t *pf, int nfixed, int nfeat, int iters, double *lg, double *ll0, double *ll)
{
    int *group = malloc((size_t)nfeat * sizeof *group);
    MmData mm;
    if (!group) return die("out of memory%s%s", "", "");
    for (int f = 0; f < nfeat; f++) group[f] = f < nfixed ? fixed_group(f) : 0, lg[f] = 0;
    int rc = build_mm(F, pf, &mm);
    if (!rc) {
        *ll0 = mm_loglik(&mm, lg);
        /* The 3x3 and wide models have no connection group: no pass for it. */
        *ll = mm_train(&mm, nfeat, group, nfixed > FEAT_FIXED ? NGROUPS : NGROUPS - 1, iters, lg);
    }
    mm_free(&mm);
    free(group);
    return rc;
}

/* A wide model of square family Fam (learned.h's LearnedWide), printed
 * as WIDE_idx (conn 0: the teams Fam->t, the move features below
 * FEAT_FIXED) or CONN_idx (conn 1: the connection model, Fam->tc, the
 * move features below FEAT_ALL): wide patterns seen at least min_wide
 * times among the candidates, then the 3x3 patterns of the candidates
 * whose wide pattern is not kept, at least min_count times. The
 * connection model keeps the same patterns (the counts do not depend on
 * how the candidates form teams), so its tables name the wide model's
 * keys, not a copy (a copy where they would differ). */
static int train_wide(Family *Fam, int conn, int idx, int iters, int min_count, int min_wide, FILE *out)
{
    const Teams *F = conn ? &Fam->tc : &Fam->t;
    const int NF = conn ? FEAT_ALL : FEAT_FIXED;
    const char *tag = conn ? "c" : "";
    size_t total = 1;
    for (size_t i = 0; i < F->ncand; i++) total += F->cmult[i];
    uint64_t *wk = malloc(total * sizeof *wk), *sk = malloc(total * sizeof *sk);
    uint32_t *pf = malloc((F->ncand + 1) * sizeof *pf);
    if (!wk || !sk || !pf) return free(wk), free(sk), free(pf), die("out of memory%s%s", "", "");
    size_t nw = 0, ns = 0;
    for (size_t i = 0; i < F->ncand; i++)
        if (F->cwide[i] != NO_WIDE)
            for (uint32_t k = 0; k < F->cmult[i]; k++) wk[nw++] = F->cwide[i];
    nw = keep_frequent(wk, nw, (size_t)min_wide);
    for (size_t i = 0; i < F->ncand; i++)
        if (F->cand[i].pattern != FEAT_NO_PATTERN && (F->cwide[i] == NO_WIDE || find_key(wk, nw, F->cwide[i]) < 0))
            for (uint32_t k = 0; k < F->cmult[i]; k++) sk[ns++] = F->cand[i].pattern;
    ns = keep_frequent(sk, ns, (size_t)min_count);
    size_t wide_hits = 0;
    for (size_t i = 0; i < F->ncand; i++) {
        long h = F->cwide[i] == NO_WIDE ? -1 : find_key(wk, nw, F->cwide[i]);
        if (h >= 0) {
            pf[i] = (uint32_t)(NF + 1 + ns + (size_t)h), wide_hits += F->cmult[i];
        } else if (F->cand[i].pattern == FEAT_NO_PATTERN) {
            pf[i] = NO_PF;
        } else {
            long k = find_key(sk, ns, F->cand[i].pattern);
            pf[i] = k >= 0 ? (uint32_t)(NF + 1 + k) : (uint32_t)NF;
        }
    }
    const int nfeat = NF + 1 + (int)(ns + nw);
    double *lg = malloc((size_t)nfeat * sizeof *lg), ll0 = 0, ll = 0;
    int rc = lg ? train_model(F, pf, NF, nfeat, iters, lg, &ll0, &ll) : die("out of memory%s%s", "", "");
    if (!rc) {
        const char *what = conn ? "connection model (the wide model with the connection features)" : "wide model";
        fprintf(stderr, "bench/learn: %s: %s: %zu wide patterns kept (%zu of %zu candidates), %zu 3x3; "
                        "mean log-likelihood %.4f\n", Fam->name, what, nw, wide_hits, total - 1, ns, ll);
        fprintf(out, "\n/* %s, the priors' %s: %zu wide patterns (%zu of %zu candidates), %zu 3x3 patterns; "
                     "mean log-likelihood of the %s %.4f. */\n",
                Fam->name, what, nw, wide_hits, total - 1, ns, F->cshare ? "visit shares" : "played move", ll);
        const int share = conn && nw == Fam->wnw && ns == Fam->wns && !memcmp(wk, Fam->wwk, nw * sizeof *wk) &&
                          !memcmp(sk, Fam->wsk, ns * sizeof *sk);
        const char *ktag = share ? "" : tag; /* whose key tables */
        if (!share) {
            fprintf(out, "static const uint64_t %swkey_%d[] = {", tag, idx);
            for (size_t i = 0; i < nw; i++) fprintf(out, "%s%lluu,", i % 6 ? " " : "\n    ", (unsigned long long)wk[i]);
            fprintf(out, "%s\n};\n", nw ? "" : "0");
        }
        print_floats(out, conn ? "cwlg" : "wlg", idx, lg + NF + 1 + ns, nw);
        if (!share) {
            fprintf(out, "static const uint32_t %sskey_%d[] = {", tag, idx);
            for (size_t i = 0; i < ns; i++) fprintf(out, "%s%u,", i % 10 ? " " : "\n    ", (uint32_t)sk[i]);
            fprintf(out, "%s\n};\n", ns ? "" : "0");
        }
        print_floats(out, conn ? "cslg" : "slg", idx, lg + NF + 1, ns);
        fprintf(out, "static const LearnedWide %s_%d = {{", conn ? "CONN" : "WIDE", idx);
        for (int f = 0; f < NF; f++) fprintf(out, "%s%.4ff", f ? ", " : "", lg[f]);
        fprintf(out, "}, %.4ff, %zu, %sskey_%d, %sslg_%d, %zu, %swkey_%d, %swlg_%d};\n", lg[NF], ns, ktag, idx, tag, idx, nw,
                ktag, idx, tag, idx);
    }
    if (!rc && !conn) { /* kept for the connection model */
        free(Fam->wwk), free(Fam->wsk);
        Fam->wwk = wk, Fam->wsk = sk, Fam->wnw = nw, Fam->wns = ns;
        wk = sk = NULL;
    }
    free(wk), free(sk), free(pf), free(lg);
    return rc;
}

/* Train family F and print its set as C: the model of the 3x3 patterns
 * (the playout policy's, and the priors' where there is no wide one),
 * and on square boards the wide model. */
static int train_family(Family *Fam, int idx, int iters, int min_count, int min_wide, FILE *out)
{
    const Teams *F = &Fam->t;
    /* Pattern counts among the candidates: sort a copy of the keys. */
    size_t nk = 0, total = 1;
    for (size_t i = 0; i < F->ncand; i++) total += F->cmult[i];
    uint64_t *keys = malloc(total * sizeof *keys);
    uint32_t *pf = malloc((F->ncand + 1) * sizeof *pf);
    if (!keys || !pf) return free(keys), free(pf), die("out of memory%s%s", "", "");
    for (size_t i = 0; i < F->ncand; i++)
        if (F->cand[i].pattern != FEAT_NO_PATTERN)
            for (uint32_t k = 0; k < F->cmult[i]; k++) keys[nk++] = F->cand[i].pattern;
    size_t npat = keep_frequent(keys, nk, (size_t)min_count);
    /* features: 0..FEAT_FIXED-1 move features, FEAT_FIXED `other`, then the table */
    for (size_t i = 0; i < F->ncand; i++) {
        long h = F->cand[i].pattern == FEAT_NO_PATTERN ? -2 : find_key(keys, npat, F->cand[i].pattern);
        pf[i] = h == -2 ? NO_PF : h < 0 ? FEAT_FIXED : (uint32_t)(FEAT_FIXED + 1 + h);
    }
    int nfeat = FEAT_FIXED + 1 + (int)npat;
    double *lg = malloc((size_t)nfeat * sizeof *lg), ll0 = 0, ll = 0;
    int rc = lg ? train_model(F, pf, FEAT_FIXED, nfeat, iters, lg, &ll0, &ll) : die("out of memory%s%s", "", "");
    if (rc) return free(keys), free(pf), free(lg), rc;
    fprintf(stderr, "bench/learn: %s: %zu positions, %zu teams, %zu patterns kept of %zu candidates; "
                    "mean log-likelihood of the %s: uniform %.4f, trained %.4f\n",
            Fam->name, F->npos, F->ncand, npat, F->ncand, F->cshare ? "visit shares" : "played move", ll0, ll);
    /* far: the mean strength of placements not next to the last move */
    double far_sum = 0, far_n = 0;
    for (size_t c = 0; c < F->ncand; c++) {
        const MoveFeat *m = &F->cand[c];
        int place = 0, near = 0;
        double s = pf[c] == NO_PF ? 0 : lg[pf[c]];
        for (int k = 0; k < m->n; k++) {
            const int f = m->id[k];
            s += lg[f];
            if (f == FEAT_PLACE || f == FEAT_PLACE_WEAK) place = 1;
            if (f == FEAT_LAST_ADJ || f == FEAT_LAST_DIAG || f == FEAT_LAST_SAME) near = 1;
        }
        if (place && !near) far_sum += F->cmult[c] * exp(s), far_n += F->cmult[c];
    }
    double far = far_n > 0 ? log(far_sum / far_n) : 0;
    free(pf);
    const int wide = F->cwide && strncmp(Fam->name, "morpharaoh", 10);
    if (wide) rc = train_wide(Fam, 0, idx, iters, min_count, min_wide, out);
    if (wide && !rc) rc = train_wide(Fam, 1, idx, iters, min_count, min_wide, out);
    fprintf(out, "\n/* %s: %zu positions; mean log-likelihood of the %s %.4f (uniform %.4f). */\n", Fam->name,
            F->npos, F->cshare ? "visit shares" : "played move", ll, ll0);
    fprintf(out, "static const uint32_t key_%d[] = {", idx);
    for (size_t i = 0; i < npat; i++) fprintf(out, "%s%u,", i % 10 ? " " : "\n    ", (uint32_t)keys[i]);
    fprintf(out, "\n};\n");
    print_floats(out, "lg", idx, lg + FEAT_FIXED + 1, npat);
    fprintf(out, "#define SET_%d {\"%s\", {", idx, Fam->name);
    for (int f = 0; f < FEAT_FIXED; f++) fprintf(out, "%s%.4ff", f ? ", " : "", lg[f]);
    fprintf(out, "}, %.4ff, %.4ff, %zu, key_%d, lg_%d, ", lg[FEAT_FIXED], far, npat, idx, idx);
    if (wide) fprintf(out, "&WIDE_%d, &CONN_%d}\n", idx, idx);
    else fprintf(out, "NULL, NULL}\n");
    fprintf(out, "/* move features (log gamma):");
    for (int f = 0; f < FEAT_FIXED; f++) fprintf(out, "%s %s %.2f", f ? "," : "", fixed_name[f], lg[f]);
    fprintf(out, "; other patterns %.2f; far placements %.2f */\n", lg[FEAT_FIXED], far);
    free(keys);
    free(lg);
    return rc;
}

static int find_family(Family *fams, int *nf, const char *name)
{
    for (int i = 0; i < *nf; i++)
        if (!strcmp(fams[i].name, name)) return i;
    if (*nf == MAX_FAMILIES) return -1;
    memset(&fams[*nf], 0, sizeof fams[*nf]);
    snprintf(fams[*nf].name, sizeof fams[*nf].name, "%s", name);
    return (*nf)++;
}

static int cmd_weights(int argc, char **argv, int first, int holdout, int iters, int min_count, int min_wide, int visits)
{
    static Family fams[MAX_FAMILIES];
    int nf = 0, rc = 0;
    TrainCtx *tc = calloc(1, sizeof *tc);
    if (!tc) return die("out of memory%s%s", "", "");
    tc->visits = visits;
    movelist_init(&tc->ml);
    for (int i = first; i < argc && !rc; i++) {
        FILE *fp = fopen(argv[i], "r");
        if (!fp) return die("%s: %s", argv[i], strerror(errno));
        /* the family is known after the header: read into a scratch family first */
        static Family scratch;
        char fam[128] = "", prov[1024];
        size_t ng;
        memset(&scratch, 0, sizeof scratch);
        /* Two passes would reread; instead train into the family found by
         * a header-only pass. */
        rc = replay_file(fp, argv[i], holdout, 0, NULL, NULL, fam, sizeof fam, NULL, 0, &ng);
        if (rc) break;
        if (!fam[0]) {
            rc = die("%s: no games%s", argv[i], "");
            break;
        }
        int k = find_family(fams, &nf, fam);
        if (k < 0) {
            rc = die("too many rule families%s%s", "", "");
            break;
        }
        rewind(fp);
        tc->fam = &fams[k];
        rc = replay_file(fp, argv[i], holdout, 0, train_ply, tc, fam, sizeof fam, prov, sizeof prov, &ng);
        fams[k].games += ng;
        snprintf(fams[k].prov + strlen(fams[k].prov), sizeof fams[k].prov - strlen(fams[k].prov), "%s", prov);
        fclose(fp);
    }
    movelist_free(&tc->ml);
    free(tc);
    if (rc) return rc;
    FILE *out = stdout;
    fprintf(out, "/* learned_data.c - GENERATED by tools/generated.sh (bench/learn weights): do not edit.\n"
                 " * The learned model's weights (engine/learned.h), one set per rule family,\n"
                 " * trained by minorization-maximization on self-play games (docs/engine.md).\n"
                 " * Command: bench/learn weights --holdout %d --iters %d --min-count %d --min-wide %d%s", holdout, iters, min_count, min_wide,
            visits ? " --target visits" : "");
    for (int i = first; i < argc; i++) fprintf(out, " %s", argv[i]);
    fprintf(out, "\n * Data:\n");
    for (int k = 0; k < nf; k++) fprintf(out, "%s", fams[k].prov);
    fprintf(out, " */\n#include \"../learned.h\"\n");
    for (int k = 0; k < nf && !rc; k++) rc = train_family(&fams[k], k, iters, min_count, min_wide, out);
    fprintf(out, "\nconst LearnedSet learned_sets[] = {");
    for (int k = 0; k < nf; k++) fprintf(out, "%sSET_%d", k ? ", " : "", k);
    fprintf(out, "};\nconst int learned_nsets = %d;\n", nf);
    for (int k = 0; k < nf; k++) {
        teams_free(&fams[k].t), teams_free(&fams[k].tc);
        free(fams[k].wwk), free(fams[k].wsk);
    }
    return rc;
}

/* ---- predict ---- */

typedef struct PredCtx {
    const LearnedSet *w;
    MoveList ml;
    StepDesc steps[MAX_CAND];
    Node nodes[MAX_CAND];
    double n, top[5][2]; /* learned, hand-set, uniform, the wide model, the connection model: top-1, top-5 */
    double ll[3];        /* the learned, the wide and the connection model's log-likelihood of the played moves */
} PredCtx;

/* Expected top-k hits of the played move i among scores s (ties broken
 * uniformly at random). */
static void hits(const double *s, int n, int i, double *top1, double *top5)
{
    int better = 0, ties = 0;
    for (int k = 0; k < n; k++) {
        if (k == i) continue;
        if (s[k] > s[i]) better++;
        else if (s[k] == s[i]) ties++;
    }
    for (int t = 0; t < 2; t++) {
        int K = t ? 5 : 1;
        double h = (double)(K - better) / (ties + 1);
        h = h < 0 ? 0 : h > 1 ? 1 : h;
        *(t ? top5 : top1) += h;
    }
}

static int predict_ply(void *ctx, const Position *p, const SelfplayPly *ply, long game)
{
    PredCtx *pc = ctx;
    const Move *played = &ply->move;
    (void)game;
    if (played->n > 1 || p->owe) return 0;
    int n = tree_steps(p, NULL, 0, &pc->ml, pc->steps);
    if (n < 2) return 0;
    static double s[5][MAX_CAND];
    FeatPos f;
    feat_prepare(&f, p);
    FeatWide fw;
    FeatConn fc;
    if (pc->w->wide) feat_wide_prepare(&fw, &f);
    if (pc->w->conn) feat_conn_prepare(&f, &fc);
    int win = -1;
    for (int i = 0; i < n; i++) tree_node_init(&pc->nodes[i], pc->steps[i].kind, pc->steps[i].pt, pc->steps[i].complete);
    priors_assign(p, NULL, 0, pc->steps, n, pc->nodes, 1.0, 1, NULL, NULL);
    for (int i = 0; i < n; i++) {
        const StepDesc *d = &pc->steps[i];
        if (!d->complete) return 0;
        if (move_equal(&d->move, played)) win = i;
        MoveFeat mf;
        int kind = d->kind == STEP_PLACE ? MOVE_PLACE : d->kind == STEP_FLIP ? MOVE_FLIP : d->kind == STEP_PASS ? MOVE_PASS : MOVE_SWAP;
        feat_move(&f, kind, d->pt, &mf);
        MoveFeat m3 = mf; /* without the connection class: the 3x3 and wide models' */
        if (m3.n && m3.id[m3.n - 1] >= FEAT_CONN) m3.n--;
        s[0][i] = learned_score(pc->w, &m3);
        s[1][i] = pc->nodes[i].prior_w;
        s[2][i] = 0;
        s[3][i] = s[4][i] = 0;
        if (pc->w->wide) {
            uint32_t inner[8];
            const int pat = mf.pattern != FEAT_NO_PATTERN;
            const uint64_t wk = pat ? feat_wide_key(&fw, d->pt, inner) : NO_WIDE;
            s[3][i] = learned_wide_score(pc->w->wide, wk, pat ? inner : NULL, &m3);
            if (pc->w->conn) s[4][i] = learned_wide_score(pc->w->conn, wk, pat ? inner : NULL, &mf);
        }
    }
    if (win < 0) return die("a played move is not among the steps%s%s", "", "");
    for (int k = 0; k < 5; k++) hits(s[k], n, win, &pc->top[k][0], &pc->top[k][1]);
    for (int k = 0; k < 3; k++) {
        const double *sk = s[k ? 2 + k : 0];
        double mx = sk[0], z = 0;
        for (int i = 1; i < n; i++) mx = sk[i] > mx ? sk[i] : mx;
        for (int i = 0; i < n; i++) z += exp(sk[i] - mx);
        pc->ll[k] += sk[win] - mx - log(z);
    }
    pc->n++;
    return 0;
}

static int cmd_predict(int argc, char **argv, int first, int holdout)
{
    if (holdout <= 0) return die("predict needs held-out games (--holdout K, K > 0)%s%s", "", "");
    printf("| data | rules | held-out moves | learned top-1 | top-5 | hand-set priors top-1 | top-5 | uniform top-1 | top-5 "
           "| wide model top-1 | top-5 | mean log-likelihood: learned | wide | connection model top-1 | top-5 "
           "| log-likelihood |\n"
           "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    PredCtx *pc = calloc(1, sizeof *pc);
    if (!pc) return die("out of memory%s%s", "", "");
    movelist_init(&pc->ml);
    int rc = 0;
    for (int i = first; i < argc && !rc; i++) {
        FILE *fp = fopen(argv[i], "r");
        if (!fp) return die("%s: %s", argv[i], strerror(errno));
        char fam[128] = "";
        size_t ng;
        rc = replay_file(fp, argv[i], holdout, 1, NULL, NULL, fam, sizeof fam, NULL, 0, &ng);
        pc->w = learned_find(fam);
        if (!rc && !pc->w) rc = die("%s: no built-in weights for %s", argv[i], fam);
        if (rc) break;
        rewind(fp);
        pc->n = 0;
        memset(pc->top, 0, sizeof pc->top);
        memset(pc->ll, 0, sizeof pc->ll);
        rc = replay_file(fp, argv[i], holdout, 1, predict_ply, pc, fam, sizeof fam, NULL, 0, &ng);
        fclose(fp);
        double n = pc->n > 0 ? pc->n : 1;
        printf("| %s | %s | %.0f (%zu games) | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f |", argv[i], fam, pc->n, ng,
               pc->top[0][0] / n, pc->top[0][1] / n, pc->top[1][0] / n, pc->top[1][1] / n, pc->top[2][0] / n,
               pc->top[2][1] / n);
        if (pc->w->wide)
            printf(" %.3f | %.3f | %.3f | %.3f |", pc->top[3][0] / n, pc->top[3][1] / n, pc->ll[0] / n, pc->ll[1] / n);
        else
            printf(" - | - | %.3f | - |", pc->ll[0] / n);
        if (pc->w->conn)
            printf(" %.3f | %.3f | %.3f |\n", pc->top[4][0] / n, pc->top[4][1] / n, pc->ll[2] / n);
        else
            printf(" - | - | - |\n");
    }
    movelist_free(&pc->ml);
    free(pc);
    return rc;
}

/* The file with every ply's visit counts dropped (pct 0), or only the
 * root moves below pct percent of the ply's visits dropped; its header
 * kept, plus '# moves-only<TAB>FNV-1a of the original' (or '# reduced<TAB>
 * FNV-1a, the root moves with at least pct% of the visits'). A torn last
 * line is dropped. */
static int cmd_moves(const char *path, long pct)
{
    FILE *fp = fopen(path, "r");
    if (!fp) return die("%s: %s", path, strerror(errno));
    uint64_t h = fnv_file(fp);
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0;
    int rc = 0;
    while ((len = getline(&line, &cap, fp)) > 0) {
        lineno++;
        if (line[len - 1] != '\n') break;
        line[--len] = 0;
        if (lineno == 1 && strcmp(line, "# morphos-selfplay 1")) {
            rc = die("%s: not a self-play file (first line '# morphos-selfplay 1')%s", path, "");
            break;
        }
        if (line[0] == '#') {
            if (!strncmp(line, "# game\t", 7)) {
                if (pct) printf("# reduced\t%016llx, the root moves with at least %ld%% of the visits\n", (unsigned long long)h, pct);
                else printf("# moves-only\t%016llx\n", (unsigned long long)h);
            }
            if (strncmp(line, "# moves-only\t", 13) && strncmp(line, "# reduced\t", 10)) printf("%s\n", line);
            continue;
        }
        char *fld[9];
        if (split(line, '\t', fld, 9) != 8) {
            fprintf(stderr, "bench/learn: %s:%ld: not 8 fields\n", path, lineno);
            rc = 2;
            break;
        }
        for (int i = 0; i < 7; i++) printf("%s\t", fld[i]);
        /* each ply: its first token (with pct: and its value and the root
         * moves with enough visits) */
        for (char *t = fld[7]; *t;) {
            size_t n = strcspn(t, " ;");
            fwrite(t, 1, n, stdout);
            t += n;
            if (*t == ' ') {
                size_t rest = strcspn(t, ";");
                if (pct) {
                    double total = 0;
                    for (char *e = t; e < t + rest; e++)
                        if (*e == '=') total += strtod(e + 1, NULL);
                    for (char *k = t + 1; k < t + rest;) {
                        size_t kn = strcspn(k, " ;");
                        char *eq = memchr(k, '=', kn);
                        if (!eq || strtod(eq + 1, NULL) * 100 >= pct * total) printf(" %.*s", (int)kn, k);
                        k += kn + (k[kn] == ' ');
                    }
                }
                t += rest;
            }
            if (*t == ';') putchar(*t++);
        }
        putchar('\n');
    }
    free(line);
    fclose(fp);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "moves")) {
        long pct = 0;
        if (argc == 5 && !strcmp(argv[2], "--visits")) {
            if (arg_long(argv[3], 1, 100, &pct)) return die("--visits needs a percentage from 1 to 100%s%s", "", "");
        } else if (argc != 3)
            return die("moves takes one file, after --visits PCT if the visit counts are kept%s%s", "", "");
        return cmd_moves(argv[argc - 1], pct);
    }
    if (strcmp(cmd, "weights") && strcmp(cmd, "predict")) {
        fprintf(stderr, "bench/learn: unknown command '%s' (weights, moves or predict)\n", cmd);
        usage(stderr);
        return 2;
    }
    long holdout = 10, iters = 12, min_count = 20, min_wide = 20;
    int i = 2, visits = 0;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i += 2) {
        if (!strcmp(argv[i], "--target")) {
            if (i + 1 >= argc || (strcmp(argv[i + 1], "move") && strcmp(argv[i + 1], "visits"))) {
                fprintf(stderr, "bench/learn: --target needs 'move' or 'visits'\n");
                return 2;
            }
            visits = !strcmp(argv[i + 1], "visits");
            continue;
        }
        long *v = !strcmp(argv[i], "--holdout") ? &holdout : !strcmp(argv[i], "--iters") ? &iters
                  : !strcmp(argv[i], "--min-count") ? &min_count : !strcmp(argv[i], "--min-wide") ? &min_wide : NULL;
        if (!v) {
            fprintf(stderr, "bench/learn: unknown option '%s' (--holdout, --iters, --min-count, --min-wide, --target)\n", argv[i]);
            return 2;
        }
        if (i + 1 >= argc || arg_long(argv[i + 1], v == &holdout ? 0 : 1, 100000, v)) {
            fprintf(stderr, "bench/learn: %s needs a number from %d to 100000\n", argv[i], v == &holdout ? 0 : 1);
            return 2;
        }
    }
    if (i >= argc) {
        fprintf(stderr, "bench/learn: %s needs self-play files\n", cmd);
        return 2;
    }
    if (!strcmp(cmd, "weights")) return cmd_weights(argc, argv, i, (int)holdout, (int)iters, (int)min_count, (int)min_wide, visits);
    return cmd_predict(argc, argv, i, (int)holdout);
}

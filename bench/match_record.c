/* match_record.c - see match_record.h. */
#include "match_record.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli_args.h"

static const char *const end_names[END_KINDS] = {"normal", "resign", "illegal", "error", "protocol", "crash", "hang", "time", "cap"};

int end_kind(const char *reason)
{
    /* Reasons start with a fixed word (see match_game.c); "draw: move cap"
     * is the one draw counted apart. */
    if (!strncmp(reason, "draw: move cap", 14)) return END_CAP;
    for (int k = END_RESIGN; k < END_CAP; k++) {
        size_t n = strlen(end_names[k]);
        if (!strncmp(reason, end_names[k], n) && (reason[n] == ' ' || reason[n] == 0)) return k;
    }
    return END_NORMAL;
}

int tally_add(Tally *t, const GameRecord *g)
{
    if (g->winner == WIN_NONE) {
        t->runner_failures++;
        return 0;
    }
    t->games++;
    int col = g->black == 0 ? 0 : 1; /* A's colour */
    int r = g->winner == WIN_A ? 0 : g->winner == WIN_B ? 1 : 2;
    t->res[col][r]++;
    int k = end_kind(g->reason);
    if (r < 2) t->ends[1 - r][k]++;
    else if (k == END_CAP) t->ends[0][END_CAP]++;
    if (g->id < 0) return 0;
    long pair = g->id / 2;
    if (pair >= t->npending) {
        long n = t->npending ? t->npending : 64;
        while (n <= pair) n *= 2;
        unsigned char *grown = realloc(t->pending, (size_t)n);
        if (!grown) return -1;
        memset(grown + t->npending, 0, (size_t)(n - t->npending));
        t->pending = grown;
        t->npending = n;
    }
    int half = r == 0 ? 2 : r == 2 ? 1 : 0, side = (int)(g->id & 1);
    unsigned char *slot = &t->pending[pair];
    if (*slot && (*slot - 1) / 3 != side) {
        t->pairs[(*slot - 1) % 3 + half]++;
        *slot = 0;
    } else {
        *slot = (unsigned char)(1 + 3 * side + half);
    }
    return 0;
}

void tally_free(Tally *t)
{
    free(t->pending);
    t->pending = NULL;
    t->npending = 0;
}

long tally_unpaired(const Tally *t)
{
    long paired = 0;
    for (int h = 0; h < 5; h++) paired += 2 * t->pairs[h];
    return t->games - paired;
}

void tally_wld(const Tally *t, long *w, long *l, long *d)
{
    *w = t->res[0][0] + t->res[1][0];
    *l = t->res[0][1] + t->res[1][1];
    *d = t->res[0][2] + t->res[1][2];
}

void record_write_header(FILE *f, const MatchConfig *cfg, const char *rules_text, const char *opening_text)
{
    char tc[64];
    tc_format(&cfg->tc, tc, sizeof tc);
    fprintf(f, "%s\n# A\t%s\n# B\t%s\n# size\t%d\n# rules\t%s\n# tc\t%s\n# openings\t%s\n", MATCH_FILE_MAGIC, cfg->cmd[0], cfg->cmd[1],
            cfg->board->size, rules_text, tc, opening_text);
    fprintf(f, "# game\tblack\twinner\tplies\treason\tmoves\n");
    fflush(f);
}

void record_write_game(FILE *f, const GameRecord *g)
{
    static const char *const win[] = {"A", "B", "draw", "none"};
    fprintf(f, "%ld\t%c\t%s\t%d\t%s\t%s\n", g->id, "AB"[g->black], win[g->winner], g->plies, g->reason, g->moves && g->moves[0] ? g->moves : "-");
    fflush(f);
}

int record_parse_line(char *line, GameRecord *rec)
{
    line[strcspn(line, "\r\n")] = 0;
    if (line[0] == '#' || line[strspn(line, " \t")] == 0) return 0;
    char *f[6];
    int n = 0;
    for (char *s = line;; n++) {
        if (n == 6) return -1;
        f[n] = s;
        char *tab = strchr(s, '\t');
        if (!tab) {
            n++;
            break;
        }
        *tab = 0;
        s = tab + 1;
    }
    if (n != 6) return -1;
    memset(rec, 0, sizeof *rec);
    if (arg_long(f[0], 0, 2000000000L, &rec->id)) return -1;
    if (!strcmp(f[1], "A")) rec->black = 0;
    else if (!strcmp(f[1], "B")) rec->black = 1;
    else return -1;
    if (!strcmp(f[2], "A")) rec->winner = WIN_A;
    else if (!strcmp(f[2], "B")) rec->winner = WIN_B;
    else if (!strcmp(f[2], "draw")) rec->winner = WIN_DRAW;
    else if (!strcmp(f[2], "none")) rec->winner = WIN_NONE;
    else return -1;
    long plies;
    if (arg_long(f[3], 0, 100000000L, &plies)) return -1;
    rec->plies = (int)plies;
    snprintf(rec->reason, sizeof rec->reason, "%s", f[4]);
    rec->moves = f[5];
    return 1;
}

int record_read_file(const char *path, Tally *t, FILE *headers, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char *buf = NULL;
    size_t cap = 0;
    int lineno = 0, rc = 0;
    while (getline(&buf, &cap, f) >= 0) {
        lineno++;
        if (headers && (!strncmp(buf, "# A\t", 4) || !strncmp(buf, "# B\t", 4))) fprintf(headers, "%s: %s", path, buf + 2);
        GameRecord g;
        int r = record_parse_line(buf, &g);
        if (r < 0) {
            snprintf(err, errlen, "%s:%d: not a game line", path, lineno);
            rc = -1;
            break;
        }
        if (r > 0) tally_add(t, &g);
    }
    free(buf);
    fclose(f);
    return rc;
}

static void print_elo(FILE *out, double v)
{
    if (isinf(v)) fprintf(out, "%sinf", v < 0 ? "-" : "+");
    else fprintf(out, "%+.1f", v);
}

void tally_report(FILE *out, const Tally *t, const Sprt *sprt)
{
    long w, l, d;
    tally_wld(t, &w, &l, &d);
    fprintf(out, "games %ld: A %ld wins, %ld losses, %ld draws", t->games, w, l, d);
    if (t->runner_failures) fprintf(out, " (%ld games not played: runner failures)", t->runner_failures);
    fprintf(out, "\n");
    fprintf(out, "A as black: %ld-%ld-%ld   A as white: %ld-%ld-%ld   (wins-losses-draws)\n", t->res[0][0], t->res[0][1], t->res[0][2], t->res[1][0], t->res[1][1],
            t->res[1][2]);
    fprintf(out, "B as black: %ld-%ld-%ld   B as white: %ld-%ld-%ld\n", t->res[1][1], t->res[1][0], t->res[1][2], t->res[0][1], t->res[0][0], t->res[0][2]);
    fprintf(out, "black won %ld, white won %ld, draws %ld\n", t->res[0][0] + t->res[1][1], t->res[0][1] + t->res[1][0], d);
    for (int who = 0; who < 2; who++) {
        fprintf(out, "%c lost by:", "AB"[who]);
        for (int k = 0; k < END_CAP; k++)
            if (t->ends[who][k] || k == END_NORMAL) fprintf(out, " %s %ld", k == END_NORMAL ? "connection" : end_names[k], t->ends[who][k]);
        fprintf(out, "\n");
    }
    if (t->ends[0][END_CAP]) fprintf(out, "draws by move cap: %ld\n", t->ends[0][END_CAP]);
    EloEstimate e;
    if (elo_estimate((double)w, (double)l, (double)d, &e) == 0) {
        fprintf(out, "score of A: %.3f; Elo A - B: ", e.score);
        print_elo(out, e.elo);
        fprintf(out, " (95%%: ");
        print_elo(out, e.lo);
        fprintf(out, " .. ");
        print_elo(out, e.hi);
        fprintf(out, "), LOS %.1f%%\n", 100 * e.los);
    }
    long npairs = 0;
    for (int h = 0; h < 5; h++) npairs += t->pairs[h];
    if (npairs > 0) {
        /* Colour-swapped pairs: a pair split 1-1 is an opening that favours
         * one colour whoever plays it; the pair scores' spread gives the
         * interval (as fishtest's pentanomial model). */
        fprintf(out, "pairs %ld (A scored 0, 0.5, 1, 1.5, 2): %ld %ld %ld %ld %ld; unpaired games %ld\n", npairs, t->pairs[0], t->pairs[1], t->pairs[2],
                t->pairs[3], t->pairs[4], tally_unpaired(t));
        EloEstimate pe;
        if (elo_estimate_pairs(t->pairs, &pe) == 0) {
            fprintf(out, "Elo A - B from pairs: ");
            print_elo(out, pe.elo);
            fprintf(out, " (95%%: ");
            print_elo(out, pe.lo);
            fprintf(out, " .. ");
            print_elo(out, pe.hi);
            fprintf(out, ")\n");
        }
    }
    if (sprt) {
        double lo, hi, llr = sprt_llr(sprt, (double)w, (double)l, (double)d);
        sprt_bounds(sprt, &lo, &hi);
        SprtVerdict v = sprt_verdict(sprt, (double)w, (double)l, (double)d);
        fprintf(out, "SPRT elo0 %g elo1 %g alpha %g beta %g: LLR %.3f (bounds %.3f, %.3f): %s\n", sprt->elo0, sprt->elo1, sprt->alpha, sprt->beta, llr,
                lo, hi, v == SPRT_H1 ? "H1 accepted (A is stronger by elo1)" : v == SPRT_H0 ? "H0 accepted (not elo1 stronger)" : "continue");
    }
}

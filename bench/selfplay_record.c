/* selfplay_record.c - see selfplay_record.h. */
#include "selfplay_record.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/util.h"
#include "../rules/move_list.h"
#include "cli_args.h"

int selfplay_header(const SelfplaySettings *s, char *buf, size_t len)
{
    int n = snprintf(buf, len,
                     SELFPLAY_MAGIC "\n"
                     "# size\t%d\n"
                     "# rules\t%s\n"
                     "# playouts\t%ld\n"
                     "# opening\trandom %d\n"
                     "# seed\t%llu\n"
                     "# sample\t%d\n"
                     "# max-plies\t%d\n"
                     "# engine\t%s\n"
                     "# game\tseed\tsize\trules\topening\tresult\tplies\tmoves\n",
                     s->size, s->rules, s->playouts, s->opening_plies, (unsigned long long)s->seed, s->sample,
                     s->max_plies, s->engine);
    return n < 0 || (size_t)n >= len ? -1 : 0;
}

uint64_t selfplay_game_seed(uint64_t base, long game)
{
    /* Not the openings' mix of (seed, number): a game's search never
     * replays the draws of its own opening. */
    return mix64(mix64(base) ^ mix64(((uint64_t)game << 1) | 1));
}

void sbuf_printf(Sbuf *b, const char *fmt, ...)
{
    if (b->oom) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = b->cap - b->n;
        int w = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? room : 0, fmt, ap);
        va_end(ap);
        if (w < 0) {
            b->oom = 1;
            return;
        }
        if (b->s && (size_t)w < room) {
            b->n += (size_t)w;
            return;
        }
        size_t nc = b->cap ? b->cap : 256;
        while (nc < b->n + (size_t)w + 1) nc *= 2;
        char *ns = realloc(b->s, nc);
        if (!ns) {
            b->oom = 1;
            return;
        }
        b->s = ns;
        b->cap = nc;
    }
}

void sbuf_free(Sbuf *b)
{
    free(b->s);
    memset(b, 0, sizeof *b);
}

void selfplay_file_free(SelfplayFile *f)
{
    if (f->lines)
        for (long i = 0; i < f->n; i++) free(f->lines[i]);
    free(f->lines);
    free(f->games);
    free(f->header);
    memset(f, 0, sizeof *f);
    f->torn_at = -1;
}

/* The number before the line's first tab: a game number. */
static int line_game(const char *line, long *game)
{
    const char *tab = strchr(line, '\t');
    if (!tab || tab == line || tab - line > 12) return -1;
    char num[16];
    memcpy(num, line, (size_t)(tab - line));
    num[tab - line] = 0;
    return arg_long(num, 0, 1000000000000L, game);
}

static int count_fields(const char *line)
{
    int n = 1;
    for (const char *c = line; *c; c++) n += *c == '\t';
    return n;
}

int selfplay_read(const char *path, int keep_lines, int missing_ok, SelfplayFile *f, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    f->torn_at = -1;
    FILE *in = fopen(path, "r");
    if (!in) {
        if (errno == ENOENT && missing_ok) return 0;
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    Sbuf head = {0};
    char *buf = NULL;
    size_t cap = 0;
    long alloc = 0, lineno = 0, off = 0;
    ssize_t len;
    int rc = 0;
    while ((len = getline(&buf, &cap, in)) >= 0) {
        lineno++;
        long at = off;
        off += (long)len;
        if (len == 0 || buf[len - 1] != '\n') {
            f->torn_at = at; /* a torn last line: the game in progress when the run died */
            break;
        }
        buf[--len] = 0;
        if (lineno == 1 && strcmp(buf, SELFPLAY_MAGIC) != 0) {
            snprintf(err, errlen, "%s:1: not a self-play file (want '%s' first)", path, SELFPLAY_MAGIC);
            rc = -1;
            break;
        }
        if (buf[0] == '#') {
            if (f->n) {
                snprintf(err, errlen, "%s:%ld: a header line after the games", path, lineno);
                rc = -1;
                break;
            }
            sbuf_printf(&head, "%s\n", buf);
            continue;
        }
        long g;
        if (count_fields(buf) != 8 || line_game(buf, &g)) {
            snprintf(err, errlen, "%s:%ld: not a game line (want 8 tab-separated fields, a game number first)", path, lineno);
            rc = -1;
            break;
        }
        if (f->n == alloc) {
            long na = alloc ? 2 * alloc : 256;
            long *ng = realloc(f->games, (size_t)na * sizeof *ng);
            if (ng) f->games = ng;
            char **nl = keep_lines && ng ? realloc(f->lines, (size_t)na * sizeof *nl) : NULL;
            if (nl) f->lines = nl;
            if (!ng || (keep_lines && !nl)) {
                snprintf(err, errlen, "%s: out of memory", path);
                rc = -1;
                break;
            }
            alloc = na;
        }
        if (keep_lines && !(f->lines[f->n] = strdup(buf))) {
            snprintf(err, errlen, "%s: out of memory", path);
            rc = -1;
            break;
        }
        f->games[f->n++] = g;
    }
    if (rc == 0 && ferror(in)) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        rc = -1;
    }
    if (rc == 0 && head.oom) {
        snprintf(err, errlen, "%s: out of memory", path);
        rc = -1;
    }
    f->size = off;
    fclose(in);
    free(buf);
    f->header = head.s;
    if (rc) selfplay_file_free(f);
    return rc;
}

typedef struct MergeItem {
    long game;
    const char *line;
    int file;
} MergeItem;

static int by_game(const void *a, const void *b)
{
    const MergeItem *x = a, *y = b;
    if (x->game != y->game) return x->game < y->game ? -1 : 1;
    return (x->file > y->file) - (x->file < y->file);
}

int selfplay_merge(char *const *paths, int npaths, FILE *out, FILE *report, char *err, size_t errlen)
{
    SelfplayFile *fs = calloc((size_t)(npaths > 0 ? npaths : 1), sizeof *fs);
    if (!fs) return snprintf(err, errlen, "out of memory"), -1;
    int rc = 0;
    long total = 0;
    for (int i = 0; i < npaths && rc == 0; i++) {
        if (selfplay_read(paths[i], 1, 0, &fs[i], err, errlen)) {
            rc = -1;
            break;
        }
        if (!fs[i].header) {
            snprintf(err, errlen, "%s: empty (no header)", paths[i]);
            rc = -1;
        } else if (strcmp(fs[i].header, fs[0].header) != 0) {
            snprintf(err, errlen, "%s: its header differs from %s's: games of other settings do not merge", paths[i], paths[0]);
            rc = -1;
        }
        if (fs[i].torn_at >= 0 && report)
            fprintf(report, "%s: a torn last line at byte %ld (a game in progress) left out\n", paths[i], fs[i].torn_at);
        total += fs[i].n;
    }
    MergeItem *it = rc == 0 ? malloc((size_t)(total ? total : 1) * sizeof *it) : NULL;
    if (rc == 0 && !it) rc = -1, snprintf(err, errlen, "out of memory");
    long n = 0;
    for (int i = 0; rc == 0 && i < npaths; i++)
        for (long k = 0; k < fs[i].n; k++) it[n++] = (MergeItem){fs[i].games[k], fs[i].lines[k], i};
    if (rc == 0) qsort(it, (size_t)n, sizeof *it, by_game);
    long games = 0, dups = 0, gaps = 0, missing = 0;
    for (long k = 0; rc == 0 && k < n; k++) {
        if (k && it[k].game == it[k - 1].game) {
            if (strcmp(it[k].line, it[k - 1].line) != 0) {
                snprintf(err, errlen, "game %ld differs between %s and %s: not the same settings or build", it[k].game,
                         paths[it[k - 1].file], paths[it[k].file]);
                rc = -1;
            }
            dups++;
            continue;
        }
        if (k && it[k].game > it[k - 1].game + 1) {
            long a = it[k - 1].game + 1, b = it[k].game - 1;
            if (report) {
                if (a == b) fprintf(report, "gap: game %ld missing\n", a);
                else fprintf(report, "gap: games %ld-%ld missing\n", a, b);
            }
            gaps++;
            missing += b - a + 1;
        }
        games++;
    }
    if (rc == 0) {
        fputs(npaths ? fs[0].header : "", out);
        for (long k = 0; k < n; k++)
            if (!k || it[k].game != it[k - 1].game) fprintf(out, "%s\n", it[k].line);
        if (fflush(out) || ferror(out)) rc = -1, snprintf(err, errlen, "writing the merged file: %s", strerror(errno));
    }
    if (rc == 0 && report) {
        if (games)
            fprintf(report, "merged %ld games (%ld..%ld) from %d files; %ld duplicates (identical); %ld gaps, %ld games missing\n",
                    games, it[0].game, it[n - 1].game, npaths, dups, gaps, missing);
        else fprintf(report, "merged 0 games from %d files\n", npaths);
    }
    if (rc == 0 && (gaps || (games && it[0].game != 0))) rc = 1;
    if (rc == 1 && report && games && it[0].game != 0) fprintf(report, "the first game is %ld, not 0\n", it[0].game);
    free(it);
    for (int i = 0; i < npaths; i++) selfplay_file_free(&fs[i]);
    free(fs);
    return rc;
}

/* The fields of a game line, split in a private copy. */
enum { F_GAME, F_SEED, F_SIZE, F_RULES, F_OPENING, F_RESULT, F_PLIES, F_MOVES, F_N };

static int parse_child(const Position *p, char *tok, SelfplayChild *c, char *err, size_t errlen)
{
    char *eq = strrchr(tok, '=');
    long v;
    if (!eq || eq == tok || arg_long(eq + 1, 1, 4000000000L, &v)) {
        snprintf(err, errlen, "'%s' is not MOVE=VISITS", tok);
        return -1;
    }
    *eq = 0;
    char why[160];
    int rc = move_parse(p, tok, &c->move, why, sizeof why);
    if (rc) snprintf(err, errlen, "child %s: %s", tok, why);
    *eq = '=';
    c->visits = (uint32_t)v;
    return rc;
}

int selfplay_replay(const char *line, const Board *b, SelfplayPlyFn fn, void *ctx, SelfplayGame *info, char *err,
                    size_t errlen)
{
    SelfplayGame dummy;
    if (!info) info = &dummy;
    memset(info, 0, sizeof *info);
    char *copy = strdup(line);
    if (!copy) return snprintf(err, errlen, "out of memory"), -1;
    char *fld[F_N];
    int nf = 0;
    for (char *s = copy;;) {
        if (nf == F_N) {
            nf++;
            break;
        }
        fld[nf++] = s;
        char *t = strchr(s, '\t');
        if (!t) break;
        *t = 0;
        s = t + 1;
    }
    int rc = -1;
    SelfplayChild *ch = NULL;
    size_t chcap = 0;
    long v;
    uint64_t seed;
    Ruleset r;
    char canon[200];
    if (nf != F_N) {
        snprintf(err, errlen, "%d fields, want %d", nf, F_N);
        goto done;
    }
    if (arg_long(fld[F_GAME], 0, 1000000000000L, &v)) {
        snprintf(err, errlen, "bad game number '%s'", fld[F_GAME]);
        goto done;
    }
    info->game = v;
    if (arg_u64(fld[F_SEED], &seed)) {
        snprintf(err, errlen, "bad seed '%s'", fld[F_SEED]);
        goto done;
    }
    info->seed = seed;
    ruleset_default(&r);
    const char *why = ruleset_parse(&r, fld[F_RULES]);
    ruleset_format(&b->rules, canon, sizeof canon);
    if (why || strcmp(canon, fld[F_RULES]) != 0) {
        snprintf(err, errlen, "rules '%s' are not the board's (%s)", fld[F_RULES], canon);
        goto done;
    }
    long want_size = b->rules.game == GAME_MORPHARAOH ? b->rules.cells : b->size;
    if (arg_long(fld[F_SIZE], 0, 1000, &v) || v != want_size) {
        snprintf(err, errlen, "size '%s' is not the board's (%ld)", fld[F_SIZE], want_size);
        goto done;
    }
    Result want;
    if (!strcmp(fld[F_RESULT], "black")) want = RESULT_BLACK;
    else if (!strcmp(fld[F_RESULT], "white")) want = RESULT_WHITE;
    else if (!strcmp(fld[F_RESULT], "draw")) want = RESULT_NONE;
    else {
        snprintf(err, errlen, "result '%s' is not black, white or draw", fld[F_RESULT]);
        goto done;
    }
    info->result = want;
    long plies;
    if (arg_long(fld[F_PLIES], 0, 100000000L, &plies)) {
        snprintf(err, errlen, "bad plies '%s'", fld[F_PLIES]);
        goto done;
    }
    Position p;
    pos_init(&p, b);
    char why2[256];
    if (play_move_list(&p, fld[F_OPENING], why2, sizeof why2)) {
        snprintf(err, errlen, "opening: %s", why2);
        goto done;
    }
    info->opening_plies = (int)p.ply;
    long k = 0;
    char *moves = fld[F_MOVES];
    if (!strcmp(moves, "-")) moves = "";
    for (char *s = moves; *s; k++) {
        char *semi = strchr(s, ';');
        if (semi) *semi = 0;
        if (pos_over(&p)) {
            snprintf(err, errlen, "ply %ld: the game is already over", k);
            goto done;
        }
        SelfplayPly ply = {.index = (int)k};
        int ntok = 0;
        char *save = NULL;
        for (char *tok = strtok_r(s, " ", &save); tok; tok = strtok_r(NULL, " ", &save), ntok++) {
            if (ntok == 0) {
                if (move_parse(&p, tok, &ply.move, why2, sizeof why2)) {
                    snprintf(err, errlen, "ply %ld: %s", k, why2);
                    goto done;
                }
            } else if (ntok == 1 && tok[0] == '@') {
                double q;
                if (arg_double(tok + 1, 0, 1, &q)) {
                    snprintf(err, errlen, "ply %ld: bad value '%s'", k, tok);
                    goto done;
                }
                ply.searched = 1;
                ply.q = q;
            } else {
                if (!ply.searched) {
                    snprintf(err, errlen, "ply %ld: visits without the value '@Q' first", k);
                    goto done;
                }
                if ((size_t)ply.n == chcap) {
                    size_t nc = chcap ? 2 * chcap : 64;
                    SelfplayChild *nch = realloc(ch, nc * sizeof *nch);
                    if (!nch) {
                        snprintf(err, errlen, "out of memory");
                        goto done;
                    }
                    ch = nch;
                    chcap = nc;
                }
                char e2[200];
                if (parse_child(&p, tok, &ch[ply.n], e2, sizeof e2)) {
                    snprintf(err, errlen, "ply %ld: %s", k, e2);
                    goto done;
                }
                if (ply.n && ch[ply.n].visits > ch[ply.n - 1].visits) {
                    snprintf(err, errlen, "ply %ld: children not in order of visits", k);
                    goto done;
                }
                ply.n++;
            }
        }
        if (ntok == 0) {
            snprintf(err, errlen, "ply %ld is empty", k);
            goto done;
        }
        ply.child = ch;
        if (fn && (rc = fn(ctx, &p, &ply)) != 0) goto done;
        rc = -1;
        pos_play(&p, &ply.move);
        s = semi ? semi + 1 : s + strlen(s);
        if (semi && !*s) {
            snprintf(err, errlen, "a ';' after the last ply");
            goto done;
        }
    }
    if (k != plies) {
        snprintf(err, errlen, "%ld plies listed, the plies field says %ld", k, plies);
        goto done;
    }
    info->plies = (int)k;
    Result got = p.result == RESULT_DRAW ? RESULT_NONE : (Result)p.result;
    if (got != want) {
        snprintf(err, errlen, "result %s, but the final position says %s", fld[F_RESULT],
                 got == RESULT_BLACK ? "black" : got == RESULT_WHITE ? "white" : "no winner");
        goto done;
    }
    rc = 0;
done:
    free(ch);
    free(copy);
    return rc;
}

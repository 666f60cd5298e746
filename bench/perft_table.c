/* perft_table.c - see perft_table.h. */
#include "perft_table.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli_args.h"

#define NFIELDS 6

/* A format names six columns: three that say which game and rules (turned
 * into size and rule tokens by `setup`), then moves, depth and perft, which
 * every format shares. A new table format is one more entry below. */
typedef struct PerftFormat {
    const char *name;
    const char *cols[NFIELDS];
    int (*setup)(char *const f[3], PerftRow *row, char *err, size_t errlen);
} PerftFormat;

/* Rule tokens and option values are short words; refusing anything else
 * keeps odd bytes out of the rules parser and out of printed reports. */
static int token_ok(const char *s)
{
    if (!*s) return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '+' || *s == '=' || *s == ',' || *s == '_'))
            return 0;
    return 1;
}

static int setup_morphos(char *const f[3], PerftRow *row, char *err, size_t errlen)
{
    long size;
    if (arg_long(f[0], 2, 25, &size)) {
        snprintf(err, errlen, "size '%s' is not 2..25", f[0]);
        return -1;
    }
    if (!token_ok(f[1]) || !token_ok(f[2])) {
        snprintf(err, errlen, "bad rules '%s' or options '%s'", f[1], f[2]);
        return -1;
    }
    row->size = (int)size;
    /* "a+b" and "edges=off,pie=on" become "a,b,edges=off,pie=on". */
    char rules[PERFT_RULES_MAX];
    int n = snprintf(rules, sizeof rules, "%s,%s", strcmp(f[1], "none") ? f[1] : "none", f[2]);
    if (n < 0 || (size_t)n >= sizeof rules) {
        snprintf(err, errlen, "rules too long");
        return -1;
    }
    for (char *c = rules; *c; c++)
        if (*c == '+') *c = ',';
    memcpy(row->rules, rules, (size_t)n + 1);
    return 0;
}

static int setup_morpharaoh(char *const f[3], PerftRow *row, char *err, size_t errlen)
{
    for (int i = 0; i < 3; i++)
        if (!token_ok(f[i]) || strchr(f[i], ',') || strchr(f[i], '=')) {
            snprintf(err, errlen, "bad field '%s'", f[i]);
            return -1;
        }
    row->size = 0;
    int n = snprintf(row->rules, sizeof row->rules, "morpharaoh,board=%s,edge=%s,center=%s", f[0], f[1], f[2]);
    if (n < 0 || (size_t)n >= sizeof row->rules) {
        snprintf(err, errlen, "rules too long");
        return -1;
    }
    return 0;
}

/* AbstractPlay's variants under their preset, without the pie (the table
 * counts the game class's own moves; the pie is AbstractPlay's server's),
 * moves in AbstractPlay's notation. */
static int setup_abstractplay(char *const f[3], PerftRow *row, char *err, size_t errlen)
{
    long size;
    if (arg_long(f[0], 2, 25, &size)) {
        snprintf(err, errlen, "size '%s' is not 2..25", f[0]);
        return -1;
    }
    if (!token_ok(f[1]) || strchr(f[1], ',') || strchr(f[1], '=')) {
        snprintf(err, errlen, "bad variant '%s'", f[1]);
        return -1;
    }
    row->size = (int)size;
    row->ap_notation = true;
    int n = snprintf(row->rules, sizeof row->rules, "abstractplay=%s,pie=off", f[1]);
    if (n < 0 || (size_t)n >= sizeof row->rules) {
        snprintf(err, errlen, "rules too long");
        return -1;
    }
    return 0;
}

static const PerftFormat formats[] = {
    {"morphos", {"size", "rules", "options", "moves", "depth", "perft"}, setup_morphos},
    {"morpharaoh", {"board", "edge", "center", "moves", "depth", "perft"}, setup_morpharaoh},
    {"abstractplay", {"size", "variant", NULL, "moves", "depth", "perft"}, setup_abstractplay},
};

/* Split a line in place at tabs; returns the field count (at most max). */
static int split_tabs(char *s, char **out, int max)
{
    int n = 0;
    s[strcspn(s, "\r\n")] = 0;
    for (;;) {
        if (n < max) out[n] = s;
        n++;
        char *tab = strchr(s, '\t');
        if (!tab) break;
        *tab = 0;
        s = tab + 1;
    }
    return n;
}

/* The next line worth reading (not blank, not a comment); NULL at the end. */
static char *next_line(PerftTable *t)
{
    for (;;) {
        ssize_t len = getline(&t->buf, &t->cap, t->f);
        if (len < 0) return NULL;
        t->line++;
        char *s = t->buf;
        if (s[0] == '#' || s[strspn(s, " \t\r\n")] == 0) continue;
        return s;
    }
}

int perft_table_open(PerftTable *t, const char *path, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    t->f = fopen(path, "r");
    if (!t->f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char *s = next_line(t);
    char *cols[32];
    int n = s ? split_tabs(s, cols, 32) : 0;
    if (n > 32) n = 32;
    t->ncols = n;
    for (size_t fi = 0; fi < sizeof formats / sizeof formats[0]; fi++) {
        int found = 0;
        for (int k = 0; k < NFIELDS; k++)
            for (int c = 0; c < n && (formats[fi].cols[k] || !found++); c++)
                if (!strcmp(cols[c], formats[fi].cols[k])) {
                    t->col[k] = c;
                    found++;
                    break;
                }
        if (found == NFIELDS) {
            t->format = &formats[fi];
            return 0;
        }
    }
    snprintf(err, errlen,
             "%s: header names no known table format (want columns: size rules options moves depth perft, board edge center moves "
             "depth perft, or size variant moves depth perft)",
             path);
    perft_table_close(t);
    return -1;
}

const char *perft_table_format(const PerftTable *t) { return t->format ? t->format->name : "?"; }

static int row_error(const PerftTable *t, char *err, size_t errlen, const char *what)
{
    snprintf(err, errlen, "line %d: %s", t->line, what);
    return -1;
}

/* Whether a ';'-separated move list holds the move `pie`. */
static bool takes_pie(const char *moves)
{
    for (const char *s = moves; (s = strstr(s, "pie")) != NULL; s += 3)
        if ((s == moves || s[-1] == ';') && (s[3] == 0 || s[3] == ';')) return true;
    return false;
}

int perft_table_next(PerftTable *t, PerftRow *row, char *err, size_t errlen)
{
    char *s = next_line(t);
    if (!s) return 0;
    row->line = t->line;
    char *cols[32];
    int n = split_tabs(s, cols, 32);
    if (n != t->ncols) return row_error(t, err, errlen, "wrong number of columns");
    char *f[NFIELDS];
    for (int k = 0; k < NFIELDS; k++) f[k] = t->format->cols[k] ? cols[t->col[k]] : NULL;
    row->ap_notation = false;

    char msg[200];
    if (t->format->setup(f, row, msg, sizeof msg)) return row_error(t, err, errlen, msg);

    const char *moves = f[3];
    if (!strcmp(moves, "-")) moves = "";
    size_t mlen = strlen(moves);
    if (mlen >= sizeof row->moves) return row_error(t, err, errlen, "moves too long");
    row->nmoves = 0;
    for (size_t i = 0; i < mlen; i++) {
        char c = moves[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == ',' || c == ';'))
            return row_error(t, err, errlen, "bad character in moves");
    }
    memcpy(row->moves, moves, mlen + 1);
    if (mlen) {
        row->nmoves = 1;
        for (size_t i = 0; i < mlen; i++) row->nmoves += moves[i] == ';';
    }
    /* An AbstractPlay row that takes the pie (`pie` among its moves) runs
     * with the pie on: its position lies past the pie turn, so the count
     * is still of the game class's own moves. */
    char *off = row->ap_notation && takes_pie(row->moves) ? strstr(row->rules, ",pie=off") : NULL;
    if (off) memcpy(off, ",pie=on", sizeof ",pie=on"); /* one byte shorter */

    long depth;
    if (arg_long(f[4], 0, 64, &depth)) return row_error(t, err, errlen, "depth is not 0..64");
    row->depth = (int)depth;

    if (arg_u64(f[5], &row->expected)) return row_error(t, err, errlen, "perft is not a number");
    return 1;
}

void perft_table_close(PerftTable *t)
{
    if (t->f) fclose(t->f);
    free(t->buf);
    t->f = NULL;
    t->buf = NULL;
}

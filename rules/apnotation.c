/* apnotation.c - see apnotation.h. */
#include "apnotation.h"
#include "core.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

int ap_point_parse(const Board *b, const char *s, int *point)
{
    if (!b->size) return -1;
    int c = tolower((unsigned char)s[0]);
    if (c < 'a' || c >= 'a' + b->size) return -1;
    int y = 0, n = 1;
    for (; isdigit((unsigned char)s[n]) && n < 4; n++) y = y * 10 + (s[n] - '0');
    if (n == 1 || s[n] || s[1] == '0' || y < 1 || y > b->size) return -1;
    *point = (y - 1) * b->size + (c - 'a');
    return 0;
}

char *ap_point_format(const Board *b, int point, char *buf, size_t len)
{
    snprintf(buf, len, "%c%d", 'a' + point % b->size, point / b->size + 1);
    return buf;
}

static int fail(char *err, size_t errlen, const char *text, const char *why)
{
    snprintf(err, errlen, "illegal move %s: %s", text, why);
    return -1;
}

int ap_move_parse(const Position *p, const char *text, bool swapped, Move *m, char *err, size_t errlen)
{
    return ap_move_parse_given(p, text, swapped, m, NULL, err, errlen);
}

int ap_move_parse_given(const Position *p, const char *text, bool swapped, Move *m, Move *given, char *err, size_t errlen)
{
    const Board *b = p->board;
    assert(text && m && err && errlen > 0);
    char buf[64];
    size_t n = 0;
    /* AbstractPlay drops all white space and reads lowercase. */
    for (const char *s = text; *s; s++) {
        if (isspace((unsigned char)*s)) continue;
        if (n + 1 >= sizeof buf) {
            snprintf(err, errlen, "move text too long");
            return -1;
        }
        buf[n++] = (char)tolower((unsigned char)*s);
    }
    buf[n] = 0;
    if (!n) {
        snprintf(err, errlen, "empty move");
        return -1;
    }
    if (!b->size) {
        snprintf(err, errlen, "AbstractPlay notation is for square boards");
        return -1;
    }
    Move mv = move_of(MOVE_PLACE), written;
    if (!strcmp(buf, "pass") || !strcmp(buf, "pie")) {
        mv.kind = buf[1] == 'a' ? MOVE_PASS : MOVE_SWAP;
        written = mv;
    } else {
        int place[3] = { -1, -1, -1 }, np = 0, flip = -1, nparts = 0;
        bool owed_alone = false;
        char *save = NULL;
        for (char *part = strtok_r(buf, ",", &save); part; part = strtok_r(NULL, ",", &save)) {
            if (++nparts > 3) return fail(err, errlen, text, "a turn has at most three parts");
            if (flip >= 0 || owed_alone) return fail(err, errlen, text, "a flip or pass ends the turn: nothing may follow it");
            if (!strcmp(part, "pass")) {
                if (np != 1 || nparts != 2)
                    return fail(err, errlen, text, "pass is a whole move, or follows the owed stone alone (e5,pass)");
                owed_alone = true;
                continue;
            }
            /* x and a cell is a flip. On boards of 24 columns or more x is
             * also a column: x4 places there (no cell is one letter alone),
             * xx4 flips there. */
            int pt;
            const bool x = part[0] == 'x' && ap_point_parse(b, part + 1, &pt) == 0;
            if (!x && ap_point_parse(b, part, &pt)) {
                snprintf(err, errlen, "not a cell on this board: '%s' (columns a to %c, rows 1 to %d, a flip is x and the cell)", part,
                         'a' + b->size - 1, b->size);
                return -1;
            }
            if (swapped) pt = b->sym[pt];
            Color c = pos_color_at(p, pt);
            for (int i = 0; i < np; i++)
                if (place[i] == pt) return fail(err, errlen, text, "a cell is named twice");
            if (x) {
                if (c == EMPTY) return fail(err, errlen, text, "x flips a stone, and that cell is empty");
                if (c == p->to_move) return fail(err, errlen, text, "x flips an enemy stone, and that stone is the mover's");
                flip = pt;
            } else {
                if (c != EMPTY) return fail(err, errlen, text, "that cell is occupied (a flip is written x and the cell)");
                place[np++] = pt;
            }
        }
        if (!nparts) {
            snprintf(err, errlen, "empty move");
            return -1;
        }
        if (p->owe == 1 && np == 1 && flip < 0 && !owed_alone)
            return fail(err, errlen, text, "the owed stone is followed by a move, or by pass when none is left (e5,pass)");
        if (owed_alone && p->owe != 1) return fail(err, errlen, text, "pass follows only an owed stone (mutator d)");
        if (flip >= 0) place[np] = flip;
        const int kind = flip >= 0 ? MOVE_FLIP : MOVE_PLACE, n = np + (flip >= 0);
        written = move_pts(kind, n, place[0], place[1], place[2]);
        sort_points(place, np);
        mv = move_pts(kind, n, place[0], place[1], place[2]);
    }
    const char *why = pos_check_move(p, &mv);
    if (why) return fail(err, errlen, text, why);
    *m = mv;
    if (given) *given = written;
    return 0;
}

char *ap_move_format(const Position *p, const Move *m, bool swapped, char *buf, size_t len)
{
    return ap_move_format_given(p, m, NULL, swapped, buf, len);
}

/* Whether given holds the points of m (in any order). */
static bool same_points(const Move *m, const Move *given)
{
    if (given->kind != m->kind || given->n != m->n) return false;
    int a[3], b[3], np = move_placements(m, a);
    move_placements(given, b);
    if (m->kind == MOVE_FLIP && given->pt[m->n - 1] != m->pt[m->n - 1]) return false;
    sort_points(a, np);
    sort_points(b, np);
    return !memcmp(a, b, (size_t)np * sizeof *a);
}

char *ap_move_format_given(const Position *p, const Move *m, const Move *given, bool swapped, char *buf, size_t len)
{
    const Board *b = p->board;
    if (m->kind == MOVE_PASS || m->kind == MOVE_SWAP || m->kind == MOVE_NONE || !b->size) {
        snprintf(buf, len, "%s", m->kind == MOVE_PASS ? "pass" : m->kind == MOVE_SWAP ? "pie" : "none");
        return buf;
    }
    int pts[3];
    const bool as_given = given && same_points(m, given);
    const int np = move_placements(as_given ? given : m, pts);
    for (int i = 0; i < 3; i++) /* all three slots, as move_placements */
        if (swapped && i < m->n) pts[i] = b->sym[pts[i]];
    if (!as_given) sort_points(pts, np); /* AbstractPlay's row-major order, the flip last */
    size_t o = 0;
    buf[0] = 0;
    for (int i = 0; i < m->n && o < len; i++) {
        char cell[16];
        int w = snprintf(buf + o, len - o, "%s%s%s", i ? "," : "", i == np ? "x" : "", ap_point_format(b, pts[i], cell, sizeof cell));
        if (w < 0) break;
        o += (size_t)w;
    }
    if (m->kind == MOVE_PLACE && m->n == 1 && p->owe == 1 && o < len) snprintf(buf + o, len - o, ",pass");
    return buf;
}

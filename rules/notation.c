/* notation.c - point and move text (docs/rules.md, "Move notation"). */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core.h"

static const char COLS[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

int point_parse(const Board *b, const char *s, int *point)
{
    assert(s && point);
    if (!b->size) { /* Cairo cells are numbered */
        int v = 0, n = 0;
        for (; isdigit((unsigned char)s[n]) && n < 4; n++) v = v * 10 + (s[n] - '0');
        if (!n || s[n] || (s[0] == '0' && n > 1) || v >= b->npoints) return -1;
        *point = v;
        return 0;
    }
    int c = toupper((unsigned char)s[0]);
    const char *col = c ? strchr(COLS, c) : NULL;
    if (!col) return -1;
    int x = (int)(col - COLS), y = 0, n = 1;
    for (; isdigit((unsigned char)s[n]) && n < 4; n++) y = y * 10 + (s[n] - '0');
    if (n == 1 || s[n] || s[1] == '0' || y < 1 || y > b->size || x >= b->size) return -1;
    *point = (y - 1) * b->size + x;
    return 0;
}

char *point_format(const Board *b, int point, char *buf, size_t len)
{
    assert(point >= 0 && point < b->npoints && len > 0);
    if (!b->size) snprintf(buf, len, "%d", point);
    else snprintf(buf, len, "%c%d", COLS[point % b->size], point / b->size + 1);
    return buf;
}

char *move_format(const Board *b, const Move *m, char *buf, size_t len)
{
    assert(m->kind <= MOVE_NONE && m->n <= 3 && len > 0);
    if (m->kind == MOVE_PASS) snprintf(buf, len, "pass");
    else if (m->kind == MOVE_SWAP) snprintf(buf, len, "swap");
    else if (m->kind == MOVE_NONE) snprintf(buf, len, "none");
    else {
        size_t o = 0;
        buf[0] = 0;
        for (int i = 0; i < m->n && o < len; i++) {
            char pt[16];
            int w = snprintf(buf + o, len - o, "%s%s", i ? "," : "", point_format(b, m->pt[i], pt, sizeof pt));
            if (w < 0) break;
            o += (size_t)w;
        }
    }
    return buf;
}

bool move_equal(const Move *a, const Move *b)
{
    if (a->kind != b->kind || a->n != b->n) return false;
    for (int i = 0; i < a->n; i++)
        if (a->pt[i] != b->pt[i]) return false;
    return true;
}

int move_parse(const Position *p, const char *text, Move *m, char *err, size_t errlen)
{
    const Board *b = p->board;
    assert(text && m && err && errlen > 0);
    char buf[64];
    size_t n = strlen(text);
    while (n && isspace((unsigned char)text[n - 1])) n--;
    while (n && isspace((unsigned char)*text)) text++, n--;
    if (!n) {
        snprintf(err, errlen, "empty move");
        return -1;
    }
    if (n >= sizeof buf) {
        snprintf(err, errlen, "move text too long");
        return -1;
    }
    memcpy(buf, text, n);
    buf[n] = 0;
    Move mv = move_of(MOVE_PLACE);
    if (!strcasecmp(buf, "pass") || !strcasecmp(buf, "swap")) {
        mv.kind = tolower((unsigned char)buf[0]) == 'p' ? MOVE_PASS : MOVE_SWAP;
    } else {
        int place[3] = { -1, -1, -1 }, np = 0, flip = -1;
        char *save = NULL;
        int ntok = 0;
        /* One comma between points: strtok_r would take "A1,", ",A1" and
         * "A1,,B2" as if the empty names were not there. */
        for (size_t i = 0; i < n; i++)
            if (buf[i] == ',' && (i == 0 || i + 1 == n || buf[i + 1] == ',')) {
                snprintf(err, errlen, "empty point name in '%s': write points with one comma between them, e.g. C3,E5", buf);
                return -1;
            }
        for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            while (isspace((unsigned char)*tok)) tok++;
            size_t l = strlen(tok);
            while (l && isspace((unsigned char)tok[l - 1])) tok[--l] = 0;
            int pt;
            if (++ntok > 3) {
                snprintf(err, errlen, "a move names at most three points");
                return -1;
            }
            if (point_parse(b, tok, &pt)) {
                snprintf(err, errlen, "not a point on this board: '%s'", tok);
                return -1;
            }
            char name[16];
            point_format(b, pt, name, sizeof name);
            for (int i = 0; i < np; i++)
                if (place[i] == pt) {
                    snprintf(err, errlen, "%s is named twice", name);
                    return -1;
                }
            if (pt == flip) {
                snprintf(err, errlen, "%s is named twice", name);
                return -1;
            }
            Color c = pos_color_at(p, pt);
            if (c == EMPTY) place[np++] = pt;
            else if (c == p->to_move) {
                snprintf(err, errlen, "%s holds the mover's own stone", name);
                return -1;
            } else if (flip >= 0) {
                snprintf(err, errlen, "a move flips at most one stone");
                return -1;
            } else flip = pt;
        }
        if (!ntok) {
            snprintf(err, errlen, "empty move");
            return -1;
        }
        sort_points(place, np); /* canonical: placements row-major, flip last */
        if (flip >= 0) place[np] = flip;
        mv = move_pts(flip >= 0 ? MOVE_FLIP : MOVE_PLACE, np + (flip >= 0), place[0], place[1], place[2]);
    }
    const char *why = pos_check_move(p, &mv);
    if (why) {
        snprintf(err, errlen, "illegal move %s: %s", text, why);
        return -1;
    }
    *m = mv;
    return 0;
}

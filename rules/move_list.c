/* move_list.c - see move_list.h. */
#include "move_list.h"

#include <stdio.h>
#include <string.h>

int move_list_next(const char **s, char *text, size_t len)
{
    if (!**s) return 0;
    size_t n = strcspn(*s, ";");
    const char *a = *s, *z = *s + n;
    while (a < z && *a == ' ') a++;
    while (z > a && z[-1] == ' ') z--;
    size_t k = (size_t)(z - a);
    int ok = k > 0 && k < len;
    if (ok) {
        memcpy(text, a, k);
        text[k] = 0;
    }
    *s += n;
    if (**s == ';') (*s)++;
    return ok ? 1 : -1;
}

static int play_list(Position *p, const char *moves, bool ap, char *err, size_t errlen)
{
    char text[64], why[200];
    int r, ply = 0;
    bool swapped = false;
    if (!strcmp(moves, "-")) return 0;
    while ((r = move_list_next(&moves, text, sizeof text)) != 0) {
        ply++;
        Move m;
        if (r < 0) {
            snprintf(err, errlen, "move %d: empty or too long", ply);
            return -1;
        }
        if (pos_over(p)) {
            snprintf(err, errlen, "move %d '%s': the game is already over", ply, text);
            return -1;
        }
        if (ap ? ap_move_parse(p, text, swapped, &m, why, sizeof why) : move_parse(p, text, &m, why, sizeof why)) {
            snprintf(err, errlen, "move %d '%s': %s", ply, text, why);
            return -1;
        }
        swapped ^= m.kind == MOVE_SWAP;
        pos_play(p, &m);
    }
    return 0;
}

int play_move_list(Position *p, const char *moves, char *err, size_t errlen) { return play_list(p, moves, false, err, errlen); }

int play_ap_move_list(Position *p, const char *moves, char *err, size_t errlen) { return play_list(p, moves, true, err, errlen); }

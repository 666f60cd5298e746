/* aprecord.c - see aprecord.h. The fields read are those AbstractPlay's
 * game library writes (genRecord and the game state of its Morphos class,
 * game version 20250527); anything else in the file is ignored. */
#include "aprecord.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* AbstractPlay's variants: the id its code uses and the name its English
 * pages and records show. A record lists the name of each variant chosen
 * and of each group's default (`Default rules`, `13x13 board`). */
static const struct {
    const char *id, *name, *preset;
} RULE_VARIANTS[] = {
    { "simplified", "Minimorph", "minimorph" },
    { "double", "Duomorph", "duomorph" },
    { "replace", "Remorph", "remorph" },
    { "#rules", "Default rules", "default" },
};

#define VARIANTS_TEXT "size-N or \"NxN board\" (N 2 to 25), simplified (Minimorph), double (Duomorph), replace (Remorph)," \
                      " \"Default rules\", \"Default board\""

/* A board variant: size-N, "NxN board", #board or "Default board" (13). */
static int board_variant(const char *v)
{
    if (!strcasecmp(v, "#board") || !strcasecmp(v, "Default board")) return 13;
    int n = 0, k = 0;
    if (!strncasecmp(v, "size-", 5)) {
        for (k = 5; isdigit((unsigned char)v[k]) && k < 8; k++) n = n * 10 + (v[k] - '0');
        return k > 5 && v[k] == 0 ? n : -1;
    }
    int m = 0, j;
    for (k = 0; isdigit((unsigned char)v[k]) && k < 3; k++) n = n * 10 + (v[k] - '0');
    if (k == 0 || (v[k] != 'x' && v[k] != 'X')) return -1;
    for (j = k + 1; isdigit((unsigned char)v[j]) && j < k + 4; j++) m = m * 10 + (v[j] - '0');
    return j > k + 1 && m == n && !strcasecmp(v + j, " board") ? n : -1;
}

static int fail(char *err, size_t errlen, const char *why)
{
    snprintf(err, errlen, "%s", why);
    return -1;
}

static int variants(const JsonDoc *d, const JsonValue *list, ApRecord *r, char *err, size_t errlen)
{
    if (!list) return 0;
    if (list->type != JSON_ARRAY) return fail(err, errlen, "variants: not a list");
    bool rules = false, board = false;
    for (const JsonValue *v = json_first(d, list); v; v = json_next(d, v)) {
        if (v->type != JSON_STRING) return fail(err, errlen, "variants: an entry that is not text");
        int size = board_variant(v->text);
        if (size >= 0) {
            if (board) return fail(err, errlen, "variants: two board sizes");
            if (size < 2 || size > 25) {
                snprintf(err, errlen, "variant '%.40s': the engine plays sizes 2 to 25", v->text);
                return -1;
            }
            board = true;
            r->size = size;
            continue;
        }
        size_t i = 0, n = sizeof RULE_VARIANTS / sizeof *RULE_VARIANTS;
        while (i < n && strcasecmp(v->text, RULE_VARIANTS[i].id) && strcasecmp(v->text, RULE_VARIANTS[i].name) &&
               strcasecmp(v->text, RULE_VARIANTS[i].preset))
            i++;
        if (i == n) {
            snprintf(err, errlen, "unknown variant '%.40s' (Morphos on AbstractPlay has " VARIANTS_TEXT ")", v->text);
            return -1;
        }
        if (rules && strcmp(r->preset, RULE_VARIANTS[i].preset))
            return fail(err, errlen, "variants: two rule variants (at most one of Minimorph, Duomorph, Remorph)");
        rules = true;
        r->preset = RULE_VARIANTS[i].preset;
    }
    return 0;
}

/* The move texts of a turn that ends the game off the board. */
static ApEnd special(const char *m)
{
    return !strcmp(m, "resign") ? AP_END_RESIGN : !strcmp(m, "timeout") ? AP_END_TIMEOUT : !strcmp(m, "draw") ? AP_END_DRAW :
           !strcmp(m, "abandoned") ? AP_END_ABANDONED : AP_END_NONE;
}

/* Add move text m (the k-th turn, 0-based: seat k % 2 + 1). */
static int add_move(ApRecord *r, const char *m, size_t cap, char *err, size_t errlen)
{
    if (r->end != AP_END_NONE) {
        snprintf(err, errlen, "move %zu '%.40s' follows the end of the game", r->n + 2, m);
        return -1;
    }
    ApEnd e = special(m);
    if (e != AP_END_NONE) {
        r->end = e;
        r->end_seat = (int)(r->n % 2) + 1;
        return 0;
    }
    if (!*m) {
        snprintf(err, errlen, "move %zu is empty", r->n + 1);
        return -1;
    }
    if (r->n == cap) return fail(err, errlen, "too many moves");
    r->moves[r->n++] = m;
    return 0;
}

static int record_moves(const JsonDoc *d, const JsonValue *rounds, ApRecord *r, char *err, size_t errlen)
{
    if (!rounds || rounds->type != JSON_ARRAY) return fail(err, errlen, "not an AbstractPlay game record: no list of moves");
    size_t cap = 0, k = 0;
    for (const JsonValue *round = json_first(d, rounds); round; round = json_next(d, round)) cap += json_count(d, round);
    r->moves = malloc((cap ? cap : 1) * sizeof *r->moves);
    if (!r->moves) return fail(err, errlen, "out of memory");
    for (const JsonValue *round = json_first(d, rounds); round; round = json_next(d, round)) {
        k++;
        if (round->type != JSON_ARRAY) {
            snprintf(err, errlen, "moves: round %zu is not a list", k);
            return -1;
        }
        for (const JsonValue *e = json_first(d, round); e; e = json_next(d, e)) {
            const JsonValue *m = e->type == JSON_OBJECT ? json_member(d, e, "move") : e;
            if (!m || m->type != JSON_STRING) {
                snprintf(err, errlen, "moves: round %zu holds an entry that is not a move (a string or {\"move\": ...})", k);
                return -1;
            }
            if (add_move(r, m->text, cap, err, errlen) < 0) return -1;
        }
    }
    return 0;
}

static int state_moves(const JsonDoc *d, const JsonValue *stack, ApRecord *r, char *err, size_t errlen)
{
    if (!stack || stack->type != JSON_ARRAY || !json_first(d, stack))
        return fail(err, errlen, "not an AbstractPlay game state: no stack of states");
    size_t cap = json_count(d, stack);
    r->moves = malloc(cap * sizeof *r->moves);
    if (!r->moves) return fail(err, errlen, "out of memory");
    size_t k = 0;
    for (const JsonValue *s = json_first(d, stack); s; s = json_next(d, s), k++) {
        if (s->type != JSON_OBJECT) return fail(err, errlen, "stack: an entry that is not a state");
        const JsonValue *v = json_member(d, s, "_version");
        if (k == 0 && v && v->type == JSON_STRING && strcmp(v->text, "20250527"))
            return fail(err, errlen, "a game begun under AbstractPlay's rules before version 20250527: load its moves with"
                                     " ap_loadgame under the matching rule tokens (docs/rules.md, AbstractPlay)");
        if (k == 0) continue;
        const JsonValue *m = json_member(d, s, "lastmove");
        if (!m || m->type != JSON_STRING) {
            snprintf(err, errlen, "stack: state %zu has no lastmove", k);
            return -1;
        }
        if (add_move(r, m->text, cap, err, errlen) < 0) return -1;
    }
    return 0;
}

static int players(const JsonDoc *d, const JsonValue *list, ApRecord *r, char *err, size_t errlen)
{
    if (!list) return 0;
    if (list->type != JSON_ARRAY || json_count(d, list) > 2) return fail(err, errlen, "players: not a list of two players");
    int i = 0;
    bool results = true;
    long res[2] = { 0, 0 };
    for (const JsonValue *p = json_first(d, list); p; p = json_next(d, p), i++) {
        if (p->type != JSON_OBJECT) return fail(err, errlen, "players: an entry that is not a player");
        const JsonValue *name = json_member(d, p, "name"), *result = json_member(d, p, "result");
        if (name && name->type == JSON_STRING) r->player[i] = name->text;
        char *end;
        if (result && result->type == JSON_NUMBER) res[i] = strtol(result->text, &end, 10);
        else results = false;
    }
    if (results && i == 2) r->winner = res[0] > res[1] ? 1 : res[1] > res[0] ? 2 : 0;
    return 0;
}

int ap_record_read(const JsonDoc *d, ApRecord *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->size = 13;
    r->preset = "default";
    r->winner = -1;
    const JsonValue *root = json_root(d);
    if (!root || root->type != JSON_OBJECT) return fail(err, errlen, "not an AbstractPlay game record: not a JSON object");
    const JsonValue *header = json_member(d, root, "header"), *game = json_member(d, root, "game");
    int rc;
    if (header) {
        const JsonValue *g = json_member(d, header, "game");
        const JsonValue *name = json_member(d, g, "name");
        if (!name || name->type != JSON_STRING) return fail(err, errlen, "not an AbstractPlay game record: no game name");
        if (strcasecmp(name->text, "Morphos")) {
            snprintf(err, errlen, "a record of %.40s, not of Morphos", name->text);
            return -1;
        }
        const JsonValue *pie = json_member(d, header, "pied");
        if (!pie) pie = json_member(d, header, "pie-invoked");
        r->pied = pie && pie->type == JSON_TRUE;
        rc = variants(d, json_member(d, g, "variants"), r, err, errlen);
        if (rc == 0) rc = players(d, json_member(d, header, "players"), r, err, errlen);
        if (rc == 0) rc = record_moves(d, json_member(d, root, "moves"), r, err, errlen);
    } else if (game) {
        r->is_state = true;
        if (game->type != JSON_STRING || strcmp(game->text, "morphos")) {
            snprintf(err, errlen, "a game state of %.40s, not of Morphos", game->type == JSON_STRING ? game->text : "another game");
            return -1;
        }
        rc = variants(d, json_member(d, root, "variants"), r, err, errlen);
        if (rc == 0) rc = state_moves(d, json_member(d, root, "stack"), r, err, errlen);
        const JsonValue *w = json_member(d, root, "winner"), *over = json_member(d, root, "gameover");
        if (rc == 0 && over && over->type == JSON_TRUE && w && w->type == JSON_ARRAY) {
            size_t n = json_count(d, w);
            const JsonValue *first = json_first(d, w);
            r->winner = n == 0 ? 0 : n == 1 && first->type == JSON_NUMBER ? atoi(first->text) : -1;
        }
    } else {
        return fail(err, errlen, "not an AbstractPlay game record (no header) nor game state (no game)");
    }
    if (rc < 0) ap_record_free(r);
    return rc;
}

void ap_record_free(ApRecord *r)
{
    free(r->moves);
    r->moves = NULL;
    r->n = 0;
}

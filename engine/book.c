/* book.c - opening book lines replayed to (hash, move) entries, sorted by
 * hash for a binary search. The hash covers stones, side to move and
 * pending turn state; the line's rules and size select the board, so one
 * hash table serves one board. */
#include "book.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/move_list.h"

typedef struct BookEntry {
    uint64_t hash;
    Move move;
    const char *note;
} BookEntry;

struct Book {
    BookEntry *e;
    size_t n;
};

static int cmp_entry(const void *a, const void *b)
{
    uint64_t x = ((const BookEntry *)a)->hash, y = ((const BookEntry *)b)->hash;
    return x < y ? -1 : x > y;
}

/* Copy field k (tab-separated) of line into buf; the rest of the line
 * after it in *rest when asked. 0 when the field is missing or too long. */
static int field(const char *line, int k, char *buf, size_t len, const char **rest)
{
    const char *s = line;
    for (int i = 0; i < k; i++) {
        s = strchr(s, '\t');
        if (!s) return 0;
        s++;
    }
    size_t n = strcspn(s, "\t");
    if (n >= len) return 0;
    memcpy(buf, s, n);
    buf[n] = 0;
    if (rest) *rest = s[n] ? s + n + 1 : s + n;
    return 1;
}

/* The last rules text line_is_for parsed and whether it spells the board's
 * rules: a book's lines come in runs of one rule set, so each run's text
 * is parsed once. */
typedef struct RulesSeen {
    int have; /* text holds a parsed rules text */
    char text[256];
    int mine;
} RulesSeen;

/* Whether the line is for the board whose canonical rules are `mine` and
 * whose size is `size` (any spelling of the same rules matches). */
static int line_is_for(const char *line, const char *mine, int size, RulesSeen *seen)
{
    char text[256], canon[256], sz[16];
    Ruleset r;
    if (!field(line, 0, text, sizeof text, NULL) || !field(line, 1, sz, sizeof sz, NULL)) return 0;
    if (!seen->have || strcmp(text, seen->text) != 0) {
        seen->have = 1;
        strcpy(seen->text, text);
        seen->mine = 0;
        ruleset_default(&r);
        if (ruleset_parse(&r, text) == NULL) {
            ruleset_format(&r, canon, sizeof canon);
            seen->mine = strcmp(canon, mine) == 0;
        }
    }
    return seen->mine && atoi(sz) == size;
}

/* Replay line's moves from the start position of b and read its answer. */
static const char *replay(const Board *b, const char *line, BookEntry *out, char *msg, size_t len)
{
    char moves[4096], answer[64];
    const char *note;
    if (!field(line, 2, moves, sizeof moves, NULL) || !field(line, 3, answer, sizeof answer, &note))
        return "needs RULES, SIZE, MOVES and MOVE";
    Position p;
    pos_init(&p, b);
    if (play_move_list(&p, moves, msg, len) != 0) return "an illegal move";
    if (pos_over(&p)) return "the game is over";
    if (move_parse(&p, answer, &out->move, msg, len) != 0 || pos_check_move(&p, &out->move) != NULL)
        return "an illegal answer";
    out->hash = pos_hash(&p);
    out->note = note;
    return NULL;
}

Book *book_build(const Board *b, const char *const *lines, char *err, size_t errlen)
{
    char mine[256];
    RulesSeen seen = {0};
    size_t total = 0;
    ruleset_format(&b->rules, mine, sizeof mine);
    while (lines[total]) total++;
    Book *bk = calloc(1, sizeof *bk);
    if (!bk || !(bk->e = calloc(total ? total : 1, sizeof *bk->e))) { /* room for every line */
        free(bk);
        if (err) snprintf(err, errlen, "book: out of memory");
        return NULL;
    }
    for (size_t i = 0; i < total; i++) {
        if (!line_is_for(lines[i], mine, b->size, &seen)) continue;
        char msg[240] = "";
        const char *why = replay(b, lines[i], &bk->e[bk->n], msg, sizeof msg);
        if (why) {
            if (err) snprintf(err, errlen, "book line %zu: %s%s%s", i + 1, why, *msg ? ": " : "", msg);
            book_free(bk);
            return NULL;
        }
        bk->n++;
    }
    if (bk->n == 0) {
        book_free(bk);
        return NULL;
    }
    qsort(bk->e, bk->n, sizeof *bk->e, cmp_entry);
    for (size_t i = 1; i < bk->n; i++)
        if (bk->e[i].hash == bk->e[i - 1].hash) {
            if (err) snprintf(err, errlen, "book: one position twice");
            book_free(bk);
            return NULL;
        }
    return bk;
}

void book_free(Book *bk)
{
    if (!bk) return;
    free(bk->e);
    free(bk);
}

size_t book_size(const Book *bk) { return bk ? bk->n : 0; }

int book_probe(const Book *bk, const Position *p, Move *m, const char **note)
{
    if (!bk || !p) return 0;
    uint64_t h = pos_hash(p);
    size_t lo = 0, hi = bk->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (bk->e[mid].hash < h) lo = mid + 1;
        else hi = mid;
    }
    if (lo == bk->n || bk->e[lo].hash != h) return 0;
    *m = bk->e[lo].move;
    if (note) *note = bk->e[lo].note;
    return 1;
}

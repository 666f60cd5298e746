/* json.c - see json.h. A recursive descent over the text; values go to one
 * growing array (linked by index, so that growth moves nothing a caller
 * holds: the tree is only handed out once whole) and every string to one
 * buffer as long as the text, which no decoded string can outgrow. */
#include "json.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Parser {
    JsonDoc *d;
    const char *s, *end, *start;
    size_t out;       /* next free byte in d->strings */
    char *err;
    size_t errlen;
    bool failed;
} Parser;

static int fail(Parser *p, const char *at, const char *why)
{
    if (p->failed) return -1;
    p->failed = true;
    size_t line = 1, col = 1;
    for (const char *q = p->start; q < at && q < p->end; q++) {
        if (*q == '\n') line++, col = 1;
        else col++;
    }
    if (at >= p->end) snprintf(p->err, p->errlen, "bad JSON: %s at the end of the text", why);
    else snprintf(p->err, p->errlen, "bad JSON at line %zu, column %zu: %s", line, col, why);
    return -1;
}

static void skip_ws(Parser *p)
{
    while (p->s < p->end && (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r')) p->s++;
}

/* A new value of type t; its index, or -1 when memory ran out. */
static int new_value(Parser *p, JsonType t)
{
    JsonDoc *d = p->d;
    if (d->n == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 64;
        if (cap > INT32_MAX) return fail(p, p->s, "text too large");
        JsonValue *v = realloc(d->v, cap * sizeof *v);
        if (!v) return fail(p, p->s, "out of memory");
        d->v = v;
        d->cap = cap;
    }
    d->v[d->n] = (JsonValue){ t, NULL, NULL, -1, -1 };
    return (int)d->n++;
}

static void put(Parser *p, char c)
{
    assert(p->out < (size_t)(p->end - p->start) + 1);
    p->d->strings[p->out++] = c;
}

static int hex4(const char *s, unsigned *u)
{
    *u = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (v < 0) return -1;
        *u = *u * 16 + (unsigned)v;
    }
    return 0;
}

/* A string at p->s (the opening quote), decoded into the strings buffer;
 * its start there, or NULL. A \u escape is never longer in UTF-8 than
 * the six bytes it is written with, so the buffer suffices. */
static const char *string(Parser *p)
{
    assert(*p->s == '"');
    const char *open = p->s++;
    char *begin = p->d->strings + p->out;
    while (p->s < p->end && *p->s != '"') {
        unsigned char c = (unsigned char)*p->s;
        if (c < 0x20) return fail(p, p->s, "a control character inside a string (write it as an escape)"), NULL;
        if (c != '\\') {
            put(p, (char)c);
            p->s++;
            continue;
        }
        if (p->end - p->s < 2) break;
        char e = p->s[1];
        const char *simple = strchr("\"\\/bfnrt", e);
        if (e && simple) {
            put(p, "\"\\/\b\f\n\r\t"[simple - "\"\\/bfnrt"]);
            p->s += 2;
            continue;
        }
        unsigned u, lo;
        if (e != 'u' || p->end - p->s < 6 || hex4(p->s + 2, &u) < 0)
            return fail(p, p->s, "a bad escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four hex digits)"), NULL;
        p->s += 6;
        if (u >= 0xD800 && u < 0xDC00 && p->end - p->s >= 6 && p->s[0] == '\\' && p->s[1] == 'u' && hex4(p->s + 2, &lo) == 0 &&
            lo >= 0xDC00 && lo < 0xE000) {
            u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
            p->s += 6;
        } else if (u >= 0xD800 && u < 0xE000) {
            u = 0xFFFD; /* a lone surrogate: the replacement character */
        }
        if (u == 0) return fail(p, p->s - 6, "\\u0000 inside a string"), NULL;
        if (u < 0x80) {
            put(p, (char)u);
        } else if (u < 0x800) {
            put(p, (char)(0xC0 | u >> 6));
            put(p, (char)(0x80 | (u & 0x3F)));
        } else if (u < 0x10000) {
            put(p, (char)(0xE0 | u >> 12));
            put(p, (char)(0x80 | (u >> 6 & 0x3F)));
            put(p, (char)(0x80 | (u & 0x3F)));
        } else {
            put(p, (char)(0xF0 | u >> 18));
            put(p, (char)(0x80 | (u >> 12 & 0x3F)));
            put(p, (char)(0x80 | (u >> 6 & 0x3F)));
            put(p, (char)(0x80 | (u & 0x3F)));
        }
    }
    if (p->s >= p->end) return fail(p, open, "a string without its closing quote"), NULL;
    p->s++;
    put(p, '\0');
    return begin;
}

static const char *number(Parser *p)
{
    const char *s = p->s, *e = p->end;
    const char *q = s;
    if (q < e && *q == '-') q++;
    if (q < e && *q == '0') q++;
    else if (q < e && *q >= '1' && *q <= '9') while (q < e && *q >= '0' && *q <= '9') q++;
    else return fail(p, s, "not a value (a string, number, object, array, true, false or null)"), NULL;
    if (q < e && *q == '.') {
        if (++q >= e || *q < '0' || *q > '9') return fail(p, q, "a digit must follow the decimal point"), NULL;
        while (q < e && *q >= '0' && *q <= '9') q++;
    }
    if (q < e && (*q == 'e' || *q == 'E')) {
        q++;
        if (q < e && (*q == '+' || *q == '-')) q++;
        if (q >= e || *q < '0' || *q > '9') return fail(p, q, "a digit must follow the exponent"), NULL;
        while (q < e && *q >= '0' && *q <= '9') q++;
    }
    char *begin = p->d->strings + p->out;
    for (const char *c = s; c < q; c++) put(p, *c);
    put(p, '\0');
    p->s = q;
    return begin;
}

static int value(Parser *p, int depth);

/* The elements or members of an array or object at p->s, linked under
 * parent. */
static int container(Parser *p, int parent, int depth, bool object)
{
    const char close = object ? '}' : ']';
    const char *open = p->s++;
    skip_ws(p);
    if (p->s < p->end && *p->s == close) {
        p->s++;
        return 0;
    }
    int last = -1;
    for (;;) {
        const char *key = NULL;
        if (object) {
            skip_ws(p);
            if (p->s >= p->end || *p->s != '"') return fail(p, p->s, "expected a member name in quotes");
            if (!(key = string(p))) return -1;
            skip_ws(p);
            if (p->s >= p->end || *p->s != ':') return fail(p, p->s, "expected ':' after the member name");
            p->s++;
        }
        int v = value(p, depth + 1);
        if (v < 0) return -1;
        p->d->v[v].key = key;
        if (last < 0) p->d->v[parent].child = v;
        else p->d->v[last].next = v;
        last = v;
        skip_ws(p);
        if (p->s >= p->end) return fail(p, open, object ? "an object without its closing '}'" : "an array without its closing ']'");
        if (*p->s == close) {
            p->s++;
            return 0;
        }
        if (*p->s != ',') return fail(p, p->s, object ? "expected ',' or '}'" : "expected ',' or ']'");
        p->s++;
    }
}

static bool word(Parser *p, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(p->end - p->s) < n || memcmp(p->s, w, n)) return false;
    p->s += n;
    return true;
}

/* One value at p->s; its index, or -1. */
static int value(Parser *p, int depth)
{
    if (depth >= JSON_MAX_DEPTH) return fail(p, p->s, "nested too deeply (at most 64 levels)");
    skip_ws(p);
    if (p->s >= p->end) return fail(p, p->s, "expected a value");
    char c = *p->s;
    if (c == '{' || c == '[') {
        int v = new_value(p, c == '{' ? JSON_OBJECT : JSON_ARRAY);
        if (v < 0 || container(p, v, depth, c == '{') < 0) return -1;
        return v;
    }
    if (c == '"') {
        int v = new_value(p, JSON_STRING);
        if (v < 0) return -1;
        const char *s = string(p);
        if (!s) return -1;
        p->d->v[v].text = s;
        return v;
    }
    if (word(p, "true")) return new_value(p, JSON_TRUE);
    if (word(p, "false")) return new_value(p, JSON_FALSE);
    if (word(p, "null")) return new_value(p, JSON_NULL);
    int v = new_value(p, JSON_NUMBER);
    if (v < 0) return -1;
    const char *s = number(p);
    if (!s) return -1;
    p->d->v[v].text = s;
    return v;
}

int json_parse(JsonDoc *d, const char *text, size_t len, char *err, size_t errlen)
{
    assert(d && (text || !len) && err && errlen);
    memset(d, 0, sizeof *d);
    d->strings = malloc(len + 1);
    if (!d->strings) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    Parser p = { d, text, text + len, text, 0, err, errlen, false };
    int root = value(&p, 0);
    if (root >= 0) {
        skip_ws(&p);
        if (p.s < p.end) root = fail(&p, p.s, "more text after the value");
    }
    if (root < 0) {
        json_free(d);
        return -1;
    }
    assert(root == 0);
    return 0;
}

void json_free(JsonDoc *d)
{
    free(d->v);
    free(d->strings);
    memset(d, 0, sizeof *d);
}

const JsonValue *json_root(const JsonDoc *d) { return d->n ? &d->v[0] : NULL; }

const JsonValue *json_first(const JsonDoc *d, const JsonValue *v)
{
    return v && v->child >= 0 ? &d->v[v->child] : NULL;
}

const JsonValue *json_next(const JsonDoc *d, const JsonValue *v)
{
    return v && v->next >= 0 ? &d->v[v->next] : NULL;
}

const JsonValue *json_member(const JsonDoc *d, const JsonValue *obj, const char *key)
{
    if (!obj || obj->type != JSON_OBJECT) return NULL;
    for (const JsonValue *m = json_first(d, obj); m; m = json_next(d, m))
        if (!strcmp(m->key, key)) return m;
    return NULL;
}

size_t json_count(const JsonDoc *d, const JsonValue *v)
{
    size_t n = 0;
    for (const JsonValue *e = json_first(d, v); e; e = json_next(d, e)) n++;
    return n;
}

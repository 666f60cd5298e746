/* json.h - a small JSON reader (RFC 8259) for the records other programs
 * write (AbstractPlay's game records, aprecord.c): the whole text parsed
 * into a read-only tree, or refused with the line and column of the first
 * fault. Bounded: nesting at most JSON_MAX_DEPTH, memory linear in the
 * text. Strings are decoded (escapes, \uXXXX to UTF-8); numbers are kept as
 * their text. No writer: the engine only reads JSON. */
#ifndef MORPHOS_JSON_H
#define MORPHOS_JSON_H

#include <stdbool.h>
#include <stddef.h>

#define JSON_MAX_DEPTH 64

typedef enum { JSON_NULL, JSON_FALSE, JSON_TRUE, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } JsonType;

typedef struct JsonValue {
    JsonType type;
    const char *text; /* string (decoded, NUL-terminated) or number text */
    const char *key;  /* member name inside an object, else NULL */
    int child, next;  /* first element or member, next sibling: indices, -1 none */
} JsonValue;

typedef struct JsonDoc {
    JsonValue *v;     /* v[0] is the root */
    size_t n, cap;
    char *strings;    /* decoded strings and number texts */
} JsonDoc;

/* Parse text[0..len) (one value, white space around it). 0, or -1 with the
 * reason and where in err; the doc is then empty. */
int json_parse(JsonDoc *d, const char *text, size_t len, char *err, size_t errlen);
void json_free(JsonDoc *d);

const JsonValue *json_root(const JsonDoc *d);
/* First element of an array or member of an object, then the next; NULL
 * at the end (or for other types). */
const JsonValue *json_first(const JsonDoc *d, const JsonValue *v);
const JsonValue *json_next(const JsonDoc *d, const JsonValue *v);
/* The member named key of an object (the first if repeated), or NULL. */
const JsonValue *json_member(const JsonDoc *d, const JsonValue *obj, const char *key);
size_t json_count(const JsonDoc *d, const JsonValue *v);

#endif

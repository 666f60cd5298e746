/* strbuf.h - a growable text buffer for GTP responses.
 *
 * Appends never fail the caller: when memory runs out or the buffer would
 * pass STRBUF_MAX, the buffer is marked overflowed and further appends are
 * dropped, so a response can be answered with an error instead of crashing
 * or allocating without bound. */
#ifndef MORPHOS_STRBUF_H
#define MORPHOS_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

#define STRBUF_MAX ((size_t)64 << 20)

typedef struct StrBuf {
    char *s;        /* NUL-terminated once anything was appended */
    size_t len, cap;
    bool overflow;
} StrBuf;

void sb_init(StrBuf *b);
void sb_free(StrBuf *b);
void sb_clear(StrBuf *b);
void sb_putc(StrBuf *b, char c);
void sb_puts(StrBuf *b, const char *s);
void sb_putn(StrBuf *b, const char *s, size_t n);
void sb_printf(StrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The text so far ("" when empty). */
const char *sb_str(const StrBuf *b);

#endif

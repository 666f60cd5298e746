/* strbuf.c - see strbuf.h. */
#include "strbuf.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sb_init(StrBuf *b) { memset(b, 0, sizeof *b); }

void sb_free(StrBuf *b)
{
    free(b->s);
    sb_init(b);
}

void sb_clear(StrBuf *b)
{
    b->len = 0;
    b->overflow = false;
    if (b->s) b->s[0] = '\0';
}

static bool reserve(StrBuf *b, size_t extra)
{
    if (b->overflow) return false;
    if (extra > STRBUF_MAX - b->len - 1) {
        b->overflow = true;
        return false;
    }
    size_t need = b->len + extra + 1;
    if (need <= b->cap) return true;
    assert(b->len < b->cap || !b->s); /* room for the NUL kept */
    size_t cap = b->cap ? b->cap : 256;
    while (cap < need) cap = cap > STRBUF_MAX / 2 ? STRBUF_MAX : cap * 2;
    char *s = realloc(b->s, cap);
    if (!s) {
        b->overflow = true;
        return false;
    }
    b->s = s;
    b->cap = cap;
    return true;
}

void sb_putn(StrBuf *b, const char *s, size_t n)
{
    assert(s || n == 0);
    if (!reserve(b, n)) return;
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void sb_putc(StrBuf *b, char c) { sb_putn(b, &c, 1); }
void sb_puts(StrBuf *b, const char *s) { sb_putn(b, s, strlen(s)); }

void sb_printf(StrBuf *b, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof small) {
        sb_putn(b, small, (size_t)n);
        return;
    }
    if (!reserve(b, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

const char *sb_str(const StrBuf *b) { return b->s ? b->s : ""; }

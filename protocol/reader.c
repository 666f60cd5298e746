/* reader.c - see reader.h. */
#include "reader.h"

#include <assert.h>
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

void reader_init(Reader *r, int fd)
{
    r->fd = fd;
    r->start = r->end = 0;
    r->eof = false;
}

static bool fill(Reader *r)
{
    if (r->eof) return false;
    r->start = r->end = 0;
    for (;;) {
        ssize_t n = read(r->fd, r->buf, sizeof r->buf);
        if (n > 0) {
            r->end = (size_t)n;
            return true;
        }
        if (n < 0 && errno == EINTR) continue;
        r->eof = true;
        return false;
    }
}

bool reader_line(Reader *r, char *line, size_t cap, size_t *len, bool *toolong)
{
    assert(line && cap >= 1 && len && toolong);
    size_t n = 0;
    bool any = false;
    *toolong = false;
    for (;;) {
        if (r->start == r->end && !fill(r)) break;
        any = true;
        char *s = r->buf + r->start;
        size_t avail = r->end - r->start;
        char *nl = memchr(s, '\n', avail);
        size_t take = nl ? (size_t)(nl - s) : avail;
        size_t room = cap - 1 - n;
        if (take > room) {
            *toolong = true;
            memcpy(line + n, s, room);
            n += room;
        } else {
            memcpy(line + n, s, take);
            n += take;
        }
        r->start += take;
        if (nl) {
            r->start++;
            line[n] = '\0';
            *len = n;
            return true;
        }
    }
    line[n] = '\0';
    *len = n;
    return any;
}

bool reader_pending(Reader *r)
{
    if (r->start < r->end || r->eof) return true;
    struct pollfd p = { .fd = r->fd, .events = POLLIN };
    int n = poll(&p, 1, 0);
    return n != 0; /* readable, hung up, or an error: stop either way */
}

/* Read what has arrived, without blocking, after the data kept. */
static void top_up(Reader *r)
{
    if (r->eof) return;
    if (r->start > 0) {
        memmove(r->buf, r->buf + r->start, r->end - r->start);
        r->end -= r->start;
        r->start = 0;
    }
    struct pollfd p = { .fd = r->fd, .events = POLLIN };
    if (r->end == sizeof r->buf || poll(&p, 1, 0) <= 0) return;
    ssize_t n;
    do n = read(r->fd, r->buf + r->end, sizeof r->buf - r->end);
    while (n < 0 && errno == EINTR);
    if (n > 0) r->end += (size_t)n;
    else r->eof = true;
}

bool reader_interrupted(Reader *r)
{
    if (!memchr(r->buf + r->start, '\n', r->end - r->start)) top_up(r);
    const char *s = r->buf + r->start;
    const char *nl = memchr(s, '\n', r->end - r->start);
    /* The end of input is no interrupt: the command running gets its whole
     * answer, as every command read before it does (then the loop ends, as
     * on quit). A last line without LF is whole once the input ended. */
    if (!nl && !(r->eof && r->start < r->end)) return false;
    if (!nl) nl = r->buf + r->end;
    /* GTP cleaning: control characters go, tabs are spaces. */
    char line[32];
    size_t n = 0;
    for (const char *q = s; q < nl && n < sizeof line - 1; q++)
        if (*q == '\t') line[n++] = ' ';
        else if ((unsigned char)*q >= 32 && *q != 127) line[n++] = *q;
    while (n && line[n - 1] == ' ') n--;
    line[n] = '\0';
    const char *l = line;
    while (*l == ' ') l++;
    if (strcmp(l, "# interrupt") != 0) return false;
    r->start = nl == r->buf + r->end ? r->end : (size_t)(nl - r->buf) + 1;
    return true;
}

/* reader.c - see reader.h. */
#include "reader.h"

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

/* reader.h - line input for the GTP loop, straight from a file descriptor.
 *
 * Its own buffer (not stdio) so that analyze can ask whether another line
 * is waiting: data already read counts, and so does poll() on the fd. Lines
 * longer than the caller's buffer are cut, the rest of the line discarded,
 * and flagged, so memory stays bounded whatever arrives. */
#ifndef MORPHOS_READER_H
#define MORPHOS_READER_H

#include <stdbool.h>
#include <stddef.h>

typedef struct Reader {
    int fd;
    size_t start, end;
    bool eof;
    char buf[16384];
} Reader;

void reader_init(Reader *r, int fd);
/* The next line without its LF into line (NUL-terminated, at most cap-1
 * bytes kept). Returns false at end of input with nothing read; a last line
 * without LF is returned as a line. *toolong says the line was cut. */
bool reader_line(Reader *r, char *line, size_t cap, size_t *len, bool *toolong);
/* Whether input is waiting (or the input ended): stops analyze. */
bool reader_pending(Reader *r);
/* Whether the next line, once whole, is GoGui's `# interrupt` (then taken
 * out of the input): stops genmove and solve, which other input must not
 * stop. The end of input does not stop them: every command read before it
 * gets its whole answer. Never blocks. */
bool reader_interrupted(Reader *r);

#endif

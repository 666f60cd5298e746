/* gtp.h - the GTP v2 engine loop of ./morphos.
 *
 * A Gtp is the one protocol context: the game record, the Engine behind
 * genmove, the input reader and the output stream. gtp_run() reads commands
 * from a file descriptor until `quit` or end of input and answers each on
 * the output stream; gtp_execute() runs one raw input line (for tests and
 * the fuzz target). Every input, however malformed, gets a `= ...` or
 * `? ...` answer (or none for empty and comment lines) and leaves the state
 * valid; a failing command changes nothing. */
#ifndef MORPHOS_GTP_H
#define MORPHOS_GTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../engine/engine.h"
#include "strbuf.h"

/* Longest command line accepted (with its LF); longer lines get an error
 * answer and change nothing. A move list is one line (ap_loadgame): random
 * 25x25 games need under 5 KiB, and 1 MiB holds some 80,000 turns
 * (docs/protocol.md) while keeping memory bounded. */
#define GTP_MAX_LINE (1 << 20)
#define GTP_MAX_LINE_TEXT "1048575"

typedef struct Gtp Gtp;

/* What commands may do; the fuzz target narrows it so that no command can
 * run long or touch files. */
typedef struct GtpLimits {
    int max_depth;      /* perft / divide depth */
    bool files;         /* loadsgf / printsgf FILE */
    bool search;        /* genmove, reg_genmove, solve, analyze */
} GtpLimits;

/* A context on a 9x9 board with the default rules, taking ownership of
 * engine (may be NULL: the search commands then answer errors). NULL when
 * out of memory. */
Gtp *gtp_create(Engine *engine);
void gtp_free(Gtp *g);
void gtp_set_limits(Gtp *g, const GtpLimits *lim);

/* An interrupt from outside the input, for a caller of gtp_execute() that
 * has no reader (the web worker, web/wasm_main.c): poll(ctx) is checked
 * wherever GoGui's `# interrupt` is (about every 10 ms of genmove, solve,
 * search_gfx and analyze), and a nonzero answer ends that search as
 * `# interrupt` does: genmove plays its best move so far, solve answers
 * unless proven, analyze reports what it has. poll NULL: none. */
void gtp_set_interrupt(Gtp *g, int (*poll)(void *ctx), void *ctx);

/* Read commands from in_fd and answer on out until quit or EOF. Returns 0. */
int gtp_run(Gtp *g, int in_fd, FILE *out);

/* Run one raw line (no newline needed) and append the full answer text,
 * ending in the empty line, to reply (nothing for empty/comment lines).
 * Returns false once `quit` was executed. */
bool gtp_execute(Gtp *g, const char *line, size_t len, StrBuf *reply);

/* Frame an answer onto reply: "=ID text" (ok) or "?ID text", then one
 * empty line. The text never holds an empty line in the frame (it would
 * end the answer early for the controller) and stays printable ASCII. */
void gtp_frame(StrBuf *reply, bool ok, const char *id, const char *text);

#endif

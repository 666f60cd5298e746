/* gtp_proc.h - one GTP engine as a child process, spoken to only through
 * its standard input and output.
 *
 * The command line runs under /bin/sh (so quoting and arguments work as
 * typed) in a process group of its own, so that stopping an engine also
 * stops anything it started. Every wait has a deadline: an engine that
 * hangs, dies or answers nonsense is reported, never waited on forever.
 * The caller must ignore SIGPIPE (a dead engine's stdin then gives EPIPE,
 * reported as REPLY_DEAD, instead of killing the caller). */
#ifndef MORPHOS_BENCH_GTP_PROC_H
#define MORPHOS_BENCH_GTP_PROC_H

#include <stddef.h>
#include <sys/types.h>

#define GTP_BUF 65536

typedef enum {
    REPLY_OK = 0,       /* '=' answer; body in out */
    REPLY_ERROR,        /* '?' answer; message in out */
    REPLY_TIMEOUT,      /* no complete answer before the deadline */
    REPLY_DEAD,         /* the engine exited or closed its output; how, in out */
    REPLY_MALFORMED     /* an answer line that is not '=' or '?'; the line, in out */
} GtpReply;

typedef struct GtpProc {
    pid_t pid;        /* 0 when not running (or already reaped) */
    pid_t pgid;       /* its process group, until gtp_stop */
    int to, from;     /* the engine's stdin (we write), its stdout (we read) */
    size_t len;       /* bytes of unread output in buf */
    char buf[GTP_BUF];
} GtpProc;

/* Start `cmdline`; the engine's stderr goes to stderr_path (appended), or is
 * discarded when NULL. 0, or -1 with a message in err. */
int gtp_start(GtpProc *g, const char *cmdline, const char *stderr_path, char *err, size_t errlen);

/* Send one command line and wait at most `timeout` seconds for its answer.
 * The answer's text (without '='/'?' and id, lines joined by '\n') goes to
 * out, truncated to outlen. *elapsed (when not NULL) gets the seconds from
 * sending to the end of the answer. */
GtpReply gtp_command(GtpProc *g, const char *cmd, double timeout, char *out, size_t outlen, double *elapsed);

/* Ask the engine to quit, give it `grace` seconds, then kill its process
 * group; always reaps it and closes the pipes. Safe on a stopped engine. */
void gtp_stop(GtpProc *g, double grace);

const char *gtp_reply_name(GtpReply s);

#endif

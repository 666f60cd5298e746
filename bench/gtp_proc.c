/* gtp_proc.c - see gtp_proc.h. */
#include "gtp_proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../engine/clock.h"
#include "../engine/signals.h"

const char *gtp_reply_name(GtpReply s)
{
    static const char *const names[] = {"ok", "error", "timeout", "dead", "malformed"};
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

int gtp_start(GtpProc *g, const char *cmdline, const char *stderr_path, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    g->to = g->from = -1;
    /* Everything the child needs is prepared before fork: between fork and
     * exec a threaded parent's child may only make async-signal-safe calls. */
    size_t clen = strlen(cmdline);
    char *script = malloc(clen + 6);
    if (!script) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    memcpy(script, "exec ", 5);
    memcpy(script + 5, cmdline, clen + 1);
    const char *errpath = stderr_path ? stderr_path : "/dev/null";
    long maxfd = sysconf(_SC_OPEN_MAX);
    /* The runner itself holds a few descriptors per game; a container's
     * limit of a million would make the close loop below the slow part. */
    if (maxfd < 0 || maxfd > 4096) maxfd = 4096;

    int in[2], out[2];
    if (pipe(in)) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        free(script);
        return -1;
    }
    if (pipe(out)) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        close(in[0]);
        close(in[1]);
        free(script);
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        free(script);
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        signal_set(SIGPIPE, SIG_DFL); /* ignored dispositions survive exec */
        int e = open(errpath, O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0 || e < 0 || dup2(e, 2) < 0) _exit(127);
        /* Other games' pipes must not leak into this engine, or their EOFs
         * would never arrive (a crash would look like a hang). */
        for (long fd = 3; fd < maxfd; fd++) close((int)fd);
        execl("/bin/sh", "sh", "-c", script, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid); /* also here: whichever runs first, the group exists before we may kill it */
    free(script);
    close(in[0]);
    close(out[1]);
    g->pid = g->pgid = pid;
    g->to = in[1];
    g->from = out[0];
    return 0;
}

/* How the engine ended, if it has; for messages. */
static void describe_exit(GtpProc *g, char *out, size_t outlen)
{
    int st;
    pid_t r = 0;
    /* The pipe can close a moment before the process is reapable. */
    for (int i = 0; i < 50 && (r = waitpid(g->pid, &st, WNOHANG)) == 0; i++) {
        struct timespec ts = {0, 2000000};
        nanosleep(&ts, NULL);
    }
    if (r == g->pid) {
        g->pid = 0;
        if (WIFEXITED(st))
            snprintf(out, outlen, "exited with status %d", WEXITSTATUS(st));
        else if (WIFSIGNALED(st))
            snprintf(out, outlen, "killed by signal %d", WTERMSIG(st));
        else
            snprintf(out, outlen, "ended");
    } else {
        snprintf(out, outlen, "closed its output");
    }
}

static int write_all(int fd, const char *s, size_t n)
{
    while (n) {
        ssize_t w = write(fd, s, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        s += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Take one line (without its end) from the front of buf, if there is one. */
static int take_line(GtpProc *g, char *line, size_t linelen)
{
    char *nl = memchr(g->buf, '\n', g->len);
    if (!nl) return 0;
    size_t n = (size_t)(nl - g->buf);
    size_t keep = n;
    if (keep && g->buf[keep - 1] == '\r') keep--;
    if (keep >= linelen) keep = linelen - 1;
    memcpy(line, g->buf, keep);
    line[keep] = 0;
    for (size_t i = 0; i < keep; i++)
        if (line[i] == '\t') line[i] = ' ';
    g->len -= n + 1;
    memmove(g->buf, nl + 1, g->len);
    return 1;
}

static void append(char *out, size_t outlen, const char *s)
{
    size_t have = strlen(out);
    if (have + 1 < outlen) snprintf(out + have, outlen - have, "%s", s);
}

GtpReply gtp_command(GtpProc *g, const char *cmd, double timeout, char *out, size_t outlen, double *elapsed)
{
    double t0 = now_seconds();
    if (elapsed) *elapsed = 0;
    out[0] = 0;
    if (g->pid == 0 || g->to < 0) {
        snprintf(out, outlen, "not running");
        return REPLY_DEAD;
    }
    size_t clen = strlen(cmd);
    if (write_all(g->to, cmd, clen) || write_all(g->to, "\n", 1)) {
        describe_exit(g, out, outlen);
        return REPLY_DEAD;
    }
    int started = 0; /* seen the '='/'?' line */
    GtpReply status = REPLY_OK;
    char line[4096];
    for (;;) {
        while (take_line(g, line, sizeof line)) {
            if (!started) {
                if (line[0] == 0) continue; /* stray empty lines between answers */
                if (line[0] != '=' && line[0] != '?') {
                    snprintf(out, outlen, "%s", line);
                    return REPLY_MALFORMED;
                }
                status = line[0] == '=' ? REPLY_OK : REPLY_ERROR;
                const char *body = line + 1;
                while (*body >= '0' && *body <= '9') body++; /* an id, which we never send */
                while (*body == ' ') body++;
                append(out, outlen, body);
                started = 1;
            } else if (line[0] == 0) {
                if (elapsed) *elapsed = now_seconds() - t0;
                return status;
            } else {
                append(out, outlen, "\n");
                append(out, outlen, line);
            }
        }
        if (g->len == sizeof g->buf) {
            snprintf(out, outlen, "answer line longer than %d bytes", GTP_BUF);
            return REPLY_MALFORMED;
        }
        double left = t0 + timeout - now_seconds();
        if (left <= 0) {
            if (elapsed) *elapsed = now_seconds() - t0;
            snprintf(out, outlen, "no answer within %.3g s", timeout);
            return REPLY_TIMEOUT;
        }
        struct pollfd pfd = {.fd = g->from, .events = POLLIN};
        int r = poll(&pfd, 1, (int)(left * 1000) + 1);
        if (r < 0 && errno != EINTR) {
            snprintf(out, outlen, "poll: %s", strerror(errno));
            return REPLY_DEAD;
        }
        if (r <= 0) continue;
        ssize_t n = read(g->from, g->buf + g->len, sizeof g->buf - g->len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            describe_exit(g, out, outlen);
            if (elapsed) *elapsed = now_seconds() - t0;
            return REPLY_DEAD;
        }
        g->len += (size_t)n;
    }
}

void gtp_stop(GtpProc *g, double grace)
{
    if (g->pid > 0 && grace > 0 && g->to >= 0) {
        write_all(g->to, "quit\n", 5);
        double end = now_seconds() + grace;
        while (now_seconds() < end) {
            if (waitpid(g->pid, NULL, WNOHANG) == g->pid) {
                g->pid = 0;
                break;
            }
            struct timespec ts = {0, 5000000};
            nanosleep(&ts, NULL);
        }
    }
    if (g->pgid > 0) kill(-g->pgid, SIGKILL); /* whatever the engine started, too */
    if (g->pid > 0) {
        kill(g->pid, SIGKILL);
        waitpid(g->pid, NULL, 0);
        g->pid = 0;
    }
    g->pgid = 0;
    if (g->to >= 0) close(g->to);
    if (g->from >= 0) close(g->from);
    g->to = g->from = -1;
    g->len = 0;
}

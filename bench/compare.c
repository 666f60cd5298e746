/* compare.c - see compare.h. */
#define _DEFAULT_SOURCE /* wait4 */
#include "compare.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "speed.h"

/* One piece of work, as the reference names it and as the core does it. */
typedef struct Work {
    int size;
    enum { W_PLAYOUTS, W_PLAIN, W_BULK } kind;
    long amount; /* playouts, or perft depth */
} Work;

/* Sized so that each run takes a few tenths of a second on one core. */
static const Work works[] = {
    {5, W_PLAYOUTS, 400000}, {9, W_PLAYOUTS, 150000}, {13, W_PLAYOUTS, 30000}, {19, W_PLAYOUTS, 8000},
    {5, W_PLAIN, 6},         {9, W_PLAIN, 4},         {13, W_PLAIN, 3},        {19, W_PLAIN, 3},
    {9, W_BULK, 5},
};
#define NWORKS (sizeof works / sizeof works[0])
#define MAX_ROUNDS 99

static const char *kind_name(int k) { return k == W_PLAYOUTS ? "playouts" : k == W_PLAIN ? "plain perft" : "bulk perft"; }

/* The core's side, in the forked child: the work, then its result on
 * stdout (leaves for perft). */
static int core_work(const Work *w)
{
    Ruleset r;
    ruleset_default(&r); /* the base rules, as the reference plays them */
    char err[256];
    Board *b = board_create(w->size, &r, err, sizeof err);
    if (!b) {
        fprintf(stderr, "compare: %s\n", err);
        return 1;
    }
    if (w->kind == W_PLAYOUTS) {
        PlayoutRate pr;
        random_playout_rate(b, 0, w->amount, 10 * b->npoints, 1, &pr);
        printf("%ld playouts, %ld plies\n", pr.playouts, pr.plies);
    } else {
        Position p;
        pos_init(&p, b);
        printf("= %llu\n", (unsigned long long)perft(&p, (int)w->amount, w->kind == W_BULK));
    }
    board_free(b);
    return 0;
}

/* Runs argv (or, when argv is NULL, the core's work w in a forked child)
 * with stdout captured into out; *cpu: the child's user + system seconds.
 * Returns the exit status, or -1 when it could not run. */
static int run_child(char *const argv[], const Work *w, double *cpu, char *out, size_t outlen)
{
    int fd[2];
    fflush(stdout);
    if (pipe(fd) != 0) return -1;
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return -1;
    }
    if (pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        if (argv) {
            execvp(argv[0], argv);
            _exit(127);
        }
        int rc = core_work(w);
        fflush(stdout);
        _exit(rc);
    }
    close(fd[1]);
    size_t n = 0;
    for (;;) {
        char junk[4096];
        char *dst = n + 1 < outlen ? out + n : junk;
        size_t room = n + 1 < outlen ? outlen - 1 - n : sizeof junk;
        ssize_t got = read(fd[0], dst, room);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        if (dst == out + n) n += (size_t)got;
    }
    out[n] = 0;
    close(fd[0]);
    int st;
    struct rusage ru;
    while (wait4(pid, &st, 0, &ru) < 0)
        if (errno != EINTR) return -1;
    *cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 + (double)ru.ru_stime.tv_sec +
           (double)ru.ru_stime.tv_usec * 1e-6;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The perft count after "= " in a run's output; 0 when absent. */
static unsigned long long leaves_of(const char *out)
{
    const char *e = strstr(out, "= ");
    return e ? strtoull(e + 2, NULL, 10) : 0;
}

static void print_load(void)
{
    FILE *f = fopen("/proc/loadavg", "r");
    char line[128];
    if (f && fgets(line, sizeof line, f)) printf("load average: %s", line);
    if (f) fclose(f);
}

int compare_run(const char *ref, int rounds, long only_size)
{
    char src[4096];
    struct stat sb;
    if (stat(ref, &sb) == 0 && S_ISDIR(sb.st_mode)) snprintf(src, sizeof src, "%s/morphos_fast.c", ref);
    else snprintf(src, sizeof src, "%s", ref);
    if (stat(src, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        printf("compare: no reference source at %s: comparison skipped (give the reference's file, or the directory "
               "holding morphos_fast.c)\n", src);
        return 0;
    }
    if (rounds < 1 || rounds > MAX_ROUNDS) rounds = 5;
    const char *tmp = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/morphos-compare-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        fprintf(stderr, "compare: cannot make a directory for the reference's binaries: %s\n", strerror(errno));
        return 1;
    }
    static const int sizes[] = {5, 9, 13, 19};
    char bin[4][4200];
    int rc = 0;
    for (int k = 0; k < 4; k++) {
        bin[k][0] = 0;
        if (only_size && sizes[k] != only_size) continue;
        char def[16], out[256];
        snprintf(def, sizeof def, "-DN=%d", sizes[k]);
        snprintf(bin[k], sizeof bin[k], "%s/ref%d", dir, sizes[k]);
        /* The reference's own build line (its README): the portable u64 backend. */
        char *cc[] = {"cc", "-std=c11", "-O2", "-march=native", "-DSCALAR", def, "-o", bin[k], src, NULL};
        double cpu;
        if (run_child(cc, NULL, &cpu, out, sizeof out) != 0) {
            fprintf(stderr, "compare: cc %s %s failed\n", def, src);
            rc = 1;
            bin[k][0] = 0;
        }
    }
    printf("compare: rules core (base rules) against %s, built with cc -std=c11 -O2 -march=native -DSCALAR -DN=size\n", src);
    printf("%d rounds, the two sides alternating (core first in odd rounds); median process CPU seconds (min-max)\n", rounds);
    print_load();
    printf("  %-24s %22s %22s %9s\n", "work", "core", "reference", "core/ref");
    for (size_t i = 0; i < NWORKS; i++) {
        const Work *w = &works[i];
        int k = w->size == 5 ? 0 : w->size == 9 ? 1 : w->size == 13 ? 2 : 3;
        if (!bin[k][0]) continue;
        char amount[32], out[4096];
        snprintf(amount, sizeof amount, "%ld", w->amount);
        char *argv_play[] = {bin[k], "playouts", amount, NULL};
        char *argv_perft[] = {bin[k], "perft", w->kind == W_PLAIN ? "plain" : "bulk", amount, NULL};
        char *const *rargv = w->kind == W_PLAYOUTS ? argv_play : argv_perft;
        double t[2][MAX_ROUNDS];
        unsigned long long leaves[2] = {0, 0};
        int failed = 0;
        for (int r = 0; r < rounds && !failed; r++)
            for (int j = 0; j < 2 && !failed; j++) {
                int side = r % 2 ? 1 - j : j; /* 0 core, 1 reference */
                int st = run_child(side ? rargv : NULL, w, &t[side][r], out, sizeof out);
                if (st != 0) {
                    fprintf(stderr, "compare: %s %dx%d: the %s's run failed (status %d)\n", kind_name(w->kind), w->size, w->size,
                            side ? "reference" : "core", st);
                    failed = 1;
                }
                leaves[side] = leaves_of(out);
            }
        char label[64];
        snprintf(label, sizeof label, "%s %dx%d %s%ld", kind_name(w->kind), w->size, w->size, w->kind == W_PLAYOUTS ? "" : "d",
                 w->amount);
        if (failed) {
            printf("  %-24s failed\n", label);
            rc = 1;
            continue;
        }
        double lo[2], hi[2], med[2];
        for (int s = 0; s < 2; s++) {
            lo[s] = hi[s] = t[s][0];
            for (int r = 1; r < rounds; r++) {
                lo[s] = t[s][r] < lo[s] ? t[s][r] : lo[s];
                hi[s] = t[s][r] > hi[s] ? t[s][r] : hi[s];
            }
            med[s] = median(t[s], rounds);
        }
        printf("  %-24s %7.3f (%.3f-%.3f) %7.3f (%.3f-%.3f) %9.2f", label, med[0], lo[0], hi[0], med[1], lo[1], hi[1],
               med[1] > 0 ? med[0] / med[1] : 0.0);
        if (w->kind != W_PLAYOUTS && leaves[0] != leaves[1]) {
            printf("  leaves differ: %llu against %llu", leaves[0], leaves[1]);
            rc = 1;
        }
        printf("\n");
    }
    print_load();
    for (int k = 0; k < 4; k++)
        if (bin[k][0]) unlink(bin[k]);
    rmdir(dir);
    return rc;
}

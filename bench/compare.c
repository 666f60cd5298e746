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
#define NREFS 2 /* the reference's scalar and vector builds */

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
    /* Two builds of the reference per size, with its own lines (its
     * README): the portable u64 backend without AVX-512 (where gcc's
     * auto-vectorised scalar code runs 1.15-1.25x slower), and its vector
     * backend (the board in one AVX-512 register where the CPU has it;
     * elsewhere the same u64 code). */
    static const char *const build_name[NREFS] = {"scalar", "vector"};
    char bin[4][NREFS][4200];
    int rc = 0;
    for (int k = 0; k < 4; k++)
        for (int v = 0; v < NREFS; v++) {
            bin[k][v][0] = 0;
            if (only_size && sizes[k] != only_size) continue;
            char def[16], out[256];
            snprintf(def, sizeof def, "-DN=%d", sizes[k]);
            snprintf(bin[k][v], sizeof bin[k][v], "%s/ref%d-%s", dir, sizes[k], build_name[v]);
            char *scalar[] = {"cc", "-std=c11", "-O2", "-march=native", "-mno-avx512f", "-DSCALAR", def, "-o", bin[k][v], src, NULL};
            char *vector[] = {"cc", "-std=c11", "-O2", "-march=native", def, "-o", bin[k][v], src, NULL};
            double cpu;
            if (run_child(v ? vector : scalar, NULL, &cpu, out, sizeof out) != 0) {
                fprintf(stderr, "compare: cc %s %s (%s) failed\n", def, src, build_name[v]);
                rc = 1;
                bin[k][v][0] = 0;
            }
        }
    printf("compare: rules core (base rules) against %s, built as scalar: cc -std=c11 -O2 -march=native -mno-avx512f -DSCALAR "
           "-DN=size, and vector: cc -std=c11 -O2 -march=native -DN=size\n", src);
    printf("%d rounds, the three sides alternating (the core first in odd rounds, last in even ones); median process CPU "
           "seconds (min-max)\n", rounds);
    print_load();
    printf("  %-24s %22s %22s %22s %8s %8s\n", "work", "core", "scalar ref", "vector ref", "/scalar", "/vector");
    for (size_t i = 0; i < NWORKS; i++) {
        const Work *w = &works[i];
        int k = w->size == 5 ? 0 : w->size == 9 ? 1 : w->size == 13 ? 2 : 3;
        if (!bin[k][0][0] || !bin[k][1][0]) continue;
        char amount[32], out[4096];
        snprintf(amount, sizeof amount, "%ld", w->amount);
        char *argv_play[NREFS][4], *argv_perft[NREFS][5];
        for (int v = 0; v < NREFS; v++) {
            char *play[] = {bin[k][v], "playouts", amount, NULL};
            char *perft[] = {bin[k][v], "perft", w->kind == W_PLAIN ? "plain" : "bulk", amount, NULL};
            memcpy(argv_play[v], play, sizeof play);
            memcpy(argv_perft[v], perft, sizeof perft);
        }
        double t[NREFS + 1][MAX_ROUNDS];
        unsigned long long leaves[NREFS + 1] = {0};
        int failed = 0;
        for (int r = 0; r < rounds && !failed; r++)
            for (int j = 0; j <= NREFS && !failed; j++) {
                int side = r % 2 ? NREFS - j : j; /* 0 core, 1.. the reference's builds */
                char *const *rargv = side == 0 ? NULL : w->kind == W_PLAYOUTS ? argv_play[side - 1] : argv_perft[side - 1];
                int st = run_child(rargv, w, &t[side][r], out, sizeof out);
                if (st != 0) {
                    fprintf(stderr, "compare: %s %dx%d: the %s's run failed (status %d)\n", kind_name(w->kind), w->size, w->size,
                            side ? build_name[side - 1] : "core", st);
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
        double med[NREFS + 1];
        printf("  %-24s", label);
        for (int s = 0; s <= NREFS; s++) {
            double lo = t[s][0], hi = t[s][0];
            for (int r = 1; r < rounds; r++) {
                lo = t[s][r] < lo ? t[s][r] : lo;
                hi = t[s][r] > hi ? t[s][r] : hi;
            }
            med[s] = median(t[s], rounds);
            printf(" %7.3f (%.3f-%.3f)", med[s], lo, hi);
        }
        for (int s = 1; s <= NREFS; s++) printf(" %8.2f", med[s] > 0 ? med[0] / med[s] : 0.0);
        for (int s = 1; s <= NREFS; s++)
            if (w->kind != W_PLAYOUTS && leaves[0] != leaves[s]) {
                printf("  leaves differ: %llu against %llu (%s)", leaves[0], leaves[s], build_name[s - 1]);
                rc = 1;
            }
        printf("\n");
    }
    print_load();
    for (int k = 0; k < 4; k++)
        for (int v = 0; v < NREFS; v++)
            if (bin[k][v][0]) unlink(bin[k][v]);
    rmdir(dir);
    return rc;
}

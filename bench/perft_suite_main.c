/* perft_suite_main.c - bench/perft_suite: run a perft table, check every
 * count, report times and leaves per second. */
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_args.h"
#include "../engine/clock.h"
#include "../engine/signals.h"
#include "perft_run.h"
#include "perft_table.h"

/* --quick keeps rows whose expected count is at most this: with bulk
 * counting such rows take milliseconds, so the whole quick run stays within
 * the seconds a CI step can spend. */
#define QUICK_MAX_LEAVES 1000000ULL

/* Ctrl-C stops at once, with a word on stderr. */
static void on_interrupt(int sig)
{
    static const char msg[] = "\nperft_suite: interrupted (Ctrl-C)\n";
    (void)sig;
    ssize_t w = write(2, msg, sizeof msg - 1);
    (void)w;
    _exit(130);
}

/* The leaves the rows to run expect in all: what the progress lines
 * estimate the time left from. */
static uint64_t expected_total(const char *path, uint64_t max_leaves)
{
    PerftTable t;
    char err[512];
    static PerftRow row;
    uint64_t sum = 0;
    if (perft_table_open(&t, path, err, sizeof err)) return 0;
    int r;
    while ((r = perft_table_next(&t, &row, err, sizeof err)) != 0)
        if (r > 0 && row.expected <= max_leaves) sum += row.expected;
    perft_table_close(&t);
    return sum;
}

static void usage(FILE *out)
{
    fputs("usage: bench/perft_suite [options] TABLE.tsv\n"
          "Runs every row of a perft table, checks each count against the table and\n"
          "prints its time and leaves per second, then a total. Exits 1 on any\n"
          "mismatch or bad row, 2 on a usage error.\n"
          "Tables: size rules options moves depth perft (Morphos, e.g.\n"
          "tests/data/perft-public.tsv) or board edge center moves depth perft\n"
          "(Morpharaoh); '#' lines are comments.\n"
          "options:\n"
          "  --quick           only rows with at most 1000000 leaves (CI: seconds)\n"
          "  --max-leaves N    only rows with at most N leaves\n"
          "  --threads N       split the root moves across N threads (default 1)\n"
          "  --bulk on|off     count the last ply without playing it (default on)\n"
          "  --failures-only   print only rows that fail, and the total\n"
          "  --help            this text\n",
          out);
}

int main(int argc, char **argv)
{
    uint64_t max_leaves = UINT64_MAX;
    long threads = 1;
    bool bulk = true, failures_only = false;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--quick")) {
            max_leaves = QUICK_MAX_LEAVES;
        } else if (!strcmp(a, "--failures-only")) {
            failures_only = true;
        } else if (!strcmp(a, "--max-leaves")) {
            if (arg_u64(v, &max_leaves)) goto bad;
            i++;
        } else if (!strcmp(a, "--threads")) {
            if (arg_long(v, 1, 1024, &threads)) goto bad;
            i++;
        } else if (!strcmp(a, "--bulk")) {
            if (!v || (strcmp(v, "on") && strcmp(v, "off"))) goto bad;
            bulk = !strcmp(v, "on");
            i++;
        } else if (a[0] == '-' || path) {
            goto bad;
        } else {
            path = a;
        }
        continue;
    bad:
        fprintf(stderr, "perft_suite: bad argument '%s'%s%s\n", a, v ? " " : "", v ? v : "");
        usage(stderr);
        return 2;
    }
    if (!path) {
        usage(stderr);
        return 2;
    }

    char err[512];
    PerftTable t;
    if (perft_table_open(&t, path, err, sizeof err)) {
        fprintf(stderr, "perft_suite: %s\n", err);
        return 2;
    }
    printf("# %s (%s table), threads %ld, bulk %s\n", path, perft_table_format(&t), threads, bulk ? "on" : "off");
    if (!failures_only)
        printf("%5s %4s %-36s %5s %5s %12s %6s %9s %12s\n", "line", "size", "rules", "moves", "depth", "perft", "check", "seconds", "leaves/s");

    signal_set(SIGINT, on_interrupt);
    uint64_t expect_all = expected_total(path, max_leaves), expect_done = 0;
    double start = now_seconds(), last_note = start;
    static PerftRow row; /* 8 KB of moves: kept off the stack */
    int rows = 0, ok = 0, bad = 0, skipped = 0;
    uint64_t leaves = 0;
    double seconds = 0;
    for (;;) {
        int r = perft_table_next(&t, &row, err, sizeof err);
        if (r == 0) break;
        if (r < 0) {
            printf("error %s\n", err);
            bad++;
            continue;
        }
        if (row.expected > max_leaves) {
            skipped++;
            continue;
        }
        rows++;
        Position p;
        Board *b = perft_row_setup(&row, &p, err, sizeof err);
        if (!b) {
            printf("error line %d: %s\n", row.line, err);
            bad++;
            continue;
        }
        double t0 = now_seconds();
        uint64_t n = perft_parallel(&p, row.depth, bulk, (int)threads);
        double dt = now_seconds() - t0;
        board_free(b);
        bool good = n == row.expected;
        if (good) ok++; else bad++;
        leaves += n;
        seconds += dt;
        expect_done += row.expected;
        double now = now_seconds(), el = now - start;
        /* Progress on stderr once the run passes a second, once a second. */
        if (el >= 1.0 && now - last_note >= 1.0 && expect_done > 0) {
            last_note = now;
            fprintf(stderr, "perft_suite: %d rows, %.1f s, about %.0f s left\n", rows, el,
                    expect_all > expect_done ? el / (double)expect_done * (double)(expect_all - expect_done) : 0.0);
        }
        if (!failures_only || !good)
            printf("%5d %4d %-36s %5d %5d %12" PRIu64 " %6s %9.4f %12.0f", row.line, row.size, row.rules, row.nmoves, row.depth, n,
                   good ? "ok" : "FAIL", dt, dt > 0 ? (double)n / dt : 0.0);
        if (!good) printf("  expected %" PRIu64, row.expected);
        if (!failures_only || !good) printf("\n");
        fflush(stdout);
    }
    perft_table_close(&t);
    printf("total: %d rows, %d ok, %d failed, %d skipped; %" PRIu64 " leaves in %.3f s, %.0f leaves/s\n", rows, ok, bad, skipped, leaves, seconds,
           seconds > 0 ? (double)leaves / seconds : 0.0);
    return bad ? 1 : 0;
}

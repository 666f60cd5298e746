/* selfplay_main.c - bench/selfplay: the engine plays itself at a fixed
 * playout budget and records every game with the root's visit counts
 * (docs/selfplay.md); merging and checking record files. */
#define _DEFAULT_SOURCE /* flock */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../engine/clock.h"
#include "cli_args.h"
#include "selfplay_game.h"

#define MAX_OPTS 64

static void usage(FILE *out)
{
    fputs("usage: bench/selfplay [options] -o FILE\n"
          "       bench/selfplay --merge FILE... [-o OUT]\n"
          "       bench/selfplay --check FILE...\n"
          "The engine plays itself, one thread, a fixed number of playouts a move,\n"
          "and each game is appended to FILE as it ends, with the root's visit\n"
          "counts for every searched move (docs/selfplay.md). Game i depends only\n"
          "on the settings and i: ranges played anywhere merge into what one run\n"
          "gives. Run again on the same FILE to resume: games already there are\n"
          "skipped, a torn last line (a killed run) is dropped.\n"
          "options:\n"
          "  -s, --size N          board size 2..25 (default 9)\n"
          "  --rules TOKENS        rule tokens, comma-joined (default: morphos;\n"
          "                        e.g. edges=off, abstractplay=default, morpharaoh,board=48)\n"
          "  -p, --playouts N      playouts per move (default 1000)\n"
          "  --first N             number of the first game (default 0)\n"
          "  -n, --count K         games to play: N..N+K-1 (default 10)\n"
          "  --seed N              seed base (default 1)\n"
          "  --opening K           random plies each game starts with (default 1)\n"
          "  --sample K            the first K searched moves are drawn in proportion\n"
          "                        to their visits (default 0: the engine's choice)\n"
          "  --max-plies N         longer games are draws (default 10 x points)\n"
          "  --set NAME=VALUE      an engine option (repeatable), e.g. --set reuse=off\n"
          "  -o, --output FILE     record file, appended (required)\n"
          "  --quiet               no line per game\n"
          "  --merge FILE...       unite record files into one sorted file (-o OUT, or\n"
          "                        stdout): same headers, duplicates identical, gaps reported\n"
          "  --check FILE...       replay every game of each file with the rules core\n"
          "  --help                this text\n"
          "exit status: 0 done; 1 merge with gaps, a check that failed; 2 usage or\n"
          "file error (a file of other settings, a conflicting game)\n",
          out);
}

static double cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

/* The header of a file, checked against ours line by line. */
static int same_header(const char *path, const char *have, const char *want)
{
    if (!strcmp(have, want)) return 1;
    const char *a = have, *b = want;
    while (*a && *b) {
        size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n");
        if (la != lb || memcmp(a, b, la)) {
            fprintf(stderr, "selfplay: %s holds games of other settings:\n  file: %.*s\n  now:  %.*s\n", path, (int)la, a,
                    (int)lb, b);
            return 0;
        }
        a += la + (a[la] != 0);
        b += lb + (b[lb] != 0);
    }
    fprintf(stderr, "selfplay: %s: its header has %s lines than this run's\n", path, *a ? "more" : "fewer");
    return 0;
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

static int check_files(char **files, int n)
{
    int bad = 0;
    for (int i = 0; i < n; i++) {
        char err[512];
        FILE *in = fopen(files[i], "r");
        if (!in) {
            fprintf(stderr, "selfplay: %s: %s\n", files[i], strerror(errno));
            bad = 1;
            continue;
        }
        char *buf = NULL;
        size_t cap = 0;
        ssize_t len;
        long lineno = 0, games = 0, plies = 0, wins[3] = {0}, lo = -1, hi = -1;
        int size = 0, fails = 0;
        /* FNV-1a over the game lines in file order: a name for the data
         * (a trainer's provenance), the same on any machine. */
        uint64_t hash = 0xcbf29ce484222325ULL;
        char rules[256] = "";
        Board *b = NULL;
        while ((len = getline(&buf, &cap, in)) >= 0) {
            lineno++;
            if (len == 0 || buf[len - 1] != '\n') {
                printf("%s:%ld: a torn last line (a game in progress), not counted\n", files[i], lineno);
                break;
            }
            buf[--len] = 0;
            if (lineno == 1 && strcmp(buf, SELFPLAY_MAGIC)) {
                printf("%s:1: not a self-play file\n", files[i]);
                fails++;
                break;
            }
            if (!strncmp(buf, "# size\t", 7)) size = atoi(buf + 7);
            if (!strncmp(buf, "# rules\t", 8)) snprintf(rules, sizeof rules, "%s", buf + 8);
            if (buf[0] == '#') continue;
            if (!b && !(b = arg_board(size, rules, err, sizeof err))) {
                printf("%s: header: size %d: %s\n", files[i], size, err);
                fails++;
                break;
            }
            SelfplayGame g;
            if (selfplay_replay(buf, b, NULL, NULL, &g, err, sizeof err)) {
                printf("%s:%ld: %s\n", files[i], lineno, err);
                fails++;
                continue;
            }
            for (ssize_t k = 0; k <= len; k++) hash = (hash ^ (unsigned char)(k < len ? buf[k] : '\n')) * 0x100000001b3ULL;
            if (lo < 0 || g.game < lo) lo = g.game;
            if (g.game > hi) hi = g.game;
            games++;
            plies += g.plies;
            wins[g.result == RESULT_BLACK ? 0 : g.result == RESULT_WHITE ? 1 : 2]++;
        }
        free(buf);
        fclose(in);
        board_free(b);
        printf("%s: %ld games replayed (black %ld, white %ld, draws %ld), %ld plies after the openings, %d bad\n", files[i],
               games, wins[0], wins[1], wins[2], plies, fails);
        if (games)
            printf("%s: games %ld..%ld%s; game lines hash %016llx (FNV-1a 64, file order)\n", files[i], lo, hi,
                   hi - lo + 1 == games ? "" : " (not every number)", (unsigned long long)hash);
        if (fails) bad = 1;
    }
    return bad;
}

int main(int argc, char **argv)
{
    GameArgs ga = GAME_ARGS_DEFAULT;
    long playouts = 1000, first = 0, count = 10, opening = 1, sample = 0;
    uint64_t seed = 1;
    const char *opts[MAX_OPTS];
    int nopts = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int used = 1, took;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if ((took = game_arg(&ga, a, v)) != ARG_OTHER) {
            if (took == ARG_BAD) goto bad;
            used = took;
        } else if (!strcmp(a, "-p") || !strcmp(a, "--playouts")) {
            if (arg_long(v, 1, 1000000000L, &playouts)) goto bad;
        } else if (!strcmp(a, "--first")) {
            if (arg_long(v, 0, 1000000000000L, &first)) goto bad;
        } else if (!strcmp(a, "-n") || !strcmp(a, "--count")) {
            if (arg_long(v, 0, 1000000000L, &count)) goto bad;
        } else if (!strcmp(a, "--seed")) {
            if (arg_u64(v, &seed)) goto bad;
        } else if (!strcmp(a, "--opening")) {
            if (arg_long(v, 0, 1000, &opening)) goto bad;
        } else if (!strcmp(a, "--sample")) {
            if (arg_long(v, 0, 100000, &sample)) goto bad;
        } else if (!strcmp(a, "--set")) {
            if (!v || nopts == MAX_OPTS) goto bad;
            opts[nopts++] = v;
        } else if (!strcmp(a, "--merge") || !strcmp(a, "--check")) {
            /* Files up to the end, or up to -o OUT (merge). */
            int check = !strcmp(a, "--check"), from = i + 1, end = argc;
            for (int k = from; k < argc && !check; k++)
                if (!strcmp(argv[k], "-o") || !strcmp(argv[k], "--output")) {
                    if (k + 2 != argc || !*argv[k + 1]) {
                        a = argv[k];
                        v = k + 1 < argc ? argv[k + 1] : NULL;
                        goto bad;
                    }
                    ga.out_path = argv[k + 1];
                    end = k;
                }
            if (end <= from) {
                v = NULL;
                goto bad;
            }
            if (check) return check_files(argv + from, end - from);
            FILE *out = stdout;
            for (int k = from; ga.out_path && k < end; k++)
                if (!strcmp(argv[k], ga.out_path)) {
                    fprintf(stderr, "selfplay: --merge: the output %s is also an input\n", ga.out_path);
                    return 2;
                }
            char tmp[4096];
            if (ga.out_path) {
                /* Written aside and renamed: a merge that fails leaves no half file. */
                if ((size_t)snprintf(tmp, sizeof tmp, "%s.merging", ga.out_path) >= sizeof tmp || !(out = fopen(tmp, "w"))) {
                    fprintf(stderr, "selfplay: %s: %s\n", ga.out_path, strerror(errno));
                    return 2;
                }
            }
            char err[4200];
            int rc = selfplay_merge(argv + from, end - from, out, stderr, err, sizeof err);
            if (ga.out_path) {
                if (fclose(out) && rc >= 0) rc = -1, snprintf(err, sizeof err, "%s: %s", tmp, strerror(errno));
                if (rc >= 0 && rename(tmp, ga.out_path)) rc = -1, snprintf(err, sizeof err, "%s: %s", ga.out_path, strerror(errno));
                if (rc < 0) remove(tmp);
            }
            if (rc < 0) fprintf(stderr, "selfplay: --merge: %s\n", err);
            return rc < 0 ? 2 : rc;
        } else {
            v = NULL;
            goto bad;
        }
        i += used;
        continue;
    bad:
        return arg_refuse("selfplay", a, v, NULL);
    }
    if (!ga.out_path) {
        fprintf(stderr, "selfplay: the record file is required (-o FILE); see --help\n");
        return 2;
    }
    Board *board = game_args_board(&ga, "selfplay");
    if (!board) return 2;
    char err[1024];
    Ruleset rules = board->rules;
    SelfplaySettings st = {.size = rules.game == GAME_MORPHARAOH ? rules.cells : (int)ga.size,
                           .playouts = playouts,
                           .opening_plies = (int)opening,
                           .seed = seed,
                           .sample = (int)sample,
                           .max_plies = (int)ga.max_plies};
    ruleset_format(&rules, st.rules, sizeof st.rules);
    if (selfplay_engine_options(playouts, opts, nopts, st.engine, sizeof st.engine, err, sizeof err)) {
        fprintf(stderr, "selfplay: %s\n", err);
        board_free(board);
        return 2;
    }
    char header[2048];
    if (selfplay_header(&st, header, sizeof header)) {
        fprintf(stderr, "selfplay: the settings are too long for a header\n");
        board_free(board);
        return 2;
    }

    /* One writer per file: a second run on it would interleave games. A
     * flock, not fcntl's lock, which the reading below (another
     * descriptor of the file, closed) would release. */
    int fd = open(ga.out_path, O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd < 0) {
        fprintf(stderr, "selfplay: %s: %s\n", ga.out_path, strerror(errno));
        board_free(board);
        return 2;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        fprintf(stderr, "selfplay: %s is being written by another run (locked)\n", ga.out_path);
        close(fd);
        board_free(board);
        return 2;
    }
    SelfplayFile have;
    if (selfplay_read(ga.out_path, 0, 0, &have, err, sizeof err)) {
        fprintf(stderr, "selfplay: %s\n", err);
        close(fd);
        board_free(board);
        return 2;
    }
    if (have.header && !same_header(ga.out_path, have.header, header)) {
        selfplay_file_free(&have);
        close(fd);
        board_free(board);
        return 2;
    }
    if (have.torn_at >= 0) {
        fprintf(stderr, "selfplay: %s: dropped a torn last line at byte %ld (%ld bytes: the game in progress when a run stopped)\n",
                ga.out_path, have.torn_at, have.size - have.torn_at);
        if (ftruncate(fd, have.torn_at) != 0) {
            fprintf(stderr, "selfplay: %s: %s\n", ga.out_path, strerror(errno));
            selfplay_file_free(&have);
            close(fd);
            board_free(board);
            return 2;
        }
    }
    FILE *out = fdopen(fd, "a");
    if (!out) {
        fprintf(stderr, "selfplay: %s: %s\n", ga.out_path, strerror(errno));
        selfplay_file_free(&have);
        close(fd);
        board_free(board);
        return 2;
    }
    if (!have.header) {
        fputs(header, out);
        fflush(out);
    }
    qsort(have.games, (size_t)have.n, sizeof *have.games, cmp_long);
    char board_text[32];
    if (rules.game == GAME_MORPHARAOH) snprintf(board_text, sizeof board_text, "Morpharaoh %d", rules.cells);
    else snprintf(board_text, sizeof board_text, "%ldx%ld", ga.size, ga.size);
    if (!ga.quiet)
        printf("selfplay: games %ld..%ld, %s, rules %s, %ld playouts a move, seed %llu -> %s (%ld games there already)\n", first,
               first + count - 1, board_text, st.rules, playouts, (unsigned long long)seed, ga.out_path, have.n);
    fflush(stdout);
    SelfplayConfig cfg = {.board = board, .s = &st, .nopts = nopts, .opts = opts};
    long played = 0, skipped = 0, plies = 0;
    int rc = 0;
    double c0 = cpu_seconds(), w0 = now_seconds();
    for (long g = first; g < first + count; g++) {
        if (bsearch(&g, have.games, (size_t)have.n, sizeof *have.games, cmp_long)) {
            skipped++;
            continue;
        }
        double c1 = cpu_seconds();
        char *line;
        SelfplayGame info;
        if (selfplay_play(&cfg, g, &line, &info, err, sizeof err)) {
            fprintf(stderr, "selfplay: game %ld: %s\n", g, err);
            rc = 2;
            break;
        }
        /* The whole line, then flushed and synced: a kill loses at most
         * the game in progress. */
        if (fprintf(out, "%s\n", line) < 0 || fflush(out) || fsync(fd)) {
            fprintf(stderr, "selfplay: %s: %s\n", ga.out_path, strerror(errno));
            free(line);
            rc = 2;
            break;
        }
        played++;
        plies += info.plies;
        if (!ga.quiet)
            printf("game %ld: %s, %d plies, %.1f s CPU\n", g,
                   info.result == RESULT_BLACK ? "black wins" : info.result == RESULT_WHITE ? "white wins" : "draw", info.plies,
                   cpu_seconds() - c1);
        fflush(stdout);
        free(line);
    }
    double cpu = cpu_seconds() - c0, wall = now_seconds() - w0;
    printf("selfplay: %ld games played, %ld already in %s; %ld plies; %.1f s CPU, %.1f s wall%s", played, skipped, ga.out_path,
           plies, cpu, wall, played ? "" : "\n");
    if (played) printf("; %.1f games per CPU hour\n", played * 3600.0 / (cpu > 0 ? cpu : 1e-9));
    if (fclose(out) && rc == 0) {
        fprintf(stderr, "selfplay: %s: %s\n", ga.out_path, strerror(errno));
        rc = 2;
    }
    selfplay_file_free(&have);
    board_free(board);
    return rc;
}

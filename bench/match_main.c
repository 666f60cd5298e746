/* match_main.c - bench/match: engine-vs-engine matches over GTP, and
 * merging the result files of matches run elsewhere. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/signals.h"
#include "cli_args.h"
#include "match_game.h"
#include "match_record.h"
#include "openings.h"

#define MAX_JOBS 256
#define OPENING_MAX 8192

static void usage(FILE *out)
{
    fputs("usage: bench/match -a 'ENGINE A' -b 'ENGINE B' [options]\n"
          "       bench/match --merge FILE... [--sprt ...]\n"
          "Plays games between two GTP engines (each a command line run by /bin/sh,\n"
          "one fresh process per game), refereed by the rules core: an illegal move,\n"
          "error answer, crash, hang or time loss loses the game for the offender.\n"
          "Colours alternate; games 2k and 2k+1 share an opening. Every game is\n"
          "appended to the result file as it ends; --merge adds up result files.\n"
          "options:\n"
          "  -a, --engine-a CMD     engine A, e.g. './morphos --searcher uct'\n"
          "  -b, --engine-b CMD     engine B\n"
          "  -n, --games N          games to play (default 10)\n"
          "  --first-game K         number of the first game (default 0): batches run\n"
          "                         elsewhere take other ranges, and merge\n"
          "  -s, --size N           board size 2..25 (default 9)\n"
          "  --rules TOKENS         rule tokens, comma-joined (default: morphos)\n"
          "  --movetime S           S seconds per move (GTP time_settings 0 S 1)\n"
          "  --tc M | M:B:N         clock: M seconds main time, then B seconds per N\n"
          "                         moves (Canadian byo-yomi); none by default\n"
          "  --timeout S            longest wait for any answer, and for genmove\n"
          "                         when there is no clock (default 30): a hang\n"
          "  --margin S             time allowed over the clock (default 0.5)\n"
          "  --max-plies N          longer games are draws (default 10 x points)\n"
          "  --random-opening K     open each pair with K random moves (default 2)\n"
          "  --openings FILE        open pair k with line k of FILE (';'-separated)\n"
          "  --seed N               random openings' seed (default 1)\n"
          "  -j, --jobs N           games played at once (default 1)\n"
          "  -o, --output FILE      result file, appended (default match.tsv)\n"
          "  --sprt E0,E1[,A,B]     SPRT of H1 'A is E1 Elo stronger' against H0 'E0'\n"
          "                         (alpha A, beta B, default 0.05); stops when decided\n"
          "  --engine-stderr FILE   engines' stderr (default discarded)\n"
          "  --clock-log FILE       per timed move: game, engine, colour, ply, seconds\n"
          "                         the clock allowed, seconds taken, ok|lost (appended)\n"
          "  --quiet                no line per game\n"
          "  --merge FILE...        no games: read result files and report\n"
          "  --help                 this text\n",
          out);
}

/* The one shared state of a running match: workers take game numbers from
 * it and hand results back, under its lock. */
typedef struct MatchRun {
    const MatchConfig *cfg;
    const Openings *openings;
    int random_plies;
    uint64_t seed;
    long first, end, next;      /* games first..end-1; next unclaimed */
    FILE *out;
    const Sprt *sprt;
    bool quiet, stop;
    long done;
    Tally tally;
    pthread_mutex_t lock;
} MatchRun;

static void progress(MatchRun *run, const GameRecord *g)
{
    long w, l, d;
    tally_wld(&run->tally, &w, &l, &d);
    static const char *const who[] = {"A wins", "B wins", "draw", "not played"};
    printf("[%ld/%ld] game %ld, A %s: %s (%s), %d plies; A %ld-%ld-%ld\n", run->done, run->end - run->first, g->id, g->black ? "white" : "black",
           who[g->winner], g->reason, g->plies, w, l, d);
    fflush(stdout);
}

static void *worker(void *arg)
{
    MatchRun *run = arg;
    char *opening = malloc(OPENING_MAX);
    for (;;) {
        pthread_mutex_lock(&run->lock);
        long id = run->stop || !opening ? run->end : run->next++;
        pthread_mutex_unlock(&run->lock);
        if (id >= run->end) break;
        GameRecord g;
        /* A plays black in even games: both games of a pair share an opening. */
        if (opening_for_pair(run->openings, run->cfg->board, run->random_plies, run->seed, id / 2, opening, OPENING_MAX)) opening[0] = 0;
        match_play_game(run->cfg, id, (int)(id % 2), opening, &g);
        pthread_mutex_lock(&run->lock);
        run->done++;
        tally_add(&run->tally, &g);
        record_write_game(run->out, &g);
        if (!run->quiet) progress(run, &g);
        if (run->sprt) {
            long w, l, d;
            tally_wld(&run->tally, &w, &l, &d);
            if (sprt_verdict(run->sprt, (double)w, (double)l, (double)d) != SPRT_CONTINUE) run->stop = true;
        }
        pthread_mutex_unlock(&run->lock);
        game_record_free(&g);
    }
    free(opening);
    return NULL;
}

static const char *parse_sprt(Sprt *t, const char *s)
{
    Sprt v = {.alpha = 0.05, .beta = 0.05};
    double *f[4] = {&v.elo0, &v.elo1, &v.alpha, &v.beta};
    int n = 0;
    const char *p = s;
    while (n < 4) {
        char *end;
        errno = 0;
        *f[n] = strtod(p, &end);
        if (errno || end == p) return "want E0,E1[,ALPHA,BETA]";
        n++;
        if (*end == 0) break;
        if (*end != ',') return "want E0,E1[,ALPHA,BETA]";
        p = end + 1;
    }
    if (n != 2 && n != 4) return "want E0,E1[,ALPHA,BETA]";
    const char *why = sprt_check(&v);
    if (why) return why;
    *t = v;
    return NULL;
}

static int merge(char **files, int n, const Sprt *sprt)
{
    Tally t = {0};
    int bad = 0;
    for (int i = 0; i < n; i++) {
        char err[512];
        if (record_read_file(files[i], &t, stdout, err, sizeof err)) {
            fprintf(stderr, "match: %s\n", err);
            bad = 1;
        }
    }
    tally_report(stdout, &t, sprt);
    tally_free(&t);
    return bad;
}

int main(int argc, char **argv)
{
    MatchConfig cfg = {.timeout = 30, .margin = 0.5};
    GameArgs ga = GAME_ARGS_DEFAULT;
    ga.out_path = "match.tsv";
    const char *openings_path = NULL;
    long games = 10, first = 0, jobs = 1, random_plies = 2, seed = 1;
    Sprt sprt_v, *sprt = NULL;
    int merge_from = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL, *why = NULL;
        int used = 1, took; /* used: the option takes a value */
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if ((took = game_arg(&ga, a, v)) != ARG_OTHER) {
            if (took == ARG_BAD) goto bad;
            used = took;
        } else if (!strcmp(a, "-a") || !strcmp(a, "--engine-a")) {
            if (!v || !*v) goto bad;
            cfg.cmd[0] = v;
        } else if (!strcmp(a, "-b") || !strcmp(a, "--engine-b")) {
            if (!v || !*v) goto bad;
            cfg.cmd[1] = v;
        } else if (!strcmp(a, "-n") || !strcmp(a, "--games")) {
            if (arg_long(v, 1, 1000000000L, &games)) goto bad;
        } else if (!strcmp(a, "--first-game")) {
            if (arg_long(v, 0, 1000000000L, &first)) goto bad;
        } else if (!strcmp(a, "--movetime")) {
            double s;
            if (arg_double(v, 0.001, 1e6, &s)) goto bad;
            cfg.tc = (TimeControl){.on = true, .main = 0, .byo = s, .stones = 1};
        } else if (!strcmp(a, "--tc")) {
            if (!v || (why = tc_parse(&cfg.tc, v))) goto bad;
        } else if (!strcmp(a, "--timeout")) {
            if (arg_double(v, 0.01, 1e6, &cfg.timeout)) goto bad;
        } else if (!strcmp(a, "--margin")) {
            if (arg_double(v, 0, 1e3, &cfg.margin)) goto bad;
        } else if (!strcmp(a, "--random-opening")) {
            if (arg_long(v, 0, 10000, &random_plies)) goto bad;
        } else if (!strcmp(a, "--openings")) {
            if (!v) goto bad;
            openings_path = v;
        } else if (!strcmp(a, "--seed")) {
            if (arg_long(v, 0, 2147483647L, &seed)) goto bad;
        } else if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) {
            if (arg_long(v, 1, MAX_JOBS, &jobs)) goto bad;
        } else if (!strcmp(a, "--sprt")) {
            if (!v || (why = parse_sprt(&sprt_v, v))) goto bad;
            sprt = &sprt_v;
        } else if (!strcmp(a, "--clock-log")) {
            if (!v || !*v) goto bad;
            cfg.clock_log = v;
        } else if (!strcmp(a, "--engine-stderr")) {
            if (!v || !*v) goto bad;
            cfg.stderr_path = v;
        } else if (!strcmp(a, "--merge")) {
            merge_from = i + 1;
            /* Everything after --merge is a file, except a trailing --sprt. */
            int end = argc;
            for (int k = i + 1; k < argc; k++)
                if (!strcmp(argv[k], "--sprt")) {
                    if (k + 1 >= argc || (why = parse_sprt(&sprt_v, argv[k + 1]))) {
                        a = argv[k];
                        v = k + 1 < argc ? argv[k + 1] : NULL;
                        goto bad;
                    }
                    sprt = &sprt_v;
                    end = k;
                    break;
                }
            if (end <= merge_from) goto bad;
            return merge(argv + merge_from, end - merge_from, sprt);
        } else {
            v = NULL;
            goto bad;
        }
        i += used;
        continue;
    bad:
        return arg_refuse("match", a, v, why);
    }
    if (!cfg.cmd[0] || !cfg.cmd[1]) {
        fprintf(stderr, "match: need both engines (-a CMD -b CMD); see --help\n");
        return 2;
    }

    Board *board = game_args_board(&ga, "match");
    if (!board) return 2;
    char err[512];
    Ruleset rules = board->rules;
    cfg.board = board;
    cfg.max_plies = (int)ga.max_plies;
    Openings openings = {0};
    if (openings_path && openings_load(&openings, openings_path, board, err, sizeof err)) {
        fprintf(stderr, "match: %s\n", err);
        board_free(board);
        return 2;
    }
    FILE *out = fopen(ga.out_path, "a");
    if (!out) {
        fprintf(stderr, "match: %s: %s\n", ga.out_path, strerror(errno));
        openings_free(&openings);
        board_free(board);
        return 2;
    }
    /* A dead engine's closed stdin must be an error return, not our death. */
    signal_set(SIGPIPE, SIG_IGN);

    char canon[200], open_text[300];
    ruleset_format(&rules, canon, sizeof canon);
    if (openings_path) snprintf(open_text, sizeof open_text, "file %s", openings_path);
    else snprintf(open_text, sizeof open_text, "random %ld seed %ld", random_plies, seed);
    record_write_header(out, &cfg, canon, open_text);
    char tc[64];
    tc_format(&cfg.tc, tc, sizeof tc);
    char board_text[32];
    if (rules.game == GAME_MORPHARAOH) snprintf(board_text, sizeof board_text, "%d cells", rules.cells);
    else snprintf(board_text, sizeof board_text, "%ldx%ld", ga.size, ga.size);
    printf("match: A = %s\n       B = %s\n       %ld games from #%ld, %s, rules %s, time %s, openings %s, %ld at once -> %s\n", cfg.cmd[0], cfg.cmd[1], games,
           first, board_text, canon, tc, open_text, jobs, ga.out_path);

    MatchRun run = {.cfg = &cfg, .openings = &openings, .random_plies = (int)random_plies, .seed = (uint64_t)seed, .first = first,
                    .end = first + games, .next = first, .out = out, .sprt = sprt, .quiet = ga.quiet};
    pthread_mutex_init(&run.lock, NULL);
    pthread_t tid[MAX_JOBS];
    long started = 0;
    for (; started < jobs; started++)
        if (pthread_create(&tid[started], NULL, worker, &run)) break;
    if (started == 0) worker(&run);
    for (long i = 0; i < started; i++) pthread_join(tid[i], NULL);
    pthread_mutex_destroy(&run.lock);

    tally_report(stdout, &run.tally, sprt);
    tally_free(&run.tally);
    fclose(out);
    openings_free(&openings);
    board_free(board);
    return run.tally.runner_failures ? 1 : 0;
}

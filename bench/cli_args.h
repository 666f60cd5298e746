/* cli_args.h - numbers from command-line arguments and table fields (the
 * whole text must be the number, within the given range), and the options
 * the programs that play games share. */
#ifndef MORPHOS_BENCH_CLI_ARGS_H
#define MORPHOS_BENCH_CLI_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../rules/rules.h"

/* 0 and *out set, or -1 (NULL text, junk, overflow, out of range). */
int arg_long(const char *s, long lo, long hi, long *out);
int arg_double(const char *s, double lo, double hi, double *out);
int arg_u64(const char *s, uint64_t *out); /* digits only: no sign */

/* The board of a size and rule tokens (ruleset_parse; the size is ignored
 * on Morpharaoh's boards): the board, or NULL and the reason in err. */
Board *arg_board(long size, const char *rules, char *err, size_t errlen);

/* The options bench/selfplay and bench/match both take, with the same names
 * and ranges: -s/--size N (MIN_SIZE..MAX_SIZE), --rules TOKENS, --max-plies N
 * (1..100000000), -o/--output FILE (not empty), --quiet. */
typedef struct GameArgs {
    long size;            /* 9 unless given */
    const char *rules;    /* "morphos" unless given */
    long max_plies;       /* 0 unless given: game_args_board sets 10 x points */
    const char *out_path; /* the program's default unless given */
    bool quiet;
} GameArgs;

#define GAME_ARGS_DEFAULT {.size = 9, .rules = "morphos"}
enum { ARG_BAD = -1, ARG_OTHER = -2 };

/* Option a, with v the argument after it (NULL at the end): how many
 * arguments after a it took (0 or 1), ARG_BAD when its value is missing or
 * out of range, ARG_OTHER when a is none of these options. */
int game_arg(GameArgs *g, const char *a, const char *v);

/* The board of g's size and rules (arg_board), and g->max_plies 10 x its
 * points unless given: the board, or NULL after "PROG: the reason" on
 * stderr. */
Board *game_args_board(GameArgs *g, const char *prog);

/* A bad option: "PROG: bad option A V: WHY" (V and WHY where not NULL) and
 * where the options are listed, on stderr. Returns 2, a usage error's exit
 * status. */
int arg_refuse(const char *prog, const char *a, const char *v, const char *why);

#endif

/* cli_args.h - numbers from command-line arguments and table fields: the
 * whole text must be the number, within the given range. */
#ifndef MORPHOS_BENCH_CLI_ARGS_H
#define MORPHOS_BENCH_CLI_ARGS_H

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

#endif

/* cli_args.h - numbers from command-line arguments and table fields: the
 * whole text must be the number, within the given range. */
#ifndef MORPHOS_BENCH_CLI_ARGS_H
#define MORPHOS_BENCH_CLI_ARGS_H

#include <stdint.h>

/* 0 and *out set, or -1 (NULL text, junk, overflow, out of range). */
int arg_long(const char *s, long lo, long hi, long *out);
int arg_double(const char *s, double lo, double hi, double *out);
int arg_u64(const char *s, uint64_t *out); /* digits only: no sign */

#endif

/* args.h - strict parsing of GTP arguments (colours, integers, numbers).
 * Each returns 0 on success and -1 on anything else (junk, overflow, out of
 * range), writing nothing then. */
#ifndef MORPHOS_ARGS_H
#define MORPHOS_ARGS_H

#include "../rules/rules.h"

int arg_color(const char *s, Color *c);           /* b, black, w, white (any case) */
int arg_int(const char *s, long min, long max, long *v);
int arg_num(const char *s, double min, double max, double *v); /* finite decimal */
/* A command's optional last number (SECONDS): no argument (v unchanged),
 * or one arg_num in range; -1 for more than one or a bad one. */
int arg_opt_num(int argc, char **argv, double min, double max, double *v);
const char *color_name(Color c);                  /* "black" / "white" */

#endif

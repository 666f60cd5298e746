/* args.c - see args.h. */
#include "args.h"

#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <strings.h>

int arg_color(const char *s, Color *c)
{
    if (!strcasecmp(s, "b") || !strcasecmp(s, "black")) *c = BLACK;
    else if (!strcasecmp(s, "w") || !strcasecmp(s, "white")) *c = WHITE;
    else return -1;
    return 0;
}

int arg_int(const char *s, long min, long max, long *v)
{
    assert(s && v && min <= max);
    /* strtol alone accepts leading spaces, "+" and "0x"; GTP integers are
     * plain decimal digits, negative ones with a minus. */
    const char *d = s + (*s == '-');
    if (*d < '0' || *d > '9') return -1;
    for (const char *q = d; *q; q++)
        if (*q < '0' || *q > '9') return -1;
    errno = 0;
    long x = strtol(s, NULL, 10);
    if (errno == ERANGE || x < min || x > max) return -1;
    *v = x;
    return 0;
}

int arg_num(const char *s, double min, double max, double *v)
{
    assert(s && v && min <= max);
    const char *q = s + (*s == '-');
    int digits = 0, dots = 0;
    for (; *q; q++) {
        if (*q >= '0' && *q <= '9') digits++;
        else if (*q == '.' && !dots) dots++;
        else return -1;
    }
    if (!digits) return -1;
    double x = strtod(s, NULL);
    if (!isfinite(x) || x < min || x > max) return -1;
    *v = x;
    return 0;
}

const char *color_name(Color c) { return c == BLACK ? "black" : "white"; }

int arg_opt_num(int argc, char **argv, double min, double max, double *v)
{
    if (argc == 0) return 0;
    return argc == 1 ? arg_num(argv[0], min, max, v) : -1;
}

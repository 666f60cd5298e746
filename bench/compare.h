/* compare.h - bench/bench --compare: the rules core against an outside
 * reference implementation of the base rules (a single C file taking the
 * board size as -DN and the commands `playouts COUNT`, `perft plain|bulk
 * DEPTH`), built twice (its portable scalar backend without AVX-512, and
 * its vector backend), on the same work, run alternately as child
 * processes. Each
 * side's figure is the median process CPU time (user + system, from
 * wait4) over the rounds: on a shared machine CPU time is the stable one,
 * and alternating the runs exposes both sides to the same load. A
 * developer's tool: the reference is not part of the project, so a
 * missing one is reported and the comparison skipped. */
#ifndef MORPHOS_BENCH_COMPARE_H
#define MORPHOS_BENCH_COMPARE_H

/* ref: the reference's source file, or a directory holding
 * morphos_fast.c. only_size: 0 for 5, 9, 13 and 19, else that size.
 * Returns 0 (also when skipped), 1 when a run fails. */
int compare_run(const char *ref, int rounds, long only_size);

#endif

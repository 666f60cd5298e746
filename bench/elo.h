/* elo.h - match statistics: the Elo difference with its 95% interval, the
 * likelihood of superiority, and a sequential probability ratio test.
 *
 * Logistic Elo: a score fraction s means a difference of
 * -400 log10(1/s - 1). The interval comes from the normal approximation of
 * the mean game score (trinomial: win 1, draw 1/2, loss 0), as cutechess-cli
 * reports it; a clean sweep (all wins or all losses) gets the exact
 * binomial bound on its finite side instead. The SPRT is the generalised SPRT on that normal approximation
 * (as used by fishtest for logistic Elo bounds). */
#ifndef MORPHOS_BENCH_ELO_H
#define MORPHOS_BENCH_ELO_H

typedef struct EloEstimate {
    double score;    /* mean score of the first player, 0..1 */
    double elo;      /* its Elo difference (+-HUGE_VAL at a score of 1 or 0) */
    double lo, hi;   /* 95% interval of the difference */
    double los;      /* likelihood of superiority, 0..1 (draws ignored) */
} EloEstimate;

/* Elo difference of a score fraction. */
double elo_from_score(double score);
/* Expected score fraction at an Elo difference. */
double score_from_elo(double elo);

/* From wins, losses and draws of the first player. -1 when there are no
 * games, else 0. */
int elo_estimate(double wins, double losses, double draws, EloEstimate *out);

/* From game pairs (the same opening, colours swapped): pairs[h] is the
 * number of pairs where the first player scored h half-points (0..4). The
 * interval comes from the spread of the pair scores (pentanomial); los is
 * not computed (0.5). -1 when there are no pairs, else 0. */
int elo_estimate_pairs(const long pairs[5], EloEstimate *out);

typedef enum { SPRT_CONTINUE = 0, SPRT_H0, SPRT_H1 } SprtVerdict;

typedef struct Sprt {
    double elo0, elo1;   /* H0: the difference is elo0; H1: it is elo1 */
    double alpha, beta;  /* false positive and false negative rates */
} Sprt;

/* Log-likelihood ratio of H1 against H0 for these results (0 while the
 * results cannot tell: no games, or no variance). */
double sprt_llr(const Sprt *t, double wins, double losses, double draws);
void sprt_bounds(const Sprt *t, double *lower, double *upper);
SprtVerdict sprt_verdict(const Sprt *t, double wins, double losses, double draws);
/* NULL when the parameters make sense, else why not. */
const char *sprt_check(const Sprt *t);

#endif

/* elo.c - see elo.h. */
#include "elo.h"

#include <math.h>

/* Two-sided 95% quantile of the standard normal distribution. */
#define Z95 1.959963984540054

double elo_from_score(double score)
{
    if (score <= 0) return -HUGE_VAL;
    if (score >= 1) return HUGE_VAL;
    return -400.0 * log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

/* Mean and per-game variance of the score. */
static void score_stats(double w, double l, double d, double *mean, double *var)
{
    double n = w + l + d;
    double s = (w + 0.5 * d) / n;
    *mean = s;
    *var = (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s) / n;
}

int elo_estimate(double wins, double losses, double draws, EloEstimate *out)
{
    double n = wins + losses + draws;
    if (n <= 0) return -1;
    double s, var;
    score_stats(wins, losses, draws, &s, &var);
    double margin = Z95 * sqrt(var / n);
    out->score = s;
    out->elo = elo_from_score(s);
    out->lo = elo_from_score(s - margin);
    out->hi = elo_from_score(s + margin);
    /* A clean sweep has no spread, so the normal interval collapses to
     * +-inf; the exact binomial (Clopper-Pearson) bound for n wins out of n,
     * 0.025^(1/n), still says how strong the winner must at least be. */
    if (wins == n) out->lo = elo_from_score(pow(0.025, 1.0 / n));
    if (losses == n) out->hi = -elo_from_score(pow(0.025, 1.0 / n));
    out->los = wins + losses > 0 ? 0.5 * (1.0 + erf((wins - losses) / sqrt(2.0 * (wins + losses)))) : 0.5;
    return 0;
}

int elo_estimate_pairs(const long pairs[5], EloEstimate *out)
{
    double n = 0, sum = 0;
    for (int h = 0; h < 5; h++) {
        n += (double)pairs[h];
        sum += (double)pairs[h] * h / 4.0;
    }
    if (n <= 0) return -1;
    double s = sum / n, var = 0;
    for (int h = 0; h < 5; h++) var += (double)pairs[h] * (h / 4.0 - s) * (h / 4.0 - s);
    var /= n;
    double margin = Z95 * sqrt(var / n);
    out->score = s;
    out->elo = elo_from_score(s);
    out->lo = elo_from_score(s - margin);
    out->hi = elo_from_score(s + margin);
    /* Every pair won (or lost) outright: the binomial bound on pairs. */
    if (pairs[4] == n) out->lo = elo_from_score(pow(0.025, 1.0 / n));
    if (pairs[0] == n) out->hi = -elo_from_score(pow(0.025, 1.0 / n));
    out->los = 0.5;
    return 0;
}

double sprt_llr(const Sprt *t, double wins, double losses, double draws)
{
    double n = wins + losses + draws;
    if (n <= 0) return 0;
    double s, var;
    score_stats(wins, losses, draws, &s, &var);
    if (var <= 0) return 0;
    double s0 = score_from_elo(t->elo0), s1 = score_from_elo(t->elo1);
    /* The log-likelihood ratio of two normal means with a common, estimated
     * variance: n (s1 - s0)(2s - s0 - s1) / (2 var). */
    return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
}

void sprt_bounds(const Sprt *t, double *lower, double *upper)
{
    *lower = log(t->beta / (1 - t->alpha));
    *upper = log((1 - t->beta) / t->alpha);
}

SprtVerdict sprt_verdict(const Sprt *t, double wins, double losses, double draws)
{
    double lo, hi, llr = sprt_llr(t, wins, losses, draws);
    sprt_bounds(t, &lo, &hi);
    if (llr >= hi) return SPRT_H1;
    if (llr <= lo) return SPRT_H0;
    return SPRT_CONTINUE;
}

const char *sprt_check(const Sprt *t)
{
    if (!(t->alpha > 0 && t->alpha < 0.5 && t->beta > 0 && t->beta < 0.5)) return "alpha and beta must be in (0, 0.5)";
    if (!(t->elo1 > t->elo0)) return "elo1 must be above elo0";
    if (!(fabs(t->elo0) < 1000 && fabs(t->elo1) < 1000)) return "elo bounds must be within +-1000";
    return 0;
}

/* stats.c: the Student-t confidence interval and the stopping rule. */
#include <config.h>

#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>

#include "mpib.h"

double MPIB_t_quantile(double cl, int n)
{
    if (n < 2 || !(cl > 0.0 && cl < 1.0))
        return NAN;
    /* Two-sided: cl of the mass lies within +-t, (1 - cl) / 2 in each tail. */
    return gsl_cdf_tdist_Pinv((1.0 + cl) / 2.0, n - 1);
}

double MPIB_ci(double cl, int n, const double *T)
{
    if (n < 2)
        return INFINITY;
    return MPIB_t_quantile(cl, n) * gsl_stats_sd(T, 1, (size_t)n) / sqrt((double)n);
}

MPIB_stop MPIB_stop_rule(const MPIB_precision *p, int n, const double *T, double *ci)
{
    return MPIB_stop_rule_bound(p, n, T, INFINITY, ci);
}

MPIB_stop MPIB_stop_rule_bound(const MPIB_precision *p, int n, const double *T, double bound,
                               double *ci)
{
    double half = MPIB_ci(p->cl, n, T);
    if (ci != NULL)
        *ci = half;
    double mean = n > 0 ? gsl_stats_mean(T, 1, (size_t)n) : 0;
    if (n >= p->min_reps && n >= 2 && half <= p->eps * mean)
        return MPIB_CONVERGED;
    if (n >= 2 && mean - half > bound)
        return MPIB_ABOVE;
    if (n >= p->max_reps)
        return MPIB_EXHAUSTED;
    return MPIB_CONTINUE;
}

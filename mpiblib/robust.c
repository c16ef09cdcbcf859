/* robust.c: statistics that a few slow repetitions cannot move: the
 * median, its distribution-free confidence interval, and Tukey's fences.
 * Timing samples are skewed to the right (a preempted rank, a daemon's
 * wake-up), so a mean and its Student-t interval follow the worst
 * repetitions; order statistics do not. */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort_double.h>
#include <gsl/gsl_statistics_double.h>

#include "mpib.h"

/* A sorted copy of the n samples T, or NULL when out of memory. */
static double *sorted_copy(int n, const double *T)
{
    double *s = malloc((size_t)n * sizeof *s);
    if (s != NULL) {
        memcpy(s, T, (size_t)n * sizeof *s);
        gsl_sort(s, 1, (size_t)n);
    }
    return s;
}

double MPIB_median(int n, const double *T)
{
    double *s = n > 0 ? sorted_copy(n, T) : NULL;
    if (s == NULL)
        return NAN;
    double median = gsl_stats_median_from_sorted_data(s, 1, (size_t)n);
    free(s);
    return median;
}

double MPIB_median_ci(double cl, int n, const double *T, double *lo, double *hi)
{
    *lo = -INFINITY;
    *hi = INFINITY;
    if (n < 1 || !(cl > 0.0 && cl < 1.0))
        return 0.0;
    /* The k-th smallest and k-th largest samples bracket the median unless
     * fewer than k samples fall on one side of it: with B ~ Bin(n, 1/2)
     * the number below, the coverage is 1 - 2 P(B <= k - 1).  The widest
     * k whose coverage still reaches cl gives the narrowest interval. */
    int k = 0;
    double coverage = 0.0;
    for (int j = 1; 2 * j <= n + 1; j++) {
        double c = 1.0 - 2.0 * gsl_cdf_binomial_P((unsigned)(j - 1), 0.5, (unsigned)n);
        if (c < cl)
            break;
        k = j;
        coverage = c;
    }
    if (k == 0)
        return 0.0;
    double *s = sorted_copy(n, T);
    if (s == NULL)
        return 0.0;
    *lo = s[k - 1];
    *hi = s[n - k];
    free(s);
    return coverage;
}

int MPIB_outliers_remove(int n, const double *T, double *kept)
{
    if (n < 1)
        return 0;
    double *s = sorted_copy(n, T);
    if (s == NULL)
        return -1;
    double q1 = gsl_stats_quantile_from_sorted_data(s, 1, (size_t)n, 0.25);
    double q3 = gsl_stats_quantile_from_sorted_data(s, 1, (size_t)n, 0.75);
    free(s);
    double low = q1 - 1.5 * (q3 - q1), high = q3 + 1.5 * (q3 - q1);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (T[i] >= low && T[i] <= high)
            kept[m++] = T[i];
    return m;
}

/* test_stats: the confidence interval and the stopping rule, against a
 * printed Student-t table and hand-computed means and deviations, never
 * against GSL itself. */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>

#include "mpib.h"
#include "unit.h"

/* Two-sided 95 % quantiles t(0.975, df) for df = 1..30, from a printed
 * t-table (three decimals). */
static const double t95[31] = {
    NAN,   12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179,  2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074,  2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

/* Table values have three decimals: a difference of 5e-4 is rounding. */
#define TABLE_TOL 6e-4

START_TEST(quantile_matches_table)
{
    for (int df = 1; df <= 30; df++)
        ck_assert_double_eq_tol(MPIB_t_quantile(0.95, df + 1), t95[df], TABLE_TOL);
    ck_assert_double_eq_tol(MPIB_t_quantile(0.95, 41), 2.021, TABLE_TOL);
    ck_assert_double_eq_tol(MPIB_t_quantile(0.95, 61), 2.000, TABLE_TOL);
    ck_assert_double_eq_tol(MPIB_t_quantile(0.95, 121), 1.980, TABLE_TOL);
    ck_assert_double_eq_tol(MPIB_t_quantile(0.99, 5), 4.604, TABLE_TOL);
    ck_assert_double_eq_tol(MPIB_t_quantile(0.99, 11), 3.169, TABLE_TOL);
    ck_assert_double_eq_tol(MPIB_t_quantile(0.90, 5), 2.132, TABLE_TOL);
    ck_assert_double_eq_tol(MPIB_t_quantile(0.90, 31), 1.697, TABLE_TOL);
}
END_TEST

/* MPIBlib's interval used the one-sided quantile Pinv(cl, n - 1): at
 * cl = 0.95 that is the two-sided 90 % value, a narrower interval. */
START_TEST(quantile_is_two_sided)
{
    double one_sided = gsl_cdf_tdist_Pinv(0.95, 4);
    ck_assert_double_eq_tol(one_sided, 2.132, TABLE_TOL);
    ck_assert_double_eq_tol(MPIB_t_quantile(0.95, 5), 2.776, TABLE_TOL);
    ck_assert_double_eq_tol(MPIB_t_quantile(0.90, 5), one_sided, 1e-12);
}
END_TEST

START_TEST(quantile_rejects_bad_input)
{
    ck_assert(isnan(MPIB_t_quantile(0.95, 1)));
    ck_assert(isnan(MPIB_t_quantile(0.95, 0)));
    ck_assert(isnan(MPIB_t_quantile(0.0, 5)));
    ck_assert(isnan(MPIB_t_quantile(1.0, 5)));
    ck_assert(isnan(MPIB_t_quantile(NAN, 5)));
}
END_TEST

START_TEST(ci_known_values)
{
    /* mean 3, sample variance 2.5: half-width 2.776 * sqrt(2.5 / 5). */
    const double a[] = {1, 2, 3, 4, 5};
    ck_assert_double_eq_tol(MPIB_ci(0.95, 5, a), 2.776 * sqrt(0.5), 3 * TABLE_TOL);
    /* Two samples 0 and 2: sd sqrt(2), half-width 12.706 * sqrt(2) / sqrt(2). */
    const double b[] = {0, 2};
    ck_assert_double_eq_tol(MPIB_ci(0.95, 2, b), 12.706, 3 * TABLE_TOL);
    const double same[] = {7, 7, 7, 7};
    ck_assert_double_eq_tol(MPIB_ci(0.95, 4, same), 0.0, 1e-15);
    ck_assert(isinf(MPIB_ci(0.95, 1, a)));
    ck_assert(isinf(MPIB_ci(0.95, 0, a)));
}
END_TEST

/* The rule recomputed independently: mean and sample deviation by hand,
 * the quantile from the table (cl 0.95, n <= 31 only). */
static MPIB_stop reference_rule(const MPIB_precision *p, int n, const double *T)
{
    if (n >= p->min_reps && n >= 2) {
        double sum = 0, sq = 0;
        for (int i = 0; i < n; i++)
            sum += T[i];
        double mean = sum / n;
        for (int i = 0; i < n; i++)
            sq += (T[i] - mean) * (T[i] - mean);
        double half = t95[n - 1] * sqrt(sq / (n - 1)) / sqrt(n);
        if (half <= p->eps * mean)
            return MPIB_CONVERGED;
    }
    return n >= p->max_reps ? MPIB_EXHAUSTED : MPIB_CONTINUE;
}

/* The first n at which the rule stops, or -1. */
static int first_stop(const MPIB_precision *p, int n, const double *T, MPIB_stop *how)
{
    for (int i = 0; i <= n; i++)
        if ((*how = MPIB_stop_rule(p, i, T, NULL)) != MPIB_CONTINUE)
            return i;
    return -1;
}

/* Deterministic noise in [-1, 1) from a linear congruential generator. */
static double noise(unsigned *state)
{
    *state = *state * 1103515245u + 12345u;
    return ((*state >> 8) & 0xffff) / 32768.0 - 1.0;
}

START_TEST(rule_matches_reference)
{
    enum { N = 31 };
    double seqs[4][N];
    unsigned state = 2026;
    for (int i = 0; i < N; i++) {
        seqs[0][i] = 1.0 + (i % 2 ? 0.02 : -0.02);        /* alternating */
        seqs[1][i] = 1.0 + 0.05 * noise(&state);          /* uniform noise */
        seqs[2][i] = i == 4 ? 10.0 : 1.0 + 0.001 * (i % 3); /* one outlier */
        seqs[3][i] = 2.0 + 0.3 * noise(&state);           /* never converges */
    }
    MPIB_precision p = MPIB_precision_default();
    p.max_reps = N;
    /* Near-ties between the printed table and the exact quantile would make
     * the comparison ill-posed; these sequences have none. */
    for (int s = 0; s < 4; s++)
        for (int n = 0; n <= N; n++) {
            MPIB_stop got = MPIB_stop_rule(&p, n, seqs[s], NULL);
            MPIB_stop want = reference_rule(&p, n, seqs[s]);
            ck_assert_msg(got == want, "sequence %d, n = %d: rule says %d, reference %d", s, n,
                          got, want);
            if (want != MPIB_CONTINUE)
                break;
        }
    /* And the stopping points themselves, which the loop above reached. */
    MPIB_stop how;
    ck_assert_int_eq(first_stop(&p, N, seqs[0], &how), 6); /* n = 5: 0.0272 > 0.0249 */
    ck_assert_int_eq(how, MPIB_CONVERGED);
    ck_assert_int_eq(first_stop(&p, N, seqs[3], &how), N);
    ck_assert_int_eq(how, MPIB_EXHAUSTED);
}
END_TEST

START_TEST(rule_zero_variance_stops_at_min_reps)
{
    const double T[10] = {3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
    MPIB_precision p = MPIB_precision_default();
    double ci;
    for (int n = 0; n < 5; n++)
        ck_assert_int_eq(MPIB_stop_rule(&p, n, T, NULL), MPIB_CONTINUE);
    ck_assert_int_eq(MPIB_stop_rule(&p, 5, T, &ci), MPIB_CONVERGED);
    ck_assert_double_eq_tol(ci, 0.0, 1e-15);
}
END_TEST

START_TEST(rule_one_sided_would_stop_two_sided_does_not)
{
    /* mean 1, sd 0.025: two-sided half-width 2.776 * 0.025 / sqrt(5) = 0.0310
     * exceeds eps = 0.025, the one-sided 2.132 * 0.025 / sqrt(5) = 0.0238
     * does not.  MPIBlib stopped here; the two-sided rule goes on. */
    const double T[5] = {0.975, 1.025, 1.0, 0.975, 1.025};
    MPIB_precision p = MPIB_precision_default();
    double ci;
    ck_assert_int_eq(MPIB_stop_rule(&p, 5, T, &ci), MPIB_CONTINUE);
    ck_assert_double_eq_tol(ci, 2.776 * 0.025 / sqrt(5.0), 1e-5);
    ck_assert(2.132 * 0.025 / sqrt(5.0) < p.eps);
}
END_TEST

START_TEST(rule_outlier_delays_convergence)
{
    /* mean 2.8, sd sqrt(16.2): half-width 2.776 * 4.025 / sqrt(5) = 4.997. */
    double T[40] = {1, 1, 1, 1, 10};
    for (int i = 5; i < 40; i++)
        T[i] = 1.0;
    MPIB_precision p = MPIB_precision_default();
    double ci;
    ck_assert_int_eq(MPIB_stop_rule(&p, 5, T, &ci), MPIB_CONTINUE);
    ck_assert_double_eq_tol(ci, 2.776 * sqrt(16.2) / sqrt(5.0), 1e-3);
    /* Without the outlier, five ones would have converged at once. */
    ck_assert_int_eq(MPIB_stop_rule(&p, 5, T + 5, NULL), MPIB_CONVERGED);
    /* With it, convergence never comes within 40 samples: the single 10
     * keeps the half-width above 2.5 % of the mean. */
    p.max_reps = 40;
    MPIB_stop how;
    ck_assert_int_eq(first_stop(&p, 40, T, &how), 40);
    ck_assert_int_eq(how, MPIB_EXHAUSTED);
}
END_TEST

START_TEST(rule_fixed_repetitions)
{
    /* min_reps == max_reps: always exactly that many, converged or not. */
    const double steady[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    const double noisy[8] = {1, 2, 1, 2, 1, 2, 1, 2};
    MPIB_precision p = {8, 8, 0.95, 0.025};
    MPIB_stop how;
    ck_assert_int_eq(first_stop(&p, 8, steady, &how), 8);
    ck_assert_int_eq(how, MPIB_CONVERGED);
    ck_assert_int_eq(first_stop(&p, 8, noisy, &how), 8);
    ck_assert_int_eq(how, MPIB_EXHAUSTED);
    /* One repetition says nothing about the spread: never converged. */
    MPIB_precision once = {1, 1, 0.95, 0.025};
    ck_assert_int_eq(MPIB_stop_rule(&once, 1, steady, NULL), MPIB_EXHAUSTED);
}
END_TEST

START_TEST(rule_bound)
{
    /* Two samples 10 and 10.2: mean 10.1, half-width 12.706 * 0.1414 / sqrt 2
     * = 1.2706 at 95 %, so the interval starts at 8.83. */
    const double T[2] = {10, 10.2};
    MPIB_precision p = {5, 100, 0.95, 0.025};
    double ci;
    ck_assert_int_eq(MPIB_stop_rule_bound(&p, 2, T, 8.0, &ci), MPIB_ABOVE);
    ck_assert_double_eq_tol(ci, 1.2706, 1e-3);
    ck_assert_int_eq(MPIB_stop_rule_bound(&p, 2, T, 9.0, NULL), MPIB_CONTINUE);
    ck_assert_int_eq(MPIB_stop_rule_bound(&p, 2, T, INFINITY, NULL), MPIB_CONTINUE);
    /* One sample says nothing, however far above the bound. */
    ck_assert_int_eq(MPIB_stop_rule_bound(&p, 1, T, 0.0, NULL), MPIB_CONTINUE);
    /* Converged before the bound matters; a steady pair is above at once. */
    const double steady[5] = {1, 1, 1, 1, 1};
    ck_assert_int_eq(MPIB_stop_rule_bound(&p, 5, steady, 0.5, NULL), MPIB_CONVERGED);
    ck_assert_int_eq(MPIB_stop_rule_bound(&p, 2, steady, 0.5, NULL), MPIB_ABOVE);
    ck_assert_int_eq(MPIB_stop_rule_bound(&p, 2, steady, 1.0, NULL), MPIB_CONTINUE);
}
END_TEST

START_TEST(precision_defaults_and_checks)
{
    MPIB_precision d = MPIB_precision_default();
    ck_assert_int_eq(d.min_reps, 5);
    ck_assert_int_eq(d.max_reps, 100);
    ck_assert_double_eq(d.cl, 0.95);
    ck_assert_double_eq(d.eps, 0.025);
    ck_assert_int_eq(MPIB_precision_check(&d), MPI_SUCCESS);
    const MPIB_precision bad[] = {
        {0, 10, 0.95, 0.025}, {5, 4, 0.95, 0.025}, {5, 10, 0.0, 0.025}, {5, 10, 1.0, 0.025},
        {5, 10, NAN, 0.025},  {5, 10, 0.95, 0.0},  {5, 10, 0.95, -1},   {5, 10, 0.95, NAN}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(MPIB_precision_check(&bad[i]) == MPI_ERR_ARG, "bad precision %zu accepted",
                      i);
    ck_assert_int_eq(MPIB_precision_check(NULL), MPI_ERR_ARG);
}
END_TEST

Suite *unit_suite(void)
{
    Suite *s = suite_create("stats");
    TCase *t = tcase_create("stats");
    tcase_add_test(t, quantile_matches_table);
    tcase_add_test(t, quantile_is_two_sided);
    tcase_add_test(t, quantile_rejects_bad_input);
    tcase_add_test(t, ci_known_values);
    tcase_add_test(t, rule_matches_reference);
    tcase_add_test(t, rule_zero_variance_stops_at_min_reps);
    tcase_add_test(t, rule_one_sided_would_stop_two_sided_does_not);
    tcase_add_test(t, rule_outlier_delays_convergence);
    tcase_add_test(t, rule_fixed_repetitions);
    tcase_add_test(t, rule_bound);
    tcase_add_test(t, precision_defaults_and_checks);
    suite_add_tcase(s, t);
    return s;
}

/* test_robust: the median, its distribution-free interval, Tukey's fences
 * and the paired comparison, against values worked out by hand (binomial
 * tails as fractions of 2^n), and on synthetic timing series: a clear win,
 * two operations that overlap, and a machine whose speed drifts. */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "mpib.h"
#include "unit.h"

START_TEST(median_by_hand)
{
    const double odd[] = {3, 1, 2}, even[] = {4, 1, 3, 2}, one[] = {7};
    ck_assert_double_eq(MPIB_median(3, odd), 2);
    ck_assert_double_eq(MPIB_median(4, even), 2.5);
    ck_assert_double_eq(MPIB_median(1, one), 7);
    ck_assert(isnan(MPIB_median(0, one)));
    /* The samples are left as they were. */
    ck_assert_double_eq(odd[0], 3);
    ck_assert_double_eq(even[0], 4);
}
END_TEST

START_TEST(median_ci_by_hand)
{
    double T[10], lo, hi;
    for (int i = 0; i < 10; i++)
        T[i] = 10 - i; /* 10, 9, ..., 1: the order of the input does not matter */
    /* n = 10: P(B <= 0) = 1/1024, P(B <= 1) = 11/1024, P(B <= 2) = 56/1024.
     * k = 2 covers 1 - 22/1024 = 0.978515625; k = 3 only 0.890625. */
    double c = MPIB_median_ci(0.95, 10, T, &lo, &hi);
    ck_assert_double_eq_tol(c, 1 - 22.0 / 1024, 1e-12);
    ck_assert_double_eq(lo, 2);
    ck_assert_double_eq(hi, 9);
    /* At 99 %: k = 1 (1 - 2/1024), the smallest and largest. */
    c = MPIB_median_ci(0.99, 10, T, &lo, &hi);
    ck_assert_double_eq_tol(c, 1 - 2.0 / 1024, 1e-12);
    ck_assert_double_eq(lo, 1);
    ck_assert_double_eq(hi, 10);
    /* n = 6 is the first with an interval at 95 %: 1 - 2/64. */
    c = MPIB_median_ci(0.95, 6, T, &lo, &hi);
    ck_assert_double_eq_tol(c, 1 - 2.0 / 64, 1e-12);
    ck_assert_double_eq(lo, 5);
    ck_assert_double_eq(hi, 10);
    /* n = 5 has none: 1 - 2/32 = 0.9375 < 0.95. */
    c = MPIB_median_ci(0.95, 5, T, &lo, &hi);
    ck_assert_double_eq(c, 0);
    ck_assert(isinf(lo) && lo < 0 && isinf(hi) && hi > 0);
    c = MPIB_median_ci(1.0, 10, T, &lo, &hi);
    ck_assert(c == 0 && isinf(lo) && isinf(hi));
}
END_TEST

/* An interval of the median holds the median, at every n and level. */
START_TEST(median_ci_brackets_the_median)
{
    double T[200], lo, hi;
    srand(7);
    for (int n = 1; n <= 200; n++) {
        T[n - 1] = 1e-6 * (1 + rand() % 1000) * (rand() % 17 == 0 ? 30 : 1);
        const double levels[] = {0.8, 0.9, 0.95, 0.99};
        for (int l = 0; l < 4; l++) {
            double c = MPIB_median_ci(levels[l], n, T, &lo, &hi), m = MPIB_median(n, T);
            ck_assert(c == 0 || c >= levels[l]);
            ck_assert(lo <= m && m <= hi);
        }
    }
}
END_TEST

START_TEST(outliers_by_hand)
{
    /* Quartiles of 1 2 3 4 100: 2 and 4, IQR 2, fences -1 and 7. */
    const double a[] = {100, 1, 2, 3, 4};
    double kept[8];
    ck_assert_int_eq(MPIB_outliers_remove(5, a, kept), 4);
    ck_assert_double_eq(kept[0], 1);
    ck_assert_double_eq(kept[3], 4);
    /* 10 11 12 13 14 15 and 1: quartiles 10.5 and 13.5, fences 6 and 18;
     * a sample far below goes too. */
    const double b[] = {10, 11, 12, 13, 1, 14, 15};
    ck_assert_int_eq(MPIB_outliers_remove(7, b, kept), 6);
    ck_assert_double_eq(kept[4], 14);
    /* In place, and nothing to remove. */
    double c[] = {5, 6, 7, 8};
    ck_assert_int_eq(MPIB_outliers_remove(4, c, c), 4);
    ck_assert_double_eq(c[3], 8);
    ck_assert_int_eq(MPIB_outliers_remove(0, c, kept), 0);
}
END_TEST

/* A series of n pairs measured interleaved as MPIB_measure_pair does (A B,
 * then B A), sample k taking base(op) * speed(k) * noise. */
static void series(int n, double a, double b, double drift, double noise, double *A, double *B)
{
    for (int i = 0; i < n; i++) {
        int first = i % 2;
        double *slot[2] = {first ? &B[i] : &A[i], first ? &A[i] : &B[i]};
        double base[2] = {first ? b : a, first ? a : b};
        for (int j = 0; j < 2; j++) {
            int k = 2 * i + j;
            double jitter = 1 + noise * ((rand() % 1001) / 1000.0);
            *slot[j] = base[j] * (1 + drift * k) * jitter;
        }
    }
}

START_TEST(compare_clear_win)
{
    double A[30], B[30];
    srand(11);
    series(30, 0.8e-3, 1e-3, 0, 0.05, A, B);
    MPIB_comparison c;
    ck_assert_int_eq(MPIB_compare_samples(0.95, 30, A, B, &c), MPI_SUCCESS);
    ck_assert_int_eq(c.pairs, 30);
    ck_assert(c.hi < 1 && c.lo > 0.7 && c.ratio > 0.75 && c.ratio < 0.85);
    ck_assert(c.coverage >= 0.95);
    ck_assert(c.a < c.b);
}
END_TEST

START_TEST(compare_overlap)
{
    /* 2 % apart under 30 % noise: no verdict. */
    double A[30], B[30];
    srand(12);
    series(30, 0.98e-3, 1e-3, 0, 0.3, A, B);
    MPIB_comparison c;
    ck_assert_int_eq(MPIB_compare_samples(0.95, 30, A, B, &c), MPI_SUCCESS);
    ck_assert(c.lo < 1 && c.hi > 1);
}
END_TEST

START_TEST(compare_drift_cancels)
{
    /* Equal operations on a machine that slows by 2 % a sample.  Measured
     * one after the other (all of A, then all of B), A looks faster with
     * confidence; interleaved, the pairs cancel the drift. */
    enum { N = 40 };
    double A[N], B[N];
    for (int i = 0; i < N; i++) {
        A[i] = 1e-3 * (1 + 0.02 * i);
        B[i] = 1e-3 * (1 + 0.02 * (N + i));
    }
    MPIB_comparison c;
    ck_assert_int_eq(MPIB_compare_samples(0.95, N, A, B, &c), MPI_SUCCESS);
    ck_assert(c.hi < 1);
    srand(13);
    series(N, 1e-3, 1e-3, 0.02, 0.01, A, B);
    ck_assert_int_eq(MPIB_compare_samples(0.95, N, A, B, &c), MPI_SUCCESS);
    ck_assert(c.lo < 1 && c.hi > 1);
}
END_TEST

START_TEST(compare_rejects_bad_input)
{
    double A[] = {1, 2}, B[] = {1, 0}, C[] = {1, 1};
    MPIB_comparison c;
    ck_assert_int_eq(MPIB_compare_samples(0.95, 2, A, B, &c), MPI_ERR_ARG);
    ck_assert_int_eq(MPIB_compare_samples(0.95, 0, A, C, &c), MPI_ERR_ARG);
    ck_assert_int_eq(MPIB_compare_samples(1.0, 2, A, C, &c), MPI_ERR_ARG);
    ck_assert_int_eq(MPIB_compare_samples(0.95, 2, NULL, C, &c), MPI_ERR_ARG);
    /* Too few pairs for an interval: a ratio, but no verdict. */
    ck_assert_int_eq(MPIB_compare_samples(0.95, 2, A, C, &c), MPI_SUCCESS);
    ck_assert_double_eq(c.ratio, 1.5);
    ck_assert(isinf(c.lo) && isinf(c.hi) && c.coverage == 0);
}
END_TEST

Suite *unit_suite(void)
{
    Suite *s = suite_create("robust");
    TCase *t = tcase_create("robust");
    tcase_add_test(t, median_by_hand);
    tcase_add_test(t, median_ci_by_hand);
    tcase_add_test(t, median_ci_brackets_the_median);
    tcase_add_test(t, outliers_by_hand);
    tcase_add_test(t, compare_clear_win);
    tcase_add_test(t, compare_overlap);
    tcase_add_test(t, compare_drift_cancels);
    tcase_add_test(t, compare_rejects_bad_input);
    suite_add_tcase(s, t);
    return s;
}

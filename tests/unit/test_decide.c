/* test_decide: the rule that lets a plan replace the MPI library's call,
 * on synthetic series of paired timings: a clear win is taken, a small
 * one is not worth it, an overlap and too few pairs are refused, a loss is
 * a loss, and a drifting machine fools a comparison measured one operation
 * after the other but not an interleaved one. */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "himpi_tune.h"
#include "unit.h"

enum { N = 30 };

/* n pairs as MPIB_measure_pair takes them (plan then call, then call then
 * plan), sample k taking base * (1 + drift k) * (1 + noise u), u uniform
 * in [0, 1]. */
static void series(int n, double plan, double call, double drift, double noise, double *A,
                   double *B)
{
    for (int i = 0; i < n; i++) {
        int first = i % 2;
        for (int j = 0; j < 2; j++) {
            int is_plan = (j == 0) != first;
            double u = (rand() % 1001) / 1000.0;
            double t = (is_plan ? plan : call) * (1 + drift * (2 * i + j)) * (1 + noise * u);
            (is_plan ? A : B)[i] = t;
        }
    }
}

static HiMPI_Verdict decide(int n, const double *A, const double *B, double min_effect)
{
    MPIB_comparison c;
    ck_assert_int_eq(MPIB_compare_samples(0.95, n, A, B, &c), MPI_SUCCESS);
    return HiMPI_Decide(&c, min_effect);
}

START_TEST(clear_win_is_taken)
{
    double A[N], B[N];
    srand(1);
    series(N, 0.7e-4, 1e-4, 0, 0.2, A, B);
    ck_assert_int_eq(decide(N, A, B, 0.03), HIMPI_VERDICT_FASTER);
}
END_TEST

START_TEST(small_win_is_not_worth_it)
{
    /* 2 % faster under 0.5 % noise: significant, below the 3 % margin;
     * with no margin it is taken. */
    double A[N], B[N];
    srand(2);
    series(N, 0.98e-4, 1e-4, 0, 0.005, A, B);
    ck_assert_int_eq(decide(N, A, B, 0.03), HIMPI_VERDICT_SMALL);
    ck_assert_int_eq(decide(N, A, B, 0.0), HIMPI_VERDICT_FASTER);
}
END_TEST

START_TEST(margin_must_be_shown)
{
    /* The median clears the 3 % margin, but the interval reaches past it:
     * the gain may be smaller.  The interval itself below the margin is a
     * gain shown. */
    MPIB_comparison c = {.pairs = 30, .ratio = 0.609, .lo = 0.018, .hi = 0.987};
    ck_assert_int_eq(HiMPI_Decide(&c, 0.03), HIMPI_VERDICT_SMALL);
    c.hi = 0.97;
    ck_assert_int_eq(HiMPI_Decide(&c, 0.03), HIMPI_VERDICT_FASTER);
    c.hi = 0.9700001;
    ck_assert_int_eq(HiMPI_Decide(&c, 0.03), HIMPI_VERDICT_SMALL);
    ck_assert_int_eq(HiMPI_Decide(&c, 0.0), HIMPI_VERDICT_FASTER);
}
END_TEST

START_TEST(overlap_is_refused)
{
    /* 5 % apart under 50 % noise. */
    double A[N], B[N];
    srand(3);
    series(N, 0.95e-4, 1e-4, 0, 0.5, A, B);
    ck_assert_int_eq(decide(N, A, B, 0.03), HIMPI_VERDICT_NS);
    /* Five pairs are too few for any interval at 95 %: however clear. */
    series(5, 0.5e-4, 1e-4, 0, 0, A, B);
    ck_assert_int_eq(decide(5, A, B, 0.03), HIMPI_VERDICT_NS);
}
END_TEST

START_TEST(loss_is_a_loss)
{
    double A[N], B[N];
    srand(4);
    series(N, 1.3e-4, 1e-4, 0, 0.1, A, B);
    ck_assert_int_eq(decide(N, A, B, 0.03), HIMPI_VERDICT_SLOWER);
}
END_TEST

START_TEST(drift_is_cancelled_by_interleaving)
{
    /* Equal operations on a machine slowing by 1 % a repetition.  The plan
     * measured first (all its repetitions, then the call's) looks faster,
     * and would be taken; interleaved, it is not. */
    double A[N], B[N];
    for (int i = 0; i < N; i++) {
        A[i] = 1e-4 * (1 + 0.01 * i);
        B[i] = 1e-4 * (1 + 0.01 * (N + i));
    }
    ck_assert_int_eq(decide(N, A, B, 0.03), HIMPI_VERDICT_FASTER);
    srand(5);
    series(N, 1e-4, 1e-4, 0.01, 0.005, A, B);
    ck_assert_int_eq(decide(N, A, B, 0.03), HIMPI_VERDICT_NS);
}
END_TEST

Suite *unit_suite(void)
{
    Suite *s = suite_create("decide");
    TCase *t = tcase_create("decide");
    tcase_add_test(t, clear_win_is_taken);
    tcase_add_test(t, small_win_is_not_worth_it);
    tcase_add_test(t, margin_must_be_shown);
    tcase_add_test(t, overlap_is_refused);
    tcase_add_test(t, loss_is_a_loss);
    tcase_add_test(t, drift_is_cancelled_by_interleaving);
    suite_add_tcase(s, t);
    return s;
}

/* test_summa: himpi-summa's pure parts: the HSUMMA model against the
 * thesis's closed forms (Hasanov, 2015, sec. 4.2.1) and its predictions
 * of the best number of groups, the grid and group shapes, and the
 * options with their check against the number of processes (every
 * invalid case gives exit status 2, from the arguments alone). */
#include <config.h>

#include <math.h>

#include "himpi_summa_grid.h"
#include "himpi_summa_options.h"
#include "unit.h"

#define ck_assert_close(x, y) ck_assert_double_eq_tol((x), (y), 1e-15 + 1e-9 * fabs(y))

/* A square grid of p processes, the thesis's analysis. */
static summa_model square(int p, int n, int b, int M, summa_model_bcast bcast, double alpha,
                          double beta)
{
    int q = (int)lround(sqrt(p));
    return (summa_model){n, b, M, q, q, bcast, 8, alpha, beta};
}

static double total(const summa_model *m, int nx, int ny)
{
    summa_cost c = summa_model_cost(m, nx, ny);
    return c.latency + c.bandwidth;
}

START_TEST(model_scatter_allgather)
{
    /* Sec. 4.2.1.2, scatter-allgather, beta a byte (the thesis's is an
     * element: 8 bytes): p = 64, G = 4, n = 1024, b = 32, M = 128. */
    double a = 3e-6, beta = 2e-10, be = 8 * beta, n = 1024, b = 32, M = 128, p = 64, G = 4;
    summa_model m = square(64, 1024, 32, 128, SUMMA_MODEL_SAG, a, beta);
    double inner_l = (log2(p / G) + 2 * (sqrt(p) / sqrt(G) - 1)) * a * n / b;
    double inner_b = 4 * (1 - sqrt(G) / sqrt(p)) * n * n / sqrt(p) * be;
    double outer_l = (log2(G) + 2 * (sqrt(G) - 1)) * a * n / M;
    double outer_b = 4 * (1 - 1 / sqrt(G)) * n * n / sqrt(p) * be;
    summa_cost c = summa_model_cost(&m, 2, 2);
    ck_assert_close(c.latency, inner_l + outer_l);
    ck_assert_close(c.bandwidth, inner_b + outer_b);
    /* SUMMA (sec. 4.2.1.1) is G = 1 and G = p. */
    double summa = (log2(p) + 2 * (sqrt(p) - 1)) * a * n / b +
                   4 * (1 - 1 / sqrt(p)) * be * n * n / sqrt(p);
    m.M = 32;
    ck_assert_close(total(&m, 1, 1), summa);
    ck_assert_close(total(&m, 8, 8), summa);
    /* Eq. 4.12: the cost at G = sqrt(p), b = M, p = 256 (4 x 4 groups). */
    m = square(256, 4096, 64, 64, SUMMA_MODEL_SAG, a, beta);
    double r = pow(256, 0.25);
    ck_assert_close(total(&m, 4, 4), (log2(256) + 4 * (r - 1)) * 4096 / 64 * a +
                                         8 * (1 - 1 / r) * 4096.0 * 4096 / 16 * be);
}
END_TEST

START_TEST(model_pipeline)
{
    /* Sec. 4.2.1.2, pipelined linear tree with X = 8 segments. */
    double a = 3e-6, beta = 2e-10, be = 8 * beta, n = 1024, b = 32, M = 64, p = 64, G = 4, X = 8;
    summa_model m = square(64, 1024, 32, 64, SUMMA_MODEL_PIPELINE, a, beta);
    double inner = 2 * (X + sqrt(p / G) - 1) * (a * n / b + be * n * n / (sqrt(p) * X));
    double outer = 2 * (X + sqrt(G) - 1) * (a * n / M + be * n * n / (sqrt(p) * X));
    ck_assert_close(total(&m, 2, 2), inner + outer);
    /* Eq. 4.13: G = sqrt(p) is the minimum in (1, p) whatever alpha and
     * beta: at p = 256, 4 x 4 beats 2 x 2 and 8 x 8. */
    double alphas[] = {1e-7, 1e-5, 1e-3}, betas[] = {1e-11, 1e-9, 1e-7};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            m = square(256, 4096, 64, 64, SUMMA_MODEL_PIPELINE, alphas[i], betas[j]);
            ck_assert(total(&m, 4, 4) < total(&m, 2, 2));
            ck_assert(total(&m, 4, 4) < total(&m, 8, 8));
        }
    /* A broadcast among one process costs nothing (eq. 4.1). */
    ck_assert_double_eq(summa_model_latencies(&m, 1), 0);
    ck_assert_double_eq(summa_model_lengths(&m, 1), 0);
}
END_TEST

START_TEST(model_binomial)
{
    /* SUMMA on the thesis's 8 x 16 grid of 128: n/b steps, each a
     * binomial broadcast of n/s x b doubles among 16 (4 rounds) and of
     * b x n/t among 8 (3 rounds). */
    double a = 1.5e-6, beta = 0.734e-9, n = 8192, b = 64;
    summa_model m = {8192, 64, 64, 8, 16, SUMMA_MODEL_BINOMIAL, 8, a, beta};
    double summa = n / b * (4 * (a + 8 * n / 8 * b * beta) + 3 * (a + 8 * b * n / 16 * beta));
    ck_assert_close(total(&m, 1, 1), summa);
    /* With M = b, the rounds of the two levels add up to SUMMA's wherever
     * the groups divide rows and columns in powers of two, so no layout is
     * faster and the best is SUMMA itself. */
    for (int i = 1; i <= 8; i *= 2)
        for (int j = 1; j <= 16; j *= 2)
            ck_assert_close(total(&m, i, j), summa);
    int I, J;
    ck_assert_int_eq(summa_model_best(&m, &I, &J), 1);
    /* Otherwise the levels can cost a round more: on a 1 x 15 grid, 3
     * groups take 2 + 3 rounds where SUMMA takes 4. */
    m = (summa_model){120, 8, 8, 1, 15, SUMMA_MODEL_BINOMIAL, 8, a, beta};
    ck_assert(total(&m, 1, 3) > total(&m, 1, 1));
    ck_assert_str_eq(summa_model_bcast_name(SUMMA_MODEL_BINOMIAL), "binomial");
}
END_TEST

START_TEST(model_best_groups)
{
    /* Eq. 4.10 and 4.11 (scatter-allgather, b = M): sqrt(p) groups are
     * the minimum iff alpha / beta > 2 n b / p per element; otherwise
     * G = 1 (or p) is.  p = 256, n = 4096, b = 64: the threshold is 2048
     * elements' time, alpha > 16.4 us at 1 ns a byte. */
    summa_model m = square(256, 4096, 64, 64, SUMMA_MODEL_SAG, 1e-3, 1e-9);
    int nx, ny;
    ck_assert_int_eq(summa_model_best(&m, &nx, &ny), 16);
    ck_assert_int_eq(nx, 4);
    ck_assert_int_eq(ny, 4);
    m.alpha = 1e-6;
    ck_assert_int_eq(summa_model_best(&m, &nx, &ny), 1);
    ck_assert(total(&m, 4, 4) > total(&m, 1, 1));
    /* No latency: nothing to gain, and a tie goes to the fewest groups. */
    m.alpha = 0;
    ck_assert_int_eq(summa_model_best(&m, &nx, &ny), 1);
    /* A 2 x 3 grid: the best is one of its layouts. */
    m = (summa_model){96, 8, 8, 2, 3, SUMMA_MODEL_SAG, 8, 1e-3, 1e-9};
    summa_model_best(&m, &nx, &ny);
    ck_assert(2 % nx == 0 && 3 % ny == 0);
}
END_TEST

START_TEST(shapes)
{
    int s, t, nx, ny;
    int p[] = {1, 2, 6, 7, 8, 9, 16, 128}, rows[] = {1, 1, 2, 1, 2, 3, 4, 8};
    for (int k = 0; k < 8; k++) {
        summa_grid_shape(p[k], &s, &t);
        ck_assert_int_eq(s, rows[k]);
        ck_assert_int_eq(s * t, p[k]);
    }
    ck_assert(summa_groups_for(2, 3, 2, &nx, &ny) && nx == 2 && ny == 1);
    ck_assert(summa_groups_for(2, 3, 3, &nx, &ny) && nx == 1 && ny == 3);
    ck_assert(summa_groups_for(4, 4, 4, &nx, &ny) && nx == 2 && ny == 2);
    ck_assert(summa_groups_for(8, 16, 8, &nx, &ny) && nx == 2 && ny == 4);
    ck_assert(!summa_groups_for(2, 3, 4, &nx, &ny));
    ck_assert(!summa_groups_for(4, 4, 32, &nx, &ny));
}
END_TEST

/* The options, on real MPI only (SimGrid parses a command line once,
 * unit_suite below). */
#ifndef SMPI_H
static int layouts[SUMMA_MAX_LAYOUTS][2];

/* Parses the arguments (after the program's name) and checks them against
 * p processes: the status, the layouts in layouts and their number. */
static int try(int p, int *count, const char *a1, const char *a2, const char *a3,
               const char *a4)
{
    char *argv[] = {"himpi-summa", (char *)a1, (char *)a2, (char *)a3, (char *)a4, NULL};
    int argc = 1;
    while (argc < 5 && argv[argc] != NULL)
        argc++;
    summa_options o;
    int rc = summa_options_parse(argc, argv, &o);
    *count = 0;
    return rc != 0 ? rc : summa_options_resolve(&o, p, layouts, count);
}

START_TEST(options_valid)
{
    summa_options o;
    char *argv[] = {"himpi-summa", NULL};
    ck_assert_int_eq(summa_options_parse(1, argv, &o), 0);
    ck_assert_int_eq(o.n, 1024);
    ck_assert_int_eq(o.b, 64);
    ck_assert_int_eq(o.M, 64);
    ck_assert_int_eq(o.nspecs, 1);
    ck_assert_int_eq(o.specs[0].kind, SUMMA_SPEC_AUTO);
    ck_assert_int_eq(o.src.summa.kind, SUMMA_SOURCE_MPI);
    ck_assert_int_eq(o.compute, 1);
    ck_assert_int_eq(o.reps, 3);
    ck_assert_int_eq(o.warmup, 1);
    ck_assert_int_eq(o.summa, 1);
    char *runs[] = {"himpi-summa", "--warmup=0", "-r2", "--no-summa", NULL};
    ck_assert_int_eq(summa_options_parse(4, runs, &o), 0);
    ck_assert_int_eq(o.warmup, 0);
    ck_assert_int_eq(o.reps, 2);
    ck_assert_int_eq(o.summa, 0);
    char *skip[] = {"himpi-summa", "--no-compute", NULL};
    ck_assert_int_eq(summa_options_parse(2, skip, &o), 0);
    ck_assert_int_eq(o.compute, 0);
    int count;
    /* Every layout of a 2 x 3 grid, each once. */
    ck_assert_int_eq(try(6, &count, "-n96", "-b8", "--groups=all,2x3,1", NULL), 0);
    ck_assert_int_eq(count, 4);
    ck_assert_int_eq(try(6, &count, "-n96", "-b8", "-G2,3", NULL), 0);
    ck_assert_int_eq(count, 2);
    ck_assert(layouts[0][0] == 2 && layouts[0][1] == 1 && layouts[1][0] == 1 && layouts[1][1] == 3);
    ck_assert_int_eq(try(16, &count, "-n96", "-b8", "-Gsqrt", NULL), 0);
    ck_assert(count == 1 && layouts[0][0] == 2 && layouts[0][1] == 2);
    ck_assert_int_eq(try(8, &count, "-n96", "-b4", "-M12", "--grid=1x8"), 0);
    ck_assert_int_eq(try(6, &count, "-n96", "-b8", "--model-bcast=binomial", NULL), 0);
    /* The sources: an algorithm flat, a plan, each level its own. */
    char *plan[] = {"himpi-summa", "--bcast=4:pipeline:binomial", "--outer-bcast=table",
                    "--summa-bcast=binary", NULL};
    ck_assert_int_eq(summa_options_parse(4, plan, &o), 0);
    ck_assert_int_eq(o.src.inner.kind, SUMMA_SOURCE_PLAN);
    ck_assert_int_eq(o.src.inner.plan.nlevels, 1);
    ck_assert_int_eq(o.src.inner.plan.level[0].groups, 4);
    ck_assert_int_eq(o.src.inner.plan.level[0].alg, HIMPI_ALG_PIPELINE);
    ck_assert_int_eq(o.src.inner.plan.alg_in, HIMPI_ALG_BINOMIAL);
    ck_assert_int_eq(o.src.outer.kind, SUMMA_SOURCE_TABLE);
    ck_assert_int_eq(o.src.summa.plan.nlevels, 0);
    ck_assert_int_eq(o.src.summa.plan.alg_in, HIMPI_ALG_BINARY);
    char *help[] = {"himpi-summa", "--help", NULL};
    ck_assert_int_eq(summa_options_parse(2, help, &o), -1);
}
END_TEST

START_TEST(options_invalid)
{
    int count;
    /* n not a multiple of 2 and 3; b = 7 and M = 48 not dividing the
     * 48 x 32 blocks; M not a multiple of b; 4 groups (no I x J) and 3 x 1
     * (3 does not divide 2) on a 2 x 3 grid; a grid of 4 processes. */
    ck_assert_int_eq(try(6, &count, "-n100", NULL, NULL, NULL), 2);
    ck_assert_int_eq(try(6, &count, "-n96", "-b7", NULL, NULL), 2);
    ck_assert_int_eq(try(6, &count, "-n96", "-b8", "-M48", NULL), 2);
    ck_assert_int_eq(try(6, &count, "-n96", "-b8", "-M12", NULL), 2);
    ck_assert_int_eq(try(6, &count, "-n96", "-b8", "-G4", NULL), 2);
    ck_assert_int_eq(try(6, &count, "-n96", "-b8", "-G3x1", NULL), 2);
    ck_assert_int_eq(try(6, &count, "-n96", "-b8", "--grid=2x2", NULL), 2);
    /* An algorithm bcast lacks, malformed plans, lists and numbers. */
    ck_assert_int_eq(try(6, &count, "--bcast=ring", NULL, NULL, NULL), 2);
    ck_assert_int_eq(try(6, &count, "--bcast=0:linear:linear", NULL, NULL, NULL), 2);
    ck_assert_int_eq(try(6, &count, "--bcast=2:linear", NULL, NULL, NULL), 2);
    ck_assert_int_eq(try(6, &count, "-Gbogus", NULL, NULL, NULL), 2);
    ck_assert_int_eq(try(6, &count, "-G2y2", NULL, NULL, NULL), 2);
    ck_assert_int_eq(try(6, &count, "--grid=2", NULL, NULL, NULL), 2);
    ck_assert_int_eq(try(6, &count, "-n0", NULL, NULL, NULL), 2);
    ck_assert_int_eq(try(6, &count, "-r0", NULL, NULL, NULL), 2);
    ck_assert_int_eq(try(6, &count, "--warmup=-1", NULL, NULL, NULL), 2);
    ck_assert_int_eq(try(6, &count, "--alpha=-1", NULL, NULL, NULL), 2);
    ck_assert_int_eq(try(6, &count, "--model-bcast=ring", NULL, NULL, NULL), 2);
    /* The products --check compares, skipped. */
    ck_assert_int_eq(try(6, &count, "--check", "--no-compute", NULL, NULL), 2);
    ck_assert_int_eq(try(6, &count, "--bogus", NULL, NULL, NULL), 2);
    ck_assert_int_eq(try(6, &count, "extra", NULL, NULL, NULL), 2);
}
END_TEST
#endif /* SMPI_H */

Suite *unit_suite(void)
{
    Suite *s = suite_create("summa");
    TCase *tc = tcase_create("summa");
    tcase_add_test(tc, model_scatter_allgather);
    tcase_add_test(tc, model_pipeline);
    tcase_add_test(tc, model_binomial);
    tcase_add_test(tc, model_best_groups);
    tcase_add_test(tc, shapes);
#ifndef SMPI_H
    /* SimGrid's getopt_long restores each simulated process's own optind
     * at every call (smpi_helpers.h), so a program parses its command
     * line once; the builds on real MPI check the options. */
    tcase_add_test(tc, options_valid);
    tcase_add_test(tc, options_invalid);
#endif
    suite_add_tcase(s, tc);
    return s;
}

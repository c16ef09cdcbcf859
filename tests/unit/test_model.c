/* test_model: the Hockney model against costs worked out by hand from the
 * thesis's formulas, and the least-squares fit. */
#include <config.h>

#include <math.h>

#include "himpi_tune.h"
#include "unit.h"

static const HiMPI_Hockney net = {5e-6, 1e-9, 0};

/* Relative comparison: the formulas are sums of a few products. */
#define ck_assert_close(x, y) ck_assert_double_eq_tol((x), (y), 1e-12 + 1e-9 * fabs(y))

START_TEST(flat_costs)
{
    double c = net.alpha + 1024 * net.beta;
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_BCAST, HIMPI_ALG_LINEAR, 16, 1024, 0, &net), 15 * c);
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_BCAST, HIMPI_ALG_CHAIN, 16, 1024, 0, &net), 15 * c);
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_BCAST, HIMPI_ALG_BINOMIAL, 16, 1024, 0, &net), 4 * c);
    /* 16 KiB in 1 KiB segments down a chain of 128: X + p - 2 steps. */
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_BCAST, HIMPI_ALG_PIPELINE, 128, 16384, 1024, &net),
                    (16 + 126) * c);
    /* A binary tree of 15 ranks is 3 levels deep: 2 * 3 steps unsegmented. */
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_BCAST, HIMPI_ALG_BINARY, 15, 1024, 0, &net), 6 * c);
    /* Eq. 2.8 and 2.9 at p = 64. */
    ck_assert_close(
        HiMPI_Model_flat(HIMPI_OP_BCAST, HIMPI_ALG_SCATTER_RING_ALLGATHER, 64, 1024, 0, &net),
        (6 + 63) * net.alpha + 2.0 * 63 / 64 * 1024 * net.beta);
    ck_assert_close(
        HiMPI_Model_flat(HIMPI_OP_BCAST, HIMPI_ALG_SCATTER_RD_ALLGATHER, 64, 1024, 0, &net),
        12 * net.alpha + 2.0 * 63 / 64 * 1024 * net.beta);
    HiMPI_Hockney g = {5e-6, 1e-9, 2e-10};
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_REDUCE, HIMPI_ALG_LINEAR, 8, 1000, 0, &g),
                    7 * (5e-6 + 1000 * (1e-9 + 2e-10)));
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_ALLREDUCE, HIMPI_ALG_RING, 8, 800, 0, &g),
                    14 * (5e-6 + 100 * 1e-9) + 7 * 100 * 2e-10);
    /* The segmented ring is the ring while a chunk fits in a segment; 50-byte
     * segments cut the 100-byte chunks in two phases of 7 steps. */
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_ALLREDUCE, HIMPI_ALG_SEGMENTED_RING, 8, 800, 0, &g),
                    HiMPI_Model_flat(HIMPI_OP_ALLREDUCE, HIMPI_ALG_RING, 8, 800, 0, &g));
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_ALLREDUCE, HIMPI_ALG_SEGMENTED_RING, 8, 800, 50, &g),
                    2 * 7 * (5e-6 + 50 * (1e-9 + 2e-10)) + 7 * (5e-6 + 100 * 1e-9));
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_GATHER, HIMPI_ALG_BINOMIAL, 8, 100, 0, &net),
                    3 * net.alpha + 700 * net.beta);
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_GATHER, HIMPI_ALG_LINEAR_SYNC, 8, 100, 0, &net),
                    net.alpha + 7 * (2 * net.alpha + 100 * net.beta));
    /* Barrier: latencies alone, whatever the size.  Recursive doubling
     * folds the 4 ranks past 8 in and out: 3 + 2 rounds at 12. */
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_BARRIER, HIMPI_ALG_DISSEMINATION, 12, 0, 0, &net),
                    4 * net.alpha);
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_BARRIER, HIMPI_ALG_RECURSIVE_DOUBLING, 12, 0, 0,
                                     &net),
                    5 * net.alpha);
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_BARRIER, HIMPI_ALG_RECURSIVE_DOUBLING, 16, 0, 0,
                                     &net),
                    4 * net.alpha);
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_BARRIER, HIMPI_ALG_LINEAR, 12, 1000, 0, &net),
                    22 * net.alpha);
    /* Alltoall: p - 1 exchanges, or Bruck's lg p steps of p / 2 blocks. */
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_ALLTOALL, HIMPI_ALG_PAIRWISE, 8, 100, 0, &net),
                    7 * (net.alpha + 100 * net.beta));
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_ALLTOALL, HIMPI_ALG_BRUCK, 8, 100, 0, &net),
                    3 * (net.alpha + 400 * net.beta));
    /* The binomial v-variants' counts go down the tree before the blocks;
     * Bruck's allgatherv takes lg p steps for any p. */
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_SCATTERV, HIMPI_ALG_BINOMIAL, 8, 100, 0, &net),
                    6 * net.alpha + 700 * net.beta);
    ck_assert_close(HiMPI_Model_flat(HIMPI_OP_ALLGATHERV, HIMPI_ALG_BRUCK, 6, 100, 0, &net),
                    3 * net.alpha + 500 * net.beta);
}
END_TEST

START_TEST(no_formula)
{
    ck_assert(isnan(HiMPI_Model_flat(HIMPI_OP_BCAST, HIMPI_ALG_NATIVE, 8, 8, 0, &net)));
    ck_assert(isnan(HiMPI_Model_flat(HIMPI_OP_BCAST, HIMPI_ALG_RING, 8, 8, 0, &net)));
    ck_assert(isnan(HiMPI_Model_flat(HIMPI_OP_SCATTER, HIMPI_ALG_LINEAR_SYNC, 8, 8, 0, &net)));
    ck_assert(isnan(HiMPI_Model_hier(HIMPI_OP_BCAST, HIMPI_ALG_LINEAR, HIMPI_ALG_LINEAR, 8, 0, 8,
                                     0, &net)));
    ck_assert(isnan(HiMPI_Model_hier(HIMPI_OP_BCAST, HIMPI_ALG_LINEAR, HIMPI_ALG_LINEAR, 8, 9, 8,
                                     0, &net)));
    ck_assert_int_eq(HiMPI_Model_best_groups(HIMPI_OP_BCAST, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE,
                                             8, 8, 0, &net), 0);
    ck_assert_double_eq(HiMPI_Model_flat(HIMPI_OP_BCAST, HIMPI_ALG_LINEAR, 1, 8, 0, &net), 0);
}
END_TEST

START_TEST(hierarchical_costs)
{
    double c = net.alpha + 1024 * net.beta;
    /* Eq. 3.1: (G + p/G - 2)(alpha + m beta). */
    ck_assert_close(
        HiMPI_Model_hier(HIMPI_OP_BCAST, HIMPI_ALG_LINEAR, HIMPI_ALG_LINEAR, 16, 4, 1024, 0, &net),
        6 * c);
    /* g = 1 and g = p are the flat algorithm. */
    for (int g = 1; g <= 16; g += 15)
        ck_assert_close(HiMPI_Model_hier(HIMPI_OP_BCAST, HIMPI_ALG_CHAIN, HIMPI_ALG_CHAIN, 16, g,
                                         1024, 0, &net),
                        15 * c);
    /* Uneven blocks: the largest of ceil(128 / 10) = 13 ranks counts. */
    ck_assert_close(HiMPI_Model_hier(HIMPI_OP_BCAST, HIMPI_ALG_LINEAR, HIMPI_ALG_LINEAR, 128, 10,
                                     1024, 0, &net),
                    (9 + 12) * c);
    /* Binomial over power-of-two blocks costs what it costs flat (ch. 3). */
    for (int g = 1; g <= 64; g *= 2)
        ck_assert_close(HiMPI_Model_hier(HIMPI_OP_BCAST, HIMPI_ALG_BINOMIAL, HIMPI_ALG_BINOMIAL,
                                         64, g, 1024, 0, &net),
                        6 * c);
    /* Eq. 3.5 at p = 64, G = 8. */
    ck_assert_close(HiMPI_Model_hier(HIMPI_OP_BCAST, HIMPI_ALG_SCATTER_RING_ALLGATHER,
                                     HIMPI_ALG_SCATTER_RING_ALLGATHER, 64, 8, 1024, 0, &net),
                    (6 + 8 + 8 - 2) * net.alpha + 2 * 1024 * (2 - 1.0 / 8 - 8.0 / 64) * net.beta);
    /* Scatter's leaders carry their whole group: only latency is saved. */
    ck_assert_close(HiMPI_Model_hier(HIMPI_OP_SCATTER, HIMPI_ALG_LINEAR, HIMPI_ALG_LINEAR, 16, 4,
                                     100, 0, &net),
                    6 * net.alpha + 15 * 100 * net.beta);
    /* Gatherv's leaders carry their group too, after the root has sent
     * them their groups' counts (16 ints along 2 rounds). */
    ck_assert_close(HiMPI_Model_hier(HIMPI_OP_GATHERV, HIMPI_ALG_LINEAR, HIMPI_ALG_LINEAR, 16, 4,
                                     100, 0, &net),
                    8 * net.alpha + 15 * 100 * net.beta + 16 * sizeof(int) * net.beta);
    /* Allreduce over uneven groups pays one more message. */
    ck_assert_close(HiMPI_Model_hier(HIMPI_OP_ALLREDUCE, HIMPI_ALG_LINEAR, HIMPI_ALG_LINEAR, 5, 2,
                                     1000, 0, &net),
                    2 * (net.alpha + 1000 * net.beta) + 4 * (net.alpha + 1000 * net.beta) +
                        net.alpha + 1000 * net.beta);
    /* A scan over 2 groups of 3: the leaders' exscan, the scan inside the
     * groups, the total to the leader, its broadcast and one combination. */
    HiMPI_Hockney g = {5e-6, 1e-9, 2e-10};
    double msg = g.alpha + 1000 * g.beta;
    ck_assert_close(HiMPI_Model_hier(HIMPI_OP_SCAN, HIMPI_ALG_LINEAR, HIMPI_ALG_LINEAR, 6, 2, 1000,
                                     0, &g),
                    msg + 2 * (msg + 1000 * g.gamma) + 3 * msg + 1000 * g.gamma);
    /* Barrier over 4 groups of 4: dissemination among the leaders, and
     * twice inside the groups. */
    ck_assert_close(HiMPI_Model_hier(HIMPI_OP_BARRIER, HIMPI_ALG_DISSEMINATION,
                                     HIMPI_ALG_DISSEMINATION, 16, 4, 0, 0, &net),
                    (2 + 2 * 2) * net.alpha);
    ck_assert_close(HiMPI_Model_hier(HIMPI_OP_BARRIER, HIMPI_ALG_LINEAR, HIMPI_ALG_DISSEMINATION,
                                     16, 1, 0, 0, &net),
                    4 * net.alpha);
    /* Alltoall over 2 groups of 3: the leaders exchange 3 * 3 blocks, after
     * a gather of 6 blocks a rank and before their scatter, each two
     * binomial steps carrying 2 ranks' blocks. */
    ck_assert_close(HiMPI_Model_hier(HIMPI_OP_ALLTOALL, HIMPI_ALG_PAIRWISE, HIMPI_ALG_NATIVE, 6,
                                     2, 100, 0, &net),
                    net.alpha + 900 * net.beta + 2 * (2 * net.alpha + 2 * 6 * 100 * net.beta));
    /* Single-rank groups: the flat scan. */
    ck_assert_close(HiMPI_Model_hier(HIMPI_OP_SCAN, HIMPI_ALG_LINEAR, HIMPI_ALG_NATIVE, 6, 6, 1000,
                                     0, &g),
                    5 * (msg + 1000 * g.gamma));
    /* A reduce-scatter of 200-byte blocks over 2 groups of 3 by rings: the
     * ring inside the groups on blocks of two (a position's of both
     * groups), then the columns' ring on one. */
    ck_assert_close(HiMPI_Model_hier(HIMPI_OP_REDUCE_SCATTER_BLOCK, HIMPI_ALG_RING,
                                     HIMPI_ALG_RING, 6, 2, 200, 0, &g),
                    2 * (g.alpha + 400 * (g.beta + g.gamma)) + g.alpha + 200 * (g.beta + g.gamma));
    /* Over uneven groups, the ranks past the smallest group's size get
     * their block from their column's rank: one more message. */
    ck_assert_close(HiMPI_Model_hier(HIMPI_OP_REDUCE_SCATTER, HIMPI_ALG_PAIRWISE,
                                     HIMPI_ALG_PAIRWISE, 5, 2, 200, 0, &g),
                    2 * (g.alpha + 5.0 / 3 * 200 * (g.beta + g.gamma)) +
                        (g.alpha + 200 * (g.beta + g.gamma)) + g.alpha + 200 * g.beta);
}
END_TEST

START_TEST(best_groups)
{
    /* sqrt(16) = 4; at p = 128 blocks of ceil(p / g) make g = 10, 11 and
     * 12 tie at 21 steps and the smallest wins. */
    ck_assert_int_eq(HiMPI_Model_best_groups(HIMPI_OP_BCAST, HIMPI_ALG_LINEAR, HIMPI_ALG_LINEAR,
                                             16, 1024, 0, &net), 4);
    ck_assert_int_eq(HiMPI_Model_best_groups(HIMPI_OP_BCAST, HIMPI_ALG_LINEAR, HIMPI_ALG_LINEAR,
                                             128, 1024, 0, &net), 10);
    /* Nothing beats flat binomial. */
    ck_assert_int_eq(HiMPI_Model_best_groups(HIMPI_OP_BCAST, HIMPI_ALG_BINOMIAL,
                                             HIMPI_ALG_BINOMIAL, 64, 1024, 0, &net), 1);
    /* Eq. 3.6: SRGA gains at sqrt(p) only while alpha / beta > 2 m / p. */
    ck_assert_int_gt(HiMPI_Model_best_groups(HIMPI_OP_BCAST, HIMPI_ALG_SCATTER_RING_ALLGATHER,
                                             HIMPI_ALG_SCATTER_RING_ALLGATHER, 1024, 1024, 0,
                                             &net), 1);
    int g = HiMPI_Model_best_groups(HIMPI_OP_BCAST, HIMPI_ALG_SCATTER_RING_ALLGATHER,
                                    HIMPI_ALG_SCATTER_RING_ALLGATHER, 64, 16 << 20, 0, &net);
    ck_assert(g == 1 || g == 64);
}
END_TEST

/* The bounds of Chan et al. as the thesis gives them, by hand. */
START_TEST(bounds)
{
    HiMPI_Hockney g = {5e-6, 1e-9, 2e-10};
    ck_assert_close(HiMPI_Model_bound(HIMPI_OP_BCAST, 128, 1024, &net),
                    7 * net.alpha + 1024 * net.beta);
    ck_assert_close(HiMPI_Model_bound(HIMPI_OP_REDUCE, 8, 800, &g),
                    3 * 5e-6 + 800 * 1e-9 + 7.0 / 8 * 800 * 2e-10);
    ck_assert_close(HiMPI_Model_bound(HIMPI_OP_ALLREDUCE, 8, 800, &g),
                    3 * 5e-6 + 2 * 7.0 / 8 * 800 * 1e-9 + 7.0 / 8 * 800 * 2e-10);
    ck_assert_close(HiMPI_Model_bound(HIMPI_OP_SCAN, 8, 800, &g),
                    3 * 5e-6 + 800 * 1e-9 + 7.0 / 8 * 800 * 2e-10);
    ck_assert_close(HiMPI_Model_bound(HIMPI_OP_EXSCAN, 8, 800, &g),
                    3 * 5e-6 + 800 * 1e-9 + 6.0 / 8 * 800 * 2e-10);
    ck_assert_close(HiMPI_Model_bound(HIMPI_OP_BARRIER, 12, 1000, &net), 4 * net.alpha);
    ck_assert_close(HiMPI_Model_bound(HIMPI_OP_REDUCE_SCATTER_BLOCK, 8, 100, &g),
                    3 * 5e-6 + 7 * 100 * (1e-9 + 2e-10));
    ck_assert_close(HiMPI_Model_bound(HIMPI_OP_REDUCE_SCATTER, 8, 100, &g),
                    3 * 5e-6 + 7 * 100 * (1e-9 + 2e-10));
    ck_assert_close(HiMPI_Model_bound(HIMPI_OP_ALLTOALL, 8, 100, &net),
                    3 * net.alpha + 700 * net.beta);
    ck_assert_close(HiMPI_Model_bound(HIMPI_OP_SCATTER, 5, 100, &net),
                    3 * net.alpha + 4 * 100 * net.beta);
    ck_assert_close(HiMPI_Model_bound(HIMPI_OP_ALLGATHER, 16, 100, &net),
                    4 * net.alpha + 15 * 100 * net.beta);
    ck_assert_close(HiMPI_Model_bound(HIMPI_OP_ALLGATHERV, 16, 100, &net),
                    4 * net.alpha + 15 * 100 * net.beta);
    ck_assert_close(HiMPI_Model_bound(HIMPI_OP_GATHERV, 5, 100, &net),
                    3 * net.alpha + 4 * 100 * net.beta);
    ck_assert_double_eq(HiMPI_Model_bound(HIMPI_OP_GATHER, 1, 100, &net), 0);
    ck_assert(isnan(HiMPI_Model_bound(HIMPI_OP_COUNT, 8, 100, &net)));
    ck_assert(isnan(HiMPI_Model_bound(HIMPI_OP_BCAST, 0, 100, &net)));
}
END_TEST

/* No algorithm of the catalogue, flat or on any g, is modelled below its
 * operation's bound: a cost or a bound written wrong shows here. */
START_TEST(costs_respect_bounds)
{
    const HiMPI_Hockney nets[] = {{5e-6, 1e-9, 0}, {1.5e-6, 7.3e-10, 2e-10}, {1e-7, 1e-8, 1e-9}};
    const double sizes[] = {8, 1000, 65536, 16 << 20};
    for (size_t k = 0; k < sizeof nets / sizeof nets[0]; k++)
        for (int op = 0; op < HIMPI_OP_COUNT; op++)
            for (int alg = 0; alg < HIMPI_ALG_COUNT; alg++)
                for (int p = 2; p <= 40; p++)
                    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
                        double bound = HiMPI_Model_bound((HiMPI_Op)op, p, sizes[s], &nets[k]);
                        for (int g = 1; g <= p; g++) {
                            double t = HiMPI_Model_hier((HiMPI_Op)op, (HiMPI_Alg)alg,
                                                        (HiMPI_Alg)alg, p, g, sizes[s], 0,
                                                        &nets[k]);
                            if (!isnan(t) && t < bound * (1 - 1e-12))
                                ck_abort_msg("%s %s p=%d g=%d m=%.0f: %g below the bound %g",
                                             HiMPI_Op_name((HiMPI_Op)op),
                                             HiMPI_Alg_name((HiMPI_Alg)alg), p, g, sizes[s], t,
                                             bound);
                        }
                    }
}
END_TEST

START_TEST(fit)
{
    double m[] = {0, 1000, 2000, 4000}, t[4];
    for (int i = 0; i < 4; i++)
        t[i] = 2e-6 + m[i] * 5e-10;
    HiMPI_Hockney h = {0, 0, 7};
    ck_assert_int_eq(HiMPI_Model_fit(m, t, 4, &h), 0);
    ck_assert_close(h.alpha, 2e-6);
    ck_assert_close(h.beta, 5e-10);
    ck_assert_double_eq(h.gamma, 7);
    double same[] = {8, 8, 8};
    ck_assert_int_eq(HiMPI_Model_fit(same, t, 3, &h), -1);
    ck_assert_int_eq(HiMPI_Model_fit(m, t, 1, &h), -1);
    double zero[] = {0, 1e-6};
    ck_assert_int_eq(HiMPI_Model_fit(m, zero, 2, &h), -1);
    /* Relative errors: a small size 10 % off moves alpha as much as a
     * large one 10 % off would; with equal relative noise either way, the
     * fit stays between the two lines. */
    double noisy[] = {2.2e-6, 2e-6 + 1000 * 5e-10, 2e-6 + 2000 * 5e-10, 0.9 * (2e-6 + 4000 * 5e-10)};
    ck_assert_int_eq(HiMPI_Model_fit(m, noisy, 4, &h), 0);
    ck_assert(h.alpha > 2e-6 && h.alpha < 2.2e-6);
}
END_TEST

Suite *unit_suite(void)
{
    Suite *s = suite_create("model");
    TCase *tc = tcase_create("model");
    tcase_add_test(tc, flat_costs);
    tcase_add_test(tc, no_formula);
    tcase_add_test(tc, hierarchical_costs);
    tcase_add_test(tc, best_groups);
    tcase_add_test(tc, bounds);
    tcase_add_test(tc, costs_respect_bounds);
    tcase_add_test(tc, fit);
    suite_add_tcase(s, tc);
    return s;
}

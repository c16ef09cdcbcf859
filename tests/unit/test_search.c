/* test_search: the search strategies on synthetic timings (no MPI
 * communication).  A fake measure function looks the time of each
 * candidate up in a table filled from a cost model, and counts how often
 * each candidate is asked for. */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tune/tune.h"
#include "unit.h"

/* A tuning problem: candidates, their times, and what a search asked. */
typedef struct {
    HiMPI_Candidate *c;
    double *T, *ci;
    int *count;    /* measurements by candidate */
    int *order;    /* candidates in the order measured */
    int n, calls;
    int fail_at;   /* the call that fails (1 = the first), 0 for none */
} problem;

/* The checks of the hot paths below (the fake measurements, run and the
 * loops over many problems) fail through ck_abort_msg alone: every passing
 * ck_assert costs check a message to its runner, a write system call that
 * the runner reads back, hundreds of thousands of them over these loops. */
#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

static int fake_measure(void *ctx, int i, int overlap, double bound, MPIB_result *r)
{
    problem *pb = ctx;
    (void)bound; /* the measurements are made up: cutting one short saves nothing */
    if (i < 0 || i >= pb->n || overlap != 0)
        ck_abort_msg("candidate %d of %d, overlap %d", i, pb->n, overlap);
    if (++pb->calls == pb->fail_at)
        return MPI_ERR_OTHER;
    if (pb->calls > 2 * pb->n)
        ck_abort_msg("%d measurements of %d candidates", pb->calls, pb->n);
    pb->count[i]++;
    pb->order[pb->calls - 1] = i;
    *r = (MPIB_result){.M = 0, .T = pb->T[i], .wtick = 1e-9, .reps = 10, .ci = pb->ci[i],
                       .converged = 1};
    return MPI_SUCCESS;
}

/* Candidates as himpi_candidates makes them: g = 1, the blocks gs (in the
 * order given), then nhw hardware layouts, one and two levels in turn. */
static problem make(const int *gs, int ng, int nhw)
{
    problem pb = {0};
    pb.n = 1 + ng + nhw;
    pb.c = calloc((size_t)pb.n, sizeof *pb.c);
    pb.T = calloc((size_t)pb.n, sizeof *pb.T);
    pb.ci = calloc((size_t)pb.n, sizeof *pb.ci);
    pb.count = calloc((size_t)pb.n, sizeof *pb.count);
    pb.order = calloc((size_t)pb.n * 2, sizeof *pb.order);
    ck_assert(pb.c && pb.T && pb.ci && pb.count && pb.order);
    pb.c[0] = (HiMPI_Candidate){.levels = 1, .groups = {1}};
    for (int k = 0; k < ng; k++)
        pb.c[1 + k] = (HiMPI_Candidate){.levels = 1, .groups = {gs[k]}};
    for (int h = 0; h < nhw; h++)
        pb.c[1 + ng + h] = h % 2 == 0
                               ? (HiMPI_Candidate){.levels = 1, .groups = {0},
                                                   .hw = {(HiMPI_Hwlevel)(h / 2)}}
                               : (HiMPI_Candidate){.levels = 2, .groups = {0, 0},
                                                   .hw = {HIMPI_HW_NODE, HIMPI_HW_CORE}};
    return pb;
}

/* g = 1 and all of 2..p. */
static problem make_all(int p, int nhw)
{
    int *gs = malloc((size_t)p * sizeof *gs);
    ck_assert_ptr_nonnull(gs);
    for (int g = 2; g <= p; g++)
        gs[g - 2] = g;
    problem pb = make(gs, p - 1, nhw);
    free(gs);
    return pb;
}

static void drop(problem *pb)
{
    free(pb->c);
    free(pb->T);
    free(pb->ci);
    free(pb->count);
    free(pb->order);
}

static int is_block(const HiMPI_Candidate *c)
{
    return c->levels == 1 && c->groups[0] > 0;
}

/* Runs search on pb afresh; returns the number of measurements. */
static int run(const HiMPI_Search *search, problem *pb, int *best)
{
    for (int i = 0; i < pb->n; i++)
        pb->count[i] = 0;
    pb->calls = 0;
    MPIB_result r;
    *best = -1;
    int rc = search->choose(pb->c, pb->n, NULL, fake_measure, pb, best, &r);
    CHECK(rc == MPI_SUCCESS, "the search returned %d", rc);
    CHECK(*best >= 0 && *best < pb->n, "best %d of %d candidates", *best, pb->n);
    CHECK(pb->count[*best] == 1, "the best measured %d times", pb->count[*best]);
    CHECK(r.T == pb->T[*best], "result %g, the best's time %g", r.T, pb->T[*best]);
    CHECK(pb->count[0] == 1, "g = 1 measured %d times", pb->count[0]);
    for (int i = 0; i < pb->n; i++) {
        if (pb->count[i] > 1) /* the strategy itself never repeats */
            ck_abort_msg("candidate %d measured %d times", i, pb->count[i]);
        if (!is_block(&pb->c[i]) && pb->count[i] != 1)
            ck_abort_msg("hardware layout %d measured %d times", i, pb->count[i]);
        /* the best of the measured, the first of equals */
        if (pb->count[i] == 1 && !(pb->T[i] > r.T || (pb->T[i] == r.T && i >= *best)))
            ck_abort_msg("candidate %d (%g) beats the choice %d (%g)", i, pb->T[i], *best, r.T);
    }
    return pb->calls;
}

static int ceil_log2(int x)
{
    int k = 0;
    while ((1 << k) < x)
        k++;
    return k;
}

/* The most measurements guided may take without a history, whatever the
 * times: g = 1, the scan (a power of two at a time up to the largest g,
 * and the largest), the golden section over at most nb blocks with its
 * last bracket, and every hardware layout. */
static int guided_bound(int nb, int gmax, int nhw)
{
    return 1 + ceil_log2(gmax) + 1 + (int)ceil(log(nb) / log(1.618034)) + 2 + nhw;
}

/* Two-level linear bcast (thesis eq. 3.1) in Hockney's model, with the
 * largest block of g (ceil(p/g)) or the ideal p/g ranks. */
static double hockney(int p, int g, double alpha, double beta, double m, int blocks)
{
    double inner = blocks ? (double)((p + g - 1) / g) : (double)p / g;
    return (g - 1 + inner - 1) * (alpha + beta * m);
}

START_TEST(guided_hockney_near_optimum_in_few_measurements)
{
    const int ps[] = {8, 16, 64, 128, 512, 1024};
    const double ms[] = {0, 1024, 65536, 1 << 20}, alpha = 5e-6, beta = 1e-9;
    const int nhw = 3;
    for (size_t a = 0; a < sizeof ps / sizeof ps[0]; a++)
        for (size_t b = 0; b < sizeof ms / sizeof ms[0]; b++)
            for (int blocks = 0; blocks < 2; blocks++) {
                int p = ps[a], best_e, best_g;
                problem pb = make_all(p, nhw);
                for (int i = 0; i < pb.n; i++)
                    pb.T[i] = is_block(&pb.c[i])
                                  ? hockney(p, pb.c[i].groups[0], alpha, beta, ms[b], blocks)
                                  : 2.0 * hockney(p, 1, alpha, beta, ms[b], blocks) + 1e-6;
                int ne = run(&himpi_search_exhaustive, &pb, &best_e);
                int ng = run(&himpi_search_guided, &pb, &best_g);
                ck_assert_msg(pb.T[best_g] <= 1.03 * pb.T[best_e],
                              "p %d m %g: g %d takes %g, g %d %g", p, ms[b],
                              pb.c[best_g].groups[0], pb.T[best_g], pb.c[best_e].groups[0],
                              pb.T[best_e]);
                ck_assert_msg(ng <= guided_bound(p, p, nhw), "p %d: %d measurements", p, ng);
                if (p >= 512)
                    ck_assert_int_ge(ne, 10 * ng);
                drop(&pb);
            }
}
END_TEST

/* Every unimodal curve over n blocks, minimum anywhere, with and without a
 * flat bottom: guided finds the minimum within its bound (golden section,
 * phi = 1.618..., after the flat and the scan). */
START_TEST(guided_finds_minimum_of_every_unimodal_curve)
{
    for (int nb = 1; nb <= 80; nb++) {
        int *gs = malloc((size_t)nb * sizeof *gs), best;
        ck_assert_ptr_nonnull(gs);
        for (int k = 1; k < nb; k++)
            gs[k - 1] = 1 + 3 * k; /* not contiguous */
        problem pb = make(gs, nb - 1, 0);
        for (int m = 0; m < nb; m++)          /* the minimum */
            for (int w = 0; w <= 2; w++)      /* half-width of a flat bottom */
                for (int steep = 0; steep < 2; steep++) {
                    for (int k = 0; k < nb; k++)
                        pb.T[k] = 1.0 + fmax(abs(k - m) - w, 0) * (k < m ? 1.0 : steep ? 1.5 : 0.7);
                    int calls = run(&himpi_search_guided, &pb, &best);
                    CHECK(pb.T[best] == 1.0, "n %d min %d w %d: got %d", nb, m, w, best);
                    CHECK(calls <= guided_bound(nb, 1 + 3 * (nb - 1), 0), "n %d: %d calls", nb,
                          calls);
                }
        drop(&pb);
        free(gs);
    }
}
END_TEST

START_TEST(guided_flat_is_best)
{
    int best;
    problem pb = make_all(64, 0);
    for (int i = 0; i < pb.n; i++)
        pb.T[i] = 1.0 + 0.01 * pb.c[i].groups[0];
    run(&himpi_search_guided, &pb, &best);
    ck_assert_int_eq(best, 0);
    drop(&pb);
}
END_TEST

START_TEST(guided_minimum_at_p)
{
    for (int p = 2; p <= 100; p += 7) {
        int best;
        problem pb = make_all(p, 1);
        for (int i = 0; i < pb.n; i++)
            pb.T[i] = is_block(&pb.c[i]) ? 1.0 + 1.0 / pb.c[i].groups[0] : 5.0;
        run(&himpi_search_guided, &pb, &best);
        ck_assert_int_eq(pb.c[best].groups[0], p);
        drop(&pb);
    }
}
END_TEST

/* A user's subset of g, not contiguous, in increasing order or as given. */
START_TEST(guided_user_subset)
{
    const int sorted[] = {2, 3, 5, 8, 13, 21, 34, 55, 89, 144};
    const int shuffled[] = {34, 2, 144, 13, 5, 89, 3, 55, 21, 8};
    const int *lists[] = {sorted, shuffled};
    for (int l = 0; l < 2; l++)
        for (int m = 0; m < 3; m++) {
            int best_e, best_g;
            problem pb = make(lists[l], 10, 2);
            double size = (double[]){0, 4096, 1 << 22}[m];
            for (int i = 0; i < pb.n; i++)
                pb.T[i] = is_block(&pb.c[i])
                              ? hockney(144, pb.c[i].groups[0], 5e-6, 1e-9, size, 1)
                              : 1.0;
            run(&himpi_search_exhaustive, &pb, &best_e);
            run(&himpi_search_guided, &pb, &best_g);
            ck_assert_int_eq(pb.c[best_g].groups[0], 13);
            ck_assert_int_eq(best_g, best_e);
            drop(&pb);
        }
    /* Every g up to 200 in a scrambled order. */
    int gs[199], best_e, best_g;
    for (int k = 0; k < 199; k++)
        gs[k] = 2 + (k * 73) % 199;
    problem pb = make(gs, 199, 0);
    for (int i = 0; i < pb.n; i++)
        pb.T[i] = hockney(200, pb.c[i].groups[0], 5e-6, 1e-9, 1024, 1);
    run(&himpi_search_exhaustive, &pb, &best_e);
    run(&himpi_search_guided, &pb, &best_g);
    ck_assert_double_eq(pb.T[best_g], pb.T[best_e]);
    drop(&pb);
}
END_TEST

/* Deterministic noise in [-1, 1], different for each candidate and seed. */
static double noise(unsigned seed, int i)
{
    unsigned x = seed * 2654435761u ^ (unsigned)i * 40503u;
    x ^= x >> 13;
    x *= 0x5bd1e995u;
    x ^= x >> 15;
    return (x % 20001u) / 10000.0 - 1.0;
}

/* Measured times off the model by up to eta, and confidence intervals as
 * wide: the choice's model time is within the noise band of the best. */
START_TEST(guided_noisy_within_noise_band)
{
    const int ps[] = {16, 64, 512, 1024};
    const double eta = 0.02;
    for (size_t a = 0; a < sizeof ps / sizeof ps[0]; a++)
        for (unsigned seed = 1; seed <= 20; seed++) {
            int p = ps[a], best;
            problem pb = make_all(p, 1);
            double opt = INFINITY, *model = malloc((size_t)pb.n * sizeof *model);
            ck_assert_ptr_nonnull(model);
            for (int i = 0; i < pb.n; i++) {
                model[i] = is_block(&pb.c[i])
                               ? hockney(p, pb.c[i].groups[0], 5e-6, 1e-9, 8192, 1)
                               : 3.0 * hockney(p, 1, 5e-6, 1e-9, 8192, 1);
                opt = fmin(opt, model[i]);
                pb.T[i] = model[i] * (1 + eta * noise(seed, i));
                pb.ci[i] = eta * model[i];
            }
            int calls = run(&himpi_search_guided, &pb, &best);
            ck_assert_msg(model[best] <= opt * (1 + 2 * eta), "p %d seed %u: %g vs %g", p, seed,
                          model[best], opt);
            ck_assert_int_le(calls, guided_bound(p, p, 1));
            free(model);
            drop(&pb);
        }
}
END_TEST

/* The noise rule: times whose confidence intervals overlap count as equal
 * and the smaller g wins, so a slope within the noise is not followed:
 * the search stays at g = 1 after the scan (and the choice is the fastest
 * mean it measured). */
START_TEST(guided_overlap_keeps_smaller_g)
{
    int best;
    problem pb = make_all(256, 0);
    for (int i = 0; i < pb.n; i++) {
        pb.T[i] = 1.0 + 0.1 / pb.c[i].groups[0]; /* fastest at g = p, but barely */
        pb.ci[i] = 0.05;
    }
    int calls = run(&himpi_search_guided, &pb, &best);
    ck_assert_int_eq(calls, 1 + 8); /* g = 1, then 2, 4, ..., 256 */
    for (int i = 0; i < pb.n; i++)
        if (pb.count[i] > 0)
            ck_assert_int_eq(pb.c[i].groups[0] & (pb.c[i].groups[0] - 1), 0);
    ck_assert_int_eq(pb.c[best].groups[0], 256);
    /* Tight intervals: the slope is real, and followed to g = p. */
    for (int i = 0; i < pb.n; i++)
        pb.ci[i] = 1e-9;
    run(&himpi_search_guided, &pb, &best);
    ck_assert_int_eq(pb.c[best].groups[0], 256);
    drop(&pb);
}
END_TEST

/* Infinite intervals (one repetition) make all equal: the smallest g of
 * the bracket wins each comparison, and the search still ends. */
START_TEST(guided_infinite_intervals)
{
    int best;
    problem pb = make_all(256, 0);
    for (int i = 0; i < pb.n; i++) {
        pb.T[i] = hockney(256, pb.c[i].groups[0], 5e-6, 1e-9, 0, 0);
        pb.ci[i] = INFINITY;
    }
    int calls = run(&himpi_search_guided, &pb, &best);
    ck_assert_int_le(calls, 2 * ceil_log2(256));
    drop(&pb);
}
END_TEST

START_TEST(guided_hardware_beats_blocks)
{
    for (int h = 0; h < 4; h++) {
        int best;
        problem pb = make_all(64, 4);
        for (int i = 0; i < pb.n; i++)
            pb.T[i] = is_block(&pb.c[i]) ? hockney(64, pb.c[i].groups[0], 5e-6, 0, 0, 1) : 1.0;
        pb.T[pb.n - 4 + h] = 1e-6;
        run(&himpi_search_guided, &pb, &best);
        ck_assert_int_eq(best, pb.n - 4 + h);
        drop(&pb);
    }
}
END_TEST

/* g = 1 alone, or with hardware layouts only. */
START_TEST(guided_no_blocks)
{
    for (int nhw = 0; nhw <= 3; nhw++) {
        int best;
        problem pb = make(NULL, 0, nhw);
        for (int i = 0; i < pb.n; i++)
            pb.T[i] = 3.0 - i;
        ck_assert_int_eq(run(&himpi_search_guided, &pb, &best), 1 + nhw);
        ck_assert_int_eq(best, nhw);
        drop(&pb);
    }
}
END_TEST

/* Equal times everywhere: the first candidate wins, as with exhaustive. */
START_TEST(guided_ties_go_to_first)
{
    int best;
    problem pb = make_all(100, 2);
    for (int i = 0; i < pb.n; i++)
        pb.T[i] = 1.0;
    run(&himpi_search_guided, &pb, &best);
    ck_assert_int_eq(best, 0);
    drop(&pb);
}
END_TEST

/* The same results lead to the same measurements in the same order, as
 * every rank of a tuning run must take them. */
START_TEST(guided_is_deterministic)
{
    int best1, best2;
    problem pb = make_all(300, 2);
    for (int i = 0; i < pb.n; i++) {
        pb.T[i] = 1.0 + noise(7, i);
        pb.ci[i] = 0.1;
    }
    int n1 = run(&himpi_search_guided, &pb, &best1);
    int *first = malloc((size_t)n1 * sizeof *first);
    ck_assert_ptr_nonnull(first);
    for (int k = 0; k < n1; k++)
        first[k] = pb.order[k];
    ck_assert_int_eq(run(&himpi_search_guided, &pb, &best2), n1);
    ck_assert_int_eq(best1, best2);
    for (int k = 0; k < n1; k++)
        ck_assert_int_eq(pb.order[k], first[k]);
    free(first);
    drop(&pb);
}
END_TEST

/* Whatever the times, even far from U-shaped, the bound holds and no
 * candidate is measured twice (run checks that). */
START_TEST(guided_bounded_on_any_curve)
{
    for (unsigned seed = 1; seed <= 50; seed++)
        for (int p = 2; p <= 300; p += 29) {
            int best;
            problem pb = make_all(p, 2);
            for (int i = 0; i < pb.n; i++)
                pb.T[i] = 1.0 + noise(seed, i);
            int calls = run(&himpi_search_guided, &pb, &best);
            ck_assert_int_le(calls, guided_bound(p, p, 2));
            drop(&pb);
        }
}
END_TEST

/* A failed measurement ends the search with its error, wherever it is. */
START_TEST(guided_passes_errors_on)
{
    int best;
    problem pb = make_all(64, 2);
    for (int i = 0; i < pb.n; i++)
        pb.T[i] = hockney(64, is_block(&pb.c[i]) ? pb.c[i].groups[0] : 1, 5e-6, 0, 0, 1);
    int calls = run(&himpi_search_guided, &pb, &best);
    for (int k = 1; k <= calls; k++) {
        MPIB_result r;
        pb.calls = 0;
        pb.fail_at = k;
        ck_assert_int_eq(himpi_search_guided.choose(pb.c, pb.n, NULL, fake_measure, &pb, &best, &r),
                         MPI_ERR_OTHER);
        ck_assert_int_eq(pb.calls, k);
    }
    MPIB_result r;
    ck_assert_int_eq(himpi_search_guided.choose(pb.c, 0, NULL, fake_measure, &pb, &best, &r),
                     MPI_ERR_ARG);
    drop(&pb);
}
END_TEST

/* Results as a history's previous size: T where measured, M < 0 elsewhere. */
static MPIB_result *history_of(const problem *pb, const int *measured)
{
    MPIB_result *r = malloc((size_t)pb->n * sizeof *r);
    ck_assert_ptr_nonnull(r);
    for (int i = 0; i < pb->n; i++)
        r[i] = (MPIB_result){.M = measured[i] ? 0 : -1, .T = pb->T[i], .reps = 5, .ci = 0};
    return r;
}

/* The first size of a sequence: every candidate. */
START_TEST(guided_sweeps_the_first_size)
{
    int best;
    problem pb = make_all(100, 2);
    for (int i = 0; i < pb.n; i++)
        pb.T[i] = 1.0 + noise(11, i);
    himpi_history first = {NULL};
    MPIB_result r;
    ck_assert_int_eq(himpi_search_guided.choose(pb.c, pb.n, &first, fake_measure, &pb, &best, &r),
                     MPI_SUCCESS);
    ck_assert_int_eq(pb.calls, pb.n);
    for (int i = 0; i < pb.n; i++)
        ck_assert_int_eq(pb.count[i], 1);
    for (int i = 0; i < pb.n; i++)
        ck_assert(pb.T[best] <= pb.T[i]);
    drop(&pb);
}
END_TEST

/* A jagged curve whose best is an isolated g that neither the scan nor the
 * golden section lands on: found through the previous size's
 * front-runners (those within 3 % of its best, at most 8, fastest first),
 * missed without them. */
START_TEST(guided_follows_front_runners)
{
    problem pb = make_all(128, 0);
    for (int i = 0; i < pb.n; i++)
        pb.T[i] = pb.c[i].groups[0] == 1 ? 1.0 : 1.2;
    int at = 0;
    for (int i = 0; i < pb.n; i++)
        if (pb.c[i].groups[0] == 109)
            at = i;
    pb.T[at] = 0.8;
    int best;
    MPIB_result r;
    ck_assert_int_eq(himpi_search_guided.choose(pb.c, pb.n, NULL, fake_measure, &pb, &best, &r),
                     MPI_SUCCESS);
    ck_assert_int_eq(best, 0);
    /* The previous size: 109 best, ten others within 3 %, the flat 25 % off. */
    int *measured = calloc((size_t)pb.n, sizeof *measured);
    ck_assert_ptr_nonnull(measured);
    for (int i = 0; i < pb.n; i++)
        measured[i] = i == 0 || i == at || (i >= 20 && i < 30);
    MPIB_result *previous = history_of(&pb, measured);
    previous[at].T = 1.0;
    previous[0].T = 1.25;
    for (int i = 20; i < 30; i++)
        previous[i].T = 1.0 + 0.002 * (30 - i); /* 29 fastest after 109, then 28, ... */
    himpi_history h = {previous};
    memset(pb.count, 0, (size_t)pb.n * sizeof *pb.count);
    pb.calls = 0;
    ck_assert_int_eq(himpi_search_guided.choose(pb.c, pb.n, &h, fake_measure, &pb, &best, &r),
                     MPI_SUCCESS);
    ck_assert_int_eq(best, at);
    /* 109 and the 7 fastest others came right after g = 1; 20, 21 not at all
     * (unless the scan or the golden section took them). */
    ck_assert_int_eq(pb.order[1], at);
    for (int k = 2; k <= 8; k++)
        ck_assert_int_eq(pb.order[k], 31 - k);
    free(previous);
    free(measured);
    drop(&pb);
}
END_TEST

START_TEST(exhaustive_measures_each_once)
{
    const int ps[] = {1, 2, 17, 64};
    for (size_t a = 0; a < sizeof ps / sizeof ps[0]; a++) {
        int best;
        problem pb = make_all(ps[a], 3);
        for (int i = 0; i < pb.n; i++)
            pb.T[i] = 1.0 + noise(3, i);
        ck_assert_int_eq(run(&himpi_search_exhaustive, &pb, &best), pb.n);
        for (int i = 0; i < pb.n; i++) {
            ck_assert_int_eq(pb.count[i], 1);
            ck_assert_int_eq(pb.order[i], i);
        }
        drop(&pb);
    }
}
END_TEST

START_TEST(searches_by_name)
{
    ck_assert_ptr_eq(HiMPI_Search_by_name("exhaustive"), &himpi_search_exhaustive);
    ck_assert_ptr_eq(HiMPI_Search_by_name("guided"), &himpi_search_guided);
    ck_assert_str_eq(himpi_search_guided.name, "guided");
    ck_assert_ptr_null(HiMPI_Search_by_name("Guided"));
    ck_assert_ptr_null(HiMPI_Search_by_name(""));
    ck_assert_ptr_null(HiMPI_Search_by_name(NULL));
}
END_TEST

Suite *unit_suite(void)
{
    Suite *s = suite_create("search");
    TCase *t = tcase_create("search");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, guided_hockney_near_optimum_in_few_measurements);
    tcase_add_test(t, guided_finds_minimum_of_every_unimodal_curve);
    tcase_add_test(t, guided_flat_is_best);
    tcase_add_test(t, guided_minimum_at_p);
    tcase_add_test(t, guided_user_subset);
    tcase_add_test(t, guided_noisy_within_noise_band);
    tcase_add_test(t, guided_overlap_keeps_smaller_g);
    tcase_add_test(t, guided_infinite_intervals);
    tcase_add_test(t, guided_hardware_beats_blocks);
    tcase_add_test(t, guided_no_blocks);
    tcase_add_test(t, guided_ties_go_to_first);
    tcase_add_test(t, guided_is_deterministic);
    tcase_add_test(t, guided_bounded_on_any_curve);
    tcase_add_test(t, guided_passes_errors_on);
    tcase_add_test(t, guided_sweeps_the_first_size);
    tcase_add_test(t, guided_follows_front_runners);
    tcase_add_test(t, exhaustive_measures_each_once);
    tcase_add_test(t, searches_by_name);
    suite_add_tcase(s, t);
    return s;
}

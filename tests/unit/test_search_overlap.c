/* test_search_overlap: the overlap dimension of the searches on synthetic
 * timings (no MPI communication).  A fake measure function gives each
 * candidate's time at each overlap from a model, and counts what the
 * search asked for: where the overlap changes nothing (as long as the
 * drivers ignore it) the search must keep 0, through noise of twice the
 * intervals' half-widths too; where it helps, the search must find it,
 * within the measurements doc/search.md states. */
#include <config.h>

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "tune/tune.h"
#include "unit.h"

/* A two-level plan of g rank blocks of p ranks moving m bytes in
 * Hockney's model, each level the chain (linear) algorithm: the level
 * between groups, then the one inside the largest; overlapped in segments
 * of x bytes, segment k + 1 between groups runs while segment k runs
 * inside them, so the time is the first segment through both levels and
 * then one segment of the slower level at a time (thesis eq. 3.1; the
 * pipeline of doc/schedules.md). */
static double model(int p, int g, double m, int x)
{
    const double alpha = 2e-5, beta = 1e-9;
    int inner = (p + g - 1) / g;
    if (x == 0 || x >= m)
        return (g - 1 + inner - 1) * (alpha + beta * m);
    double k = ceil(m / x), out = (g - 1) * (alpha + beta * x);
    double in = (inner - 1) * (alpha + beta * x);
    return out + in + (k - 1) * fmax(out, in);
}

typedef struct problem problem;

/* A tuning problem: candidates, their times without overlap, and what the
 * search asked. */
struct problem {
    int p, n;
    double m;
    HiMPI_Candidate *c;
    double *T; /* without overlap, by candidate */
    /* The time of candidate i at overlap x > 0. */
    double (*overlapped)(const problem *pb, int i, int x);
    double rel_ci; /* half-widths as a fraction of the time */
    double noise;  /* 0, or the fraction of the half-width each measurement is off by */
    unsigned seed;
    double gain;   /* gains: the gain at every overlap */
    double *TX;    /* listed: the time at every overlap, by candidate */
    int calls, overlapped_calls, fail_at;
    char *allowed;
};

/* Deterministic noise in [-1, 1] for a seed, a candidate and an overlap. */
static double noise(unsigned seed, int i, int x)
{
    unsigned v = seed * 2654435761u ^ (unsigned)i * 40503u ^ (unsigned)x * 2246822519u;
    v ^= v >> 13;
    v *= 0x5bd1e995u;
    v ^= v >> 15;
    return (v % 20001u) / 10000.0 - 1.0;
}

/* The drivers ignore the overlap: the time without. */
static double same(const problem *pb, int i, int x)
{
    (void)x;
    return pb->T[i];
}

/* The pipelined model, for rank blocks (hardware layouts gain nothing). */
static double pipelined(const problem *pb, int i, int x)
{
    int g = pb->c[i].groups[0];
    return g > 0 ? model(pb->p, g, pb->m, x) : pb->T[i];
}

/* Faster by pb->gain at every overlap. */
static double gains(const problem *pb, int i, int x)
{
    (void)x;
    return pb->T[i] * (1 - pb->gain);
}

/* The times of pb->TX, whatever the overlap. */
static double listed(const problem *pb, int i, int x)
{
    (void)x;
    return pb->TX[i];
}

static int fake_measure(void *ctx, int i, int overlap, double bound, MPIB_result *r)
{
    problem *pb = ctx;
    (void)bound; /* made up: cutting one short saves nothing */
    if (i < 0 || i >= pb->n || overlap < 0)
        ck_abort_msg("candidate %d of %d, overlap %d", i, pb->n, overlap);
    if (overlap > 0 && !pb->allowed[i])
        ck_abort_msg("candidate %d cannot overlap", i);
    if (++pb->calls == pb->fail_at)
        return MPI_ERR_OTHER;
    pb->overlapped_calls += overlap > 0;
    double t = overlap > 0 ? pb->overlapped(pb, i, overlap) : pb->T[i], ci = pb->rel_ci * t;
    if (pb->noise > 0)
        t += pb->noise * ci * noise(pb->seed, i, overlap);
    *r = (MPIB_result){.M = 0, .T = t, .wtick = 1e-9, .reps = 10, .ci = ci, .converged = 1};
    return MPI_SUCCESS;
}

/* g = 1, 2, ..., p, then nhw hardware layouts slower than every block;
 * the candidates that are not flat may overlap. */
static problem make(int p, double m, int nhw)
{
    problem pb = {.p = p, .n = p + nhw, .m = m, .overlapped = same};
    pb.c = calloc((size_t)pb.n, sizeof *pb.c);
    pb.T = calloc((size_t)pb.n, sizeof *pb.T);
    pb.TX = calloc((size_t)pb.n, sizeof *pb.TX);
    pb.allowed = calloc((size_t)pb.n, 1);
    ck_assert(pb.c && pb.T && pb.TX && pb.allowed);
    for (int g = 1; g <= p; g++) {
        pb.c[g - 1] = (HiMPI_Candidate){.levels = 1, .groups = {g}};
        pb.T[g - 1] = model(p, g, m, 0);
        pb.allowed[g - 1] = g > 1 && g < p;
    }
    for (int h = 0; h < nhw; h++) {
        pb.c[p + h] = (HiMPI_Candidate){.levels = 1, .hw = {(HiMPI_Hwlevel)h}};
        pb.T[p + h] = 10 * model(p, 1, m, 0);
        pb.allowed[p + h] = 1;
    }
    return pb;
}

static void drop(problem *pb)
{
    free(pb->c);
    free(pb->T);
    free(pb->TX);
    free(pb->allowed);
}

/* What a tuning of pb chooses with search: its layout without overlap,
 * then its overlap step over sizes (the default ones of pb's message when
 * sizes is NULL).  Returns the overlap step's measurements. */
static int tune(const HiMPI_Search *search, problem *pb, const int *list, int nlist,
                double margin, himpi_overlap_choice *chosen)
{
    int best, sizes[HIMPI_OVERLAP_SIZES_MAX];
    MPIB_result r;
    pb->calls = pb->overlapped_calls = 0;
    ck_assert_int_eq(search->choose(pb->c, pb->n, NULL, fake_measure, pb, &best, &r),
                     MPI_SUCCESS);
    int before = pb->calls;
    himpi_overlaps ov = {sizes,
                         himpi_overlap_sizes((long long)pb->m, list, nlist,
                                             search->default_overlaps, sizes),
                         pb->allowed, margin};
    ck_assert_int_eq(search->overlap(pb->c, pb->n, &ov, best, &r, fake_measure, pb, chosen),
                     MPI_SUCCESS);
    ck_assert_int_eq(pb->calls - before, pb->overlapped_calls);
    if (chosen->overlap == 0) {
        ck_assert_int_eq(chosen->best, best);
        ck_assert_double_eq(chosen->result.T, r.T);
    }
    return pb->overlapped_calls;
}

/* The g the guided search chooses for pb without overlap. */
static int tune_start(problem *pb)
{
    int best;
    MPIB_result r;
    int calls = pb->calls, overlapped = pb->overlapped_calls;
    ck_assert_int_eq(himpi_search_guided.choose(pb->c, pb->n, NULL, fake_measure, pb, &best, &r),
                     MPI_SUCCESS);
    pb->calls = calls;
    pb->overlapped_calls = overlapped;
    return pb->c[best].groups[0];
}

/* The overlaps of the guided search: powers of two from 8 KiB to half the
 * message, none below 16 KiB; a list is filtered, sorted and kept once. */
START_TEST(overlap_sizes)
{
    int s[HIMPI_OVERLAP_SIZES_MAX];
    ck_assert_int_eq(himpi_overlap_sizes(16 << 20, NULL, 0, 1, s), 11);
    ck_assert_int_eq(s[0], 8192);
    ck_assert_int_eq(s[10], 8 << 20);
    ck_assert_int_eq(himpi_overlap_sizes(16384, NULL, 0, 1, s), 1);
    ck_assert_int_eq(s[0], 8192);
    ck_assert_int_eq(himpi_overlap_sizes(16383, NULL, 0, 1, s), 0);
    ck_assert_int_eq(himpi_overlap_sizes(0, NULL, 0, 1, s), 0);
    ck_assert_int_eq(himpi_overlap_sizes(3 << 20, NULL, 0, 1, s), 8); /* 8K .. 1M */
    ck_assert_int_eq(himpi_overlap_sizes(INT_MAX, NULL, 0, 1, s), 17); /* 8K .. 512M */
    ck_assert_int_eq(himpi_overlap_sizes(16 << 20, NULL, 0, 0, s), 0);
    const int list[] = {65536, 0, 4096, 65536, 9 << 20, 8 << 20, -5, 1};
    ck_assert_int_eq(himpi_overlap_sizes(16 << 20, list, 8, 0, s), 4);
    ck_assert(s[0] == 1 && s[1] == 4096 && s[2] == 65536 && s[3] == 8 << 20);
    ck_assert_int_eq(himpi_overlap_sizes(16 << 20, list, 8, 1, s), 4);
    ck_assert_int_eq(himpi_overlap_sizes(16 << 20, list, 0, 1, s), 0);
    const int zero = 0;
    ck_assert_int_eq(himpi_overlap_sizes(16 << 20, &zero, 1, 1, s), 0);
    int many[100];
    for (int i = 0; i < 100; i++)
        many[i] = 100 - i;
    ck_assert_int_eq(himpi_overlap_sizes(16 << 20, many, 100, 1, s), HIMPI_OVERLAP_SIZES_MAX);
    ck_assert_int_eq(s[0], 37); /* the first 64 listed, sorted */
}
END_TEST

START_TEST(significance)
{
    MPIB_result a = {.T = 0.96, .ci = 0.001}, b = {.T = 1.0, .ci = 0.001};
    ck_assert(himpi_significantly_faster(&a, &b, 0.03));
    ck_assert(!himpi_significantly_faster(&b, &a, 0.03));
    a.T = 0.975;
    ck_assert(!himpi_significantly_faster(&a, &b, 0.03));
    ck_assert(himpi_significantly_faster(&a, &b, 0.0));
    a.ci = 0.03;
    ck_assert(!himpi_significantly_faster(&a, &b, 0.0));
    a = (MPIB_result){.T = 0.1, .ci = INFINITY};
    ck_assert(!himpi_significantly_faster(&a, &b, 0.0));
    b.ci = INFINITY;
    a.ci = 0;
    ck_assert(!himpi_significantly_faster(&a, &b, 0.0));
}
END_TEST

/* While the drivers ignore the overlap, its times are those without.
 * Measured again exactly, the guided search measures the largest overlap
 * at the layout it chose and stops there (nothing where that is flat or a
 * message is under 16 KiB).  Measured again off by noise up to twice the
 * half-width (1 % of the time) either way, it goes a little further where
 * the noise made an overlap look faster, and never chooses one. */
START_TEST(guided_keeps_zero_when_the_overlap_does_nothing)
{
    const int ps[] = {4, 16, 64, 128, 512};
    const double ms[] = {1024, 16384, 65536, 1 << 20, 16 << 20};
    int cells = 0, measured = 0, further = 0;
    for (size_t a = 0; a < sizeof ps / sizeof ps[0]; a++)
        for (size_t b = 0; b < sizeof ms / sizeof ms[0]; b++)
            for (unsigned seed = 0; seed <= 8; seed++) {
                problem pb = make(ps[a], ms[b], seed % 3);
                pb.rel_ci = 0.01;
                pb.noise = seed > 0 ? 2 : 0;
                pb.seed = seed;
                himpi_overlap_choice chosen;
                int n = tune(&himpi_search_guided, &pb, NULL, 0, HIMPI_TUNE_MIN_EFFECT, &chosen);
                int sizes[HIMPI_OVERLAP_SIZES_MAX];
                int ns = himpi_overlap_sizes((long long)ms[b], NULL, 0, 1, sizes);
                int want = pb.allowed[chosen.best] && ns > 0;
                ck_assert_msg(chosen.overlap == 0, "p %d m %g seed %u: overlap %d chosen",
                              ps[a], ms[b], seed, chosen.overlap);
                ck_assert_msg(seed == 0 ? n == want : n >= want && n <= ns + 4,
                              "p %d m %g seed %u: %d overlapped measurements, expected %d",
                              ps[a], ms[b], seed, n, want);
                cells++;
                measured += n;
                further += n > want;
                drop(&pb);
            }
    ck_assert_int_eq(cells, 225);
    printf("# %d cells, overlap 0 in all, %d overlapped measurements, more than one in %d\n",
           cells, measured, further);
}
END_TEST

/* Where the overlap helps (the pipelined model above), the guided search
 * finds an overlap within 2 % of the best of every layout at every
 * overlap, with at most one measurement per overlap, both neighbouring g
 * and one more per step of the walk along g. */
START_TEST(guided_finds_the_overlap_that_helps)
{
    const int ps[] = {16, 64, 128, 512};
    const double ms[] = {65536, 1 << 20, 4 << 20, 16 << 20};
    for (size_t a = 0; a < sizeof ps / sizeof ps[0]; a++)
        for (size_t b = 0; b < sizeof ms / sizeof ms[0]; b++) {
            problem pb = make(ps[a], ms[b], 1);
            pb.overlapped = pipelined;
            himpi_overlap_choice guided, full;
            int n = tune(&himpi_search_guided, &pb, NULL, 0, HIMPI_TUNE_MIN_EFFECT, &guided);
            int sizes[HIMPI_OVERLAP_SIZES_MAX];
            int ns = himpi_overlap_sizes((long long)ms[b], NULL, 0, 1, sizes);
            /* At most the overlaps, both neighbours, one more for each step
             * of the walk along g (blocks are g = 1 .. p, so a step is a
             * g). */
            int start = tune_start(&pb), moved = abs(pb.c[guided.best].groups[0] - start);
            ck_assert_int_le(n, ns + 2 + moved);
            /* The full product, for reference. */
            int nfull =
                tune(&himpi_search_exhaustive, &pb, sizes, ns, HIMPI_TUNE_MIN_EFFECT, &full);
            int allowed = 0;
            for (int i = 0; i < pb.n; i++)
                allowed += pb.allowed[i];
            ck_assert_int_eq(nfull, allowed * ns);
            ck_assert_msg(full.overlap != 0, "p %d m %g: the model gains nothing", ps[a], ms[b]);
            ck_assert_msg(guided.overlap != 0 && guided.result.T <= 1.02 * full.result.T,
                          "p %d m %g: guided g %d overlap %d %g, best g %d overlap %d %g",
                          ps[a], ms[b], pb.c[guided.best].groups[0], guided.overlap,
                          guided.result.T, pb.c[full.best].groups[0], full.overlap,
                          full.result.T);
            printf("# p %3d m %8.0f: g %3d overlap %7d in %2d of %5d measurements, %.4f of "
                   "the best (g %d, %d)\n",
                   ps[a], ms[b], pb.c[guided.best].groups[0], guided.overlap, n, nfull,
                   guided.result.T / full.result.T, pb.c[full.best].groups[0], full.overlap);
            drop(&pb);
        }
}
END_TEST

/* Overlapped times that are the model's plus the noise of the first
 * test: still found, the noise changes the choice by little. */
START_TEST(guided_finds_the_overlap_through_noise)
{
    for (unsigned seed = 1; seed <= 20; seed++) {
        problem pb = make(64, 4 << 20, 0);
        pb.overlapped = pipelined;
        pb.rel_ci = 0.01;
        pb.noise = 2;
        pb.seed = seed;
        himpi_overlap_choice chosen;
        tune(&himpi_search_guided, &pb, NULL, 0, HIMPI_TUNE_MIN_EFFECT, &chosen);
        double exact = model(64, pb.c[chosen.best].groups[0], pb.m, chosen.overlap);
        double best = INFINITY;
        for (int g = 2; g < 64; g++)
            for (int x = 8192; x <= 2 << 20; x *= 2)
                best = fmin(best, model(64, g, pb.m, x));
        ck_assert_msg(chosen.overlap != 0 && exact <= 1.05 * best, "seed %u: %g vs %g", seed,
                      exact, best);
        drop(&pb);
    }
}
END_TEST

/* An overlap gains less than the margin, or not beyond its interval: not
 * chosen; beyond both: chosen.  The overlaps below the largest, and the
 * layout's neighbours, are measured only for a gain clearly beyond the
 * intervals. */
START_TEST(overlap_needs_the_margin)
{
    const struct {
        double gain, rel_ci, margin;
        int chosen, clear;
    } cases[] = {{0.02, 0.001, 0.03, 0, 1}, {0.04, 0.001, 0.03, 1, 1}, {0.02, 0.001, 0.0, 1, 1},
                 {0.04, 0.02, 0.03, 0, 1},  {0.10, 0.02, 0.03, 1, 1},  {0.02, 0.0, 0.0, 1, 1},
                 {0.02, 0.02, 0.0, 0, 0}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        problem pb = make(16, 1 << 20, 0);
        for (int i = 0; i < pb.n; i++)
            pb.T[i] = pb.c[i].groups[0] == 4 ? 1.0 : 2.0;
        pb.overlapped = gains;
        pb.gain = cases[k].gain;
        pb.rel_ci = cases[k].rel_ci;
        himpi_overlap_choice chosen;
        int n = tune(&himpi_search_guided, &pb, NULL, 0, cases[k].margin, &chosen);
        ck_assert_msg((chosen.overlap == 512 << 10) == cases[k].chosen, "case %zu: overlap %d", k,
                      chosen.overlap);
        ck_assert_int_eq(pb.c[chosen.best].groups[0], 4);
        /* 512K; where clear, 256K (no faster) and the neighbouring g. */
        ck_assert_int_eq(n, 1 + 3 * cases[k].clear);
        drop(&pb);
    }
}
END_TEST

/* The overlap moves the best g: from the layout chosen without it, the
 * search walks along g at the best overlap while the next g is clearly
 * faster, the faster side first; a neighbour faster within the interval
 * does not take over. */
START_TEST(guided_walks_to_the_best_g)
{
    problem pb = make(16, 1 << 20, 0);
    pb.overlapped = listed;
    pb.rel_ci = 0.001;
    /* Without overlap g = 4 is best; overlapped, g = 7 (and 3 is faster
     * than 4, but less than 5). */
    for (int i = 0; i < pb.n; i++) {
        int g = pb.c[i].groups[0];
        pb.T[i] = 1.0 + 0.1 * abs(g - 4);
        pb.TX[i] = g == 3                ? 0.79
                   : g >= 4 && g <= 9 ? 0.8 - 0.05 * (g - 4) + 0.2 * (g > 7)
                                      : pb.T[i];
    }
    himpi_overlap_choice chosen;
    int n = tune(&himpi_search_guided, &pb, NULL, 0, HIMPI_TUNE_MIN_EFFECT, &chosen);
    ck_assert_int_eq(pb.c[chosen.best].groups[0], 7);
    ck_assert_int_eq(chosen.overlap, 512 << 10);
    ck_assert_double_eq_tol(chosen.result.T, 0.65, 1e-12);
    /* 512K and 256K at g = 4, g = 3 and 5, then 6, 7 and 8 (which loses). */
    ck_assert_int_eq(n, 2 + 2 + 3);
    /* Wide intervals: 3 and 5 are no longer clearly faster than 4. */
    pb.rel_ci = 0.05;
    n = tune(&himpi_search_guided, &pb, NULL, 0, HIMPI_TUNE_MIN_EFFECT, &chosen);
    ck_assert_int_eq(pb.c[chosen.best].groups[0], 4);
    ck_assert_int_eq(chosen.overlap, 512 << 10);
    ck_assert_int_eq(n, 2 + 2);
    /* Walking down: 3 clearly faster, 5 slower. */
    pb.rel_ci = 0.001;
    for (int i = 0; i < pb.n; i++) {
        int g = pb.c[i].groups[0];
        pb.TX[i] = g == 2 ? 0.5 : g == 3 ? 0.7 : g == 4 ? 0.8 : pb.T[i];
    }
    n = tune(&himpi_search_guided, &pb, NULL, 0, HIMPI_TUNE_MIN_EFFECT, &chosen);
    ck_assert_int_eq(pb.c[chosen.best].groups[0], 2);
    ck_assert_int_eq(n, 2 + 2 + 1); /* then g = 1, flat, is not measured */
    drop(&pb);
}
END_TEST

/* Nothing is measured overlapped where the layout chosen is flat, where
 * no candidate may overlap (an operation that does not), or where there
 * is no overlap to measure. */
START_TEST(overlap_not_measured_where_it_cannot_be)
{
    problem pb = make(16, 1 << 20, 2);
    pb.overlapped = pipelined;
    for (int i = 0; i < pb.n; i++)
        pb.T[i] = i == 0 ? 0.5 : 1.0; /* g = 1 best */
    himpi_overlap_choice chosen;
    ck_assert_int_eq(tune(&himpi_search_guided, &pb, NULL, 0, 0.03, &chosen), 0);
    ck_assert_int_eq(chosen.best, 0);
    pb.T[0] = 2.0;
    pb.T[15] = 0.5; /* g = p best: flat too */
    ck_assert_int_eq(tune(&himpi_search_guided, &pb, NULL, 0, 0.03, &chosen), 0);
    ck_assert_int_eq(chosen.best, 15);
    for (int i = 0; i < pb.n; i++)
        pb.allowed[i] = 0;
    pb.T[15] = 1.0;
    pb.T[3] = 0.5;
    ck_assert_int_eq(tune(&himpi_search_guided, &pb, NULL, 0, 0.03, &chosen), 0);
    ck_assert_int_eq(tune(&himpi_search_exhaustive, &pb, (const int[]){65536}, 1, 0.03, &chosen),
                     0);
    for (int i = 1; i < pb.n; i++)
        pb.allowed[i] = i != 15;
    const int zero = 0;
    ck_assert_int_eq(tune(&himpi_search_guided, &pb, &zero, 1, 0.03, &chosen), 0);
    ck_assert_int_eq(tune(&himpi_search_exhaustive, &pb, NULL, 0, 0.03, &chosen), 0);
    pb.m = 16383;
    ck_assert_int_eq(tune(&himpi_search_guided, &pb, NULL, 0, 0.03, &chosen), 0);
    /* A hardware layout chosen: its overlaps, no neighbours. */
    pb.m = 1 << 20;
    pb.overlapped = gains;
    pb.gain = 0.5;
    pb.T[3] = 1.0;
    pb.T[17] = 0.4;
    ck_assert_int_eq(tune(&himpi_search_guided, &pb, NULL, 0, 0.03, &chosen), 2);
    ck_assert_int_eq(chosen.best, 17);
    ck_assert_int_eq(chosen.overlap, 512 << 10);
    drop(&pb);
}
END_TEST

/* The exhaustive search measures every candidate that may overlap at every
 * overlap listed, in order, and takes the fastest where significant. */
START_TEST(exhaustive_measures_the_product)
{
    problem pb = make(32, 4 << 20, 1);
    pb.overlapped = pipelined;
    const int list[] = {1 << 20, 16384, 131072};
    himpi_overlap_choice chosen;
    int n = tune(&himpi_search_exhaustive, &pb, list, 3, 0.03, &chosen);
    ck_assert_int_eq(n, (30 + 1) * 3);
    double best = INFINITY;
    for (int g = 2; g < 32; g++)
        for (int k = 0; k < 3; k++)
            best = fmin(best, model(32, g, pb.m, list[k]));
    ck_assert_double_eq(chosen.result.T, best);
    ck_assert_int_ne(chosen.overlap, 0);
    pb.overlapped = same;
    n = tune(&himpi_search_exhaustive, &pb, list, 3, 0.03, &chosen);
    ck_assert_int_eq(n, 31 * 3);
    ck_assert_int_eq(chosen.overlap, 0);
    drop(&pb);
}
END_TEST

/* A failed measurement ends the overlap step with its error. */
START_TEST(overlap_passes_errors_on)
{
    const HiMPI_Search *searches[] = {&himpi_search_guided, &himpi_search_exhaustive};
    for (int s = 0; s < 2; s++) {
        problem pb = make(16, 1 << 20, 0);
        pb.overlapped = pipelined;
        int best, sizes[HIMPI_OVERLAP_SIZES_MAX];
        MPIB_result r;
        ck_assert_int_eq(
            himpi_search_guided.choose(pb.c, pb.n, NULL, fake_measure, &pb, &best, &r),
            MPI_SUCCESS);
        himpi_overlaps ov = {sizes, himpi_overlap_sizes(1 << 20, NULL, 0, 1, sizes), pb.allowed,
                             0.03};
        himpi_overlap_choice chosen;
        pb.calls = 0;
        ck_assert_int_eq(
            searches[s]->overlap(pb.c, pb.n, &ov, best, &r, fake_measure, &pb, &chosen),
            MPI_SUCCESS);
        int calls = pb.calls;
        ck_assert_int_gt(calls, 0);
        for (int k = 1; k <= calls; k++) {
            pb.calls = 0;
            pb.fail_at = k;
            ck_assert_int_eq(
                searches[s]->overlap(pb.c, pb.n, &ov, best, &r, fake_measure, &pb, &chosen),
                MPI_ERR_OTHER);
            ck_assert_int_eq(pb.calls, k);
        }
        drop(&pb);
    }
}
END_TEST

Suite *unit_suite(void)
{
    Suite *s = suite_create("search_overlap");
    TCase *t = tcase_create("search_overlap");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, overlap_sizes);
    tcase_add_test(t, significance);
    tcase_add_test(t, guided_keeps_zero_when_the_overlap_does_nothing);
    tcase_add_test(t, guided_finds_the_overlap_that_helps);
    tcase_add_test(t, guided_finds_the_overlap_through_noise);
    tcase_add_test(t, overlap_needs_the_margin);
    tcase_add_test(t, guided_walks_to_the_best_g);
    tcase_add_test(t, overlap_not_measured_where_it_cannot_be);
    tcase_add_test(t, exhaustive_measures_the_product);
    tcase_add_test(t, overlap_passes_errors_on);
    suite_add_tcase(s, t);
    return s;
}

/* test_barrier.c: HiMPI_Barrier's matrix.  Every check runs rounds in
 * which one rank (each in turn, sampled above 4 ranks) enters late, and no
 * rank may leave before it has entered (barrier_check.h); a first check
 * shows that a call that does nothing fails this.
 *
 * The matrix: every (alg_out, alg_in) pair at every group count (sampled
 * as colltest.h samples, HIMPI_TEST_SAMPLE=1: the pairs (a, a), (a,
 * native) and (native, a), 5 group counts, 2 late ranks), so uneven groups
 * wherever g does not divide p; every algorithm in multi-level plans of rank blocks
 * and of pretend hardware levels whose groups are not contiguous (scatter
 * binding) and are (block binding); the plain call on the table's plan;
 * the persistent calls, each started in every round; the nonblocking
 * calls, two at once completed in reverse order in every round; and the
 * error classes of invalid arguments. */
#include <config.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "barrier_check.h"
#include "himpi.h"
#include "mpitap.h"
#include "plans.h"

static int size, rank, scale;

/* The ranks that take turns to enter late: all of them up to 4 ranks, the
 * first two, the middle and the last above; the first and the last in
 * scale mode. */
static int late_ranks(int *late)
{
    if (size <= 4 && !scale) {
        for (int i = 0; i < size; i++)
            late[i] = i;
        return size;
    }
    const int pick[] = {0, size - 1, 1, size / 2};
    int n = 0;
    for (int i = 0; i < (scale ? 2 : 4); i++) {
        int seen = 0;
        for (int j = 0; j < n; j++)
            seen |= late[j] == pick[i];
        if (!seen && pick[i] < size)
            late[n++] = pick[i];
    }
    return n;
}

/* Runs fn in rounds, each with another late rank (barrier_check.h), and
 * returns the number of rounds in which some rank left early, recorded
 * as failures if must_wait is set. */
static int rounds(MPI_Comm comm, barrier_fn fn, const void *ctx, const char *what, int must_wait)
{
    int late[4], nlate = late_ranks(late), early = 0;
    for (int k = 0; k < nlate; k++)
        early += barrier_round(comm, late[k], fn, ctx, what, must_wait);
    return early;
}

/* ---------------------------------------------------------------- calls */

static int with_params(MPI_Comm comm, const void *ctx)
{
    return HiMPI_Barrier_params(comm, ctx);
}

static int with_plan(MPI_Comm comm, const void *ctx)
{
    return HiMPI_Barrier_plan(comm, ctx);
}

static int plain(MPI_Comm comm, const void *ctx)
{
    (void)ctx;
    return HiMPI_Barrier(comm);
}

static int start(MPI_Comm comm, const void *ctx)
{
    (void)comm;
    HiMPI_Request *r = (HiMPI_Request *)(uintptr_t)ctx;
    int rc = HiMPI_Start(r);
    return rc == MPI_SUCCESS ? HiMPI_Wait(r, MPI_STATUS_IGNORE) : rc;
}

/* Two nonblocking barriers with the plan ctx (NULL: the plain call's),
 * outstanding at once and completed in reverse order. */
static int two_nonblocking(MPI_Comm comm, const void *ctx)
{
    const HiMPI_Plan *plan = ctx;
    HiMPI_Request r[2] = {HIMPI_REQUEST_NULL, HIMPI_REQUEST_NULL};
    int rc = MPI_SUCCESS;
    for (int k = 0; k < 2 && rc == MPI_SUCCESS; k++)
        rc = plan == NULL ? HiMPI_Ibarrier(comm, &r[k]) : HiMPI_Ibarrier_plan(comm, plan, &r[k]);
    for (int k = 1; k >= 0; k--) {
        int done = HiMPI_Wait(&r[k], MPI_STATUS_IGNORE);
        rc = rc == MPI_SUCCESS ? done : rc;
    }
    return rc;
}

static int nothing(MPI_Comm comm, const void *ctx)
{
    (void)comm, (void)ctx;
    return MPI_SUCCESS;
}

/* ---------------------------------------------------------------- matrix */

/* A call that does not wait must fail the check: the check can fail. */
static void test_check_fails(void)
{
    int late[4], early = rounds(MPI_COMM_WORLD, nothing, NULL, "a call that does nothing", 0);
    /* On one rank, doing nothing is a barrier. */
    tap_check(size == 1 || early == late_ranks(late),
              "a call that does nothing let ranks out early in %d rounds only", early);
    tap_ok("the check finds a call that does not wait in every round (%d)", early);
}

/* The group counts: every one up to 8 ranks, a sample above and in scale
 * mode (colltest.c's). */
static int group_counts(int *g)
{
    int n = 0;
    if (size <= 8 && !scale) {
        for (int i = 1; i <= size; i++)
            g[n++] = i;
        return n;
    }
    int s = 1;
    while ((s + 1) * (s + 1) <= size)
        s++;
    const int full[] = {1, 2, 3, 4, size / 2, size / 2 + 1, size - 1, size};
    const int sampled[] = {1, 2, s, size / 2 + 1, size};
    const int *pick = scale ? sampled : full, npick = scale ? 5 : 8;
    for (int i = 0; i < npick; i++) {
        int seen = pick[i] > size;
        for (int j = 0; j < n; j++)
            seen |= g[j] == pick[i];
        if (!seen)
            g[n++] = pick[i];
    }
    return n;
}

static int algorithms(HiMPI_Alg *a)
{
    int n = 0;
    for (int i = 0; i < HIMPI_ALG_COUNT; i++)
        if (HiMPI_Alg_supported(HIMPI_OP_BARRIER, (HiMPI_Alg)i))
            a[n++] = (HiMPI_Alg)i;
    return n;
}

static void sweep_pairs(void)
{
    HiMPI_Alg algs[HIMPI_ALG_COUNT];
    int nalg = algorithms(algs), g[16], ng = group_counts(g);
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    for (int o = 0; o < nalg; o++)
        for (int i = 0; i < nalg; i++) {
            if (scale && o != i && algs[o] != HIMPI_ALG_NATIVE && algs[i] != HIMPI_ALG_NATIVE)
                continue;
            char what[96];
            for (int k = 0; k < ng; k++) {
                HiMPI_Params params = {g[k], algs[o], algs[i], 0, 0};
                snprintf(what, sizeof what, "%s out, %s in, %d groups", HiMPI_Alg_name(algs[o]),
                         HiMPI_Alg_name(algs[i]), g[k]);
                rounds(comm, with_params, &params, what, 1);
            }
            tap_ok("%s out, %s in: no rank leaves early, over %d group counts",
                   HiMPI_Alg_name(algs[o]), HiMPI_Alg_name(algs[i]), ng);
        }
    MPI_Comm_free(&comm);
}

/* Every algorithm in the matrices' multi-level and hardware plans (plans.h),
 * with native on their other levels. */
static void sweep_plans(const char *binding)
{
    HiMPI_Alg algs[HIMPI_ALG_COUNT];
    int nalg = algorithms(algs);
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    for (int a = 0; a < nalg; a++) {
        HiMPI_Plan plans[TEST_NPLANS];
        int nplans = test_plans(algs[a], 1, plans);
        for (int k = 0; k < nplans; k++) {
            char what[96];
            snprintf(what, sizeof what, "%s, plan %d, %s binding", HiMPI_Alg_name(algs[a]), k,
                     binding);
            rounds(comm, with_plan, &plans[k], what, 1);
        }
        tap_ok("%s in %d multi-level and hardware plans, %s binding: no rank leaves early",
               HiMPI_Alg_name(algs[a]), nplans, binding);
    }
    MPI_Comm_free(&comm);
}

/* The plain call, on its table's plan (the MPI library's barrier without a
 * table), and HIMPI_GROUPS's plan. */
static void test_plain(void)
{
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    rounds(comm, plain, NULL, "HiMPI_Barrier", 1);
    MPI_Comm_free(&comm);
    tap_ok("HiMPI_Barrier: no rank leaves early");
}

/* Persistent barriers: the table's plan and every algorithm over uneven
 * groups, each started in every round, on one communicator; no start
 * creates a communicator (the init made them). */
/* Nonblocking barriers, two at a time completed in reverse order: the
 * table's plan and every algorithm over uneven groups. */
static void test_nonblocking(void)
{
    HiMPI_Alg algs[HIMPI_ALG_COUNT];
    int nalg = algorithms(algs), g = size >= 3 ? size / 2 + 1 : size;
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    rounds(comm, two_nonblocking, NULL, "HiMPI_Ibarrier", 1);
    tap_ok("HiMPI_Ibarrier on the table's plan, two at once completed in reverse order: no rank "
           "leaves early");
    for (int a = 0; a < nalg; a++) {
        HiMPI_Plan plan = {1, {{g, HIMPI_HW_NODE, algs[a]}}, algs[(a + 1) % nalg], 0, 0};
        char what[96];
        snprintf(what, sizeof what, "nonblocking %s", HiMPI_Alg_name(algs[a]));
        rounds(comm, two_nonblocking, &plan, what, 1);
        tap_ok("HiMPI_Ibarrier_plan, %s out and %s in over %d groups, two at once completed in "
               "reverse order: no rank leaves early",
               HiMPI_Alg_name(plan.level[0].alg), HiMPI_Alg_name(plan.alg_in), g);
    }
    MPI_Comm_free(&comm);
}

static void test_persistent(void)
{
    HiMPI_Alg algs[HIMPI_ALG_COUNT];
    int nalg = algorithms(algs), g = size >= 3 ? size / 2 + 1 : size;
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    for (int a = -1; a < nalg; a++) {
        HiMPI_Request r;
        HiMPI_Plan plan = {1, {{g, HIMPI_HW_NODE, a < 0 ? HIMPI_ALG_NATIVE : algs[a]}},
                           a < 0 ? HIMPI_ALG_NATIVE : algs[(a + 1) % nalg], 0, 0};
        int rc = a < 0 ? HiMPI_Barrier_init(comm, MPI_INFO_NULL, &r)
                       : HiMPI_Barrier_init_plan(comm, &plan, MPI_INFO_NULL, &r);
        tap_check(rc == MPI_SUCCESS, "init returned %d", rc);
        if (rc != MPI_SUCCESS) {
            tap_ok("persistent barrier");
            continue;
        }
        char what[96];
        snprintf(what, sizeof what, "persistent %s", a < 0 ? "plain" : HiMPI_Alg_name(algs[a]));
        for (int twice = 0; twice < 2; twice++)
            rounds(comm, start, (const void *)(uintptr_t)&r, what, 1);
        rc = HiMPI_Request_free(&r);
        tap_check(rc == MPI_SUCCESS && r == HIMPI_REQUEST_NULL, "free returned %d", rc);
        if (a < 0)
            tap_ok("HiMPI_Barrier_init on the table's plan: no rank leaves early at any start");
        else
            tap_ok("HiMPI_Barrier_init_plan, %s out and %s in over %d groups: no rank leaves "
                   "early at any start",
                   HiMPI_Alg_name(plan.level[0].alg), HiMPI_Alg_name(plan.alg_in), g);
    }
    MPI_Comm_free(&comm);
}

static void test_errors(void)
{
    const HiMPI_Params good = {1, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 0, 0};
    HiMPI_Params bad = good;
    HiMPI_Plan plan = {.nlevels = 1, .level = {{1, HIMPI_HW_NODE, HIMPI_ALG_NATIVE}},
                       .alg_in = HIMPI_ALG_NATIVE};
    HiMPI_Request r = HIMPI_REQUEST_NULL;
    int rc;
#define EXPECT(call, want, what)                                                                \
    do {                                                                                        \
        rc = (call);                                                                            \
        tap_check(rc == (want), "%s: returned %d, expected %d", what, rc, want);                \
    } while (0)
    EXPECT(HiMPI_Barrier(MPI_COMM_NULL), MPI_ERR_COMM, "HiMPI_Barrier(MPI_COMM_NULL)");
    EXPECT(HiMPI_Barrier_params(MPI_COMM_NULL, &good), MPI_ERR_COMM, "_params on MPI_COMM_NULL");
    EXPECT(HiMPI_Barrier_plan(MPI_COMM_NULL, &plan), MPI_ERR_COMM, "_plan on MPI_COMM_NULL");
    EXPECT(HiMPI_Barrier_init(MPI_COMM_NULL, MPI_INFO_NULL, &r), MPI_ERR_COMM,
           "_init on MPI_COMM_NULL");
    EXPECT(HiMPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, NULL), MPI_ERR_REQUEST,
           "_init with a NULL request");
    EXPECT(HiMPI_Barrier_params(MPI_COMM_WORLD, NULL), MPI_ERR_ARG, "params = NULL");
    bad.groups = 0;
    EXPECT(HiMPI_Barrier_params(MPI_COMM_WORLD, &bad), MPI_ERR_ARG, "groups = 0");
    bad.groups = size + 1;
    EXPECT(HiMPI_Barrier_params(MPI_COMM_WORLD, &bad), MPI_ERR_ARG, "groups = p + 1");
    for (int a = 0; a < HIMPI_ALG_COUNT; a++)
        if (!HiMPI_Alg_supported(HIMPI_OP_BARRIER, (HiMPI_Alg)a)) {
            bad = good, bad.alg_out = (HiMPI_Alg)a;
            EXPECT(HiMPI_Barrier_params(MPI_COMM_WORLD, &bad), MPI_ERR_ARG,
                   "an algorithm barrier lacks");
        }
    bad = good, bad.overlap = -1;
    EXPECT(HiMPI_Barrier_params(MPI_COMM_WORLD, &bad), MPI_ERR_ARG, "overlap = -1");
    /* Barrier's levels do not overlap: a positive overlap has no effect. */
    bad = good, bad.groups = size, bad.overlap = 4096;
    EXPECT(HiMPI_Barrier_params(MPI_COMM_WORLD, &bad), MPI_SUCCESS, "overlap = 4096");
    plan.overlap = -1;
    EXPECT(HiMPI_Barrier_plan(MPI_COMM_WORLD, &plan), MPI_ERR_ARG, "plan with overlap = -1");
    plan.overlap = 0;
    plan.nlevels = HIMPI_MAX_LEVELS + 1;
    EXPECT(HiMPI_Barrier_plan(MPI_COMM_WORLD, &plan), MPI_ERR_ARG, "too many levels");
    EXPECT(HiMPI_Barrier_init_plan(MPI_COMM_WORLD, &plan, MPI_INFO_NULL, &r), MPI_ERR_ARG,
           "_init_plan with too many levels");
    EXPECT(HiMPI_Barrier_plan(MPI_COMM_WORLD, NULL), MPI_ERR_ARG, "plan = NULL");
    EXPECT(HiMPI_Barrier_init_plan(MPI_COMM_WORLD, NULL, MPI_INFO_NULL, &r), MPI_ERR_ARG,
           "_init_plan with plan = NULL");
    tap_check(r == HIMPI_REQUEST_NULL, "a failed init left a request");
#undef EXPECT
    /* An inter-communicator between the even and the odd ranks (SimGrid
     * 3.32's SMPI, whose mpi.h defines SMPI_H, has no MPI_Intercomm_create:
     * it aborts). */
#ifndef SMPI_H
    if (size > 1) {
        MPI_Comm half, inter;
        MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
        MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, rank % 2 == 0 ? 1 : 0, 7, &inter);
        rc = HiMPI_Barrier(inter);
        tap_check(rc == MPI_ERR_COMM, "an inter-communicator: returned %d", rc);
        MPI_Comm_free(&inter);
        MPI_Comm_free(&half);
    }
#endif
    tap_ok("invalid arguments give the matching error class on every rank");
}

int main(int argc, char **argv)
{
    tap_init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *sampled = getenv("HIMPI_TEST_SAMPLE");
    scale = sampled != NULL && strcmp(sampled, "1") == 0;
    tap_diag("barrier on %d ranks%s", size, scale ? ", sampled matrix" : "");
    test_check_fails();
    test_errors();
    test_plain();
    sweep_pairs();
    test_persistent();
    test_nonblocking();
    test_plans_bindings(sweep_plans, scale);
    HiMPI_Finalize();
    return tap_finish();
}

/* test_measure: libmpib's measurements on real MPI, at any number of ranks.
 * Timings cannot be predicted, so the checks are on what must hold whatever
 * the machine does: positive finite times, the stopping rule respected,
 * identical results on every rank, and errors reported everywhere. */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mpib.h"
#include "mpitap.h"

static int rank, size;

/* Bytes this rank sent through MPI_Isend since the counter was reset, seen
 * through the profiling interface. */
static long long isend_bytes;

int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
              MPI_Comm comm, MPI_Request *request)
{
    int type_size;
    MPI_Type_size(datatype, &type_size);
    isend_bytes += (long long)count * type_size;
    return PMPI_Isend(buf, count, datatype, dest, tag, comm, request);
}

/* Checks what any successful measurement of size M must satisfy.  The root
 * method subtracts a barrier and may go below zero (see mpib.h); the other
 * two time a real interval. */
static void check_result(int rc, const MPIB_result *r, int M, const MPIB_precision *p,
                         MPIB_method method)
{
    tap_check(rc == MPI_SUCCESS, "measurement failed with error %d", rc);
    if (rc != MPI_SUCCESS)
        return;
    tap_check(r->M == M, "M is %d, expected %d", r->M, M);
    tap_check(isfinite(r->T), "T = %g s", r->T);
    if (method != MPIB_METHOD_ROOT)
        tap_check(r->T > 0, "T = %g s is not positive", r->T);
    tap_check(r->reps >= p->min_reps && r->reps <= p->max_reps, "reps %d outside [%d, %d]",
              r->reps, p->min_reps, p->max_reps);
    tap_check(isfinite(r->ci) && r->ci >= 0, "ci = %g", r->ci);
    if (r->converged)
        tap_check(r->ci <= p->eps * r->T, "converged but ci %g > eps * T = %g", r->ci,
                  p->eps * r->T);
    else
        tap_check(r->reps == p->max_reps, "stopped at %d reps without converging (max %d)",
                  r->reps, p->max_reps);
    tap_check(r->wtick > 0 && r->wtick < 1e-2, "wtick = %g", r->wtick);
    /* The median's interval: none below 6 samples at 95 %. */
    tap_check(isfinite(r->median) && r->median_lo <= r->median && r->median <= r->median_hi,
              "median %g outside [%g, %g]", r->median, r->median_lo, r->median_hi);
    tap_check((r->reps < 6) == isinf(r->median_hi), "%d samples, median interval up to %g",
              r->reps, r->median_hi);
    tap_check(r->outliers >= 0 && r->outliers < r->reps, "%d outliers among %d samples",
              r->outliers, r->reps);

    /* Every rank must hold rank 0's result, bit for bit. */
    MPIB_result first = *r;
    MPIB_Bcast(&first, (int)sizeof first, MPI_BYTE, 0, MPI_COMM_WORLD);
    tap_check(first.M == r->M && first.T == r->T && first.wtick == r->wtick &&
              first.reps == r->reps && first.ci == r->ci && first.converged == r->converged &&
              first.median == r->median && first.median_lo == r->median_lo &&
              first.median_hi == r->median_hi && first.outliers == r->outliers,
              "result differs from rank 0's (T %g vs %g, reps %d vs %d)", r->T, first.T,
              r->reps, first.reps);
}

static void test_bcast_methods(void)
{
    MPIB_precision p = MPIB_precision_default();
    MPIB_coll_container *bcast = MPIB_Bcast_container_alloc(MPI_Bcast);
    const int sizes[] = {8, 65536};
    const int roots[] = {0, size - 1};
    for (int m = MPIB_METHOD_MAX; m <= MPIB_METHOD_GLOBAL; m++)
        for (int s = 0; s < 2; s++)
            for (int k = 0; k < (size > 1 ? 2 : 1); k++) {
                MPIB_result r;
                int rc = MPIB_measure((MPIB_method)m, bcast, MPI_COMM_WORLD, roots[k], sizes[s],
                                      &p, &r);
                check_result(rc, &r, sizes[s], &p, (MPIB_method)m);
                tap_ok("MPI_Bcast %d B, root %d, %s method: %.2f us +- %.2f, %d reps%s",
                       sizes[s], roots[k], MPIB_method_name((MPIB_method)m), r.T * 1e6,
                       r.ci * 1e6, r.reps, r.converged ? "" : " (max_reps)");
            }
    MPIB_coll_container_free(bcast);
}

/* An operation of known length: every rank sleeps 20 ms. */
enum { NAP_NS = 20000000 };

static int nap(void *self, MPI_Comm comm, int root, int M)
{
    (void)self, (void)comm, (void)root, (void)M;
    struct timespec t = {0, NAP_NS};
    return nanosleep(&t, NULL) == 0 ? MPI_SUCCESS : MPI_ERR_OTHER;
}

static int nap_finalize(void *self, MPI_Comm comm, int root)
{
    (void)self, (void)comm, (void)root;
    return MPI_SUCCESS;
}

/* Each method must find about 20 ms.  Max and global cannot find less than
 * one nap: every rank naps, and the root's own finish counts in global.  The
 * root method subtracts a barrier measured beforehand, which a loaded
 * machine can make cost milliseconds, so it only has to find a quarter.  The
 * upper bound catches gross errors (units, a missing subtraction). */
static void test_known_duration(void)
{
    MPIB_precision p = MPIB_precision_default();
    p.max_reps = 10;
    MPIB_coll_container sleeper = {"nap", nap, nap, nap_finalize};
    const double nap_s = NAP_NS * 1e-9;
    for (int m = MPIB_METHOD_MAX; m <= MPIB_METHOD_GLOBAL; m++) {
        MPIB_result r;
        int rc = MPIB_measure((MPIB_method)m, &sleeper, MPI_COMM_WORLD, size / 2, 0, &p, &r);
        check_result(rc, &r, 0, &p, (MPIB_method)m);
        double low = m == MPIB_METHOD_ROOT ? nap_s / 4 : nap_s;
        tap_check(r.T >= low && r.T < nap_s + 0.5, "T = %g s, expected [%g, %g)", r.T, low,
                  nap_s + 0.5);
        tap_ok("a 20 ms operation, %s method: %.3f ms +- %.3f", MPIB_method_name((MPIB_method)m),
               r.T * 1e3, r.ci * 1e3);
    }
}

/* A bound below any time the operation can take stops it after two
 * repetitions (where the bound falls inside the noise is the stopping
 * rule's business, tested without MPI); an infinite one changes nothing;
 * NaN is refused. */
static void test_bound(void)
{
    MPIB_precision p = MPIB_precision_default();
    p.max_reps = 10;
    MPIB_coll_container sleeper = {"nap", nap, nap, nap_finalize};
    MPIB_result r;
    int rc = MPIB_measure_bound(MPIB_METHOD_MAX, &sleeper, MPI_COMM_WORLD, 0, 0, &p, -1.0, &r);
    tap_check(rc == MPI_SUCCESS, "bounded measurement failed with error %d", rc);
    tap_check(r.reps == 2 && !r.converged, "%d repetitions (converged %d), expected 2 and not",
              r.reps, r.converged);
    tap_check(r.T >= NAP_NS * 1e-9 && isfinite(r.ci), "T = %g s, ci %g s", r.T, r.ci);
    tap_ok("a 20 ms operation bounded below: stopped after 2 repetitions");
    rc = MPIB_measure_bound(MPIB_METHOD_MAX, &sleeper, MPI_COMM_WORLD, 0, 0, &p, INFINITY, &r);
    check_result(rc, &r, 0, &p, MPIB_METHOD_MAX);
    tap_ok("an infinite bound measures as MPIB_measure: %d repetitions", r.reps);
    tap_check(MPIB_measure_bound(MPIB_METHOD_MAX, &sleeper, MPI_COMM_WORLD, 0, 0, &p, NAN, &r) ==
                  MPI_ERR_ARG,
              "a NaN bound was accepted");
    tap_ok("a NaN bound gives MPI_ERR_ARG");
}

/* The ping-pong sends M bytes each way per repetition between the root
 * and the next rank, and needs two ranks. */
static void test_pingpong(void)
{
    MPIB_precision p = MPIB_precision_default();
    MPIB_coll_container *c = MPIB_Pingpong_container_alloc();
    tap_check(c != NULL && strcmp(c->operation, "pingpong") == 0, "no ping-pong container");
    const int M = 4096, root = size - 1;
    MPIB_result r;
    isend_bytes = 0;
    int rc = MPIB_measure_max(c, MPI_COMM_WORLD, root, M, &p, &r);
    if (size == 1) {
        tap_check(rc == MPI_ERR_COMM, "one rank: returned %d, expected MPI_ERR_COMM", rc);
        tap_ok("a ping-pong on one rank gives MPI_ERR_COMM");
    } else {
        check_result(rc, &r, M, &p, MPIB_METHOD_MAX);
        int partner = (root + 1) % size;
        /* The timed round trips and initialize's untimed one. */
        long long want = rank == root || rank == partner ? (long long)(r.reps + 1) * M : 0;
        tap_check(isend_bytes == want, "rank %d sent %lld bytes, expected %lld", rank,
                  isend_bytes, want);
        tap_ok("ping-pong between ranks %d and %d: %.2f us round trip, %d repetitions", root,
               partner, r.T * 1e6, r.reps);
    }
    MPIB_coll_container_free(c);
}

static void test_native_containers(void)
{
    MPIB_precision p = MPIB_precision_default();
    p.max_reps = 30;
    for (int i = 0; MPIB_native_operations[i] != NULL; i++) {
        MPIB_coll_container *c = MPIB_native_container_alloc(MPIB_native_operations[i]);
        tap_check(c != NULL, "no container for %s", MPIB_native_operations[i]);
        if (c != NULL) {
            tap_check(strcmp(c->operation, MPIB_native_operations[i]) == 0,
                      "container calls itself %s", c->operation);
            MPIB_result r;
            int rc = MPIB_measure_max(c, MPI_COMM_WORLD, 0, 1024, &p, &r);
            check_result(rc, &r, 1024, &p, MPIB_METHOD_MAX);
        }
        tap_ok("native %s container, 1 KiB, max method", MPIB_native_operations[i]);
        MPIB_coll_container_free(c);
    }
    tap_check(MPIB_native_container_alloc("bcst") == NULL, "unknown name gave a container");
    tap_check(MPIB_native_container_alloc(NULL) == NULL, "NULL name gave a container");
    tap_ok("unknown operation names give no container");
}

/* A bcast that counts its calls, to see what the container runs. */
static int bcast_calls;

static int counting_bcast(void *buffer, int count, MPI_Datatype datatype, int root,
                          MPI_Comm comm)
{
    bcast_calls++;
    return MPI_Bcast(buffer, count, datatype, root, comm);
}

/* One untimed call before the timed repetitions, on every rank and for
 * every measurement. */
static void test_untimed_call(void)
{
    MPIB_precision p = MPIB_precision_default();
    p.max_reps = 20;
    MPIB_coll_container *c = MPIB_Bcast_container_alloc(counting_bcast);
    for (int k = 0; k < 2; k++) {
        MPIB_result r;
        bcast_calls = 0;
        int rc = MPIB_measure_max(c, MPI_COMM_WORLD, k * (size - 1), 512, &p, &r);
        check_result(rc, &r, 512, &p, MPIB_METHOD_MAX);
        tap_check(bcast_calls == r.reps + 1, "rank %d: %d calls for %d repetitions", rank,
                  bcast_calls, r.reps);
    }
    MPIB_coll_container_free(c);
    tap_ok("a native container runs its collective once, untimed, then the repetitions");
}

static void test_msgset(void)
{
    MPIB_precision p = MPIB_precision_default();
    p.max_reps = 20;
    MPIB_msgset set = {0, 4096, 4};
    const int expected[] = {0, 1, 4, 16, 64, 256, 1024, 4096};
    MPIB_coll_container *c = MPIB_native_container_alloc("allreduce");
    int count = 0;
    MPIB_result *res = NULL;
    int rc = MPIB_measure_msgset(MPIB_METHOD_MAX, c, MPI_COMM_WORLD, 0, &set, &p, NULL, &count,
                                 &res);
    tap_check(rc == MPI_SUCCESS && count == 8, "rc %d, %d results instead of 8", rc, count);
    for (int i = 0; rc == MPI_SUCCESS && i < count && i < 8; i++)
        check_result(MPI_SUCCESS, &res[i], expected[i], &p, MPIB_METHOD_MAX);
    free(res);
    MPIB_coll_container_free(c);
    tap_ok("allreduce sweep 0..4096 B, stride 4: one result per size");
}

/* A container that fails on purpose: on the last rank, in initialize or at
 * the third execution.  It communicates in neither, so a rank that stops
 * early leaves nobody waiting inside it. */
typedef struct {
    MPIB_coll_container base;
    int fail_in_init, executions, initialized, finalized;
} faulty_container;

static int faulty_initialize(void *self, MPI_Comm comm, int root, int M)
{
    faulty_container *c = self;
    (void)comm, (void)root, (void)M;
    c->initialized++;
    return c->fail_in_init && rank == size - 1 ? MPI_ERR_NO_MEM : MPI_SUCCESS;
}

static int faulty_execute(void *self, MPI_Comm comm, int root, int M)
{
    faulty_container *c = self;
    (void)comm, (void)root, (void)M;
    return ++c->executions == 3 && rank == size - 1 ? MPI_ERR_OTHER : MPI_SUCCESS;
}

static int faulty_finalize(void *self, MPI_Comm comm, int root)
{
    faulty_container *c = self;
    (void)comm, (void)root;
    c->finalized++;
    return MPI_SUCCESS;
}

static void test_errors(void)
{
    MPIB_precision good = MPIB_precision_default(), bad = good;
    MPIB_coll_container *c = MPIB_native_container_alloc("bcast");
    MPIB_result r;
    tap_check(MPIB_measure_max(c, MPI_COMM_WORLD, size, 8, &good, &r) == MPI_ERR_ROOT,
              "root = size accepted");
    tap_check(MPIB_measure_max(c, MPI_COMM_WORLD, -1, 8, &good, &r) == MPI_ERR_ROOT,
              "root = -1 accepted");
    tap_check(MPIB_measure_max(c, MPI_COMM_NULL, 0, 8, &good, &r) == MPI_ERR_COMM,
              "MPI_COMM_NULL accepted");
    tap_check(MPIB_measure_max(c, MPI_COMM_WORLD, 0, -1, &good, &r) == MPI_ERR_ARG,
              "M = -1 accepted");
    tap_check(MPIB_measure_max(NULL, MPI_COMM_WORLD, 0, 8, &good, &r) == MPI_ERR_ARG,
              "NULL container accepted");
    tap_check(MPIB_measure((MPIB_method)7, c, MPI_COMM_WORLD, 0, 8, &good, &r) == MPI_ERR_ARG,
              "method 7 accepted");
    bad.cl = 1.0;
    tap_check(MPIB_measure_max(c, MPI_COMM_WORLD, 0, 8, &bad, &r) == MPI_ERR_ARG,
              "cl = 1 accepted");
    bad = good;
    bad.min_reps = 10, bad.max_reps = 9;
    tap_check(MPIB_measure_max(c, MPI_COMM_WORLD, 0, 8, &bad, &r) == MPI_ERR_ARG,
              "min_reps > max_reps accepted");
    MPIB_msgset set = {16, 8, 2};
    int count;
    MPIB_result *res;
    tap_check(MPIB_measure_msgset(MPIB_METHOD_MAX, c, MPI_COMM_WORLD, 0, &set, &good, NULL,
                                  &count, &res) == MPI_ERR_ARG,
              "msgset with max < min accepted");
    MPIB_coll_container_free(c);
    tap_ok("invalid arguments give the matching MPI error class");

    for (int in_init = 0; in_init <= 1; in_init++) {
        faulty_container f = {{"faulty", faulty_initialize, faulty_execute, faulty_finalize},
                              in_init, 0, 0, 0};
        int rc = MPIB_measure_max(&f.base, MPI_COMM_WORLD, 0, 8, &good, &r);
        int want = in_init ? MPI_ERR_NO_MEM : MPI_ERR_OTHER;
        tap_check(rc == want, "returned %d, expected %d", rc, want);
        tap_check(f.initialized == 1 && f.finalized == 1,
                  "initialize ran %d times, finalize %d times", f.initialized, f.finalized);
        tap_check(f.executions == (in_init ? 0 : 3), "executed %d times", f.executions);
        tap_ok("a container failing on rank %d in %s: the error on every rank, finalized once",
               size - 1, in_init ? "initialize" : "its third execution");
    }
}

/* Two naps timed interleaved, the root's alone (the other ranks return at
 * once, so that only one process's wake-ups add noise): 10 ms against
 * 20 ms.  Each pair's ratio is near 1/2 unless the machine delays one nap
 * by 10 ms or more, and the median's interval of 20 pairs (the 6th to the
 * 15th ratio) survives five such pairs on either side: it lies below 1 on
 * every rank alike; a faulty partner's error reaches every rank, and both
 * containers are finalized once. */
static int root_nap(int root, long ns)
{
    struct timespec t = {0, ns};
    return rank != root || nanosleep(&t, NULL) == 0 ? MPI_SUCCESS : MPI_ERR_OTHER;
}

static int short_nap(void *self, MPI_Comm comm, int root, int M)
{
    (void)self, (void)comm, (void)M;
    return root_nap(root, NAP_NS / 2);
}

static int long_nap(void *self, MPI_Comm comm, int root, int M)
{
    (void)self, (void)comm, (void)M;
    return root_nap(root, NAP_NS);
}

static void test_pair(void)
{
    MPIB_coll_container a = {"short nap", short_nap, short_nap, nap_finalize};
    MPIB_coll_container b = {"long nap", long_nap, long_nap, nap_finalize};
    MPIB_comparison c, first;
    int rc = MPIB_measure_pair(MPIB_METHOD_MAX, &a, &b, MPI_COMM_WORLD, 0, 0, 20, 0.0, 0.95, &c);
    tap_check(rc == MPI_SUCCESS, "paired measurement failed with error %d", rc);
    tap_check(c.pairs == 20 && c.M == 0, "%d pairs at M = %d", c.pairs, c.M);
    tap_check(c.a >= NAP_NS / 2 * 1e-9 && c.b >= NAP_NS * 1e-9 && c.a < c.b,
              "medians %g s and %g s", c.a, c.b);
    tap_check(c.coverage >= 0.95 && c.lo <= c.ratio && c.ratio <= c.hi && c.hi < 1,
              "ratio %g in [%g, %g], coverage %g", c.ratio, c.lo, c.hi, c.coverage);
    first = c;
    MPI_Bcast(&first, (int)sizeof first, MPI_BYTE, 0, MPI_COMM_WORLD);
    tap_check(memcmp(&first, &c, sizeof c) == 0, "rank %d holds another comparison", rank);
    tap_ok("10 ms against 20 ms interleaved: ratio %.3f in [%.3f, %.3f] on every rank", c.ratio,
           c.lo, c.hi);

    faulty_container f = {{"faulty", faulty_initialize, faulty_execute, faulty_finalize}, 0, 0,
                          0, 0};
    rc = MPIB_measure_pair(MPIB_METHOD_MAX, &a, &f.base, MPI_COMM_WORLD, 0, 0, 8, 0.0, 0.95, &c);
    tap_check(rc == MPI_ERR_OTHER, "returned %d, expected MPI_ERR_OTHER", rc);
    tap_check(f.initialized == 1 && f.finalized == 1 && f.executions == 3,
              "initialize ran %d times, finalize %d times, execute %d times", f.initialized,
              f.finalized, f.executions);
    tap_ok("a partner failing at its third execution: the error on every rank, finalized once");

    /* 4 pairs over a second: the last starts 0.75 s after the first. */
    double t0 = MPI_Wtime();
    rc = MPIB_measure_pair(MPIB_METHOD_MAX, &a, &a, MPI_COMM_WORLD, 0, 0, 4, 1.0, 0.95, &c);
    double spread = MPI_Wtime() - t0;
    MPI_Allreduce(MPI_IN_PLACE, &spread, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    tap_check(rc == MPI_SUCCESS && spread >= 0.75, "4 pairs over 1 s took %g s (error %d)",
              spread, rc);
    tap_ok("4 pairs spread over a second take at least 0.75 s on every rank");

    tap_check(MPIB_measure_pair(MPIB_METHOD_MAX, &a, &b, MPI_COMM_WORLD, 0, 0, 4, -1.0, 0.95,
                                &c) == MPI_ERR_ARG,
              "a negative span accepted");
    tap_check(MPIB_measure_pair(MPIB_METHOD_MAX, &a, &b, MPI_COMM_WORLD, 0, 0, 0, 0.0, 0.95, &c) ==
                  MPI_ERR_ARG,
              "0 pairs accepted");
    tap_check(MPIB_measure_pair(MPIB_METHOD_MAX, &a, &b, MPI_COMM_WORLD, 0, 0, 4, 0.0, 1.0, &c) ==
                  MPI_ERR_ARG,
              "cl = 1 accepted");
    tap_check(MPIB_measure_pair(MPIB_METHOD_MAX, &a, NULL, MPI_COMM_WORLD, 0, 0, 4, 0.0, 0.95,
                                &c) == MPI_ERR_ARG,
              "a NULL container accepted");
    tap_check(MPIB_measure_pair(MPIB_METHOD_MAX, &a, &b, MPI_COMM_WORLD, size, 0, 4, 0.0, 0.95,
                                &c) == MPI_ERR_ROOT,
              "root = size accepted");
    tap_ok("invalid arguments of a paired measurement give the matching MPI error class");
}

static void test_yield_policy(void)
{
    MPIB_wait_policy before = MPIB_get_wait_policy();
    MPIB_set_wait_policy(MPIB_WAIT_YIELD);
    MPIB_precision p = MPIB_precision_default();
    for (int m = MPIB_METHOD_MAX; m <= MPIB_METHOD_GLOBAL; m++) {
        MPIB_coll_container *c = MPIB_native_container_alloc("bcast");
        MPIB_result r;
        int rc = MPIB_measure((MPIB_method)m, c, MPI_COMM_WORLD, 0, 65536, &p, &r);
        check_result(rc, &r, 65536, &p, (MPIB_method)m);
        MPIB_coll_container_free(c);
        tap_ok("yield wait policy, %s method: %.2f us", MPIB_method_name((MPIB_method)m),
               r.T * 1e6);
    }
    MPIB_set_wait_policy(before);
}

int main(int argc, char **argv)
{
    tap_init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    tap_diag("%d ranks, %s waits", size, MPIB_wait_policy_name(MPIB_get_wait_policy()));
    test_bcast_methods();
    test_known_duration();
    test_bound();
    test_pingpong();
    test_native_containers();
    test_untimed_call();
    test_msgset();
    test_errors();
    test_pair();
    test_yield_policy();
    return tap_finish();
}

/*
 * mpib.h: libmpib, the benchmarking core of HiMPI.
 *
 * libmpib times any MPI collective operation with statistical care, in the
 * spirit of MPIBlib: an operation is wrapped in a container, repeated until
 * the Student-t confidence interval of its mean time is tight enough, and
 * timed by one of three methods whose biases are documented below.  Every
 * rank of the communicator ends with the same result.
 *
 * Unless noted otherwise, functions return MPI_SUCCESS or an MPI error class
 * (MPI_ERR_ARG, MPI_ERR_ROOT, MPI_ERR_COMM, MPI_ERR_NO_MEM, ...).  Functions
 * taking a communicator are collective over it: every rank must call them
 * with the same arguments, and every rank returns the same error code.
 *
 * Copyright (c) 2026, the HiMPI developers.  BSD 3-Clause licence.
 */
#ifndef MPIB_H
#define MPIB_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------- */
/* Precision and results                                                   */
/* ---------------------------------------------------------------------- */

/* How long to repeat an operation.  Repetition stops as soon as at least
 * min_reps samples have been taken and the half-width of the two-sided
 * confidence interval at level cl is no larger than eps times the mean, or
 * when max_reps samples have been taken, whichever comes first. */
typedef struct MPIB_precision {
    int min_reps;  /* at least this many repetitions, >= 1 */
    int max_reps;  /* at most this many repetitions, >= min_reps */
    double cl;     /* confidence level, 0 < cl < 1 */
    double eps;    /* largest accepted relative half-width, eps > 0 */
} MPIB_precision;

/* The defaults of MPIBlib: 5 to 100 repetitions, 95 % confidence, 2.5 %. */
MPIB_precision MPIB_precision_default(void);

/* MPI_SUCCESS if every field of p is in range, MPI_ERR_ARG otherwise. */
int MPIB_precision_check(const MPIB_precision *p);

/* The outcome of one measurement. */
typedef struct MPIB_result {
    int M;          /* message size in bytes (see the containers below) */
    double T;       /* mean time of one operation, in seconds */
    double wtick;   /* timer resolution: the largest MPI_Wtick() of the ranks */
    int reps;       /* number of repetitions taken */
    double ci;      /* half-width of the two-sided confidence interval of T */
    int converged;  /* 1 if ci <= eps * T was reached, 0 if max_reps ended it */
    double median;  /* the median time (MPIB_median), in seconds */
    double median_lo, median_hi; /* its interval at the precision's cl (MPIB_median_ci) */
    int outliers;   /* samples outside Tukey's fences (MPIB_outliers_remove); -1 if
                       unknown (out of memory) */
} MPIB_result;

/* ---------------------------------------------------------------------- */
/* Statistics (pure functions, no MPI)                                     */
/* ---------------------------------------------------------------------- */

/* The two-sided Student-t quantile for confidence level cl and n samples:
 * t such that P(|X| <= t) = cl for n - 1 degrees of freedom.  This is
 * gsl_cdf_tdist_Pinv((1 + cl) / 2, n - 1); note that MPIBlib used the
 * one-sided Pinv(cl, n - 1), a narrower interval.  Returns NaN if n < 2 or
 * cl is outside (0, 1). */
double MPIB_t_quantile(double cl, int n);

/* Half-width of the two-sided confidence interval at level cl of the mean of
 * the n samples T: MPIB_t_quantile(cl, n) * sd(T) / sqrt(n).  Returns
 * +infinity if n < 2, since one sample says nothing about the spread. */
double MPIB_ci(double cl, int n, const double *T);

/* What MPIB_stop_rule decided. */
typedef enum MPIB_stop {
    MPIB_CONTINUE,   /* take another sample */
    MPIB_CONVERGED,  /* n >= min_reps and ci <= eps * mean */
    MPIB_EXHAUSTED,  /* n >= max_reps without convergence */
    MPIB_ABOVE       /* n >= 2 and the whole interval lies above the bound
                        (MPIB_stop_rule_bound only) */
} MPIB_stop;

/* The stopping rule applied to the first n samples of T (n >= 0).  If ci is
 * not NULL, it receives the current half-width (+infinity if n < 2).
 * p must satisfy MPIB_precision_check. */
MPIB_stop MPIB_stop_rule(const MPIB_precision *p, int n, const double *T, double *ci);

/* The stopping rule with an upper bound of interest: as MPIB_stop_rule,
 * but MPIB_ABOVE as soon as n >= 2 and mean - ci > bound, when the
 * operation is known, at confidence cl, to be slower than bound, and how
 * much slower does not matter (a tuner needs no precise time for a
 * candidate that is already worse than its best).  bound = +INFINITY is
 * MPIB_stop_rule. */
MPIB_stop MPIB_stop_rule_bound(const MPIB_precision *p, int n, const double *T, double bound,
                               double *ci);

/* ---------------------------------------------------------------------- */
/* Robust statistics (pure functions, no MPI)                              */
/* ---------------------------------------------------------------------- */

/* Timing samples are skewed to the right: a repetition that met a
 * preempted rank or a daemon's wake-up can take many times the others,
 * and one such sample moves a mean and widens its Student-t interval.
 * Order statistics do not move. */

/* The median of the n samples T (T is not changed); NaN if n < 1. */
double MPIB_median(int n, const double *T);

/* A distribution-free confidence interval of the median of the n samples
 * T at level cl: the k-th smallest and the k-th largest sample, with the
 * largest k for which 1 - 2 P(B <= k - 1) >= cl, B ~ Binomial(n, 1/2)
 * (the interval of the sign test; it assumes only independent samples).
 * Stores its ends in *lo and *hi and returns its exact coverage, >= cl.
 * When n is too small for cl (n < 6 at 95 %, since even the smallest and
 * largest of 5 samples bracket the median with 93.75 % only), or cl is
 * outside (0, 1), the interval is (-inf, +inf) and the coverage 0. */
double MPIB_median_ci(double cl, int n, const double *T, double *lo, double *hi);

/* Tukey's fences, the interquartile-range rule (one of the outlier rules
 * Benkert, Gabriel and Resch evaluated for ADCL's run-time selection of
 * communication code): copies to kept (which
 * may be T), in their order, the samples within [Q1 - 1.5 IQR,
 * Q3 + 1.5 IQR], the quartiles interpolated as
 * gsl_stats_quantile_from_sorted_data does, and returns how many there are
 * (-1 when out of memory). */
int MPIB_outliers_remove(int n, const double *T, double *kept);

/* Two operations A and B compared: the median of the ratios A_i / B_i of
 * paired samples and its distribution-free interval (MPIB_median_ci).
 * A ratio's interval entirely below 1 says A is faster at confidence cl,
 * whatever the samples' distribution; a ratio within a pair also cancels
 * what the machine's state at that moment did to both. */
typedef struct MPIB_comparison {
    int M;           /* message size in bytes */
    int pairs;       /* number of paired samples */
    double a, b;     /* the median time of A and of B, in seconds */
    double ratio;    /* the median of A_i / B_i */
    double lo, hi;   /* its confidence interval ((-inf, +inf) if pairs is too small) */
    double coverage; /* the interval's exact coverage, >= cl (0 without one) */
} MPIB_comparison;

/* The comparison of n paired samples A[i], B[i] (seconds, all > 0) at
 * confidence level cl.  MPI_ERR_ARG for n < 1, a sample <= 0 or cl outside
 * (0, 1); MPI_ERR_NO_MEM.  c->M is 0. */
int MPIB_compare_samples(double cl, int n, const double *A, const double *B,
                         MPIB_comparison *c);

/* ---------------------------------------------------------------------- */
/* Operation containers                                                     */
/* ---------------------------------------------------------------------- */

/* A benchmarkable operation.  A container for a new operation embeds this
 * struct as its first member and fills in the three functions; "self"
 * points to the whole container.  All three are collective over comm.
 *   initialize: allocate and fill buffers for message size M (bytes), and
 *               run the operation once if its first call sets something up
 *               (libmpib's and HiMPI's containers all do): the warm-up is
 *               the container's, not the repetition loop's, so that every
 *               execute call is a timed one, which a container that
 *               wraps another to time each call on its rank relies on;
 *   execute:    run the operation once; this is what gets timed;
 *   finalize:   release what initialize allocated (it is also called after
 *               a failed initialize, and must cope with a partial one).
 * Each returns MPI_SUCCESS or an MPI error class. */
typedef struct MPIB_coll_container {
    const char *operation;
    int (*initialize)(void *self, MPI_Comm comm, int root, int M);
    int (*execute)(void *self, MPI_Comm comm, int root, int M);
    int (*finalize)(void *self, MPI_Comm comm, int root);
} MPIB_coll_container;

/* Frees a container returned by one of the *_container_alloc functions. */
void MPIB_coll_container_free(MPIB_coll_container *container);

/* Collectives with MPI's signatures, so that a container can time the MPI
 * library's own collective or any replacement with the same signature. */
typedef int (*MPIB_Bcast_fn)(void *buffer, int count, MPI_Datatype datatype, int root,
                             MPI_Comm comm);
typedef int (*MPIB_Reduce_fn)(const void *sendbuf, void *recvbuf, int count,
                              MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm);
typedef int (*MPIB_Allreduce_fn)(const void *sendbuf, void *recvbuf, int count,
                                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
typedef int (*MPIB_Scatter_fn)(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                               void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                               MPI_Comm comm);
typedef MPIB_Scatter_fn MPIB_Gather_fn;
typedef int (*MPIB_Allgather_fn)(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                 void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                 MPI_Comm comm);
typedef MPIB_Allgather_fn MPIB_Alltoall_fn;
typedef int (*MPIB_Barrier_fn)(MPI_Comm comm);
typedef MPIB_Allreduce_fn MPIB_Scan_fn;
typedef MPIB_Allreduce_fn MPIB_Exscan_fn;
typedef MPIB_Allreduce_fn MPIB_Reduce_scatter_block_fn;
typedef int (*MPIB_Reduce_scatter_fn)(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
typedef int (*MPIB_Gatherv_fn)(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                               void *recvbuf, const int recvcounts[], const int displs[],
                               MPI_Datatype recvtype, int root, MPI_Comm comm);
typedef int (*MPIB_Scatterv_fn)(const void *sendbuf, const int sendcounts[], const int displs[],
                                MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                MPI_Datatype recvtype, int root, MPI_Comm comm);
typedef int (*MPIB_Allgatherv_fn)(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                  void *recvbuf, const int recvcounts[], const int displs[],
                                  MPI_Datatype recvtype, MPI_Comm comm);

/* Containers for one collective each; NULL if memory runs out.  What the
 * message size M means:
 *   Bcast:                M bytes (MPI_BYTE) from the root to every rank;
 *   Reduce, Allreduce, Scan, Exscan:
 *                         M / sizeof(double) doubles summed (MPI_SUM), so M
 *                         is rounded down to a multiple of 8;
 *   Scatter, Gather:      M bytes per rank, p * M at the root;
 *   Allgather, Alltoall:  M bytes per rank and pair, p * M on every rank;
 *   Reduce_scatter_block, Reduce_scatter:
 *                         M / sizeof(double) doubles summed per rank (equal
 *                         counts for Reduce_scatter too), p times that in
 *                         every rank's operand;
 *   Gatherv, Scatterv, Allgatherv:
 *                         as Gather, Scatter and Allgather, with every
 *                         rank's count M and the blocks one after the
 *                         other;
 *   Barrier:              M is ignored.
 * Their initialize runs the collective once, untimed, so that what a
 * library sets up at its first call on a communicator stays out of the
 * timed repetitions. */
MPIB_coll_container *MPIB_Bcast_container_alloc(MPIB_Bcast_fn bcast);
MPIB_coll_container *MPIB_Reduce_container_alloc(MPIB_Reduce_fn reduce);
MPIB_coll_container *MPIB_Allreduce_container_alloc(MPIB_Allreduce_fn allreduce);
MPIB_coll_container *MPIB_Scatter_container_alloc(MPIB_Scatter_fn scatter);
MPIB_coll_container *MPIB_Gather_container_alloc(MPIB_Gather_fn gather);
MPIB_coll_container *MPIB_Allgather_container_alloc(MPIB_Allgather_fn allgather);
MPIB_coll_container *MPIB_Alltoall_container_alloc(MPIB_Alltoall_fn alltoall);
MPIB_coll_container *MPIB_Barrier_container_alloc(MPIB_Barrier_fn barrier);
MPIB_coll_container *MPIB_Scan_container_alloc(MPIB_Scan_fn scan);
MPIB_coll_container *MPIB_Exscan_container_alloc(MPIB_Exscan_fn exscan);
MPIB_coll_container *MPIB_Reduce_scatter_block_container_alloc(MPIB_Reduce_scatter_block_fn f);
MPIB_coll_container *MPIB_Reduce_scatter_container_alloc(MPIB_Reduce_scatter_fn f);
MPIB_coll_container *MPIB_Gatherv_container_alloc(MPIB_Gatherv_fn gatherv);
MPIB_coll_container *MPIB_Scatterv_container_alloc(MPIB_Scatterv_fn scatterv);
MPIB_coll_container *MPIB_Allgatherv_container_alloc(MPIB_Allgatherv_fn allgatherv);

/* A ping-pong: M bytes from the root to the next rank and back, the other
 * ranks idle; a sample is the round trip (halve it for the one-way time
 * that Hockney's model, alpha + M beta, describes).  Its initialize makes
 * one round trip, untimed.  Needs at least two ranks (MPI_ERR_COMM
 * otherwise).  NULL if memory runs out. */
MPIB_coll_container *MPIB_Pingpong_container_alloc(void);

/* The names of the native collectives, in a fixed order, NULL-terminated:
 * "bcast", "reduce", "allreduce", "scatter", "gather", "allgather",
 * "alltoall", "barrier", "scan", "exscan", "reduce_scatter_block",
 * "reduce_scatter", "gatherv", "scatterv", "allgatherv". */
extern const char *const MPIB_native_operations[];

/* A container for the MPI library's own collective named by operation (one
 * of MPIB_native_operations).  NULL if the name is unknown or memory runs
 * out. */
MPIB_coll_container *MPIB_native_container_alloc(const char *operation);

/* ---------------------------------------------------------------------- */
/* Timing methods                                                           */
/* ---------------------------------------------------------------------- */

/* How one repetition is timed.  All three methods synchronise the ranks
 * with a barrier before every repetition, so that one repetition cannot
 * overlap the next (back-to-back pipelining would hide latency).
 *
 * MPIB_METHOD_MAX: every rank times the operation on its own clock; the
 *   sample is the largest of these times.  Bias: ranks leave the barrier at
 *   different moments, and a rank that leaves early also counts its wait for
 *   the others, so short operations are overestimated by up to the barrier's
 *   exit skew.  Needs no clock synchronisation; the method of MPIBlib and the
 *   one HiMPI tunes with.
 *
 * MPIB_METHOD_ROOT: the root times the operation followed by a barrier, and
 *   subtracts the median time of a barrier measured beforehand.  Bias:
 *   assumes the closing barrier costs what an isolated barrier costs.  Where
 *   the root finishes first (bcast, scatter) it waits longer in the closing
 *   barrier and the time is overestimated; where it finishes last (reduce,
 *   gather) the barrier is quicker and operations shorter than the barrier's
 *   spread can come out too small, even negative.  Only the root's clock is
 *   used.
 *
 * MPIB_METHOD_GLOBAL: clock offsets between the root and every rank are
 *   estimated first (ping-pong, keeping the exchange with the smallest round
 *   trip); the sample runs from the root's start to the latest finish on any
 *   rank, both on the root's clock.  Bias: each offset is known only to
 *   within half its round trip, clocks drift during the measurement, and a
 *   rank that leaves the barrier before the root starts early unseen, so the
 *   time can be underestimated.  Offsets are taken as zero when
 *   MPI_WTIME_IS_GLOBAL is set. */
typedef enum MPIB_method {
    MPIB_METHOD_MAX,
    MPIB_METHOD_ROOT,
    MPIB_METHOD_GLOBAL
} MPIB_method;

/* Method <-> name ("max", "root", "global").  MPIB_method_parse returns
 * MPI_SUCCESS, or MPI_ERR_ARG for an unknown name; MPIB_method_name returns
 * NULL for an invalid value. */
int MPIB_method_parse(const char *name, MPIB_method *method);
const char *MPIB_method_name(MPIB_method method);

/* Measures the operation of container for message size M on comm, with the
 * given method and root, until precision is met.  On success every rank
 * holds the same *result.  Errors: MPI_ERR_COMM (comm is MPI_COMM_NULL),
 * MPI_ERR_ROOT, MPI_ERR_ARG (M < 0, invalid precision or method, NULL
 * container), or the first error a container function returned on any
 * rank. */
int MPIB_measure(MPIB_method method, MPIB_coll_container *container, MPI_Comm comm, int root,
                 int M, const MPIB_precision *precision, MPIB_result *result);

/* As MPIB_measure, but the repetitions stop early under
 * MPIB_stop_rule_bound: once at least two samples put the whole interval
 * above bound, result holds them (converged is 0).  bound = +INFINITY is
 * MPIB_measure; a NaN bound is MPI_ERR_ARG. */
int MPIB_measure_bound(MPIB_method method, MPIB_coll_container *container, MPI_Comm comm,
                       int root, int M, const MPIB_precision *precision, double bound,
                       MPIB_result *result);

/* The three methods under their MPIBlib names. */
int MPIB_measure_max(MPIB_coll_container *container, MPI_Comm comm, int root, int M,
                     const MPIB_precision *precision, MPIB_result *result);
int MPIB_measure_root(MPIB_coll_container *container, MPI_Comm comm, int root, int M,
                      const MPIB_precision *precision, MPIB_result *result);
int MPIB_measure_global(MPIB_coll_container *container, MPI_Comm comm, int root, int M,
                        const MPIB_precision *precision, MPIB_result *result);

/* Times the operations of containers a and b for message size M on comm,
 * interleaved: pairs pairs of synchronised repetitions, alternately A then
 * B and B then A (so that a drift within a pair favours neither), each
 * timed by method, and compares them (MPIB_compare_samples at level cl).
 * The pairs are spread over at least span seconds, pair i starting no
 * sooner than i span / pairs after the first: a machine whose load comes
 * and goes is then sampled in more than one of its states, rather than a
 * few milliseconds of one (0: back to back).  On success every rank holds
 * the same *result.  Errors as MPIB_measure, and MPI_ERR_ARG for pairs <
 * 1, a negative or non-finite span, or cl outside (0, 1). */
int MPIB_measure_pair(MPIB_method method, MPIB_coll_container *a, MPIB_coll_container *b,
                      MPI_Comm comm, int root, int M, int pairs, double span, double cl,
                      MPIB_comparison *result);

/* ---------------------------------------------------------------------- */
/* Message-size sweeps                                                      */
/* ---------------------------------------------------------------------- */

/* The sizes min_size, min_size * stride, min_size * stride^2, ... that do
 * not exceed max_size.  A size of 0 is followed by 1, so that a sweep from 0
 * still grows. */
typedef struct MPIB_msgset {
    int min_size;  /* >= 0 */
    int max_size;  /* >= min_size */
    int stride;    /* multiplicative step, >= 2 */
} MPIB_msgset;

/* Stores the number of sizes in *count and, if sizes is not NULL, the sizes
 * themselves in increasing order (sizes must hold *count entries: call once
 * with NULL to learn the count).  MPI_ERR_ARG for an invalid msgset. */
int MPIB_msgset_sizes(const MPIB_msgset *msgset, int *count, int *sizes);

/* Measures every size of msgset in increasing order.  On success *results
 * points to *count results (free it with free()), identical on every rank.
 * progress, if not NULL, is called on every rank after each size with the
 * result and the number of sizes done and in all. */
int MPIB_measure_msgset(MPIB_method method, MPIB_coll_container *container, MPI_Comm comm,
                        int root, const MPIB_msgset *msgset, const MPIB_precision *precision,
                        void (*progress)(const MPIB_result *result, int done, int total),
                        int *count, MPIB_result **results);

/* ---------------------------------------------------------------------- */
/* Wait policy                                                              */
/* ---------------------------------------------------------------------- */

/* How the library waits for its own communication to complete.
 * MPIB_WAIT_BLOCKING: plain blocking MPI calls.
 * MPIB_WAIT_YIELD: a nonblocking call, then MPI_Test and sched_yield() until
 *   it completes.  MPI libraries that busy-poll (MPICH's ch4 device) are
 *   otherwise unusable with more ranks than cores.
 * The policy is blocking until the program sets another: libmpib reads no
 * environment (HiMPI sets it from its settings, the tools from --wait). */
typedef enum MPIB_wait_policy {
    MPIB_WAIT_BLOCKING,
    MPIB_WAIT_YIELD
} MPIB_wait_policy;

/* Policy <-> name.  MPIB_wait_policy_parse returns MPI_SUCCESS or
 * MPI_ERR_ARG for an unknown name; MPIB_wait_policy_name returns NULL for an
 * invalid value. */
int MPIB_wait_policy_parse(const char *name, MPIB_wait_policy *policy);
const char *MPIB_wait_policy_name(MPIB_wait_policy policy);

/* The policy in force for this process, and setting it. */
MPIB_wait_policy MPIB_get_wait_policy(void);
void MPIB_set_wait_policy(MPIB_wait_policy policy);

/* Waits for requests under the current policy, like MPI_Wait, MPI_Waitall
 * and MPI_Waitany. */
int MPIB_Wait(MPI_Request *request, MPI_Status *status);
int MPIB_Waitall(int count, MPI_Request *requests, MPI_Status *statuses);
int MPIB_Waitany(int count, MPI_Request *requests, int *index, MPI_Status *status);

/* MPI collectives that wait under the current policy: the blocking call
 * under MPIB_WAIT_BLOCKING, the nonblocking call and MPIB_Wait otherwise. */
int MPIB_Barrier(MPI_Comm comm);
int MPIB_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
int MPIB_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                MPI_Op op, int root, MPI_Comm comm);
int MPIB_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                   MPI_Op op, MPI_Comm comm);

/* ---------------------------------------------------------------------- */
/* Parsing helpers for command lines and environment variables             */
/* ---------------------------------------------------------------------- */

/* Parses a byte count: a non-negative decimal integer with an optional
 * binary suffix K, M or G (also k, m, g; 1K = 1024).  Stores it in *bytes
 * and returns MPI_SUCCESS, or MPI_ERR_ARG if text is not such a number or
 * the value exceeds max. */
int MPIB_parse_size(const char *text, long long max, long long *bytes);

#ifdef __cplusplus
}
#endif

#endif /* MPIB_H */

/* test_interpose: an MPI program with no HiMPI in its source.  It calls
 * MPI_Barrier, MPI_Bcast, MPI_Reduce, MPI_Allreduce, MPI_Scatter, MPI_Gather,
 * MPI_Allgather, MPI_Scan, MPI_Exscan, MPI_Reduce_scatter_block,
 * MPI_Reduce_scatter (with half the count on the odd ranks), MPI_Alltoall,
 * MPI_Alltoallv (uneven counts, zeros among them, and a gap between the
 * blocks), MPI_Gatherv, MPI_Scatterv and MPI_Allgatherv (uneven counts,
 * none on every third rank, the blocks backwards with gaps) and checks every result (but MPI_Exscan's on rank 0, which
 * MPI leaves undefined, and in place the reduce-scatters' receive buffer
 * past the result), byte for byte and gaps included,
 * against the same call through the profiling interface (PMPI_*), which
 * libhimpi-pmpi does not intercept.  tests/e2e/interpose.sh runs it under
 * LD_PRELOAD=libhimpi-pmpi.so with several HIMPI_* settings, and with
 * HIMPI_DISABLE=1.  The cases: int, double and a strided vector with gaps
 * (for reductions: MPI_SUM and MPI_MAX on int and double, and a
 * non-commutative user operation on pairs), counts 0, 1, 97 and 65539,
 * every root up to 4 ranks (0, 1, p / 2 and p - 1 above), in place
 * wherever MPI allows it.  MPI_Barrier, which has no result, must keep
 * every rank in until the last has entered: each rank in turn (four above
 * 4 ranks) sleeps 2 ms before it enters, and no rank may leave before
 * then by the machine's monotonic clock (tests/mpi/barrier_check.h says
 * why that clock).  TAP output: one line per operation and type.
 * With the argument "threads", the program asks for MPI_THREAD_MULTIPLE and
 * runs all of it twice at once, in two threads on two duplicates of
 * MPI_COMM_WORLD, as MPI allows: interposition must stay correct, and
 * engaged, when threads run collectives concurrently.  With "quick", the
 * largest count is left out, for the runs that check where the calls go
 * (to the MPI library, with HiMPI off or refused). */
#include <config.h>

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mpi.h>

enum {
    BCAST, REDUCE, ALLREDUCE, SCATTER, GATHER, ALLGATHER, SCAN, EXSCAN, REDUCE_SCATTER_BLOCK,
    REDUCE_SCATTER, ALLTOALL, ALLTOALLV, GATHERV, SCATTERV, ALLGATHERV, NKINDS
};
static const char *const kind_names[NKINDS] = {
    "MPI_Bcast",  "MPI_Reduce",    "MPI_Allreduce", "MPI_Scatter",
    "MPI_Gather", "MPI_Allgather", "MPI_Scan",      "MPI_Exscan", "MPI_Reduce_scatter_block",
    "MPI_Reduce_scatter", "MPI_Alltoall", "MPI_Alltoallv", "MPI_Gatherv", "MPI_Scatterv",
    "MPI_Allgatherv"};

/* The operations that reduce with an op, on every rank's buffer. */
static int everyone_reduces(int kind)
{
    return kind == ALLREDUCE || kind == SCAN || kind == EXSCAN || kind == REDUCE_SCATTER_BLOCK ||
           kind == REDUCE_SCATTER;
}

/* Whether kind's operand holds a block per rank. */
static int scatters(int kind)
{
    return kind == REDUCE_SCATTER_BLOCK || kind == REDUCE_SCATTER;
}

typedef struct tcase {
    MPI_Comm comm;
    int kind;
    MPI_Datatype type;
    MPI_Aint extent;
    int is_double;
    MPI_Op op;
    int count, root, in_place;
} tcase;

/* The sweeps one thread runs on its communicator, and their TAP lines,
 * which the main thread prints. */
enum { MAX_SWEEPS = 64 };
typedef struct run {
    MPI_Comm comm;
    const char *label; /* "" or which thread */
    MPI_Datatype vector, pair;
    MPI_Op affine;
    int points, failed;
    char lines[MAX_SWEEPS][128];
} run;

static int rank, size, quick;

/* x -> a x + b maps composed, over 32-bit unsigned pairs (a, b): MPI asks
 * for inout = in o inout. */
static void compose(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    uint32_t *x = in, *y = inout;
    for (int i = 0; i < *len; i++) {
        y[2 * i + 1] = x[2 * i] * y[2 * i + 1] + x[2 * i + 1];
        y[2 * i] = x[2 * i] * y[2 * i];
    }
}

/* Small integers keep double sums exact in any order; odd multipliers keep
 * the maps from collapsing. */
static void fill(const tcase *c, void *buf, size_t bytes, int salt)
{
    if (c->is_double)
        for (size_t i = 0; i < bytes / sizeof(double); i++)
            ((double *)buf)[i] = (double)((rank * 131L + (long)i * 17 + salt) % 2001 - 1000);
    else
        for (size_t i = 0; i < bytes / sizeof(uint32_t); i++)
            ((uint32_t *)buf)[i] = i % 2 == 0 ? (uint32_t)(2 * ((rank * 3 + i + salt) % 7) + 1)
                                              : (uint32_t)(rank * 131 + i * 17 + salt);
}

static int is_root(const tcase *c)
{
    return rank == c->root;
}

/* Rank r's block of a reduce-scatter: the count, halved on odd ranks for
 * MPI_Reduce_scatter. */
static int block_of(const tcase *c, int r)
{
    return c->kind == REDUCE_SCATTER && r % 2 ? c->count / 2 : c->count;
}

/* MPI_Alltoallv's elements between ranks i and j: around count, none for
 * a third of the pairs, and the same both ways, as MPI_IN_PLACE needs. */
static int v_count(const tcase *c, int i, int j)
{
    return (i + j) % 3 == 1 ? 0 : c->count + (i * j) % 3;
}

/* This rank's MPI_Alltoallv counts and displacements (the same on both
 * sides), one element of gap after every rank's block; returns the
 * elements the buffer spans. */
static long v_layout(const tcase *c, int *counts, int *displs)
{
    long at = 0;
    for (int j = 0; j < size; j++) {
        counts[j] = v_count(c, rank, j);
        displs[j] = (int)at;
        at += counts[j] + 1;
    }
    return at;
}

/* The v-variants' counts and displacements: around count, none every
 * third rank, the blocks backwards with one element of gap before each;
 * returns the elements the buffer spans. */
static long gv_layout(const tcase *c, int *counts, int *displs)
{
    long at = 1;
    for (int r = size - 1; r >= 0; r--) {
        counts[r] = r % 3 == 1 ? 0 : c->count + r % 2;
        displs[r] = (int)at;
        at += counts[r] + 1;
    }
    return at;
}

/* Whether kind is a v-variant, and its buffers' sizes in bytes: this
 * rank's block (mine), or every rank's (all). */
static int vector(int kind)
{
    return kind == GATHERV || kind == SCATTERV || kind == ALLGATHERV;
}

static size_t gv_bytes(const tcase *c, int all)
{
    int *a = malloc(2 * (size_t)size * sizeof *a);
    long n = gv_layout(c, a, a + size);
    n = all ? n : a[rank];
    free(a);
    return (size_t)n * (size_t)c->extent;
}

/* Buffer sizes in bytes for this rank; defined_bytes: the part of the
 * receive buffer the call defines. */
static size_t in_bytes(const tcase *c)
{
    if (vector(c->kind))
        return c->kind == SCATTERV ? (is_root(c) ? gv_bytes(c, 1) : 0) : gv_bytes(c, 0);
    if (c->kind == ALLTOALLV) {
        int *a = malloc(2 * (size_t)size * sizeof *a);
        long n = v_layout(c, a, a + size);
        free(a);
        return (size_t)n * (size_t)c->extent;
    }
    size_t n = 0;
    for (int r = 0; scatters(c->kind) && r < size; r++)
        n += (size_t)block_of(c, r) * (size_t)c->extent;
    if (scatters(c->kind))
        return n;
    return (size_t)c->count * (size_t)c->extent *
           ((c->kind == SCATTER && is_root(c)) || c->kind == ALLTOALL ? size : 1);
}

static size_t out_bytes(const tcase *c)
{
    if (c->kind == ALLTOALLV)
        return in_bytes(c);
    if (vector(c->kind))
        return c->kind == SCATTERV                  ? gv_bytes(c, 0)
               : c->kind == GATHERV && !is_root(c) ? 0
                                                   : gv_bytes(c, 1);
    if (scatters(c->kind))
        return c->in_place ? in_bytes(c) : (size_t)block_of(c, rank) * (size_t)c->extent;
    int all = c->kind == ALLGATHER || c->kind == ALLTOALL || (c->kind == GATHER && is_root(c));
    return (size_t)c->count * (size_t)c->extent * (all ? size : 1);
}

static size_t defined_bytes(const tcase *c)
{
    return scatters(c->kind) && c->in_place ? (size_t)block_of(c, rank) * (size_t)c->extent
                                            : out_bytes(c) + 1;
}

/* Resets out and puts in it what the in-place form expects there. */
static void prepare(const tcase *c, const void *in, void *out)
{
    memset(out, 0xa5, out_bytes(c) + 1);
    size_t block = (size_t)c->count * (size_t)c->extent;
    if (c->in_place && scatters(c->kind))
        memcpy(out, in, in_bytes(c));
    else if (c->kind == BCAST && is_root(c))
        memcpy(out, in, block);
    else if (c->in_place && (everyone_reduces(c->kind) || (c->kind == REDUCE && is_root(c))))
        memcpy(out, in, block);
    else if (c->in_place && c->kind == GATHER && is_root(c))
        memcpy((char *)out + (size_t)c->root * block, in, block);
    else if (c->in_place && c->kind == ALLGATHER)
        memcpy((char *)out + (size_t)rank * block, in, block);
    else if (c->in_place && (c->kind == ALLTOALL || c->kind == ALLTOALLV))
        memcpy(out, in, in_bytes(c));
    else if (c->in_place && (c->kind == ALLGATHERV || (c->kind == GATHERV && is_root(c)))) {
        int *a = malloc(2 * (size_t)size * sizeof *a);
        gv_layout(c, a, a + size);
        memcpy((char *)out + (size_t)a[size + rank] * (size_t)c->extent, in, gv_bytes(c, 0));
        free(a);
    }
}

/* The collective of c, through MPI_* or PMPI_*. */
static int call(const tcase *c, int profiled, const void *in, void *out)
{
    const void *send = in;
    void *recv = out;
    int n = c->count, root = c->root;
    MPI_Datatype t = c->type;
    MPI_Comm comm = c->comm;
    if (c->in_place && (everyone_reduces(c->kind) || c->kind == ALLGATHER ||
                        c->kind == ALLTOALL || c->kind == ALLTOALLV || c->kind == ALLGATHERV ||
                        ((c->kind == REDUCE || c->kind == GATHER || c->kind == GATHERV) &&
                         is_root(c))))
        send = MPI_IN_PLACE;
    if (c->in_place && (c->kind == SCATTER || c->kind == SCATTERV) && is_root(c))
        recv = MPI_IN_PLACE;
    int *v = vector(c->kind) ? malloc(2 * (size_t)size * sizeof *v) : NULL, *d = NULL, rc;
    if (v != NULL) {
        gv_layout(c, v, v + size);
        d = v + size;
    }
    switch (c->kind) {
    case GATHERV:
        rc = profiled ? PMPI_Gatherv(send, v[rank], t, out, v, d, t, root, comm)
                      : MPI_Gatherv(send, v[rank], t, out, v, d, t, root, comm);
        break;
    case SCATTERV:
        rc = profiled ? PMPI_Scatterv(send, v, d, t, recv, v[rank], t, root, comm)
                      : MPI_Scatterv(send, v, d, t, recv, v[rank], t, root, comm);
        break;
    case ALLGATHERV:
        rc = profiled ? PMPI_Allgatherv(send, v[rank], t, out, v, d, t, comm)
                      : MPI_Allgatherv(send, v[rank], t, out, v, d, t, comm);
        break;
    default:
        rc = MPI_SUCCESS;
    }
    free(v);
    if (vector(c->kind))
        return rc;
    switch (c->kind) {
    case BCAST:
        return profiled ? PMPI_Bcast(out, n, t, root, comm) : MPI_Bcast(out, n, t, root, comm);
    case REDUCE:
        return profiled ? PMPI_Reduce(send, out, n, t, c->op, root, comm)
                        : MPI_Reduce(send, out, n, t, c->op, root, comm);
    case ALLREDUCE:
        return profiled ? PMPI_Allreduce(send, out, n, t, c->op, comm)
                        : MPI_Allreduce(send, out, n, t, c->op, comm);
    case SCATTER:
        return profiled ? PMPI_Scatter(send, n, t, recv, n, t, root, comm)
                        : MPI_Scatter(send, n, t, recv, n, t, root, comm);
    case GATHER:
        return profiled ? PMPI_Gather(send, n, t, out, n, t, root, comm)
                        : MPI_Gather(send, n, t, out, n, t, root, comm);
    case SCAN:
        return profiled ? PMPI_Scan(send, out, n, t, c->op, comm)
                        : MPI_Scan(send, out, n, t, c->op, comm);
    case EXSCAN:
        return profiled ? PMPI_Exscan(send, out, n, t, c->op, comm)
                        : MPI_Exscan(send, out, n, t, c->op, comm);
    case REDUCE_SCATTER_BLOCK:
        return profiled ? PMPI_Reduce_scatter_block(send, out, n, t, c->op, comm)
                        : MPI_Reduce_scatter_block(send, out, n, t, c->op, comm);
    case REDUCE_SCATTER: {
        int *counts = malloc((size_t)size * sizeof *counts), rc;
        for (int r = 0; r < size; r++)
            counts[r] = block_of(c, r);
        rc = profiled ? PMPI_Reduce_scatter(send, out, counts, t, c->op, comm)
                      : MPI_Reduce_scatter(send, out, counts, t, c->op, comm);
        free(counts);
        return rc;
    }
    case ALLTOALL:
        return profiled ? PMPI_Alltoall(send, n, t, out, n, t, comm)
                        : MPI_Alltoall(send, n, t, out, n, t, comm);
    case ALLTOALLV: {
        int *a = malloc(2 * (size_t)size * sizeof *a), rc;
        v_layout(c, a, a + size);
        rc = profiled ? PMPI_Alltoallv(send, a, a + size, t, out, a, a + size, t, comm)
                      : MPI_Alltoallv(send, a, a + size, t, out, a, a + size, t, comm);
        free(a);
        return rc;
    }
    default:
        return profiled ? PMPI_Allgather(send, n, t, out, n, t, comm)
                        : MPI_Allgather(send, n, t, out, n, t, comm);
    }
}

/* Runs c both ways; returns 1 if the results differ or a call failed. */
static int check(const tcase *c, int salt)
{
    size_t inb = in_bytes(c), outb = out_bytes(c);
    char *in = malloc(inb + 1), *expected = malloc(outb + 1), *out = malloc(outb + 1);
    fill(c, in, inb, salt);
    prepare(c, in, expected);
    int rc = call(c, 1, in, expected);
    prepare(c, in, out);
    int undefined = c->kind == EXSCAN && rank == 0;
    int bad = rc != MPI_SUCCESS || call(c, 0, in, out) != MPI_SUCCESS ||
              (!undefined && memcmp(expected, out, defined_bytes(c)) != 0);
    if (bad)
        fprintf(stderr, "rank %d: %s count=%d root=%d%s: differs from P%s\n", rank,
                kind_names[c->kind], c->count, c->root, c->in_place ? " in place" : "",
                kind_names[c->kind]);
    free(in);
    free(expected);
    free(out);
    return bad;
}

/* Every count, root and in-place form of kind on one datatype and op; one
 * TAP line. */
static void sweep(run *t, int kind, MPI_Datatype type, MPI_Aint extent, int is_double,
                  MPI_Op op, const char *name)
{
    /* The largest count crosses the default segment (32 KiB) for every
     * datatype; HIMPI_TEST_SAMPLE=1 (the sanitizer and MPICH jobs, where it
     * made this test the slowest of all) halves it, still above. */
    const char *sample = getenv("HIMPI_TEST_SAMPLE");
    const int counts[] = {0, 1, 97, sample != NULL && strcmp(sample, "1") == 0 ? 32771 : 65539};
    /* Quick runs leave the largest count out: they check where a call
     * goes, not what a plan computes. */
    const int ncounts = quick ? 3 : 4;
    int roots[16], nroots = 0;
    if (everyone_reduces(kind) || kind == ALLGATHER || kind == ALLTOALL || kind == ALLTOALLV ||
        kind == ALLGATHERV)
        roots[nroots++] = 0;
    else if (size <= 4)
        for (int r = 0; r < size; r++)
            roots[nroots++] = r;
    else
        roots[0] = 0, roots[1] = 1, roots[2] = size / 2, roots[3] = size - 1, nroots = 4;
    int bad = 0, runs = 0, in_place = kind != BCAST;
    for (int k = 0; k < ncounts; k++)
        for (int r = 0; r < nroots; r++)
            /* MPICH 4.0.2's own MPI_Reduce crashes in place at a root
             * other than 0 on large messages, preloaded or not. */
            for (int ip = 0; ip <= (kind == REDUCE && counts[k] > 97 ? 0 : in_place);
                 ip++, runs++) {
                tcase c = {t->comm, kind, type, extent, is_double, op, counts[k], roots[r], ip};
                bad += check(&c, runs);
            }
    int any;
    PMPI_Allreduce(&bad, &any, 1, MPI_INT, MPI_SUM, t->comm);
    t->failed += any > 0;
    snprintf(t->lines[t->points++], sizeof t->lines[0], "%s - %s%s %s: %d runs equal P%s's",
             any ? "not ok" : "ok", t->label, kind_names[kind], name, runs, kind_names[kind]);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* MPI_Barrier with each rank entering 2 ms late in turn: one TAP line. */
static void sweep_barrier(run *t)
{
    int late[4] = {0, 1, size / 2, size - 1}, nlate = size <= 4 ? size : 4, bad = 0;
    for (int k = 0; k < nlate; k++) {
        int r = size <= 4 ? k : late[k];
        if (rank == r) {
            struct timespec nap = {0, 2000000};
            nanosleep(&nap, NULL);
        }
        double in = now();
        int rc = MPI_Barrier(t->comm);
        double out = now(), last_in;
        PMPI_Allreduce(&in, &last_in, 1, MPI_DOUBLE, MPI_MAX, t->comm);
        if (rc != MPI_SUCCESS || out < last_in) {
            fprintf(stderr, "rank %d: MPI_Barrier, rank %d late: returned %d, left %.0f us "
                    "early\n", rank, r, rc, (last_in - out) * 1e6);
            bad++;
        }
    }
    int any;
    PMPI_Allreduce(&bad, &any, 1, MPI_INT, MPI_SUM, t->comm);
    t->failed += any > 0;
    snprintf(t->lines[t->points++], sizeof t->lines[0],
             "%s - %sMPI_Barrier: no rank left before the last entered, %d late ranks",
             any ? "not ok" : "ok", t->label, nlate);
}

/* Every operation on every datatype (and op), on t's communicator. */
static void *sweep_all(void *arg)
{
    run *t = arg;
    for (int kind = 0; kind < NKINDS; kind++) {
        if (kind == REDUCE || everyone_reduces(kind)) {
            sweep(t, kind, MPI_INT, sizeof(int), 0, MPI_SUM, "int sum");
            sweep(t, kind, MPI_INT, sizeof(int), 0, MPI_MAX, "int max");
            sweep(t, kind, MPI_DOUBLE, sizeof(double), 1, MPI_SUM, "double sum");
            sweep(t, kind, t->pair, 8, 0, t->affine, "non-commutative user op");
            continue;
        }
        sweep(t, kind, MPI_INT, sizeof(int), 0, MPI_OP_NULL, "int");
        sweep(t, kind, MPI_DOUBLE, sizeof(double), 1, MPI_OP_NULL, "double");
        sweep(t, kind, t->vector, 16, 0, MPI_OP_NULL, "strided vector");
    }
    sweep_barrier(t);
    return NULL;
}

/* Runs the sweeps on MPI_COMM_WORLD, or if threaded in two threads at
 * once, each on its own duplicate; prints the TAP lines and returns how
 * many points failed. */
static int sweep_in_threads(int threaded, const run *base)
{
    run runs[2];
    pthread_t threads[2];
    int n = threaded ? 2 : 1, points = 0, failed = 0;
    for (int i = 0; i < n; i++) {
        runs[i] = *base;
        if (threaded) {
            runs[i].label = i == 0 ? "thread 0: " : "thread 1: ";
            MPI_Comm_dup(MPI_COMM_WORLD, &runs[i].comm);
            pthread_create(&threads[i], NULL, sweep_all, &runs[i]);
        }
    }
    if (!threaded)
        sweep_all(&runs[0]);
    for (int i = 0; i < n; i++) {
        if (threaded) {
            pthread_join(threads[i], NULL);
            MPI_Comm_free(&runs[i].comm);
        }
        for (int j = 0; j < runs[i].points && rank == 0; j++)
            printf("%s\n", runs[i].lines[j]);
        points += runs[i].points;
        failed += runs[i].failed;
    }
    if (rank == 0)
        printf("1..%d\n", points);
    return failed;
}

int main(int argc, char **argv)
{
    int threaded = argc == 2 && strcmp(argv[1], "threads") == 0, provided;
    quick = argc == 2 && strcmp(argv[1], "quick") == 0;
    if (argc > 1 && !threaded && !quick) {
        fprintf(stderr, "usage: %s [threads | quick]\n", argv[0]);
        return 2;
    }
    MPI_Init_thread(&argc, &argv, threaded ? MPI_THREAD_MULTIPLE : MPI_THREAD_SINGLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (threaded && provided < MPI_THREAD_MULTIPLE) {
        if (rank == 0)
            printf("1..0 # SKIP the MPI library does not provide MPI_THREAD_MULTIPLE\n");
        MPI_Finalize();
        return 0;
    }
    run base = {.comm = MPI_COMM_WORLD, .label = ""};
    MPI_Datatype strided;
    MPI_Type_vector(2, 1, 2, MPI_INT, &strided);
    MPI_Type_create_resized(strided, 0, 16, &base.vector);
    MPI_Type_commit(&base.vector);
    MPI_Type_contiguous(2, MPI_UINT32_T, &base.pair);
    MPI_Type_commit(&base.pair);
    MPI_Op_create(compose, 0, &base.affine);
    int failed = sweep_in_threads(threaded, &base);
    MPI_Op_free(&base.affine);
    MPI_Type_free(&base.pair);
    MPI_Type_free(&strided);
    MPI_Type_free(&base.vector);
    MPI_Finalize();
    return failed > 0;
}

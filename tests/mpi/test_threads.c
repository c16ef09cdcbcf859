/* test_threads: HiMPI's calls from two threads at once under
 * MPI_THREAD_MULTIPLE, each thread on communicators of its own, as MPI
 * allows, against the MPI library's collectives called by the same thread,
 * element by element.  Each round duplicates the thread's communicator
 * afresh, so that the two threads set up communicators at the same time,
 * and runs every operation at three sizes and a root that moves: the plain
 * call (barrier at one size, since it has none, and checked by its return
 * code), _plan calls on 2 and 3 groups with point-to-point algorithms and on
 * the node level (the topology, read once per process), and a persistent
 * request started twice (its temporary buffers are kept per start).  The
 * argument "noinit" leaves HiMPI_Init out, so that the first calls also
 * create HiMPI's keyvals and load its settings concurrently.  TAP: one line
 * per thread and operation.  Under ThreadSanitizer (the sanitizer job) a
 * race inside HiMPI fails the case. */
#include <config.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "himpi.h"

enum { NTHREADS = 2, ROUNDS = 3, NPLANS = 3 };
static const int counts[] = {1, 1000, 20000};
#define NCOUNTS ((int)(sizeof counts / sizeof *counts))

static int p, rank;

typedef struct thread {
    int id;
    MPI_Comm comm;
    int calls[HIMPI_OP_COUNT], failed[HIMPI_OP_COUNT];
    char first[HIMPI_OP_COUNT][160]; /* the first failure, if any */
} thread;

/* Blocks of count ints in op's buffers: one per rank for the operations
 * that deal out or collect a block per rank. */
static long blocks(HiMPI_Op op)
{
    return op == HIMPI_OP_SCATTER || op == HIMPI_OP_GATHER || op == HIMPI_OP_ALLGATHER ||
                   op == HIMPI_OP_REDUCE_SCATTER_BLOCK || op == HIMPI_OP_REDUCE_SCATTER ||
                   op == HIMPI_OP_ALLTOALL || op == HIMPI_OP_GATHERV ||
                   op == HIMPI_OP_SCATTERV || op == HIMPI_OP_ALLGATHERV
               ? p
               : 1;
}

/* The n-th algorithm after the native one that op supports (n = 0, 1). */
static HiMPI_Alg nth_alg(HiMPI_Op op, int n)
{
    for (int a = HIMPI_ALG_NATIVE + 1; a < HIMPI_ALG_COUNT; a++)
        if (HiMPI_Alg_supported(op, (HiMPI_Alg)a) && n-- == 0)
            return (HiMPI_Alg)a;
    return HIMPI_ALG_NATIVE;
}

/* Plan k for op: 2 groups, 3 groups, or the node level. */
static HiMPI_Plan plan_of(HiMPI_Op op, int k)
{
    HiMPI_Plan plan = {.nlevels = 1, .alg_in = nth_alg(op, k == 0), .segment_size = 4096};
    plan.level[0] = (HiMPI_Level){k == 2 ? 0 : k + 2, HIMPI_HW_NODE, nth_alg(op, k != 0)};
    return plan;
}

/* The MPI library's op, the reference (counts: reduce_scatter's and the
 * v-variants', followed by the v-variants' displacements). */
static int reference(HiMPI_Op op, const int *in, int *out, int count, const int *counts,
                     int root, MPI_Comm comm)
{
    switch (op) {
    case HIMPI_OP_BCAST:
        return MPI_Bcast(out, count, MPI_INT, root, comm);
    case HIMPI_OP_REDUCE:
        return MPI_Reduce(in, out, count, MPI_INT, MPI_SUM, root, comm);
    case HIMPI_OP_ALLREDUCE:
        return MPI_Allreduce(in, out, count, MPI_INT, MPI_SUM, comm);
    case HIMPI_OP_SCATTER:
        return MPI_Scatter(in, count, MPI_INT, out, count, MPI_INT, root, comm);
    case HIMPI_OP_GATHER:
        return MPI_Gather(in, count, MPI_INT, out, count, MPI_INT, root, comm);
    case HIMPI_OP_ALLGATHER:
        return MPI_Allgather(in, count, MPI_INT, out, count, MPI_INT, comm);
    case HIMPI_OP_SCAN:
        return MPI_Scan(in, out, count, MPI_INT, MPI_SUM, comm);
    case HIMPI_OP_EXSCAN:
        return MPI_Exscan(in, out, count, MPI_INT, MPI_SUM, comm);
    case HIMPI_OP_BARRIER:
        return MPI_Barrier(comm);
    case HIMPI_OP_REDUCE_SCATTER_BLOCK:
        return MPI_Reduce_scatter_block(in, out, count, MPI_INT, MPI_SUM, comm);
    case HIMPI_OP_REDUCE_SCATTER:
        return MPI_Reduce_scatter(in, out, counts, MPI_INT, MPI_SUM, comm);
    case HIMPI_OP_ALLTOALL:
        return MPI_Alltoall(in, count, MPI_INT, out, count, MPI_INT, comm);
    case HIMPI_OP_GATHERV:
        return MPI_Gatherv(in, counts[rank], MPI_INT, out, counts, counts + p, MPI_INT, root,
                           comm);
    case HIMPI_OP_SCATTERV:
        return MPI_Scatterv(in, counts, counts + p, MPI_INT, out, counts[rank], MPI_INT, root,
                            comm);
    case HIMPI_OP_ALLGATHERV:
        return MPI_Allgatherv(in, counts[rank], MPI_INT, out, counts, counts + p, MPI_INT, comm);
    default: /* an operation this test does not know yet fails loudly */
        return MPI_ERR_OP;
    }
}

/* HiMPI's op: the plain call if plan is NULL, else the _plan call, or the
 * persistent request of the plan if request is not NULL. */
static int himpi(HiMPI_Op op, const int *in, int *out, int count, const int *counts, int root,
                 MPI_Comm comm, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    MPI_Info none = MPI_INFO_NULL;
    switch (op) {
    case HIMPI_OP_BCAST:
        return request ? HiMPI_Bcast_init_plan(out, count, MPI_INT, root, comm, plan, none, request)
               : plan  ? HiMPI_Bcast_plan(out, count, MPI_INT, root, comm, plan)
                       : HiMPI_Bcast(out, count, MPI_INT, root, comm);
    case HIMPI_OP_REDUCE:
        return request ? HiMPI_Reduce_init_plan(in, out, count, MPI_INT, MPI_SUM, root, comm, plan,
                                                none, request)
               : plan  ? HiMPI_Reduce_plan(in, out, count, MPI_INT, MPI_SUM, root, comm, plan)
                       : HiMPI_Reduce(in, out, count, MPI_INT, MPI_SUM, root, comm);
    case HIMPI_OP_ALLREDUCE:
        return request ? HiMPI_Allreduce_init_plan(in, out, count, MPI_INT, MPI_SUM, comm, plan,
                                                   none, request)
               : plan  ? HiMPI_Allreduce_plan(in, out, count, MPI_INT, MPI_SUM, comm, plan)
                       : HiMPI_Allreduce(in, out, count, MPI_INT, MPI_SUM, comm);
    case HIMPI_OP_SCATTER:
        return request ? HiMPI_Scatter_init_plan(in, count, MPI_INT, out, count, MPI_INT, root,
                                                 comm, plan, none, request)
               : plan  ? HiMPI_Scatter_plan(in, count, MPI_INT, out, count, MPI_INT, root, comm,
                                           plan)
                       : HiMPI_Scatter(in, count, MPI_INT, out, count, MPI_INT, root, comm);
    case HIMPI_OP_GATHER:
        return request ? HiMPI_Gather_init_plan(in, count, MPI_INT, out, count, MPI_INT, root,
                                                comm, plan, none, request)
               : plan  ? HiMPI_Gather_plan(in, count, MPI_INT, out, count, MPI_INT, root, comm,
                                          plan)
                       : HiMPI_Gather(in, count, MPI_INT, out, count, MPI_INT, root, comm);
    case HIMPI_OP_ALLGATHER:
        return request ? HiMPI_Allgather_init_plan(in, count, MPI_INT, out, count, MPI_INT, comm,
                                                   plan, none, request)
               : plan  ? HiMPI_Allgather_plan(in, count, MPI_INT, out, count, MPI_INT, comm, plan)
                       : HiMPI_Allgather(in, count, MPI_INT, out, count, MPI_INT, comm);
    case HIMPI_OP_SCAN:
        return request ? HiMPI_Scan_init_plan(in, out, count, MPI_INT, MPI_SUM, comm, plan, none,
                                              request)
               : plan  ? HiMPI_Scan_plan(in, out, count, MPI_INT, MPI_SUM, comm, plan)
                       : HiMPI_Scan(in, out, count, MPI_INT, MPI_SUM, comm);
    case HIMPI_OP_EXSCAN:
        return request ? HiMPI_Exscan_init_plan(in, out, count, MPI_INT, MPI_SUM, comm, plan,
                                                none, request)
               : plan  ? HiMPI_Exscan_plan(in, out, count, MPI_INT, MPI_SUM, comm, plan)
                       : HiMPI_Exscan(in, out, count, MPI_INT, MPI_SUM, comm);
    case HIMPI_OP_BARRIER:
        return request ? HiMPI_Barrier_init_plan(comm, plan, none, request)
               : plan  ? HiMPI_Barrier_plan(comm, plan)
                       : HiMPI_Barrier(comm);
    case HIMPI_OP_REDUCE_SCATTER_BLOCK:
        return request ? HiMPI_Reduce_scatter_block_init_plan(in, out, count, MPI_INT, MPI_SUM,
                                                              comm, plan, none, request)
               : plan  ? HiMPI_Reduce_scatter_block_plan(in, out, count, MPI_INT, MPI_SUM, comm,
                                                        plan)
                       : HiMPI_Reduce_scatter_block(in, out, count, MPI_INT, MPI_SUM, comm);
    case HIMPI_OP_REDUCE_SCATTER:
        return request ? HiMPI_Reduce_scatter_init_plan(in, out, counts, MPI_INT, MPI_SUM, comm,
                                                        plan, none, request)
               : plan  ? HiMPI_Reduce_scatter_plan(in, out, counts, MPI_INT, MPI_SUM, comm, plan)
                       : HiMPI_Reduce_scatter(in, out, counts, MPI_INT, MPI_SUM, comm);
    case HIMPI_OP_ALLTOALL:
        return request ? HiMPI_Alltoall_init_plan(in, count, MPI_INT, out, count, MPI_INT, comm,
                                                  plan, none, request)
               : plan  ? HiMPI_Alltoall_plan(in, count, MPI_INT, out, count, MPI_INT, comm, plan)
                       : HiMPI_Alltoall(in, count, MPI_INT, out, count, MPI_INT, comm);
    case HIMPI_OP_GATHERV: {
        const int n = counts[rank], *d = counts + p;
        return request ? HiMPI_Gatherv_init_plan(in, n, MPI_INT, out, counts, d, MPI_INT, root,
                                                 comm, plan, none, request)
               : plan  ? HiMPI_Gatherv_plan(in, n, MPI_INT, out, counts, d, MPI_INT, root, comm,
                                           plan)
                       : HiMPI_Gatherv(in, n, MPI_INT, out, counts, d, MPI_INT, root, comm);
    }
    case HIMPI_OP_SCATTERV: {
        const int n = counts[rank], *d = counts + p;
        return request ? HiMPI_Scatterv_init_plan(in, counts, d, MPI_INT, out, n, MPI_INT, root,
                                                  comm, plan, none, request)
               : plan  ? HiMPI_Scatterv_plan(in, counts, d, MPI_INT, out, n, MPI_INT, root, comm,
                                            plan)
                       : HiMPI_Scatterv(in, counts, d, MPI_INT, out, n, MPI_INT, root, comm);
    }
    case HIMPI_OP_ALLGATHERV: {
        const int n = counts[rank], *d = counts + p;
        return request ? HiMPI_Allgatherv_init_plan(in, n, MPI_INT, out, counts, d, MPI_INT, comm,
                                                    plan, none, request)
               : plan  ? HiMPI_Allgatherv_plan(in, n, MPI_INT, out, counts, d, MPI_INT, comm, plan)
                       : HiMPI_Allgatherv(in, n, MPI_INT, out, counts, d, MPI_INT, comm);
    }
    default:
        return MPI_ERR_OP;
    }
}

static void fill(int *buf, long n, int salt)
{
    for (long i = 0; i < n; i++)
        buf[i] = (int)((rank + 1) * 7919 + i * 31 + salt);
}

/* Records one call's outcome against the reference in want. */
static void record(thread *t, HiMPI_Op op, const char *how, int count, int root, int rc,
                   const int *got, const int *want, long n)
{
    long bad = -1;
    for (long i = 0; i < n && bad < 0 && rc == MPI_SUCCESS; i++)
        if (got[i] != want[i])
            bad = i;
    t->calls[op]++;
    if (rc == MPI_SUCCESS && bad < 0)
        return;
    if (t->failed[op]++ == 0)
        snprintf(t->first[op], sizeof t->first[op], "%s count %d root %d: %s %ld", how, count,
                 root, rc != MPI_SUCCESS ? "returned" : "differs at element",
                 rc != MPI_SUCCESS ? (long)rc : bad);
}

/* Every form of op at one count and root on comm. */
static void run_op(thread *t, HiMPI_Op op, int count, int root, MPI_Comm comm)
{
    long n = blocks(op) * count;
    int *in = malloc((size_t)n * sizeof *in), *want = malloc((size_t)n * sizeof *want),
        *got = malloc((size_t)n * sizeof *got), *counts = malloc(2 * (size_t)p * sizeof *counts);
    /* Reduce_scatter's and the v-variants' counts: half on the odd ranks;
     * the v-variants' blocks one after the other. */
    for (int r = 0, at = 0; r < p; at += counts[r++]) {
        counts[r] = r % 2 ? count / 2 : count;
        counts[p + r] = at;
    }
    /* Only the root's output is significant for reduce and gather, none of
     * rank 0's for exscan, barrier has none (its outcome is its return code
     * here; test_barrier checks that it waits), and a block of the
     * reduce-scatters'. */
    long out = ((op == HIMPI_OP_REDUCE || op == HIMPI_OP_GATHER || op == HIMPI_OP_GATHERV) &&
                rank != root) ||
                       (op == HIMPI_OP_EXSCAN && rank == 0) || !HiMPI_Op_has_size(op)
                   ? 0
               : op == HIMPI_OP_SCATTER || op == HIMPI_OP_REDUCE_SCATTER_BLOCK ? count
               : op == HIMPI_OP_REDUCE_SCATTER || op == HIMPI_OP_SCATTERV      ? counts[rank]
                                                                               : n;
    fill(in, n, count + root);
    memcpy(want, in, (size_t)n * sizeof *in);
    reference(op, in, want, count, counts, root, comm);
    for (int k = -1; k < 2 * NPLANS; k++) {
        HiMPI_Plan plan = plan_of(op, k < 0 ? 0 : k % NPLANS);
        HiMPI_Request request = HIMPI_REQUEST_NULL;
        int persistent = k >= NPLANS;
        int rc = persistent ? himpi(op, in, got, count, counts, root, comm, &plan, &request)
                            : MPI_SUCCESS;
        for (int start = 0; start < (persistent ? 2 : 1); start++) {
            memcpy(got, in, (size_t)n * sizeof *in);
            if (persistent && rc == MPI_SUCCESS && (rc = HiMPI_Start(&request)) == MPI_SUCCESS)
                rc = HiMPI_Wait(&request, MPI_STATUS_IGNORE);
            else if (!persistent)
                rc = himpi(op, in, got, count, counts, root, comm, k < 0 ? NULL : &plan, NULL);
            record(t, op,
                   k < 0        ? "plain"
                   : persistent ? "persistent"
                                : "plan",
                   count, root, rc, got, want, out);
        }
        if (request != HIMPI_REQUEST_NULL)
            HiMPI_Request_free(&request);
    }
    free(in);
    free(want);
    free(got);
    free(counts);
}

static void *run_thread(void *arg)
{
    thread *t = arg;
    for (int round = 0; round < ROUNDS; round++) {
        MPI_Comm comm;
        MPI_Comm_dup(t->comm, &comm);
        for (int op = 0; op < HIMPI_OP_COUNT; op++)
            for (int c = 0; c < (HiMPI_Op_has_size((HiMPI_Op)op) ? NCOUNTS : 1); c++)
                run_op(t, (HiMPI_Op)op, counts[c], (round * NTHREADS + t->id + c) % p, comm);
        MPI_Comm_free(&comm);
        /* Progress, which tells a slow run (ThreadSanitizer's) from a hang. */
        if (rank == 0) {
            printf("# thread %d: round %d of %d done\n", t->id, round + 1, ROUNDS);
            fflush(stdout);
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int noinit = argc == 2 && strcmp(argv[1], "noinit") == 0, provided;
    if (argc > 1 && !noinit) {
        fprintf(stderr, "usage: %s [noinit]\n", argv[0]);
        return 2;
    }
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (provided < MPI_THREAD_MULTIPLE) {
        if (rank == 0)
            printf("1..0 # SKIP the MPI library does not provide MPI_THREAD_MULTIPLE\n");
        MPI_Finalize();
        return 0;
    }
    if (!noinit && HiMPI_Init(&argc, &argv) != MPI_SUCCESS) {
        printf("Bail out! HiMPI_Init failed\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    thread threads[NTHREADS] = {{0}};
    pthread_t ids[NTHREADS];
    for (int i = 0; i < NTHREADS; i++) {
        threads[i].id = i;
        MPI_Comm_dup(MPI_COMM_WORLD, &threads[i].comm);
    }
    for (int i = 0; i < NTHREADS; i++)
        pthread_create(&ids[i], NULL, run_thread, &threads[i]);
    int failed = 0;
    if (rank == 0)
        printf("1..%d\n", NTHREADS * HIMPI_OP_COUNT);
    for (int i = 0; i < NTHREADS; i++) {
        thread *t = &threads[i];
        pthread_join(ids[i], NULL);
        MPI_Comm_free(&t->comm);
        for (int op = 0; op < HIMPI_OP_COUNT; op++) {
            int any;
            MPI_Allreduce(&t->failed[op], &any, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
            if (t->failed[op] > 0)
                printf("# rank %d thread %d %s: %s\n", rank, i, HiMPI_Op_name((HiMPI_Op)op),
                       t->first[op]);
            if (rank == 0)
                printf("%s - thread %d: %s: %d calls equal MPI's\n", any ? "not ok" : "ok", i,
                       HiMPI_Op_name((HiMPI_Op)op), t->calls[op]);
            failed += any > 0;
        }
    }
    HiMPI_Finalize();
    MPI_Finalize();
    return failed > 0;
}

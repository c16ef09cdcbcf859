/* test_native_calls: HIMPI_NATIVE_CALLS=3 with HIMPI_GROUPS=2 (set here,
 * before HiMPI_Init reads them).  On a new communicator the first 3 plain
 * calls run the MPI library's collective and leave it without HiMPI's
 * state; the 4th sets it up, and on 3 ranks or more the plan's groups show
 * as sub-communicators.  Results equal MPI's, element by element, across
 * that boundary, for every operation and several roots.  A communicator
 * freed after 3 calls never gets a state; an explicit plan, a persistent
 * init, sets a communicator up at once and its plain calls are HiMPI's
 * from then on; and an invalid argument in the native phase, alike on
 * every rank, gives the same error on every rank without communicating. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "barrier_check.h"
#include "config/runtime.h"
#include "hier/cache.h"
#include "himpi.h"
#include "mpitap.h"

enum { N = 3, MOST = 64 };

static int p, rank;

static void fill(int *buf, long n, int salt)
{
    for (long i = 0; i < n; i++)
        buf[i] = (int)((rank + 1) * 7919 + i * 31 + salt);
}

static void compare(const int *got, const int *want, long n, const char *what, int call,
                    int rc)
{
    tap_check(rc == MPI_SUCCESS, "%s call %d returned %d", what, call, rc);
    for (long i = 0; i < n; i++)
        if (got[i] != want[i]) {
            tap_check(0, "%s call %d: element %ld is %d, expected %d", what, call, i, got[i],
                      want[i]);
            return;
        }
}

static int plain_barrier(MPI_Comm comm, const void *ctx)
{
    (void)ctx;
    return HiMPI_Barrier(comm);
}

/* Call number call (from 1) of op on comm, against MPI's own collective:
 * root and count change from call to call.  Barrier enters late on the
 * root and must keep every rank in until then (barrier_check.h). */
static void run(HiMPI_Op op, int call, MPI_Comm comm)
{
    int size, me;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &me);
    int root = (call * 2 + 1) % size, count = 1 + (call * 13) % MOST;
    long all = (op == HIMPI_OP_SCATTER || op == HIMPI_OP_GATHER || op == HIMPI_OP_ALLGATHER ||
                        op == HIMPI_OP_REDUCE_SCATTER_BLOCK || op == HIMPI_OP_REDUCE_SCATTER ||
                        op == HIMPI_OP_ALLTOALL || op == HIMPI_OP_GATHERV ||
                        op == HIMPI_OP_SCATTERV || op == HIMPI_OP_ALLGATHERV
                    ? size
                    : 1) *
               count;
    /* Reduce_scatter's and the v-variants' counts, none on every third
     * rank, then the v-variants' displacements, the blocks backwards. */
    int *counts = malloc(2 * (size_t)size * sizeof *counts), *displs = counts + size;
    for (int r = size - 1, at = 0; r >= 0; at += counts[r--]) {
        counts[r] = r % 3 == 1 ? 0 : count;
        displs[r] = at;
    }
    int *a = malloc((size_t)all * sizeof *a), *b = calloc((size_t)all, sizeof *b),
        *c = calloc((size_t)all, sizeof *c);
    int rc = MPI_ERR_OTHER;
    const char *name = HiMPI_Op_name(op);
    fill(a, all, call);
    switch (op) {
    case HIMPI_OP_BCAST:
        memcpy(b, a, (size_t)count * sizeof *a);
        memcpy(c, a, (size_t)count * sizeof *a);
        rc = HiMPI_Bcast(b, count, MPI_INT, root, comm);
        MPI_Bcast(c, count, MPI_INT, root, comm);
        compare(b, c, count, name, call, rc);
        break;
    case HIMPI_OP_REDUCE:
        rc = HiMPI_Reduce(a, b, count, MPI_INT, MPI_SUM, root, comm);
        MPI_Reduce(a, c, count, MPI_INT, MPI_SUM, root, comm);
        compare(b, c, me == root ? count : 0, name, call, rc);
        break;
    case HIMPI_OP_ALLREDUCE:
        rc = HiMPI_Allreduce(a, b, count, MPI_INT, MPI_MAX, comm);
        MPI_Allreduce(a, c, count, MPI_INT, MPI_MAX, comm);
        compare(b, c, count, name, call, rc);
        break;
    case HIMPI_OP_SCATTER:
        rc = HiMPI_Scatter(a, count, MPI_INT, b, count, MPI_INT, root, comm);
        MPI_Scatter(a, count, MPI_INT, c, count, MPI_INT, root, comm);
        compare(b, c, count, name, call, rc);
        break;
    case HIMPI_OP_GATHER:
        rc = HiMPI_Gather(a, count, MPI_INT, b, count, MPI_INT, root, comm);
        MPI_Gather(a, count, MPI_INT, c, count, MPI_INT, root, comm);
        compare(b, c, me == root ? all : 0, name, call, rc);
        break;
    case HIMPI_OP_ALLGATHER:
        rc = HiMPI_Allgather(a, count, MPI_INT, b, count, MPI_INT, comm);
        MPI_Allgather(a, count, MPI_INT, c, count, MPI_INT, comm);
        compare(b, c, all, name, call, rc);
        break;
    case HIMPI_OP_SCAN:
        rc = HiMPI_Scan(a, b, count, MPI_INT, MPI_SUM, comm);
        MPI_Scan(a, c, count, MPI_INT, MPI_SUM, comm);
        compare(b, c, count, name, call, rc);
        break;
    case HIMPI_OP_EXSCAN:
        rc = HiMPI_Exscan(a, b, count, MPI_INT, MPI_SUM, comm);
        MPI_Exscan(a, c, count, MPI_INT, MPI_SUM, comm);
        compare(b, c, me == 0 ? 0 : count, name, call, rc);
        break;
    case HIMPI_OP_REDUCE_SCATTER_BLOCK:
        rc = HiMPI_Reduce_scatter_block(a, b, count, MPI_INT, MPI_SUM, comm);
        MPI_Reduce_scatter_block(a, c, count, MPI_INT, MPI_SUM, comm);
        compare(b, c, count, name, call, rc);
        break;
    case HIMPI_OP_REDUCE_SCATTER:
        rc = HiMPI_Reduce_scatter(a, b, counts, MPI_INT, MPI_SUM, comm);
        MPI_Reduce_scatter(a, c, counts, MPI_INT, MPI_SUM, comm);
        compare(b, c, counts[me], name, call, rc);
        break;
    case HIMPI_OP_BARRIER:
        barrier_round(comm, root, plain_barrier, NULL, name, 1);
        break;
    case HIMPI_OP_ALLTOALL:
        rc = HiMPI_Alltoall(a, count, MPI_INT, b, count, MPI_INT, comm);
        MPI_Alltoall(a, count, MPI_INT, c, count, MPI_INT, comm);
        compare(b, c, all, name, call, rc);
        break;
    case HIMPI_OP_GATHERV:
        rc = HiMPI_Gatherv(a, counts[me], MPI_INT, b, counts, displs, MPI_INT, root, comm);
        MPI_Gatherv(a, counts[me], MPI_INT, c, counts, displs, MPI_INT, root, comm);
        compare(b, c, me == root ? all : 0, name, call, rc);
        break;
    case HIMPI_OP_SCATTERV:
        rc = HiMPI_Scatterv(a, counts, displs, MPI_INT, b, counts[me], MPI_INT, root, comm);
        MPI_Scatterv(a, counts, displs, MPI_INT, c, counts[me], MPI_INT, root, comm);
        compare(b, c, counts[me], name, call, rc);
        break;
    case HIMPI_OP_ALLGATHERV:
        rc = HiMPI_Allgatherv(a, counts[me], MPI_INT, b, counts, displs, MPI_INT, comm);
        MPI_Allgatherv(a, counts[me], MPI_INT, c, counts, displs, MPI_INT, comm);
        compare(b, c, all, name, call, rc);
        break;
    case HIMPI_OP_COUNT:
        break;
    }
    free(counts);
    free(a);
    free(b);
    free(c);
}

/* A new communicator of every rank, in reverse order, so that rank 0 of
 * the communicator is not rank 0 of the world. */
static MPI_Comm fresh(void)
{
    MPI_Comm comm;
    MPI_Comm_split(MPI_COMM_WORLD, 0, p - rank, &comm);
    return comm;
}

static void across_the_threshold(HiMPI_Op op)
{
    MPI_Comm comm = fresh();
    for (int call = 1; call <= 2 * N + 1; call++) {
        run(op, call, comm);
        int state = himpi_comm_has_state(comm), held = himpi_comm_held(comm);
        if (call <= N)
            tap_check(!state && held == 0, "after native call %d: state %d, %d held", call,
                      state, held);
        else
            tap_check(state && (p < 3 || held > 0), "after call %d: state %d, %d held", call,
                      state, held);
    }
    MPI_Comm_free(&comm);
    tap_ok("%s: calls 1-%d native, then HiMPI's with 2 groups, results equal MPI's",
           HiMPI_Op_name(op), N);
}

/* Short-lived communicators, made and freed as an application's phases
 * would, of the ranks of each parity. */
static void short_lived(void)
{
    for (int round = 0; round < 10; round++) {
        MPI_Comm comm;
        MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &comm);
        for (int call = 1; call <= N; call++)
            run(call % 2 ? HIMPI_OP_ALLREDUCE : HIMPI_OP_BCAST, call, comm);
        tap_check(!himpi_comm_has_state(comm), "round %d: a state after %d calls", round, N);
        MPI_Comm_free(&comm);
    }
    tap_ok("10 communicators of %d calls each: native, never set up", N);
}

/* An explicit plan sets a communicator up at once, and then its plain
 * calls are HiMPI's: on 3 ranks or more the plain call's 2 groups show. */
static void explicit_plan_first(void)
{
    MPI_Comm comm = fresh();
    int x = rank, sum = 0;
    HiMPI_Params flat = {1, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 0, 0};
    int rc = HiMPI_Bcast_params(&x, 1, MPI_INT, 0, comm, &flat);
    tap_check(rc == MPI_SUCCESS && himpi_comm_has_state(comm) && himpi_comm_held(comm) == 0,
              "HiMPI_Bcast_params: rc %d, state %d, %d held", rc, himpi_comm_has_state(comm),
              himpi_comm_held(comm));
    run(HIMPI_OP_BCAST, 1, comm);
    tap_check(p < 3 || himpi_comm_held(comm) > 0,
              "the plain call after an explicit plan was not HiMPI's (%d held)",
              himpi_comm_held(comm));
    MPI_Comm_free(&comm);

    comm = fresh();
    HiMPI_Request request;
    rc = HiMPI_Allreduce_init(&x, &sum, 1, MPI_INT, MPI_SUM, comm, MPI_INFO_NULL, &request);
    tap_check(rc == MPI_SUCCESS && himpi_comm_has_state(comm),
              "HiMPI_Allreduce_init: rc %d, state %d", rc, himpi_comm_has_state(comm));
    if (rc == MPI_SUCCESS)
        HiMPI_Request_free(&request);
    MPI_Comm_free(&comm);
    tap_ok("an explicit plan and a persistent init set a communicator up at once");
}

/* One call of op on a new communicator with an invalid argument on every
 * rank: what every rank checks (the scatter's receiving side, the
 * gather's sending side), so that every rank finds it. */
static void native_error(HiMPI_Op op, const char *what, int count, MPI_Datatype type, int root,
                         int want)
{
    MPI_Comm comm = fresh();
    int a[1] = {rank}, b[1] = {0}, *all = calloc((size_t)p, sizeof *all);
    int *counts = malloc(3 * (size_t)p * sizeof *counts), *ones = counts + p;
    int *displs = ones + p, rc = MPI_SUCCESS;
    for (int r = 0; r < p; r++) {
        counts[r] = count;
        ones[r] = 1;
        displs[r] = r;
    }
    switch (op) {
    case HIMPI_OP_BCAST: rc = HiMPI_Bcast(a, count, type, root, comm); break;
    case HIMPI_OP_REDUCE: rc = HiMPI_Reduce(a, b, count, type, MPI_SUM, root, comm); break;
    case HIMPI_OP_ALLREDUCE: rc = HiMPI_Allreduce(a, b, count, type, MPI_SUM, comm); break;
    case HIMPI_OP_SCATTER:
        rc = HiMPI_Scatter(all, 1, MPI_INT, b, count, type, root, comm);
        break;
    case HIMPI_OP_GATHER: rc = HiMPI_Gather(a, count, type, all, 1, MPI_INT, root, comm); break;
    case HIMPI_OP_ALLGATHER: rc = HiMPI_Allgather(a, count, type, all, 1, MPI_INT, comm); break;
    case HIMPI_OP_SCAN: rc = HiMPI_Scan(a, b, count, type, MPI_SUM, comm); break;
    case HIMPI_OP_EXSCAN: rc = HiMPI_Exscan(a, b, count, type, MPI_SUM, comm); break;
    case HIMPI_OP_REDUCE_SCATTER_BLOCK:
        rc = HiMPI_Reduce_scatter_block(all, b, count, type, MPI_SUM, comm);
        break;
    case HIMPI_OP_REDUCE_SCATTER:
        /* A NULL vector of counts stands for root -1 here. */
        rc = HiMPI_Reduce_scatter(all, b, root < 0 ? NULL : counts, type, MPI_SUM, comm);
        break;
    case HIMPI_OP_ALLTOALL:
        rc = HiMPI_Alltoall(a, count, type, all, 1, MPI_INT, comm);
        break;
    /* Gatherv's and scatterv's vectors, the root's alone, are valid: the
     * side every rank checks has the count; allgatherv's vector, which
     * every rank holds, has it too. */
    case HIMPI_OP_GATHERV:
        rc = HiMPI_Gatherv(a, count, type, all, ones, displs, MPI_INT, root, comm);
        break;
    case HIMPI_OP_SCATTERV:
        rc = HiMPI_Scatterv(all, ones, displs, MPI_INT, b, count, type, root, comm);
        break;
    case HIMPI_OP_ALLGATHERV:
        rc = HiMPI_Allgatherv(a, count, type, all, counts, displs, type, comm);
        break;
    case HIMPI_OP_BARRIER:
    case HIMPI_OP_COUNT: break;
    }
    free(counts);
    tap_check(rc == want, "%s with %s returned %d, expected %d", HiMPI_Op_name(op), what, rc,
              want);
    tap_check(!himpi_comm_has_state(comm), "%s with %s set the communicator up",
              HiMPI_Op_name(op), what);
    free(all);
    MPI_Comm_free(&comm);
}

static void native_errors(void)
{
    /* Barrier has no count or datatype to get wrong. */
    for (int op = 0; op < HIMPI_OP_COUNT; op++) {
        if (!HiMPI_Op_has_size((HiMPI_Op)op))
            continue;
        native_error((HiMPI_Op)op, "count -1", -1, MPI_INT, 0, MPI_ERR_COUNT);
        native_error((HiMPI_Op)op, "MPI_DATATYPE_NULL", 1, MPI_DATATYPE_NULL, 0, MPI_ERR_TYPE);
    }
    native_error(HIMPI_OP_BCAST, "root p", 1, MPI_INT, p, MPI_ERR_ROOT);
    native_error(HIMPI_OP_GATHER, "root -1", 1, MPI_INT, -1, MPI_ERR_ROOT);
    native_error(HIMPI_OP_REDUCE_SCATTER, "recvcounts NULL", 1, MPI_INT, -1, MPI_ERR_ARG);
    tap_ok("an invalid count, datatype, root or count vector on every rank in the native "
           "phase: the same error on every rank, no set-up");
}

int main(int argc, char **argv)
{
    setenv("HIMPI_NATIVE_CALLS", "3", 1);
    setenv("HIMPI_GROUPS", "2", 1);
    tap_init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int rc = HiMPI_Init(&argc, &argv);
    const himpi_runtime *rt = himpi_runtime_global();
    tap_check(rc == MPI_SUCCESS && rt != NULL && rt->env.native_calls == N,
              "HiMPI_Init returned %d, HIMPI_NATIVE_CALLS %d", rc,
              rt != NULL ? rt->env.native_calls : -1);
    if (!tap_ok("HiMPI_Init with HIMPI_NATIVE_CALLS=%d", N))
        return tap_finish();
    for (int op = 0; op < HIMPI_OP_COUNT; op++)
        across_the_threshold((HiMPI_Op)op);
    short_lived();
    explicit_plan_first();
    native_errors();
    HiMPI_Finalize();
    return tap_finish();
}

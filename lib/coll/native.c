/* native.c: the MPI library's own collectives as HiMPI algorithms.  Under
 * the blocking wait policy they are the blocking calls; under the yield
 * policy, the nonblocking calls completed with MPIB_Wait, so that a
 * busy-polling MPI library leaves the cores to the ranks that work.  In a
 * start of a persistent request they are the library's persistent
 * collectives where it has them (level_requests.h). */
#include <config.h>

#include <stdlib.h>

#include "coll/algorithms.h"
#include "coll/level_requests.h"
#include "coll/native.h"
#include "mpib.h"

static int yielding(void)
{
    return MPIB_get_wait_policy() == MPIB_WAIT_YIELD;
}

static int finish(int rc, MPI_Request *request)
{
    return rc == MPI_SUCCESS ? MPIB_Wait(request, MPI_STATUS_IGNORE) : rc;
}

/* The library's collective on the arguments that follow: the blocking
 * call, or when yielding the nonblocking one completed under the wait
 * policy (r is the caller's request). */
#define WAITED(blocking, nonblocking, ...)                                                     \
    (yielding() ? finish(nonblocking(__VA_ARGS__, &r), &r) : blocking(__VA_ARGS__))

/* The call as a persistent request of the current start, if there is one:
 * 1 if it ran (its result in *rc), 0 to run the blocking call. */
static int persistent(HiMPI_Op op, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                      void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Op reduction,
                      int root, MPI_Comm comm, int *rc)
{
    himpi_coll_args args = {sendbuf,   sendcount, sendtype, recvbuf, recvcount,
                            recvtype,  reduction, root,     NULL,
                            NULL,      NULL};
    int done;
    *rc = himpi_level_requests_run(op, &args, comm, &done);
    return done;
}

int himpi_bcast_native(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                       int segsize)
{
    (void)segsize;
    int rc;
    if (persistent(HIMPI_OP_BCAST, NULL, 0, MPI_DATATYPE_NULL, buffer, count, datatype,
                   MPI_OP_NULL, root, comm, &rc))
        return rc;
    return MPIB_Bcast(buffer, count, datatype, root, comm);
}

int himpi_reduce_native(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, int root, MPI_Comm comm, int segsize)
{
    (void)segsize;
    int rc;
    if (persistent(HIMPI_OP_REDUCE, sendbuf, count, datatype, recvbuf, count, datatype, op,
                   root, comm, &rc))
        return rc;
    return MPIB_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
}

int himpi_allreduce_native(const void *sendbuf, void *recvbuf, int count,
                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize)
{
    (void)segsize;
    int rc;
    if (persistent(HIMPI_OP_ALLREDUCE, sendbuf, count, datatype, recvbuf, count, datatype, op,
                   -1, comm, &rc))
        return rc;
    return MPIB_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
}

/* The library's scan (op HIMPI_OP_SCAN) or exscan. */
static int scan_native(HiMPI_Op op, const void *sendbuf, void *recvbuf, int count,
                       MPI_Datatype datatype, MPI_Op reduction, MPI_Comm comm)
{
    MPI_Request r;
    int rc;
    if (persistent(op, sendbuf, count, datatype, recvbuf, count, datatype, reduction, -1, comm,
                   &rc))
        return rc;
    return op == HIMPI_OP_SCAN
               ? WAITED(MPI_Scan, MPI_Iscan, sendbuf, recvbuf, count, datatype, reduction, comm)
               : WAITED(MPI_Exscan, MPI_Iexscan, sendbuf, recvbuf, count, datatype, reduction,
                        comm);
}

int himpi_scan_native(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                      MPI_Op op, MPI_Comm comm, int segsize)
{
    (void)segsize;
    return scan_native(HIMPI_OP_SCAN, sendbuf, recvbuf, count, datatype, op, comm);
}

int himpi_exscan_native(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, MPI_Comm comm, int segsize)
{
    (void)segsize;
    return scan_native(HIMPI_OP_EXSCAN, sendbuf, recvbuf, count, datatype, op, comm);
}

int himpi_barrier_native(MPI_Comm comm)
{
    int rc;
    if (persistent(HIMPI_OP_BARRIER, NULL, 0, MPI_DATATYPE_NULL, NULL, 0, MPI_DATATYPE_NULL,
                   MPI_OP_NULL, -1, comm, &rc))
        return rc;
    return MPIB_Barrier(comm);
}

/* MPICH 4.0.2's reduce-scatters for a non-commutative operation allocate
 * their temporary buffers as the true extent times the count, which is too
 * small for a datatype whose extent is larger than its true extent (one
 * with gaps, as the collective matrix's affine pairs): a plain MPI program
 * calling MPI_Reduce_scatter_block so on 2 or 4 ranks corrupts the heap. */
int himpi_native_reduce_scatter_overruns(MPI_Op op, MPI_Datatype datatype)
{
#ifdef MPICH
    MPI_Aint lb, extent, true_lb, true_extent;
    MPI_Type_get_extent(datatype, &lb, &extent);
    MPI_Type_get_true_extent(datatype, &true_lb, &true_extent);
    return !himpi_commutative(op) && true_extent < extent;
#else
    (void)op, (void)datatype;
    return 0;
#endif
}

/* The library's reduce_scatter_block (op HIMPI_OP_REDUCE_SCATTER_BLOCK,
 * a's recvcount) or reduce_scatter (a's recvcounts); HiMPI's order-keeping
 * algorithm where the library's would overrun its buffers. */
static int reduce_scatter_native(HiMPI_Op op, const himpi_coll_args *a, MPI_Comm comm)
{
    MPI_Request r;
    int rc, done;
    if (himpi_native_reduce_scatter_overruns(a->op, a->recvtype)) {
        int p, *equal = NULL;
        MPI_Comm_size(comm, &p);
        if (op == HIMPI_OP_REDUCE_SCATTER_BLOCK) {
            equal = himpi_tmp_alloc(p, MPI_INT);
            for (int i = 0; i < p; i++)
                equal[i] = a->recvcount;
        }
        rc = himpi_reduce_scatter_ordered(a->sendbuf, a->recvbuf,
                                          equal != NULL ? equal : a->recvcounts, a->recvtype,
                                          a->op, comm, 0);
        himpi_tmp_free(equal, MPI_INT);
        return rc;
    }
    if ((rc = himpi_level_requests_run(op, a, comm, &done), done))
        return rc;
    return op == HIMPI_OP_REDUCE_SCATTER_BLOCK
               ? WAITED(MPI_Reduce_scatter_block, MPI_Ireduce_scatter_block, a->sendbuf,
                        a->recvbuf, a->recvcount, a->recvtype, a->op, comm)
               : WAITED(MPI_Reduce_scatter, MPI_Ireduce_scatter, a->sendbuf, a->recvbuf,
                        a->recvcounts, a->recvtype, a->op, comm);
}

/* The block form where every count is equal (the plan's top level), the
 * vector form where a level of a plan gives uneven counts. */
int himpi_reduce_scatter_block_native(const void *sendbuf, void *recvbuf, const int *counts,
                                      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                      int segsize)
{
    (void)segsize;
    int p, equal = 1;
    MPI_Comm_size(comm, &p);
    for (int i = 1; i < p; i++)
        equal &= counts[i] == counts[0];
    if (!equal)
        return himpi_reduce_scatter_native(sendbuf, recvbuf, counts, datatype, op, comm, 0);
    const himpi_coll_args a = {.sendbuf = sendbuf, .recvbuf = recvbuf, .recvcount = counts[0],
                               .recvtype = datatype, .op = op, .root = -1};
    return reduce_scatter_native(HIMPI_OP_REDUCE_SCATTER_BLOCK, &a, comm);
}

int himpi_reduce_scatter_native(const void *sendbuf, void *recvbuf, const int *counts,
                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize)
{
    (void)segsize;
    const himpi_coll_args a = {.sendbuf = sendbuf, .recvbuf = recvbuf, .recvtype = datatype,
                               .op = op, .root = -1, .recvcounts = counts};
    return reduce_scatter_native(HIMPI_OP_REDUCE_SCATTER, &a, comm);
}

/* Counts and displacements of a v-collective: blocks[i] * per elements
 * for rank i, both in one allocation (free *counts).  Returns this rank's
 * count on the other side, blocks[rank] * mine elements. */
static int v_arrays(const int *blocks, int per, int mine, MPI_Comm comm, int **counts,
                    int **displs)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int *a = himpi_alloc(2 * (size_t)p, sizeof *a, "counts and displacements");
    for (int i = 0, at = 0; i < p; at += blocks[i] * per, i++) {
        a[i] = blocks[i] * per;
        a[p + i] = at;
    }
    *counts = a;
    *displs = a + p;
    return blocks[rank] * mine;
}

/* Scatter, gather or allgather (op) of a's blocks as the library does it:
 * its collective, or with uneven blocks its v-form. */
static int blocks_native(HiMPI_Op op, const himpi_coll_args *a, MPI_Comm comm, const int *blocks)
{
    MPI_Request r;
    int rc, done, *counts, *displs;
    if (blocks == NULL && (rc = himpi_level_requests_run(op, a, comm, &done), done))
        return rc;
    if (blocks == NULL)
        switch (op) {
        case HIMPI_OP_SCATTER:
            return WAITED(MPI_Scatter, MPI_Iscatter, a->sendbuf, a->sendcount, a->sendtype,
                          a->recvbuf, a->recvcount, a->recvtype, a->root, comm);
        case HIMPI_OP_GATHER:
            return WAITED(MPI_Gather, MPI_Igather, a->sendbuf, a->sendcount, a->sendtype,
                          a->recvbuf, a->recvcount, a->recvtype, a->root, comm);
        default:
            return WAITED(MPI_Allgather, MPI_Iallgather, a->sendbuf, a->sendcount, a->sendtype,
                          a->recvbuf, a->recvcount, a->recvtype, comm);
        }
    /* The root's side has the counts of every rank; the other side, this
     * rank's count. */
    int scatter = op == HIMPI_OP_SCATTER;
    int mine = v_arrays(blocks, scatter ? a->sendcount : a->recvcount,
                        scatter ? a->recvcount : a->sendcount, comm, &counts, &displs);
    switch (op) {
    case HIMPI_OP_SCATTER:
        rc = WAITED(MPI_Scatterv, MPI_Iscatterv, a->sendbuf, counts, displs, a->sendtype,
                    a->recvbuf, mine, a->recvtype, a->root, comm);
        break;
    case HIMPI_OP_GATHER:
        rc = WAITED(MPI_Gatherv, MPI_Igatherv, a->sendbuf, mine, a->sendtype, a->recvbuf, counts,
                    displs, a->recvtype, a->root, comm);
        break;
    default:
        rc = WAITED(MPI_Allgatherv, MPI_Iallgatherv, a->sendbuf, mine, a->sendtype, a->recvbuf,
                    counts, displs, a->recvtype, comm);
    }
    free(counts);
    return rc;
}

int himpi_scatter_native(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                         MPI_Comm comm, const int *blocks, int segsize)
{
    (void)segsize;
    const himpi_coll_args a = {sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                               MPI_OP_NULL, root, NULL, NULL, NULL};
    return blocks_native(HIMPI_OP_SCATTER, &a, comm, blocks);
}

int himpi_gather_native(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                        MPI_Comm comm, const int *blocks, int segsize)
{
    (void)segsize;
    const himpi_coll_args a = {sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                               MPI_OP_NULL, root, NULL, NULL, NULL};
    return blocks_native(HIMPI_OP_GATHER, &a, comm, blocks);
}

int himpi_allgather_native(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                           const int *blocks, int segsize)
{
    (void)segsize;
    const himpi_coll_args a = {sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                               MPI_OP_NULL, -1, NULL, NULL, NULL};
    return blocks_native(HIMPI_OP_ALLGATHER, &a, comm, blocks);
}

/* Alltoall as the library does it: its collective, or with uneven blocks
 * MPI_Alltoallv with the chunks' counts and displacements. */
int himpi_alltoall_native(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                          const int *blocks, int segsize)
{
    (void)segsize;
    MPI_Request r;
    int rc, p, rank;
    if (blocks == NULL) {
        if (persistent(HIMPI_OP_ALLTOALL, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                       recvtype, MPI_OP_NULL, -1, comm, &rc))
            return rc;
        return WAITED(MPI_Alltoall, MPI_Ialltoall, sendbuf, sendcount, sendtype, recvbuf,
                      recvcount, recvtype, comm);
    }
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int *a = himpi_alloc(4 * (size_t)p, sizeof *a, "counts and displacements");
    for (int j = 0; j < p; j++) {
        MPI_Aint first;
        int n = himpi_alltoall_chunk(blocks, rank, j, &first);
        a[j] = n * sendcount;
        a[p + j] = (int)first * sendcount;
        a[2 * p + j] = n * recvcount;
        a[3 * p + j] = (int)first * recvcount;
    }
    rc = WAITED(MPI_Alltoallv, MPI_Ialltoallv, sendbuf, a, a + p, sendtype, recvbuf, a + 2 * p,
                a + 3 * p, recvtype, comm);
    free(a);
    return rc;
}

/* The v-variants as the library does them, through the current start's
 * persistent requests where there are some. */
int himpi_gatherv_native(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, const int *recvcounts, const int *displs,
                         MPI_Datatype recvtype, int root, MPI_Comm comm, int segsize)
{
    (void)segsize;
    MPI_Request r;
    int rc, done;
    const himpi_coll_args a = {.sendbuf = sendbuf, .sendcount = sendcount, .sendtype = sendtype,
                               .recvbuf = recvbuf, .recvtype = recvtype, .op = MPI_OP_NULL,
                               .root = root, .recvcounts = recvcounts, .displs = displs};
    if ((rc = himpi_level_requests_run(HIMPI_OP_GATHERV, &a, comm, &done), done))
        return rc;
    return WAITED(MPI_Gatherv, MPI_Igatherv, sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                  displs, recvtype, root, comm);
}

int himpi_scatterv_native(const void *sendbuf, const int *sendcounts, const int *displs,
                          MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, MPI_Comm comm, int segsize)
{
    (void)segsize;
    MPI_Request r;
    int rc, done;
    const himpi_coll_args a = {.sendbuf = sendbuf, .sendtype = sendtype, .recvbuf = recvbuf,
                               .recvcount = recvcount, .recvtype = recvtype, .op = MPI_OP_NULL,
                               .root = root, .sendcounts = sendcounts, .displs = displs};
    if ((rc = himpi_level_requests_run(HIMPI_OP_SCATTERV, &a, comm, &done), done))
        return rc;
    return WAITED(MPI_Scatterv, MPI_Iscatterv, sendbuf, sendcounts, displs, sendtype, recvbuf,
                  recvcount, recvtype, root, comm);
}

int himpi_allgatherv_native(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, const int *recvcounts, const int *displs,
                            MPI_Datatype recvtype, MPI_Comm comm, int segsize)
{
    (void)segsize;
    MPI_Request r;
    int rc, done, p;
    /* MPICH 4.0.2's MPI_Allgatherv and MPI_Iallgatherv on one rank put its
     * block at the start of recvbuf, whatever its displacement (in a plain
     * MPI program too): a group of one rank copies its block itself. */
    MPI_Comm_size(comm, &p);
    if (p == 1)
        return sendbuf == MPI_IN_PLACE ? MPI_SUCCESS
                                       : himpi_copy(sendbuf, sendcount, sendtype,
                                                    himpi_at(recvbuf, displs[0], recvtype),
                                                    recvcounts[0], recvtype);
    const himpi_coll_args a = {.sendbuf = sendbuf, .sendcount = sendcount, .sendtype = sendtype,
                               .recvbuf = recvbuf, .recvtype = recvtype, .op = MPI_OP_NULL,
                               .root = -1, .recvcounts = recvcounts, .displs = displs};
    if ((rc = himpi_level_requests_run(HIMPI_OP_ALLGATHERV, &a, comm, &done), done))
        return rc;
    return WAITED(MPI_Allgatherv, MPI_Iallgatherv, sendbuf, sendcount, sendtype, recvbuf,
                  recvcounts, displs, recvtype, comm);
}

int himpi_native_call(HiMPI_Op op, const himpi_coll_args *a, MPI_Comm comm)
{
    switch (op) {
    case HIMPI_OP_BCAST:
        return himpi_bcast_native(a->recvbuf, a->recvcount, a->recvtype, a->root, comm, 0);
    case HIMPI_OP_REDUCE:
        return himpi_reduce_native(a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op,
                                   a->root, comm, 0);
    case HIMPI_OP_ALLREDUCE:
        return himpi_allreduce_native(a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op,
                                      comm, 0);
    case HIMPI_OP_SCATTER:
    case HIMPI_OP_GATHER:
    case HIMPI_OP_ALLGATHER:
        return blocks_native(op, a, comm, NULL);
    case HIMPI_OP_SCAN:
    case HIMPI_OP_EXSCAN:
        return scan_native(op, a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op, comm);
    case HIMPI_OP_BARRIER:
        return himpi_barrier_native(comm);
    case HIMPI_OP_REDUCE_SCATTER_BLOCK:
    case HIMPI_OP_REDUCE_SCATTER:
        return reduce_scatter_native(op, a, comm);
    case HIMPI_OP_ALLTOALL:
        return himpi_alltoall_native(a->sendbuf, a->sendcount, a->sendtype, a->recvbuf,
                                     a->recvcount, a->recvtype, comm, NULL, 0);
    case HIMPI_OP_GATHERV:
        return himpi_gatherv_native(a->sendbuf, a->sendcount, a->sendtype, a->recvbuf,
                                    a->recvcounts, a->displs, a->recvtype, a->root, comm, 0);
    case HIMPI_OP_SCATTERV:
        return himpi_scatterv_native(a->sendbuf, a->sendcounts, a->displs, a->sendtype,
                                     a->recvbuf, a->recvcount, a->recvtype, a->root, comm, 0);
    case HIMPI_OP_ALLGATHERV:
        return himpi_allgatherv_native(a->sendbuf, a->sendcount, a->sendtype, a->recvbuf,
                                       a->recvcounts, a->displs, a->recvtype, comm, 0);
    default:
        return MPI_ERR_ARG;
    }
}

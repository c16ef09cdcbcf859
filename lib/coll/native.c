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
#include "mpib.h"

static int yielding(void)
{
    return MPIB_get_wait_policy() == MPIB_WAIT_YIELD;
}

static int finish(int rc, MPI_Request *request)
{
    return rc == MPI_SUCCESS ? MPIB_Wait(request, MPI_STATUS_IGNORE) : rc;
}

/* The call as a persistent request of the current start, if there is one:
 * 1 if it ran (its result in *rc), 0 to run the blocking call. */
static int persistent(HiMPI_Op op, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                      void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Op reduction,
                      int root, MPI_Comm comm, int *rc)
{
    himpi_coll_args args = {sendbuf, sendcount, sendtype, recvbuf,
                            recvcount, recvtype, reduction, root};
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

/* Counts and displacements of a v-collective: blocks[i] * per elements
 * for rank i.  Both arrays in one allocation, freed with free(*counts). */
static void v_arrays(const int *blocks, int per, MPI_Comm comm, int **counts, int **displs)
{
    int p;
    MPI_Comm_size(comm, &p);
    int *a = himpi_alloc(2 * (size_t)p, sizeof *a, "counts and displacements");
    for (int i = 0, at = 0; i < p; at += blocks[i] * per, i++) {
        a[i] = blocks[i] * per;
        a[p + i] = at;
    }
    *counts = a;
    *displs = a + p;
}

int himpi_scatter_native(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                         MPI_Comm comm, const int *blocks, int segsize)
{
    (void)segsize;
    MPI_Request r;
    int rc;
    if (blocks == NULL && persistent(HIMPI_OP_SCATTER, sendbuf, sendcount, sendtype, recvbuf,
                                     recvcount, recvtype, MPI_OP_NULL, root, comm, &rc))
        return rc;
    if (blocks == NULL)
        return yielding() ? finish(MPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                                recvtype, root, comm, &r), &r)
                          : MPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                        recvtype, root, comm);
    int rank, *counts, *displs;
    MPI_Comm_rank(comm, &rank);
    v_arrays(blocks, sendcount, comm, &counts, &displs);
    int mine = blocks[rank] * recvcount;
    rc = yielding() ? finish(MPI_Iscatterv(sendbuf, counts, displs, sendtype, recvbuf, mine,
                                           recvtype, root, comm, &r), &r)
                    : MPI_Scatterv(sendbuf, counts, displs, sendtype, recvbuf, mine, recvtype,
                                   root, comm);
    free(counts);
    return rc;
}

int himpi_gather_native(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                        MPI_Comm comm, const int *blocks, int segsize)
{
    (void)segsize;
    MPI_Request r;
    int rc;
    if (blocks == NULL && persistent(HIMPI_OP_GATHER, sendbuf, sendcount, sendtype, recvbuf,
                                     recvcount, recvtype, MPI_OP_NULL, root, comm, &rc))
        return rc;
    if (blocks == NULL)
        return yielding() ? finish(MPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                               recvtype, root, comm, &r), &r)
                          : MPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                       recvtype, root, comm);
    int rank, *counts, *displs;
    MPI_Comm_rank(comm, &rank);
    v_arrays(blocks, recvcount, comm, &counts, &displs);
    int mine = blocks[rank] * sendcount;
    rc = yielding() ? finish(MPI_Igatherv(sendbuf, mine, sendtype, recvbuf, counts, displs,
                                          recvtype, root, comm, &r), &r)
                    : MPI_Gatherv(sendbuf, mine, sendtype, recvbuf, counts, displs, recvtype,
                                  root, comm);
    free(counts);
    return rc;
}

int himpi_allgather_native(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                           const int *blocks, int segsize)
{
    (void)segsize;
    MPI_Request r;
    int rc;
    if (blocks == NULL && persistent(HIMPI_OP_ALLGATHER, sendbuf, sendcount, sendtype, recvbuf,
                                     recvcount, recvtype, MPI_OP_NULL, -1, comm, &rc))
        return rc;
    if (blocks == NULL)
        return yielding() ? finish(MPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf,
                                                  recvcount, recvtype, comm, &r), &r)
                          : MPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                          recvtype, comm);
    int rank, *counts, *displs;
    MPI_Comm_rank(comm, &rank);
    v_arrays(blocks, recvcount, comm, &counts, &displs);
    int mine = blocks[rank] * sendcount;
    rc = yielding() ? finish(MPI_Iallgatherv(sendbuf, mine, sendtype, recvbuf, counts, displs,
                                             recvtype, comm, &r), &r)
                    : MPI_Allgatherv(sendbuf, mine, sendtype, recvbuf, counts, displs, recvtype,
                                     comm);
    free(counts);
    return rc;
}

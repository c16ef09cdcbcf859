/* allgather/gather_bcast.c: a binomial gather of every rank's blocks to rank 0, then a
 * binomial broadcast of the whole result from there. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_allgather_gather_bcast_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                                       MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                       MPI_Datatype recvtype, MPI_Comm comm, const int *blocks,
                                       int segsize)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    /* In place, a rank's blocks are already in recvbuf; only rank 0, the gather's root, may
     * say so to the gather. */
    if (sendbuf == MPI_IN_PLACE && rank != 0) {
        sendbuf = himpi_at(recvbuf, (MPI_Aint)himpi_blocks_before(blocks, rank) * recvcount,
                           recvtype);
        sendcount = recvcount;
        sendtype = recvtype;
    }
    int rc = himpi_gather_binomial_build(sched, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                         recvtype, 0, comm, blocks, segsize);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_fence(sched);
    return rc == MPI_SUCCESS
               ? himpi_bcast_binomial_build(sched, recvbuf,
                                            himpi_blocks_before(blocks, p) * recvcount, recvtype,
                                            0, comm, segsize)
               : rc;
}

/* allreduce/linear.c: the linear reduce to rank 0, then the linear
 * broadcast from it (Open MPI's "basic linear"). */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_allreduce_linear_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                 int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                 int segsize)
{
    int rank;
    MPI_Comm_rank(comm, &rank);
    /* MPI_IN_PLACE: every rank's input is in recvbuf; only rank 0, the
     * reduce's root, may say so to the reduce. */
    const void *input = sendbuf == MPI_IN_PLACE && rank != 0 ? recvbuf : sendbuf;
    int rc = himpi_reduce_linear_build(sched, input, recvbuf, count, datatype, op, 0, comm,
                                       segsize);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_fence(sched);
    return rc == MPI_SUCCESS
               ? himpi_bcast_linear_build(sched, recvbuf, count, datatype, 0, comm, segsize)
               : rc;
}

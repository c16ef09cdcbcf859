/* gather/linear.c: every rank sends its blocks to the root directly. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_gather_linear_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                              MPI_Datatype sendtype, void *recvbuf, int recvcount,
                              MPI_Datatype recvtype, int root, MPI_Comm comm, const int *blocks,
                              int segsize)
{
    (void)segsize;
    int p, rank, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rank != root)
        return rc == MPI_SUCCESS ? himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, sendbuf,
                                                    himpi_blocks_of(blocks, rank) * sendcount,
                                                    sendtype, root, NULL)
                                 : rc;
    for (int i = 0, first = 0; i < p && rc == MPI_SUCCESS; first += himpi_blocks_of(blocks, i++)) {
        void *at = himpi_at(recvbuf, (MPI_Aint)first * recvcount, recvtype);
        int elements = himpi_blocks_of(blocks, i) * recvcount;
        if (i != root)
            rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, at, elements, recvtype, i,
                                  NULL);
        else if (sendbuf != MPI_IN_PLACE)
            rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, sendbuf,
                                  himpi_blocks_of(blocks, i) * sendcount, sendtype, at, elements,
                                  recvtype, NULL);
    }
    return rc;
}

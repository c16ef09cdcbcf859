/* scatter/linear.c: the root sends every rank its blocks directly. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_scatter_linear_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                               MPI_Datatype sendtype, void *recvbuf, int recvcount,
                               MPI_Datatype recvtype, int root, MPI_Comm comm, const int *blocks,
                               int segsize)
{
    (void)segsize;
    int p, rank, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rank != root)
        return rc == MPI_SUCCESS ? himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, recvbuf,
                                                    himpi_blocks_of(blocks, rank) * recvcount,
                                                    recvtype, root, NULL)
                                 : rc;
    for (int i = 0, first = 0; i < p && rc == MPI_SUCCESS; first += himpi_blocks_of(blocks, i++)) {
        const void *at = himpi_at(sendbuf, (MPI_Aint)first * sendcount, sendtype);
        int elements = himpi_blocks_of(blocks, i) * sendcount;
        if (i != root)
            rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, at, elements, sendtype, i,
                                  NULL);
        else if (recvbuf != MPI_IN_PLACE)
            rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, at, elements, sendtype, recvbuf,
                                  himpi_blocks_of(blocks, i) * recvcount, recvtype, NULL);
    }
    return rc;
}

/* alltoall/linear.c: every rank posts all its receives and sends at once
 * and waits for them all: MPICH's algorithm for medium messages
 * (MPIR_Alltoall_intra_scattered) without its throttle, which posts them
 * in batches.  As there, rank r receives from r + i and sends to r - i in
 * the order of i, so that not every rank sends to rank 0 first.  Each rank
 * copies its own chunk. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_alltoall_linear_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                                MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                MPI_Datatype recvtype, MPI_Comm comm, const int *blocks,
                                int segsize)
{
    (void)segsize;
    int p, rank, channel, copied, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    /* In place, everything waits for the copy of the blocks. */
    if (rc == MPI_SUCCESS)
        rc = himpi_alltoall_source_build(sched, &sendbuf, &sendcount, &sendtype, recvbuf,
                                         recvcount, recvtype, comm, blocks, &copied);
    for (int i = 1; i < p && rc == MPI_SUCCESS; i++) {
        int from = (rank + i) % p;
        MPI_Aint in;
        int blocks_in = himpi_alltoall_chunk(blocks, rank, from, &in);
        rc = himpi_sched_recv(sched, copied, channel, 0,
                              himpi_at(recvbuf, in * recvcount, recvtype), blocks_in * recvcount,
                              recvtype, from, NULL);
    }
    for (int i = 1; i < p && rc == MPI_SUCCESS; i++) {
        int to = (rank - i + p) % p;
        MPI_Aint out;
        int blocks_out = himpi_alltoall_chunk(blocks, rank, to, &out);
        rc = himpi_sched_send(sched, copied, channel, 0,
                              himpi_at(sendbuf, out * sendcount, sendtype),
                              blocks_out * sendcount, sendtype, to, NULL);
    }
    MPI_Aint own;
    int blocks_own = himpi_alltoall_chunk(blocks, rank, rank, &own);
    return rc == MPI_SUCCESS
               ? himpi_sched_copy(sched, copied, himpi_at(sendbuf, own * sendcount, sendtype),
                                  blocks_own * sendcount, sendtype,
                                  himpi_at(recvbuf, own * recvcount, recvtype),
                                  blocks_own * recvcount, recvtype, NULL)
               : rc;
}

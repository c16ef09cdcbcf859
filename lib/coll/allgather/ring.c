/* allgather/ring.c: p - 1 steps around the ring; at step s every rank
 * passes to its right neighbour the blocks it received s steps before (its
 * own at step 0). */
#include <config.h>

#include "coll/algorithms.h"

int himpi_allgather_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                         const int *blocks, int segsize)
{
    (void)segsize;
    int p, rank, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (sendbuf != MPI_IN_PLACE)
        rc = himpi_copy(sendbuf, himpi_blocks_of(blocks, rank) * sendcount, sendtype,
                        himpi_at(recvbuf, (MPI_Aint)himpi_blocks_before(blocks, rank) * recvcount,
                                 recvtype),
                        himpi_blocks_of(blocks, rank) * recvcount, recvtype);
    int right = (rank + 1) % p, left = (rank + p - 1) % p;
    for (int s = 0; s < p - 1 && rc == MPI_SUCCESS; s++) {
        int out = (rank - s + p) % p, in = (rank - s - 1 + p) % p;
        rc = himpi_sendrecv(
            himpi_at(recvbuf, (MPI_Aint)himpi_blocks_before(blocks, out) * recvcount, recvtype),
            himpi_blocks_of(blocks, out) * recvcount, recvtype, right,
            himpi_at(recvbuf, (MPI_Aint)himpi_blocks_before(blocks, in) * recvcount, recvtype),
            himpi_blocks_of(blocks, in) * recvcount, recvtype, left, comm);
    }
    return rc;
}

/* alltoall/linear.c: every rank posts all its receives and sends at once
 * and waits for them all: MPICH's algorithm for medium messages
 * (MPIR_Alltoall_intra_scattered) without its throttle, which posts them
 * in batches.  As there, rank r receives from r + i and sends to r - i in
 * the order of i, so that not every rank sends to rank 0 first.  Each rank
 * copies its own chunk. */
#include <config.h>

#include <stdlib.h>

#include "coll/algorithms.h"
#include "mpib.h"

int himpi_alltoall_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                          const int *blocks, int segsize)
{
    (void)segsize;
    int p, rank, rc, n = 0;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    void *copy;
    if ((rc = himpi_alltoall_source(&sendbuf, &sendcount, &sendtype, recvbuf, recvcount,
                                    recvtype, comm, blocks, &copy)) != MPI_SUCCESS)
        return rc;
    MPI_Request *r = himpi_alloc(2 * (size_t)p, sizeof *r, "requests");
    for (int i = 1; i < p && rc == MPI_SUCCESS; i++) {
        int from = (rank + i) % p;
        MPI_Aint in;
        int blocks_in = himpi_alltoall_chunk(blocks, rank, from, &in);
        rc = MPI_Irecv(himpi_at(recvbuf, in * recvcount, recvtype), blocks_in * recvcount,
                       recvtype, from, HIMPI_TAG, comm, &r[n++]);
    }
    for (int i = 1; i < p && rc == MPI_SUCCESS; i++) {
        int to = (rank - i + p) % p;
        MPI_Aint out;
        int blocks_out = himpi_alltoall_chunk(blocks, rank, to, &out);
        rc = MPI_Isend(himpi_at(sendbuf, out * sendcount, sendtype), blocks_out * sendcount,
                       sendtype, to, HIMPI_TAG, comm, &r[n++]);
    }
    MPI_Aint own;
    int blocks_own = himpi_alltoall_chunk(blocks, rank, rank, &own);
    if (rc == MPI_SUCCESS)
        rc = himpi_copy(himpi_at(sendbuf, own * sendcount, sendtype), blocks_own * sendcount,
                        sendtype, himpi_at(recvbuf, own * recvcount, recvtype),
                        blocks_own * recvcount, recvtype);
    if (rc == MPI_SUCCESS)
        rc = MPIB_Waitall(n, r, MPI_STATUSES_IGNORE);
    free(r);
    himpi_tmp_free(copy, recvtype);
    return rc;
}

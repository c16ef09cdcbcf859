/* gather/linear.c: every rank sends its blocks to the root directly. */
#include <config.h>

#include <stdlib.h>

#include "coll/algorithms.h"
#include "mpib.h"

int himpi_gather_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                        MPI_Comm comm, const int *blocks, int segsize)
{
    (void)segsize;
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rank != root)
        return himpi_send(sendbuf, himpi_blocks_of(blocks, rank) * sendcount, sendtype, root,
                          comm);
    MPI_Request *r = himpi_alloc((size_t)p, sizeof *r, "requests");
    int n = 0, rc = MPI_SUCCESS;
    for (int i = 0, first = 0; i < p && rc == MPI_SUCCESS; first += himpi_blocks_of(blocks, i++)) {
        void *at = himpi_at(recvbuf, (MPI_Aint)first * recvcount, recvtype);
        int elements = himpi_blocks_of(blocks, i) * recvcount;
        if (i != root)
            rc = MPI_Irecv(at, elements, recvtype, i, HIMPI_TAG, comm, &r[n++]);
        else if (sendbuf != MPI_IN_PLACE)
            rc = himpi_copy(sendbuf, himpi_blocks_of(blocks, i) * sendcount, sendtype, at,
                            elements, recvtype);
    }
    if (rc == MPI_SUCCESS)
        rc = MPIB_Waitall(n, r, MPI_STATUSES_IGNORE);
    free(r);
    return rc;
}

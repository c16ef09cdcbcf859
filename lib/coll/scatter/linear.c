/* scatter/linear.c: the root sends every rank its blocks directly. */
#include <config.h>

#include <stdlib.h>

#include "coll/algorithms.h"
#include "mpib.h"

int himpi_scatter_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                         MPI_Comm comm, const int *blocks, int segsize)
{
    (void)segsize;
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rank != root)
        return himpi_recv(recvbuf, himpi_blocks_of(blocks, rank) * recvcount, recvtype, root,
                          comm);
    MPI_Request *r = himpi_alloc((size_t)p, sizeof *r, "requests");
    int n = 0, rc = MPI_SUCCESS;
    for (int i = 0, first = 0; i < p && rc == MPI_SUCCESS; first += himpi_blocks_of(blocks, i++)) {
        const void *at = himpi_at(sendbuf, (MPI_Aint)first * sendcount, sendtype);
        int elements = himpi_blocks_of(blocks, i) * sendcount;
        if (i != root)
            rc = MPI_Isend(at, elements, sendtype, i, HIMPI_TAG, comm, &r[n++]);
        else if (recvbuf != MPI_IN_PLACE)
            rc = himpi_copy(at, elements, sendtype, recvbuf,
                            himpi_blocks_of(blocks, i) * recvcount, recvtype);
    }
    if (rc == MPI_SUCCESS)
        rc = MPIB_Waitall(n, r, MPI_STATUSES_IGNORE);
    free(r);
    return rc;
}

/* bcast/linear.c: the root sends the whole message to every other rank. */
#include <config.h>

#include <stdlib.h>

#include "coll/algorithms.h"
#include "mpib.h"

int himpi_bcast_linear(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                       int segsize)
{
    (void)segsize;
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rank != root)
        return himpi_recv(buffer, count, datatype, root, comm);
    MPI_Request *r = himpi_alloc((size_t)p, sizeof *r, "requests");
    int n = 0, rc = MPI_SUCCESS;
    for (int i = 0; i < p && rc == MPI_SUCCESS; i++)
        if (i != root)
            rc = MPI_Isend(buffer, count, datatype, i, HIMPI_TAG, comm, &r[n++]);
    if (rc == MPI_SUCCESS)
        rc = MPIB_Waitall(n, r, MPI_STATUSES_IGNORE);
    free(r);
    return rc;
}

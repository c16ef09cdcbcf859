/* barrier/linear.c: the gather and release of Open MPI's basic linear
 * barrier (ompi_coll_base_barrier_intra_basic_linear): every other rank
 * signals rank 0 and waits; rank 0 hears from all of them, then releases
 * each.  2 (p - 1) messages through one rank, so it serves small groups. */
#include <config.h>

#include "coll/algorithms.h"

int himpi_barrier_linear(MPI_Comm comm)
{
    int p, rank, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rank > 0) {
        rc = himpi_send(NULL, 0, MPI_BYTE, 0, comm);
        return rc == MPI_SUCCESS ? himpi_recv(NULL, 0, MPI_BYTE, 0, comm) : rc;
    }
    for (int r = 1; r < p && rc == MPI_SUCCESS; r++)
        rc = himpi_recv(NULL, 0, MPI_BYTE, r, comm);
    for (int r = 1; r < p && rc == MPI_SUCCESS; r++)
        rc = himpi_send(NULL, 0, MPI_BYTE, r, comm);
    return rc;
}

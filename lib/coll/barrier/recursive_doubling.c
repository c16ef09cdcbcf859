/* barrier/recursive_doubling.c: the pairwise-exchange barrier of Open MPI
 * (ompi_coll_base_barrier_intra_recursivedoubling) and of MPICH before the
 * dissemination one: ranks at or above the largest power of two q <= p
 * first signal rank - q, the q lower ranks then swap empty messages with
 * the partner whose rank differs in bit k, for every k below log2 q, and
 * finally release the ranks they stood for.  log2 q rounds, two more when
 * p is not a power of two. */
#include <config.h>

#include "coll/algorithms.h"

int himpi_barrier_recursive_doubling(MPI_Comm comm)
{
    int p, rank, q = 1, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    while (2 * q <= p)
        q *= 2;
    if (rank >= q) {
        rc = himpi_send(NULL, 0, MPI_BYTE, rank - q, comm);
        return rc == MPI_SUCCESS ? himpi_recv(NULL, 0, MPI_BYTE, rank - q, comm) : rc;
    }
    /* This rank stands for rank + q too, if there is one. */
    int extra = rank + q < p;
    if (extra)
        rc = himpi_recv(NULL, 0, MPI_BYTE, rank + q, comm);
    for (int mask = 1; mask < q && rc == MPI_SUCCESS; mask *= 2)
        rc = himpi_sendrecv(NULL, 0, MPI_BYTE, rank ^ mask, NULL, 0, MPI_BYTE, rank ^ mask, comm);
    if (rc == MPI_SUCCESS && extra)
        rc = himpi_send(NULL, 0, MPI_BYTE, rank + q, comm);
    return rc;
}

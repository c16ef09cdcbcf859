/* barrier/dissemination.c: the dissemination barrier of Hensgen, Finkel
 * and Manber ("Two algorithms for barrier synchronization", IJPP 17(1),
 * 1988), MPICH's default (MPIR_Barrier_intra_dissemination): in round k
 * every rank signals the rank 2^k above it (mod p) and waits for the one
 * 2^k below.  After ceil(log2 p) rounds each rank has heard, directly or
 * through others, from every rank, for any p. */
#include <config.h>

#include "coll/algorithms.h"

int himpi_barrier_dissemination(MPI_Comm comm)
{
    int p, rank, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    for (int d = 1; d < p && rc == MPI_SUCCESS; d *= 2)
        rc = himpi_sendrecv(NULL, 0, MPI_BYTE, (rank + d) % p, NULL, 0, MPI_BYTE,
                            (rank - d + p) % p, comm);
    return rc;
}

/* bcast/chain.c: a chain over the ranks counted from the root: each rank receives the
 * whole message from its predecessor and passes it on to its successor. */
#include <config.h>

#include "coll/algorithms.h"

int himpi_bcast_chain(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                      int segsize)
{
    (void)segsize;
    int p, rank, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int v = (rank - root + p) % p;
    if (v > 0)
        rc = himpi_recv(buffer, count, datatype, (rank - 1 + p) % p, comm);
    if (rc == MPI_SUCCESS && v < p - 1)
        rc = himpi_send(buffer, count, datatype, (rank + 1) % p, comm);
    return rc;
}

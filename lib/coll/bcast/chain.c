/* bcast/chain.c: a chain over the ranks counted from the root: each rank receives the
 * whole message from its predecessor and passes it on to its successor. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_bcast_chain_build(himpi_sched *sched, void *buffer, int count, MPI_Datatype datatype,
                            int root, MPI_Comm comm, int segsize)
{
    (void)segsize;
    int p, rank, channel, last = HIMPI_SCHED_FIRST, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int v = (rank - root + p) % p;
    if (rc == MPI_SUCCESS && v > 0)
        rc = himpi_sched_recv(sched, last, channel, 0, buffer, count, datatype,
                              (rank - 1 + p) % p, &last);
    if (rc == MPI_SUCCESS && v < p - 1)
        rc = himpi_sched_send(sched, last, channel, 0, buffer, count, datatype, (rank + 1) % p,
                              NULL);
    return rc;
}

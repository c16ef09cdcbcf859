/* bcast/linear.c: the root sends the whole message to every other rank. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_bcast_linear_build(himpi_sched *sched, void *buffer, int count, MPI_Datatype datatype,
                             int root, MPI_Comm comm, int segsize)
{
    (void)segsize;
    int p, rank, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rank != root)
        return rc == MPI_SUCCESS ? himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, buffer,
                                                    count, datatype, root, NULL)
                                 : rc;
    for (int i = 0; i < p && rc == MPI_SUCCESS; i++)
        if (i != root)
            rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, buffer, count, datatype, i,
                                  NULL);
    return rc;
}

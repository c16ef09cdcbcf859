/* barrier/linear.c: the gather and release of Open MPI's basic linear
 * barrier (ompi_coll_base_barrier_intra_basic_linear): every other rank
 * signals rank 0 and waits; rank 0 hears from all of them, then releases
 * each.  2 (p - 1) messages through one rank, so it serves small groups. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_barrier_linear_build(himpi_sched *sched, MPI_Comm comm)
{
    int p, rank, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rank > 0) {
        int sent;
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, NULL, 0, MPI_BYTE, 0,
                                  &sent);
        return rc == MPI_SUCCESS ? himpi_sched_recv(sched, sent, channel, 0, NULL, 0, MPI_BYTE, 0,
                                                    NULL)
                                 : rc;
    }
    /* Rank 0 releases the others once all have arrived. */
    for (int r = 1; r < p && rc == MPI_SUCCESS; r++)
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, NULL, 0, MPI_BYTE, r, NULL);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_fence(sched);
    for (int r = 1; r < p && rc == MPI_SUCCESS; r++)
        rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, NULL, 0, MPI_BYTE, r, NULL);
    return rc;
}

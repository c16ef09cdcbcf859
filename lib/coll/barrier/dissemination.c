/* barrier/dissemination.c: the dissemination barrier of Hensgen, Finkel
 * and Manber ("Two algorithms for barrier synchronization", IJPP 17(1),
 * 1988), MPICH's default (MPIR_Barrier_intra_dissemination): in round k
 * every rank signals the rank 2^k above it (mod p) and waits for the one
 * 2^k below.  After ceil(log2 p) rounds each rank has heard, directly or
 * through others, from every rank, for any p. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_barrier_dissemination_build(himpi_sched *sched, MPI_Comm comm)
{
    int p, rank, channel, step[2] = {HIMPI_SCHED_FIRST, HIMPI_SCHED_FIRST};
    int rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    /* Each round waits for both messages of the round before. */
    for (int d = 1; d < p && rc == MPI_SUCCESS; d *= 2) {
        int send, recv;
        rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, NULL, 0, MPI_BYTE,
                              (rank + d) % p, &send);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, NULL, 0, MPI_BYTE,
                                  (rank - d + p) % p, &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, send, recv, step);
    }
    return rc;
}

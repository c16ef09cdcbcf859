/* barrier/recursive_doubling.c: the pairwise-exchange barrier of Open MPI
 * (ompi_coll_base_barrier_intra_recursivedoubling) and of MPICH before the
 * dissemination one: ranks at or above the largest power of two q <= p
 * first signal rank - q, the q lower ranks then swap empty messages with
 * the partner whose rank differs in bit k, for every k below log2 q, and
 * finally release the ranks they stood for.  log2 q rounds, two more when
 * p is not a power of two. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_barrier_recursive_doubling_build(himpi_sched *sched, MPI_Comm comm)
{
    int p, rank, q = 1, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    while (2 * q <= p)
        q *= 2;
    if (rank >= q) {
        int sent;
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, NULL, 0, MPI_BYTE,
                                  rank - q, &sent);
        return rc == MPI_SUCCESS ? himpi_sched_recv(sched, sent, channel, 0, NULL, 0, MPI_BYTE,
                                                    rank - q, NULL)
                                 : rc;
    }
    /* This rank stands for rank + q too, if there is one.  Each round waits for both
     * messages of the round before. */
    int extra = rank + q < p, step[2] = {HIMPI_SCHED_FIRST, HIMPI_SCHED_FIRST};
    if (extra && rc == MPI_SUCCESS)
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, NULL, 0, MPI_BYTE, rank + q,
                              &step[0]);
    for (int mask = 1; mask < q && rc == MPI_SUCCESS; mask *= 2) {
        int send, recv;
        rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, NULL, 0, MPI_BYTE,
                              rank ^ mask, &send);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, NULL, 0, MPI_BYTE,
                                  rank ^ mask, &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, send, recv, step);
    }
    if (rc == MPI_SUCCESS && extra) {
        int release;
        rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, NULL, 0, MPI_BYTE, rank + q,
                              &release);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, release, release, step);
    }
    return rc;
}

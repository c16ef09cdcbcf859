/* reduce_scatter/pairwise.c: MPICH's pairwise exchange for long messages
 * (MPIR_Reduce_scatter_intra_pairwise): in step i = 1 .. p - 1 every rank
 * sends the block of rank + i to it and receives its own block's operand
 * from rank - i, which it combines into its result.  The operands arrive
 * from rank - 1 down, not in rank order, so a non-commutative operation
 * runs the algorithm that keeps it instead (himpi_reduce_scatter_ordered_build),
 * as MPICH does. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_reduce_scatter_pairwise_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                        const int *counts, MPI_Datatype datatype, MPI_Op op,
                                        MPI_Comm comm, int segsize)
{
    if (!himpi_commutative(op))
        return himpi_reduce_scatter_ordered_build(sched, sendbuf, recvbuf, counts, datatype, op,
                                                  comm, segsize);
    int p, rank, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int *displs = himpi_reduce_scatter_displs(sched, counts, p), n = counts[rank];
    const void *mine = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    /* In place, the blocks still to send are in recvbuf, so the result
     * grows apart and lands there last.  Each step waits for the step
     * before: both its messages, and the combination that read the buffer
     * it receives into. */
    void *result = himpi_sched_tmp(sched, n, datatype), *in = himpi_sched_tmp(sched, n, datatype);
    int step[2] = {HIMPI_SCHED_FIRST, HIMPI_SCHED_FIRST};
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, himpi_at(mine, displs[rank], datatype), n,
                              datatype, result, n, datatype, &step[0]);
    step[1] = step[0];
    for (int i = 1; i < p && rc == MPI_SUCCESS; i++) {
        int to = (rank + i) % p, from = (rank - i + p) % p, recv, send, combined;
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, in, n, datatype, from, &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0,
                                  himpi_at(mine, displs[to], datatype), counts[to], datatype, to,
                                  &send);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, recv, send, step);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_reduce(sched, HIMPI_SCHED_FIRST, in, result, n, datatype, op,
                                    &combined);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, combined, combined, step);
    }
    return rc == MPI_SUCCESS ? himpi_sched_copy(sched, step[0], result, n, datatype, recvbuf, n,
                                                datatype, NULL)
                             : rc;
}

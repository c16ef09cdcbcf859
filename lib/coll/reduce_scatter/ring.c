/* reduce_scatter/ring.c: Open MPI's ring reduce-scatter
 * (ompi_coll_base_reduce_scatter_intra_ring): in step s = 0 .. p - 2 every
 * rank sends the partial result of block rank - s - 1 to the right and
 * receives that of block rank - s - 2 from the left, which it combines
 * with its own operand's; after p - 1 steps the block that arrives last is
 * its own, complete.  The partials collect their operands around the ring,
 * not in rank order, so a non-commutative operation runs the algorithm
 * that keeps it instead (himpi_reduce_scatter_ordered_build). */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_reduce_scatter_ring_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                    const int *counts, MPI_Datatype datatype, MPI_Op op,
                                    MPI_Comm comm, int segsize)
{
    if (!himpi_commutative(op))
        return himpi_reduce_scatter_ordered_build(sched, sendbuf, recvbuf, counts, datatype, op,
                                                  comm, segsize);
    int p, rank, largest = 0, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int *displs = himpi_reduce_scatter_displs(sched, counts, p), total = displs[p];
    for (int i = 0; i < p; i++)
        largest = counts[i] > largest ? counts[i] : largest;
    /* The partials are built in a copy of the operand: sendbuf is the
     * caller's, and in place recvbuf's first block takes the result.  Each
     * step waits for the step before: both its messages, and the
     * combination that made the partial it sends and read the buffer it
     * receives into. */
    void *acc = himpi_sched_tmp(sched, total, datatype);
    void *in = himpi_sched_tmp(sched, largest, datatype);
    int step[2] = {HIMPI_SCHED_FIRST, HIMPI_SCHED_FIRST};
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST,
                              sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf, total, datatype, acc,
                              total, datatype, &step[0]);
    step[1] = step[0];
    int right = (rank + 1) % p, left = (rank + p - 1) % p;
    for (int s = 0; s < p - 1 && rc == MPI_SUCCESS; s++) {
        int out = (rank - s - 1 + 2 * p) % p, got = (rank - s - 2 + 2 * p) % p;
        int recv, send, combined;
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, in, counts[got], datatype,
                              left, &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0,
                                  himpi_at(acc, displs[out], datatype), counts[out], datatype,
                                  right, &send);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, recv, send, step);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_reduce(sched, HIMPI_SCHED_FIRST, in,
                                    himpi_at(acc, displs[got], datatype), counts[got], datatype,
                                    op, &combined);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, combined, combined, step);
    }
    return rc == MPI_SUCCESS
               ? himpi_sched_copy(sched, step[0], himpi_at(acc, displs[rank], datatype),
                                  counts[rank], datatype, recvbuf, counts[rank], datatype, NULL)
               : rc;
}

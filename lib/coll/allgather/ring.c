/* allgather/ring.c: p - 1 steps around the ring; at step s every rank
 * passes to its right neighbour the blocks it received s steps before (its
 * own at step 0). */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

/* Block i of recvbuf. */
static void *block(void *recvbuf, int recvcount, MPI_Datatype recvtype, const int *blocks, int i)
{
    return himpi_at(recvbuf, (MPI_Aint)himpi_blocks_before(blocks, i) * recvcount, recvtype);
}

int himpi_allgather_ring_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                               MPI_Datatype sendtype, void *recvbuf, int recvcount,
                               MPI_Datatype recvtype, MPI_Comm comm, const int *blocks,
                               int segsize)
{
    (void)segsize;
    int p, rank, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int own = himpi_blocks_of(blocks, rank), step[2] = {HIMPI_SCHED_FIRST, HIMPI_SCHED_FIRST};
    if (rc == MPI_SUCCESS && sendbuf != MPI_IN_PLACE)
        rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, sendbuf, own * sendcount, sendtype,
                              block(recvbuf, recvcount, recvtype, blocks, rank), own * recvcount,
                              recvtype, &step[0]);
    /* Step s sends what step s - 1 received, and both its messages wait for both of step
     * s - 1, as one exchange after another: its receive is posted first, so that the
     * message from the left finds it. */
    int right = (rank + 1) % p, left = (rank + p - 1) % p;
    for (int s = 0; s < p - 1 && rc == MPI_SUCCESS; s++) {
        int out = (rank - s + p) % p, in = (rank - s - 1 + p) % p, recv, send;
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0,
                              block(recvbuf, recvcount, recvtype, blocks, in),
                              himpi_blocks_of(blocks, in) * recvcount, recvtype, left, &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0,
                                  block(recvbuf, recvcount, recvtype, blocks, out),
                                  himpi_blocks_of(blocks, out) * recvcount, recvtype, right,
                                  &send);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, recv, send, step);
    }
    return rc;
}

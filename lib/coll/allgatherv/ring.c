/* allgatherv/ring.c: the ring of allgather/ring.c with a block of any size per rank (MPICH's
 * MPIR_Allgatherv_intra_ring, Open MPI's ompi_coll_base_allgatherv_intra_ring): p - 1 steps
 * around the ring; at step s every rank passes to its right neighbour the block it received s
 * steps before (its own at step 0).  Every rank knows every count, so the blocks travel in
 * recvtype from and into their places in recvbuf. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_allgatherv_ring_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                                MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                                const int *displs, MPI_Datatype recvtype, MPI_Comm comm,
                                int segsize)
{
    (void)segsize;
    int p, rank, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int last = HIMPI_SCHED_FIRST;
    if (rc == MPI_SUCCESS && sendbuf != MPI_IN_PLACE)
        rc = himpi_sched_copy(sched, last, sendbuf, sendcount, sendtype,
                              himpi_at(recvbuf, displs[rank], recvtype), recvcounts[rank],
                              recvtype, &last);
    /* Step s sends what step s - 1 received, and both its messages wait for both of step
     * s - 1, as in allgather/ring.c. */
    int right = (rank + 1) % p, left = (rank + p - 1) % p, sent = HIMPI_SCHED_FIRST;
    for (int s = 0; s < p - 1 && rc == MPI_SUCCESS; s++) {
        int out = (rank - s + p) % p, in = (rank - s - 1 + p) % p, recv;
        rc = himpi_sched_recv(sched, last, channel, 0, himpi_at(recvbuf, displs[in], recvtype),
                              recvcounts[in], recvtype, left, &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(sched, last, channel, 0,
                                  himpi_at(recvbuf, displs[out], recvtype), recvcounts[out],
                                  recvtype, right, &last);
        for (int k = recv; k <= last && sent != HIMPI_SCHED_FIRST && rc == MPI_SUCCESS; k++)
            rc = himpi_sched_after(sched, k, sent);
        sent = last;
        last = recv;
    }
    return rc;
}

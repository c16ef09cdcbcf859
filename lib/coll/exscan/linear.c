/* exscan/linear.c: the chain of scan/linear.c, exclusive: rank i receives
 * the prefix of ranks 0 .. i-1 from rank i - 1, keeps it as its result
 * and sends it on with its own operand behind it.  Rank 0 sends its
 * operand alone and leaves its receive buffer as it was.  Rank order is
 * kept for any operation. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_exscan_linear_build(himpi_sched *sched, const void *sendbuf, void *recvbuf, int count,
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize)
{
    (void)segsize;
    int p, rank, channel, last, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    const void *mine = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    if (rank == 0)
        return rc == MPI_SUCCESS && p > 1 ? himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0,
                                                             mine, count, datatype, 1, NULL)
                                          : rc;
    /* The prefix arrives in one buffer, and what goes on is built in the
     * other: in place, the operand is in recvbuf, which takes the prefix
     * last, once what goes on has gone. */
    void *tmp = himpi_sched_tmp(sched, count, datatype);
    void *prefix = sendbuf == MPI_IN_PLACE ? tmp : recvbuf;
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, prefix, count, datatype,
                              rank - 1, &last);
    if (rc == MPI_SUCCESS && rank < p - 1) {
        void *next = sendbuf == MPI_IN_PLACE ? recvbuf : tmp;
        int copied = HIMPI_SCHED_FIRST, combined;
        if (next != mine)
            rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, mine, count, datatype, next, count,
                                  datatype, &copied);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_reduce(sched, last, prefix, next, count, datatype, op, &combined);
        if (rc == MPI_SUCCESS && copied != HIMPI_SCHED_FIRST)
            rc = himpi_sched_after(sched, combined, copied);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(sched, combined, channel, 0, next, count, datatype, rank + 1,
                                  &last);
    }
    if (rc == MPI_SUCCESS && prefix != recvbuf)
        rc = himpi_sched_copy(sched, last, prefix, count, datatype, recvbuf, count, datatype,
                              NULL);
    return rc;
}

/* scan/linear.c: the chain of the textbook scan (as MPICH's and Open MPI's
 * "linear" ones): rank i receives the prefix of ranks 0 .. i-1 from rank
 * i - 1, puts it in front of its own operand and sends the result on to
 * rank i + 1.  Rank order is kept for any operation. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_scan_linear_build(himpi_sched *sched, const void *sendbuf, void *recvbuf, int count,
                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize)
{
    (void)segsize;
    int p, rank, channel, last = HIMPI_SCHED_FIRST, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rc == MPI_SUCCESS && sendbuf != MPI_IN_PLACE)
        rc = himpi_sched_copy(sched, last, sendbuf, count, datatype, recvbuf, count, datatype,
                              &last);
    if (rc == MPI_SUCCESS && rank > 0) {
        void *prefix = himpi_sched_tmp(sched, count, datatype);
        int copied = last;
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, prefix, count, datatype,
                              rank - 1, &last);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_reduce(sched, last, prefix, recvbuf, count, datatype, op, &last);
        if (rc == MPI_SUCCESS && copied != HIMPI_SCHED_FIRST)
            rc = himpi_sched_after(sched, last, copied);
    }
    if (rc == MPI_SUCCESS && rank < p - 1)
        rc = himpi_sched_send(sched, last, channel, 0, recvbuf, count, datatype, rank + 1, NULL);
    return rc;
}

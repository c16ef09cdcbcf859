/* allreduce/rabenseifner.c: Rabenseifner's allreduce: the reduce-scatter by recursive
 * vector halving of reduce/rabenseifner.c, then an allgather by recursive vector doubling
 * that gives every rank all pieces.  For p not a power of two, the ranks that dropped out
 * of the reduce-scatter get the result from their partners at the end.  Operands stay in
 * rank order, so non-commutative operations need no fallback. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_allreduce_rabenseifner_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                       int count, MPI_Datatype datatype, MPI_Op op,
                                       MPI_Comm comm, int segsize)
{
    (void)segsize;
    void *buf = recvbuf;
    int rc = himpi_rabenseifner_reduce_scatter_build(
        sched, sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf, &buf, count, datatype, op, -1, comm);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_fence(sched);
    return rc == MPI_SUCCESS
               ? himpi_rabenseifner_collect_build(sched, recvbuf, count, datatype, -1, comm)
               : rc;
}

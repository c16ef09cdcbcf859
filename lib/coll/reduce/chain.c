/* reduce/chain.c: a chain over the ranks counted from the root: each rank receives from its
 * successor the partial result of the ranks after it, puts its own contribution in front
 * and sends the whole vector on to its predecessor, the root last.  It is pipeline.c's
 * chain with the whole vector as one segment.  A non-commutative operation runs the chain
 * over the ranks in order, p - 1 down to 0, and rank 0 then sends the result to the root
 * (himpi_reduce_ordered_build). */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

/* The chain, which keeps rank order from root 0. */
static int chain(himpi_sched *sched, const void *sendbuf, void *recvbuf, int count,
                 MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, int segsize)
{
    (void)segsize;
    return himpi_reduce_segmented_chain_build(sched, sendbuf, recvbuf, count, datatype, op, root,
                                              comm, count > 0 ? count : 1);
}

int himpi_reduce_chain_build(himpi_sched *sched, const void *sendbuf, void *recvbuf, int count,
                             MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                             int segsize)
{
    return himpi_reduce_ordered_build(sched, chain, sendbuf, recvbuf, count, datatype, op, root,
                                      comm, segsize);
}

/* gather/binomial.c: the binomial tree of scatter/binomial.c run the other way: every process
 * collects its subtree's blocks, its own first, from the first processes of its own subtrees
 * and sends them on to its parent; the root puts them in place. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_gather_binomial_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                                MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                MPI_Datatype recvtype, int root, MPI_Comm comm, const int *blocks,
                                int segsize)
{
    (void)segsize;
    return himpi_binomial_blocks_build(sched, 1, sendbuf, sendcount, sendtype, recvbuf,
                                       recvcount, recvtype, root, comm, blocks);
}

/* gatherv/binomial.c: the binomial tree of scatterv/binomial.c run the other way (MPICH's and
 * Open MPI's binomial gather, with blocks of any size): every process collects its subtree's
 * blocks, its own first, from the first processes of its own subtrees and sends them on to its
 * parent in one message; the root puts every block at its displacement.  The ranks with
 * children get the sizes of their subtrees' blocks from the root first, as in scatterv. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_gatherv_binomial_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                                 MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                                 const int *displs, MPI_Datatype recvtype, int root,
                                 MPI_Comm comm, int segsize)
{
    (void)segsize;
    return himpi_binomial_v_build(sched, 1, (void *)sendbuf, sendcount, sendtype, recvbuf,
                                  recvcounts, displs, recvtype, root, comm);
}

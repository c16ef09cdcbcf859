/* gatherv/linear.c: every rank sends its block to the root directly, which
 * receives each at its displacement: scatterv/linear.c run the other way,
 * MPICH's MPIR_Gatherv_allcomm_linear and Open MPI's
 * mca_coll_basic_gatherv_intra, their only gatherv. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_gatherv_linear_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                               MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                               const int *displs, MPI_Datatype recvtype, int root, MPI_Comm comm,
                               int segsize)
{
    (void)segsize;
    return himpi_linear_v_build(sched, 1, (void *)sendbuf, sendcount, sendtype, recvbuf,
                                recvcounts, displs, recvtype, root, comm);
}

/* exscan/recursive_doubling.c: MPICH's recursive-doubling exscan
 * (MPIR_Exscan_intra_recursive_doubling), the exclusive form of
 * scan/recursive_doubling.c (himpi_scan_doubling_build): the partials travel as
 * there, but the result takes only what partners below bring, the first of
 * them as it comes.  Rank 0 has no partner below and leaves its receive
 * buffer as it was.  The order is kept for any operation. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_exscan_recursive_doubling_build(himpi_sched *sched, const void *sendbuf,
                                          void *recvbuf, int count, MPI_Datatype datatype,
                                          MPI_Op op, MPI_Comm comm, int segsize)
{
    (void)segsize;
    int p;
    MPI_Comm_size(comm, &p);
    /* In place, the operand is in recvbuf, which the partial copies before
     * any result lands there. */
    const void *mine = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    return p > 1 ? himpi_scan_doubling_build(sched, HIMPI_SCHED_FIRST, mine, recvbuf, count,
                                             datatype, op, comm, 1)
                 : MPI_SUCCESS;
}

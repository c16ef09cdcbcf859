/* reduce_order.c: keeping rank order for non-commutative operations. */
#include <config.h>

#include "coll/coll.h"

int himpi_commutative(MPI_Op op)
{
    int commute = 1;
    MPI_Op_commutative(op, &commute);
    return commute;
}

int himpi_reduce_ordered_build(himpi_sched *sched, himpi_reduce_builder *tree,
                               const void *sendbuf, void *recvbuf, int count,
                               MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                               int segsize)
{
    if (root == 0 || himpi_commutative(op))
        return tree(sched, sendbuf, recvbuf, count, datatype, op, root, comm, segsize);
    int rank, channel;
    MPI_Comm_rank(comm, &rank);
    /* The root's input may be in recvbuf (MPI_IN_PLACE); rank 0, not the
     * root of the call, has a real sendbuf and needs somewhere to put the
     * result on its way. */
    const void *input = rank == root && sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    void *result = rank == 0 ? himpi_sched_tmp(sched, count, datatype) : NULL;
    int rc = tree(sched, input, result, count, datatype, op, 0, comm, segsize);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_join(sched, comm, &channel);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_fence(sched);
    if (rc == MPI_SUCCESS && rank == 0)
        rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, result, count, datatype, root,
                              NULL);
    else if (rc == MPI_SUCCESS && rank == root)
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, recvbuf, count, datatype, 0,
                              NULL);
    return rc;
}

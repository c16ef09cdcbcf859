/* reduce_order.c: keeping rank order for non-commutative operations. */
#include <config.h>

#include "coll/coll.h"

int himpi_commutative(MPI_Op op)
{
    int commute = 1;
    MPI_Op_commutative(op, &commute);
    return commute;
}

int himpi_reduce_ordered(himpi_reduce_fn algorithm, const void *sendbuf, void *recvbuf,
                         int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                         int segsize)
{
    if (root == 0 || himpi_commutative(op))
        return algorithm(sendbuf, recvbuf, count, datatype, op, root, comm, segsize);
    int rank;
    MPI_Comm_rank(comm, &rank);
    /* The root's input may be in recvbuf (MPI_IN_PLACE); rank 0, not the
     * root of the call, has a real sendbuf and needs somewhere to put the
     * result on its way. */
    const void *input = rank == root && sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    void *result = rank == 0 ? himpi_tmp_alloc(count, datatype) : NULL;
    int rc = algorithm(input, result, count, datatype, op, 0, comm, segsize);
    if (rc == MPI_SUCCESS && rank == 0)
        rc = himpi_send(result, count, datatype, root, comm);
    else if (rc == MPI_SUCCESS && rank == root)
        rc = himpi_recv(recvbuf, count, datatype, 0, comm);
    himpi_tmp_free(result, datatype);
    return rc;
}

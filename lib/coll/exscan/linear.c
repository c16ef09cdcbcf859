/* exscan/linear.c: the chain of scan/linear.c, exclusive: rank i receives
 * the prefix of ranks 0 .. i-1 from rank i - 1, keeps it as its result
 * and sends it on with its own operand behind it.  Rank 0 sends its
 * operand alone and leaves its receive buffer as it was.  Rank order is
 * kept for any operation. */
#include <config.h>

#include "coll/algorithms.h"

int himpi_exscan_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, MPI_Comm comm, int segsize)
{
    (void)segsize;
    int p, rank, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    const void *mine = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    if (rank == 0)
        return p > 1 ? himpi_send(mine, count, datatype, 1, comm) : MPI_SUCCESS;
    /* The prefix arrives in one buffer, and what goes on is built in the
     * other: in place, the operand is in recvbuf, which takes the prefix
     * last. */
    void *tmp = himpi_tmp_alloc(count, datatype);
    void *prefix = sendbuf == MPI_IN_PLACE ? tmp : recvbuf;
    rc = himpi_recv(prefix, count, datatype, rank - 1, comm);
    if (rc == MPI_SUCCESS && rank < p - 1) {
        void *next = sendbuf == MPI_IN_PLACE ? recvbuf : tmp;
        if (next != mine)
            rc = himpi_copy(mine, count, datatype, next, count, datatype);
        if (rc == MPI_SUCCESS)
            rc = MPI_Reduce_local(prefix, next, count, datatype, op);
        if (rc == MPI_SUCCESS)
            rc = himpi_send(next, count, datatype, rank + 1, comm);
    }
    if (rc == MPI_SUCCESS && prefix != recvbuf)
        rc = himpi_copy(prefix, count, datatype, recvbuf, count, datatype);
    himpi_tmp_free(tmp, datatype);
    return rc;
}

/* reduce/linear.c: every rank sends to the root, which combines the
 * contributions from the last rank down to the first, so that the result is
 * x0 op (x1 op (... op x(p-1))): rank order for any operation. */
#include <config.h>

#include "coll/algorithms.h"

int himpi_reduce_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, int root, MPI_Comm comm, int segsize)
{
    (void)segsize;
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rank != root)
        return himpi_send(sendbuf, count, datatype, root, comm);
    /* With MPI_IN_PLACE the root's input is in recvbuf, read before the
     * result overwrites it at the end. */
    const void *mine = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    void *acc = himpi_tmp_alloc(count, datatype), *in = himpi_tmp_alloc(count, datatype);
    int rc = MPI_SUCCESS;
    for (int i = p - 1; i >= 0 && rc == MPI_SUCCESS; i--) {
        const void *x = mine;
        if (i != root) {
            rc = himpi_recv(in, count, datatype, i, comm);
            x = in;
        }
        if (rc != MPI_SUCCESS)
            break;
        rc = i == p - 1 ? himpi_copy(x, count, datatype, acc, count, datatype)
                        : MPI_Reduce_local(x, acc, count, datatype, op);
    }
    if (rc == MPI_SUCCESS)
        rc = himpi_copy(acc, count, datatype, recvbuf, count, datatype);
    himpi_tmp_free(acc, datatype);
    himpi_tmp_free(in, datatype);
    return rc;
}

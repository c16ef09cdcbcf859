/* reduce/binomial.c: a binomial tree over the ranks counted from the root: rank v receives
 * the partial results of v + 1, v + 2, v + 4, ... (below its lowest set bit) in turn, each
 * covering the ranks just after those it holds, and sends its own to v minus that bit.  A
 * node always puts what it holds in front of what it receives, so over the ranks in order
 * the tree keeps rank order: a non-commutative operation runs it with root 0, which then
 * sends the result to the root (himpi_reduce_ordered). */
#include <config.h>

#include "coll/algorithms.h"

static int binomial(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                    MPI_Op op, int root, MPI_Comm comm, int segsize)
{
    (void)segsize;
    int p, rank, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int v = (rank - root + p) % p, children = 0, mask = 1;
    for (; mask < p && !(v & mask); mask <<= 1)
        children += v + mask < p;
    const void *mine = v == 0 && sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf, *acc = mine;
    /* MPI_Reduce_local leaves its result in its right operand, the child's, so child i's
     * partial result arrives in b[i % 2] and the running result moves there with it.  The
     * root has the last one arrive in recvbuf; if its input is there, it can only lend
     * recvbuf to the second child, once the first combination has read its input. */
    void *b[2] = {NULL, NULL};
    if (v == 0 && children > 0)
        b[sendbuf == MPI_IN_PLACE ? 1 : (children - 1) % 2] = recvbuf;
    for (int i = 0; i < 2 && i < children; i++)
        if (b[i] == NULL)
            b[i] = himpi_tmp_alloc(count, datatype);
    for (int i = 0; i < children && rc == MPI_SUCCESS; i++) {
        void *in = b[i % 2];
        rc = himpi_recv(in, count, datatype, (rank + (1 << i)) % p, comm);
        if (rc == MPI_SUCCESS)
            rc = MPI_Reduce_local(acc, in, count, datatype, op);
        acc = in;
    }
    if (rc == MPI_SUCCESS && v > 0)
        rc = himpi_send(acc, count, datatype, (rank - mask + p) % p, comm);
    else if (rc == MPI_SUCCESS && acc != recvbuf)
        rc = himpi_copy(acc, count, datatype, recvbuf, count, datatype);
    for (int i = 0; i < 2; i++)
        if (b[i] != recvbuf)
            himpi_tmp_free(b[i], datatype);
    return rc;
}

int himpi_reduce_binomial(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, int root, MPI_Comm comm, int segsize)
{
    return himpi_reduce_ordered(binomial, sendbuf, recvbuf, count, datatype, op, root, comm,
                               segsize);
}

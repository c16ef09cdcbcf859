/* allreduce/recursive_doubling.c: log2 p steps in which every rank swaps
 * its whole vector with the rank whose number differs in one bit, the bit
 * moving up each step.  For p not a power of two, MPICH's way: of the first
 * 2r ranks (r = p - 2^floor(log2 p)) the even ones hand their vector to the
 * next odd rank before the doubling and get the result back after it.
 * Rank order is kept for any operation: the lower rank's operand always
 * goes on the left. */
#include <config.h>

#include "coll/algorithms.h"

/* The rank that takes part in the doubling as number i of 2^k. */
static int doubling_rank(int i, int r)
{
    return i < r ? 2 * i + 1 : i + r;
}

int himpi_allreduce_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                       int segsize)
{
    (void)segsize;
    int rc = MPI_SUCCESS;
    if (sendbuf != MPI_IN_PLACE &&
        (rc = himpi_copy(sendbuf, count, datatype, recvbuf, count, datatype)) != MPI_SUCCESS)
        return rc;
    int p, rank, pof2 = 1;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    while (pof2 * 2 <= p)
        pof2 *= 2;
    int r = p - pof2;
    /* The even ranks below 2r sit the doubling out. */
    if (rank < 2 * r && rank % 2 == 0) {
        rc = himpi_send(recvbuf, count, datatype, rank + 1, comm);
        return rc == MPI_SUCCESS ? himpi_recv(recvbuf, count, datatype, rank + 1, comm) : rc;
    }
    void *scratch = himpi_tmp_alloc(count, datatype);
    /* The partial result moves between recvbuf and scratch so that the
     * operand order can follow the rank order without copies. */
    void *acc = recvbuf, *in = scratch;
    if (rank < 2 * r) {
        rc = himpi_recv(in, count, datatype, rank - 1, comm);
        if (rc == MPI_SUCCESS)
            rc = MPI_Reduce_local(in, acc, count, datatype, op);
    }
    int me = rank < 2 * r ? rank / 2 : rank - r;
    for (int mask = 1; mask < pof2 && rc == MPI_SUCCESS; mask *= 2) {
        int partner = doubling_rank(me ^ mask, r);
        rc = himpi_sendrecv(acc, count, datatype, partner, in, count, datatype, partner, comm);
        if (rc != MPI_SUCCESS)
            break;
        if (partner < rank) {
            rc = MPI_Reduce_local(in, acc, count, datatype, op);
        } else {
            rc = MPI_Reduce_local(acc, in, count, datatype, op);
            void *t = acc;
            acc = in;
            in = t;
        }
    }
    if (rc == MPI_SUCCESS && acc != recvbuf)
        rc = himpi_copy(acc, count, datatype, recvbuf, count, datatype);
    if (rc == MPI_SUCCESS && rank < 2 * r)
        rc = himpi_send(recvbuf, count, datatype, rank - 1, comm);
    himpi_tmp_free(scratch, datatype);
    return rc;
}

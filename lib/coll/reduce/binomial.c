/* reduce/binomial.c: a binomial tree over the ranks counted from the root: rank v receives
 * the partial results of v + 1, v + 2, v + 4, ... (below its lowest set bit) in turn, each
 * covering the ranks just after those it holds, and sends its own to v minus that bit.  A
 * node always puts what it holds in front of what it receives, so over the ranks in order
 * the tree keeps rank order: a non-commutative operation runs it with root 0, which then
 * sends the result to the root (himpi_reduce_ordered_build). */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

/* The tree, which keeps rank order from root 0. */
static int tree(himpi_sched *sched, const void *sendbuf, void *recvbuf, int count,
                MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, int segsize)
{
    (void)segsize;
    int p, rank, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int v = (rank - root + p) % p, children = 0, mask = 1;
    for (; mask < p && !(v & mask); mask <<= 1)
        children += v + mask < p;
    const void *mine = v == 0 && sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf, *acc = mine;
    /* MPI_Reduce_local leaves its result in its right operand, the child's, so child i's
     * partial result arrives in b[i % 2] and the running result moves there with it.  The
     * root has the last one arrive in recvbuf; if its input is there, it can only lend
     * recvbuf to the second child, once the first combination has read its input: each
     * receive waits for the combination before it, which read the buffer it fills. */
    void *b[2] = {NULL, NULL};
    if (v == 0 && children > 0)
        b[sendbuf == MPI_IN_PLACE ? 1 : (children - 1) % 2] = recvbuf;
    for (int i = 0; i < 2 && i < children; i++)
        if (b[i] == NULL)
            b[i] = himpi_sched_tmp(sched, count, datatype);
    int last = HIMPI_SCHED_FIRST;
    for (int i = 0; i < children && rc == MPI_SUCCESS; i++) {
        void *in = b[i % 2];
        rc = himpi_sched_recv(sched, last, channel, 0, in, count, datatype,
                              (rank + (1 << i)) % p, &last);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_reduce(sched, last, acc, in, count, datatype, op, &last);
        acc = in;
    }
    if (rc == MPI_SUCCESS && v > 0)
        rc = himpi_sched_send(sched, last, channel, 0, acc, count, datatype,
                              (rank - mask + p) % p, NULL);
    else if (rc == MPI_SUCCESS && acc != recvbuf)
        rc = himpi_sched_copy(sched, last, acc, count, datatype, recvbuf, count, datatype, NULL);
    return rc;
}

int himpi_reduce_binomial_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                int count, MPI_Datatype datatype, MPI_Op op, int root,
                                MPI_Comm comm, int segsize)
{
    return himpi_reduce_ordered_build(sched, tree, sendbuf, recvbuf, count, datatype, op, root,
                                      comm, segsize);
}

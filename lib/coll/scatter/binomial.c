/* scatter/binomial.c: a binomial tree on the virtual ranks (rank - root) mod p: the root sends
 * every subtree's blocks to the subtree's first process, which keeps its own blocks and
 * forwards the others to the first processes of its own subtrees.  Gather runs the same tree
 * the other way (gather/binomial.c). */
#include <config.h>

#include "coll/algorithms.h"
#include "mpib.h"

/* One child per bit of a rank, and up to two messages per child of the root. */
#define MAX_REQUESTS (2 * (int)sizeof(int) * 8)

/* Blocks of the virtual ranks [a, b). */
static int span(const int *blocks, int p, int root, int a, int b)
{
    int n = blocks == NULL ? b - a : 0;
    for (int j = a; j < b && blocks != NULL; j++)
        n += blocks[(root + j) % p];
    return n;
}

/* Posts the messages of the tree edge that carries the blocks of child's subtree between
 * child's parent (upper) and child, sending or receiving.  buf holds the blocks of the posting
 * process's subtree from its own on, in virtual-rank order, but at the root all blocks in real
 * rank order: there, child's subtree may wrap around from rank p - 1 to rank 0, and so takes
 * two messages. */
static int edge(int sending, int upper, int child, void *buf, int count, MPI_Datatype datatype,
                const int *blocks, int root, MPI_Comm comm, MPI_Request r[], int *n)
{
    int p, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    int mask = child & -child, parent = child - mask, end = p - child > mask ? child + mask : p;
    int wrap = p - root < child ? child : p - root > end ? end : p - root;
    int cut[3] = {child, parent == 0 ? wrap : end, end};
    for (int i = 0; i < 2 && rc == MPI_SUCCESS; i++) {
        int size = span(blocks, p, root, cut[i], cut[i + 1]);
        if (size == 0)
            continue;
        int first = !upper ? span(blocks, p, root, child, cut[i])
                    : parent > 0 ? span(blocks, p, root, parent, cut[i])
                                 : himpi_blocks_before(blocks, (cut[i] + root) % p);
        void *at = himpi_at(buf, (MPI_Aint)first * count, datatype);
        int peer = ((upper ? child : parent) + root) % p;
        rc = sending ? MPI_Isend(at, size * count, datatype, peer, HIMPI_TAG, comm, &r[(*n)++])
                     : MPI_Irecv(at, size * count, datatype, peer, HIMPI_TAG, comm, &r[(*n)++]);
    }
    return rc;
}

/* The edges from virtual rank v to its children, v + mask for the powers of two mask below
 * top, largest subtree first. */
static int children(int sending, int v, int top, void *buf, int count, MPI_Datatype datatype,
                    const int *blocks, int root, MPI_Comm comm, MPI_Request r[], int *n)
{
    int p, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    for (int mask = top >> 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1)
        if (mask < p - v)
            rc = edge(sending, 1, v + mask, buf, count, datatype, blocks, root, comm, r, n);
    return rc;
}

int himpi_binomial_blocks(int gather, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                          MPI_Comm comm, const int *blocks)
{
    int p, rank, n = 0, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int v = (rank - root + p) % p, own = himpi_blocks_of(blocks, rank);
    /* v's children are v + mask for the powers of two mask below top: v's lowest set bit, or
     * for the root the least power of two >= p. */
    int top = v > 0 ? v & -v : 1;
    while (v == 0 && top < p)
        top <<= 1;
    MPI_Request r[MAX_REQUESTS];
    if (v == 0) {
        int first = himpi_blocks_before(blocks, root);
        rc = gather ? children(0, 0, top, recvbuf, recvcount, recvtype, blocks, root, comm, r, &n)
                    : children(1, 0, top, (void *)sendbuf, sendcount, sendtype, blocks, root,
                               comm, r, &n);
        if (rc == MPI_SUCCESS && gather && sendbuf != MPI_IN_PLACE)
            rc = himpi_copy(sendbuf, own * sendcount, sendtype,
                            himpi_at(recvbuf, (MPI_Aint)first * recvcount, recvtype),
                            own * recvcount, recvtype);
        if (rc == MPI_SUCCESS && !gather && recvbuf != MPI_IN_PLACE)
            rc = himpi_copy(himpi_at(sendbuf, (MPI_Aint)first * sendcount, sendtype),
                            own * sendcount, sendtype, recvbuf, own * recvcount, recvtype);
        return rc == MPI_SUCCESS ? MPIB_Waitall(n, r, MPI_STATUSES_IGNORE) : rc;
    }

    int count = gather ? sendcount : recvcount;
    MPI_Datatype datatype = gather ? sendtype : recvtype;
    void *tmp = NULL, *buf = gather ? (void *)sendbuf : recvbuf;
    if (top > 1 && v + 1 < p) {
        int end = p - v > top ? v + top : p;
        buf = tmp = himpi_tmp_alloc(span(blocks, p, root, v, end) * count, datatype);
        if (gather)
            rc = himpi_copy(sendbuf, own * count, datatype, tmp, own * count, datatype);
    }
    /* Scatter: parent, then children; gather: children, then parent. */
    if (rc == MPI_SUCCESS)
        rc = gather ? children(0, v, top, buf, count, datatype, blocks, root, comm, r, &n)
                    : edge(0, 0, v, buf, count, datatype, blocks, root, comm, r, &n);
    if (rc == MPI_SUCCESS)
        rc = MPIB_Waitall(n, r, MPI_STATUSES_IGNORE);
    n = 0;
    if (rc == MPI_SUCCESS)
        rc = gather ? edge(1, 0, v, buf, count, datatype, blocks, root, comm, r, &n)
                    : children(1, v, top, buf, count, datatype, blocks, root, comm, r, &n);
    if (rc == MPI_SUCCESS && tmp != NULL && !gather)
        rc = himpi_copy(tmp, own * count, datatype, recvbuf, own * count, datatype);
    if (rc == MPI_SUCCESS)
        rc = MPIB_Waitall(n, r, MPI_STATUSES_IGNORE);
    himpi_tmp_free(tmp, datatype);
    return rc;
}

int himpi_scatter_binomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                           MPI_Comm comm, const int *blocks, int segsize)
{
    (void)segsize;
    return himpi_binomial_blocks(0, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                 root, comm, blocks);
}

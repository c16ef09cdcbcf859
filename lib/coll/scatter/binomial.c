/* scatter/binomial.c: a binomial tree on the virtual ranks (rank - root) mod p: the root sends
 * every subtree's blocks to the subtree's first process, which keeps its own blocks and
 * forwards the others to the first processes of its own subtrees.  Gather runs the same tree
 * the other way (gather/binomial.c). */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

/* One child per bit of a rank, and up to two messages per child of the root. */
#define MAX_MESSAGES (2 * (int)sizeof(int) * 8)

/* The messages of one phase of a rank's part: their stages. */
typedef struct phase {
    int stage[MAX_MESSAGES];
    int n;
} phase;

/* Blocks of the virtual ranks [a, b). */
static int span(const int *blocks, int p, int root, int a, int b)
{
    int n = blocks == NULL ? b - a : 0;
    for (int j = a; j < b && blocks != NULL; j++)
        n += blocks[(root + j) % p];
    return n;
}

/* Where the stages of a phase go, and what they wait for: every stage of
 * `before`. */
typedef struct place {
    himpi_sched *sched;
    int channel;
    const phase *before;
    phase *out;
} place;

/* Adds a message that waits for every stage of at->before. */
static int message(const place *at, int sending, int key, void *buf, int count,
                   MPI_Datatype datatype, int peer)
{
    const phase *b = at->before;
    int first = b->n > 0 ? b->stage[0] : HIMPI_SCHED_FIRST, *stage = &at->out->stage[at->out->n];
    int rc = sending ? himpi_sched_send(at->sched, first, at->channel, key, buf, count, datatype,
                                        peer, stage)
                     : himpi_sched_recv(at->sched, first, at->channel, key, buf, count, datatype,
                                        peer, stage);
    for (int i = 1; i < b->n && rc == MPI_SUCCESS; i++)
        rc = himpi_sched_after(at->sched, *stage, b->stage[i]);
    at->out->n += rc == MPI_SUCCESS;
    return rc;
}

/* Adds the messages of the tree edge that carries the blocks of child's subtree between
 * child's parent (upper) and child, sending or receiving.  buf holds the blocks of the posting
 * process's subtree from its own on, in virtual-rank order, but at the root all blocks in real
 * rank order: there, child's subtree may wrap around from rank p - 1 to rank 0, and so takes
 * two messages, keys 0 and 1. */
static int edge(const place *at, int sending, int upper, int child, void *buf, int count,
                MPI_Datatype datatype, const int *blocks, int root, MPI_Comm comm)
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
        void *part = himpi_at(buf, (MPI_Aint)first * count, datatype);
        int peer = ((upper ? child : parent) + root) % p;
        rc = message(at, sending, i, part, size * count, datatype, peer);
    }
    return rc;
}

/* The edges from virtual rank v to its children, v + mask for the powers of two mask below
 * top, largest subtree first. */
static int children(const place *at, int sending, int v, int top, void *buf, int count,
                    MPI_Datatype datatype, const int *blocks, int root, MPI_Comm comm)
{
    int p, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    for (int mask = top >> 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1)
        if (mask < p - v)
            rc = edge(at, sending, 1, v + mask, buf, count, datatype, blocks, root, comm);
    return rc;
}

int himpi_binomial_blocks_build(himpi_sched *sched, int gather, const void *sendbuf,
                                int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                const int *blocks)
{
    int p, rank, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int v = (rank - root + p) % p, own = himpi_blocks_of(blocks, rank);
    /* v's children are v + mask for the powers of two mask below top: v's lowest set bit, or
     * for the root the least power of two >= p. */
    int top = v > 0 ? v & -v : 1;
    while (v == 0 && top < p)
        top <<= 1;
    /* Two phases: receiving (from the parent in scatter, from the children in gather) and
     * sending on what was received, each message of the second after all of the first. */
    phase none = {.n = 0}, in = {.n = 0}, out = {.n = 0};
    place first = {sched, channel, &none, &in}, second = {sched, channel, &in, &out};
    if (v == 0) {
        int at = himpi_blocks_before(blocks, root);
        if (rc == MPI_SUCCESS)
            rc = gather ? children(&first, 0, 0, top, recvbuf, recvcount, recvtype, blocks,
                                   root, comm)
                        : children(&first, 1, 0, top, (void *)sendbuf, sendcount, sendtype,
                                   blocks, root, comm);
        if (rc == MPI_SUCCESS && gather && sendbuf != MPI_IN_PLACE)
            rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, sendbuf, own * sendcount, sendtype,
                                  himpi_at(recvbuf, (MPI_Aint)at * recvcount, recvtype),
                                  own * recvcount, recvtype, NULL);
        if (rc == MPI_SUCCESS && !gather && recvbuf != MPI_IN_PLACE)
            rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST,
                                  himpi_at(sendbuf, (MPI_Aint)at * sendcount, sendtype),
                                  own * sendcount, sendtype, recvbuf, own * recvcount, recvtype,
                                  NULL);
        return rc;
    }

    int count = gather ? sendcount : recvcount;
    MPI_Datatype datatype = gather ? sendtype : recvtype;
    void *tmp = NULL, *buf = gather ? (void *)sendbuf : recvbuf;
    if (top > 1 && v + 1 < p) {
        int end = p - v > top ? v + top : p;
        buf = tmp = himpi_sched_tmp(sched, span(blocks, p, root, v, end) * count, datatype);
        if (gather && rc == MPI_SUCCESS)
            rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, sendbuf, own * count, datatype, tmp,
                                  own * count, datatype, &in.stage[in.n++]);
    }
    if (rc == MPI_SUCCESS)
        rc = gather ? children(&first, 0, v, top, buf, count, datatype, blocks, root, comm)
                    : edge(&first, 0, 0, v, buf, count, datatype, blocks, root, comm);
    if (rc == MPI_SUCCESS)
        rc = gather ? edge(&second, 1, 0, v, buf, count, datatype, blocks, root, comm)
                    : children(&second, 1, v, top, buf, count, datatype, blocks, root, comm);
    if (rc == MPI_SUCCESS && tmp != NULL && !gather) {
        int copy;
        rc = himpi_sched_copy(sched, in.n > 0 ? in.stage[0] : HIMPI_SCHED_FIRST, tmp,
                              own * count, datatype, recvbuf, own * count, datatype, &copy);
        for (int i = 1; i < in.n && rc == MPI_SUCCESS; i++)
            rc = himpi_sched_after(sched, copy, in.stage[i]);
    }
    return rc;
}

int himpi_scatter_binomial_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                                 MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                 MPI_Datatype recvtype, int root, MPI_Comm comm,
                                 const int *blocks, int segsize)
{
    (void)segsize;
    return himpi_binomial_blocks_build(sched, 0, sendbuf, sendcount, sendtype, recvbuf,
                                       recvcount, recvtype, root, comm, blocks);
}

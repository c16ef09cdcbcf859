/* gather/linear_sync.c: Open MPI's linear gather with synchronisation: the root calls on the
 * other ranks one after the other, and each answers with its blocks in two synchronous
 * messages, a first segment of about segsize bytes and the rest, so that no rank floods the
 * root with data it has not asked for yet.
 *
 * The sending and receiving datatypes may differ in element size (2n ints received as n pairs
 * of ints), and both sides must cut at the same byte.  So the root's call carries the size of
 * its receiving element; the sender cuts at a multiple of both sizes, and the root learns
 * where from the length of the first segment: a receive of the schedule records it, and the
 * second receive reads it (himpi_sched_received, _bounds), as the sender's two messages
 * read the cut it works out once the root's size has arrived.  Ranks without blocks take no
 * part. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

static int gcd(int a, int b)
{
    return b == 0 ? a : gcd(b, a % b);
}

/* Elements of the first segment of count elements of datatype, when the root's elements
 * have root_size bytes: a whole number of both elements, segsize bytes at most unless that
 * is less than one of each. */
static int head(int count, int segsize, MPI_Datatype datatype, int root_size)
{
    int size;
    MPI_Type_size(datatype, &size);
    if (size == 0 || root_size == 0)
        return count;
    long long unit = (long long)size / gcd(size, root_size) * root_size;
    long long bytes = (segsize > 0 ? segsize : HIMPI_SEGMENT_DEFAULT) / unit * unit;
    long long n = (bytes > unit ? bytes : unit) / size;
    return count < n ? count : (int)n;
}

/* A sender's cut, worked out once the root's element size has arrived. */
typedef struct cut {
    int root_size, segment; /* received; worked out */
    int count, segsize;
    MPI_Datatype datatype;
} cut;

static int cut_message(void *arg)
{
    cut *c = arg;
    c->segment = head(c->count, c->segsize, c->datatype, c->root_size);
    return MPI_SUCCESS;
}

/* A sender: the root's element size, then its blocks in two synchronous
 * messages, the second after the first has been taken; none if the first
 * holds them all. */
static int sender(himpi_sched *sched, int channel, const void *sendbuf, int count,
                  MPI_Datatype sendtype, int root, int segsize)
{
    cut *c = himpi_sched_memory(sched, sizeof *c);
    *c = (cut){.count = count, .segsize = segsize, .datatype = sendtype};
    int asked, worked, first, rest;
    int rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, &c->root_size, 1, MPI_INT,
                              root, &asked);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_call(sched, asked, cut_message, c, &worked);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_ssend(sched, worked, channel, 0, sendbuf, count, sendtype, root, &first);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_bounds(sched, first, NULL, &c->segment);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_ssend(sched, first, channel, 0, sendbuf, count, sendtype, root, &rest);
    return rc == MPI_SUCCESS ? himpi_sched_bounds(sched, rest, &c->segment, NULL) : rc;
}

int himpi_gather_linear_sync_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                                   MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                   MPI_Datatype recvtype, int root, MPI_Comm comm,
                                   const int *blocks, int segsize)
{
    int p, rank, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rank != root)
        return rc == MPI_SUCCESS && himpi_blocks_of(blocks, rank) > 0
                   ? sender(sched, channel, sendbuf, himpi_blocks_of(blocks, rank) * sendcount,
                            sendtype, root, segsize)
                   : rc;
    /* The root calls on the senders in turn: each call, a receive with room for all of the
     * sender's blocks and the root's element size sent, waits for both of the call before.
     * The first message's length tells where the rest, received after it, goes. */
    int *root_size = himpi_sched_memory(sched, sizeof *root_size);
    int *got = himpi_sched_memory(sched, (size_t)p * sizeof *got);
    int step[2] = {HIMPI_SCHED_FIRST, HIMPI_SCHED_FIRST};
    MPI_Type_size(recvtype, root_size);
    for (int i = 0, first = 0; i < p && rc == MPI_SUCCESS; first += himpi_blocks_of(blocks, i++)) {
        if (i == root || himpi_blocks_of(blocks, i) == 0)
            continue;
        void *at = himpi_at(recvbuf, (MPI_Aint)first * recvcount, recvtype);
        int count = himpi_blocks_of(blocks, i) * recvcount, head, asked, rest;
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, at, count, recvtype, i,
                              &head);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, root_size, 1, MPI_INT, i,
                                  &asked);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, head, asked, step);
        /* Elements without bytes: the sender sends them all at once. */
        if (rc != MPI_SUCCESS || *root_size == 0)
            continue;
        rc = himpi_sched_received(sched, head, &got[i]);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_recv(sched, head, channel, 0, at, count, recvtype, i, &rest);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_bounds(sched, rest, &got[i], NULL);
    }
    if (rc == MPI_SUCCESS && sendbuf != MPI_IN_PLACE) {
        int own = himpi_blocks_of(blocks, root);
        rc = himpi_sched_copy(
            sched, HIMPI_SCHED_FIRST, sendbuf, own * sendcount, sendtype,
            himpi_at(recvbuf, (MPI_Aint)himpi_blocks_before(blocks, root) * recvcount, recvtype),
            own * recvcount, recvtype, NULL);
    }
    return rc;
}

/* scatterv/binomial.c: the binomial tree of scatter/binomial.c (MPICH's and Open MPI's
 * binomial scatter) with blocks of any size, on the virtual ranks (rank - root) mod p: the root
 * sends every subtree's blocks to the subtree's first process, which keeps its own and forwards
 * the others to the first processes of its own subtrees.  Gatherv runs the same tree the other
 * way (gatherv/binomial.c).  MPICH and Open MPI scatter and gather vectors linearly, since only
 * the root knows the counts; here the ranks with children first get the sizes of their
 * subtrees' blocks from the root, down the same tree, as the tree scatterv and gatherv of
 * MPIBlib (the benchmarking library of the original HiMPI) do.  Blocks travel between ranks as
 * bytes in virtual-rank order, copied from and to the datatypes of the call at the ends. */
#include <config.h>

#include <stdlib.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

/* Virtual rank v's children are v + mask for the powers of two mask below top_of(v): v's lowest
 * set bit, or for the root the least power of two >= p; v's subtree is [v, end_of(v, top)). */
static int top_of(int v, int p)
{
    int top = v > 0 ? v & -v : 1;
    while (v == 0 && top < p)
        top <<= 1;
    return top;
}

static int end_of(int v, int top, int p)
{
    return p - v > top ? v + top : p;
}

/* Gives every rank with children the sizes in bytes of its subtree's blocks, from its own on in
 * virtual-rank order, in sizes (which holds every rank's at the root).  A schedule of its own,
 * run before the data's is built. */
static int share_sizes(int *sizes, int v, int p, int root, MPI_Comm comm)
{
    himpi_sched *sched;
    himpi_sched_create(&sched);
    int top = top_of(v, p), n = end_of(v, top, p) - v, got = HIMPI_SCHED_FIRST, channel;
    int rc = himpi_sched_join(sched, comm, &channel);
    if (rc == MPI_SUCCESS && v > 0 && n > 1)
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, sizes, n, MPI_INT,
                              (v - top + root) % p, &got);
    for (int mask = top >> 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1) {
        int child = v + mask, below = child < p ? end_of(child, mask, p) - child : 0;
        if (below > 1)
            rc = himpi_sched_send(sched, got, channel, 0, sizes + mask, below, MPI_INT,
                                  (child + root) % p, NULL);
    }
    return himpi_sched_finish(&sched, rc);
}

/* Makes stage wait for stages[0..n) too. */
static int after_all(himpi_sched *sched, int stage, const int *stages, int n)
{
    int rc = MPI_SUCCESS;
    for (int i = 0; i < n && rc == MPI_SUCCESS; i++)
        rc = himpi_sched_after(sched, stage, stages[i]);
    return rc;
}

/* The root's vector side and the tree's sizes, for the root's part. */
typedef struct rooted {
    void *all;
    const int *counts, *displs;
    MPI_Datatype type;
    int root, p;
    const MPI_Aint *off; /* where each virtual rank's block starts among all blocks' bytes */
} rooted;

/* The root's part: for each child's subtree [c, e), its blocks' bytes in buf (from virtual rank
 * 1 on) to or from the child, each block copied between its place and them. */
static int root_part(himpi_sched *sched, int channel, int gather, const rooted *t, char *buf,
                     int top)
{
    int rc = MPI_SUCCESS, *copies = himpi_alloc((size_t)t->p, sizeof *copies, "copy stages");
    for (int mask = top >> 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1) {
        /* mask < top, the least power of two >= p: every child exists. */
        int c = mask, e = end_of(c, mask, t->p), n = 0, message = HIMPI_SCHED_FIRST;
        MPI_Aint bytes = t->off[e] - t->off[c];
        if (bytes == 0)
            continue;
        char *at = buf + (t->off[c] - t->off[1]);
        if (gather)
            rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, at, (int)bytes, MPI_BYTE,
                                  (c + t->root) % t->p, &message);
        for (int j = c; j < e && rc == MPI_SUCCESS; j++) {
            int r = (j + t->root) % t->p, size = (int)(t->off[j + 1] - t->off[j]);
            void *place = himpi_at(t->all, t->displs[r], t->type);
            char *block = buf + (t->off[j] - t->off[1]);
            if (size > 0)
                rc = gather ? himpi_sched_copy(sched, message, block, size, MPI_BYTE, place,
                                               t->counts[r], t->type, NULL)
                            : himpi_sched_copy(sched, HIMPI_SCHED_FIRST, place, t->counts[r],
                                               t->type, block, size, MPI_BYTE, &copies[n++]);
        }
        if (rc == MPI_SUCCESS && !gather)
            rc = himpi_sched_send(sched, copies[0], channel, 0, at, (int)bytes, MPI_BYTE,
                                  (c + t->root) % t->p, &message);
        if (rc == MPI_SUCCESS && !gather)
            rc = after_all(sched, message, copies + 1, n - 1);
    }
    free(copies);
    return rc;
}

int himpi_binomial_v_build(himpi_sched *sched, int gather, void *mine, int count,
                           MPI_Datatype datatype, void *all, const int *counts, const int *displs,
                           MPI_Datatype all_type, int root, MPI_Comm comm)
{
    int p, rank, unit;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int v = (rank - root + p) % p, top = top_of(v, p), n = end_of(v, top, p) - v;
    int *sizes = himpi_alloc((size_t)n, sizeof *sizes, "block sizes");
    MPI_Aint *off = himpi_alloc((size_t)n + 1, sizeof *off, "block offsets");
    MPI_Type_size(v == 0 ? all_type : datatype, &unit);
    for (int j = 0; j < n; j++)
        sizes[j] = v == 0 ? counts[(j + root) % p] * unit : count * unit;
    int channel, rc = p > 1 ? share_sizes(sizes, v, p, root, comm) : MPI_SUCCESS;
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_join(sched, comm, &channel);
    off[0] = 0;
    for (int j = 0; j < n; j++)
        off[j + 1] = off[j] + sizes[j];
    if (rc == MPI_SUCCESS && v == 0) {
        const rooted t = {all, counts, displs, all_type, root, p, off};
        rc = root_part(sched, channel, gather, &t, himpi_sched_tmp(sched, (int)(off[p] - off[1]),
                                                                     MPI_BYTE),
                       top);
        void *place = himpi_at(all, displs[root], all_type);
        if (rc == MPI_SUCCESS && mine != MPI_IN_PLACE)
            rc = gather ? himpi_sched_copy(sched, HIMPI_SCHED_FIRST, mine, count, datatype, place,
                                           counts[root], all_type, NULL)
                        : himpi_sched_copy(sched, HIMPI_SCHED_FIRST, place, counts[root],
                                           all_type, mine, count, datatype, NULL);
    } else if (rc == MPI_SUCCESS && off[n] > 0) {
        /* Gather: the children's blocks and the rank's own go up in one message once all are
         * in; scatter: the subtree's blocks come down in one, and go on to the children. */
        int parent = (v - top + root) % p, up = HIMPI_SCHED_FIRST, k = 0;
        int *stages = himpi_alloc((size_t)top + 1, sizeof *stages, "stages");
        char *buf = n > 1 ? himpi_sched_tmp(sched, (int)off[n], MPI_BYTE) : NULL;
        if (n == 1)
            rc = gather ? himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, mine, count,
                                           datatype, parent, NULL)
                        : himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, mine, count,
                                           datatype, parent, NULL);
        else if (!gather)
            rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, buf, (int)off[n],
                                  MPI_BYTE, parent, &up);
        else
            rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, mine, count, datatype, buf, sizes[0],
                                  MPI_BYTE, &stages[k++]);
        for (int mask = top >> 1; mask > 0 && n > 1 && rc == MPI_SUCCESS; mask >>= 1) {
            int c = v + mask;
            MPI_Aint bytes = c < p ? off[end_of(c, mask, p) - v] - off[mask] : 0;
            if (bytes > 0)
                rc = gather ? himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0,
                                               buf + off[mask], (int)bytes, MPI_BYTE,
                                               (c + root) % p, &stages[k++])
                            : himpi_sched_send(sched, up, channel, 0, buf + off[mask],
                                               (int)bytes, MPI_BYTE, (c + root) % p, NULL);
        }
        if (rc == MPI_SUCCESS && n > 1 && gather)
            rc = himpi_sched_send(sched, stages[0], channel, 0, buf, (int)off[n], MPI_BYTE,
                                  parent, &up);
        if (rc == MPI_SUCCESS && n > 1 && gather)
            rc = after_all(sched, up, stages + 1, k - 1);
        if (rc == MPI_SUCCESS && n > 1 && !gather)
            rc = himpi_sched_copy(sched, up, buf, sizes[0], MPI_BYTE, mine, count, datatype,
                                  NULL);
        free(stages);
    }
    free(off);
    free(sizes);
    return rc;
}

int himpi_scatterv_binomial_build(himpi_sched *sched, const void *sendbuf, const int *sendcounts,
                                  const int *displs, MPI_Datatype sendtype, void *recvbuf,
                                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                  int segsize)
{
    (void)segsize;
    return himpi_binomial_v_build(sched, 0, recvbuf, recvcount, recvtype, (void *)sendbuf,
                                  sendcounts, displs, sendtype, root, comm);
}

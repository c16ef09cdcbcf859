/* reduce/rabenseifner.c: Rabenseifner's reduction: a reduce-scatter by recursive vector
 * halving and distance doubling leaves every rank one piece of the result, and a binomial
 * gather by recursive vector doubling brings the pieces to the root.
 *
 * For p not a power of two, r = p - pof2 ranks drop out first (pof2 the largest power of
 * two <= p): the first 2r ranks pair up, one of each pair sends its whole vector to the
 * other and takes no further part.  The odd rank of a pair stays, except that the root
 * stays in its pair, so that no extra hop brings it the result.
 *
 * Every combination puts the lower ranks' data in front of the higher ranks' (the partners
 * of a pair or of a halving step always hold adjacent ranges of ranks), so the operands
 * stay in rank order and non-commutative operations need no fallback.  A count below pof2
 * leaves some pieces empty; their messages are empty too. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

/* The number of ranks that stay, pof2, and the number of pairs, *r. */
static int survivors(int p, int *r)
{
    int pof2 = 1;
    while (pof2 <= p / 2)
        pof2 *= 2;
    *r = p - pof2;
    return pof2;
}

/* The rank of the n-th rank that stays. */
static int rank_of(int n, int r, int root)
{
    return n >= r ? n + r : 2 * n == root ? root : 2 * n + 1;
}

/* The number of rank among the ranks that stay, -1 if it drops out. */
static int number_of(int rank, int r, int root)
{
    return rank >= 2 * r ? rank - r : rank_of(rank / 2, r, root) == rank ? rank / 2 : -1;
}

/* The piece left to the n-th rank by the halving: bit k of n chooses the half at step k. */
static int piece_of(int n, int pof2)
{
    int lo = 0, hi = pof2;
    for (int m = 1; m < pof2; m <<= 1) {
        if (n & m)
            lo = lo + (hi - lo) / 2;
        else
            hi = lo + (hi - lo) / 2;
    }
    return lo;
}

/* Adds the combination of the n elements at first of *a and *b after stage after, *a
 * holding the lower ranks' data if lower, the result in *a.  MPI_Reduce_local leaves it in
 * its right operand, the higher ranks' data: if that is in *b, the two buffers change
 * places. */
static int combine(himpi_sched *sched, int after, void **a, void **b, int first, int n,
                   MPI_Datatype datatype, MPI_Op op, int lower, int *stage)
{
    void *x = himpi_at(*a, first, datatype), *y = himpi_at(*b, first, datatype);
    if (!lower)
        return himpi_sched_reduce(sched, after, y, x, n, datatype, op, stage);
    void *t = *a;
    *a = *b;
    *b = t;
    return himpi_sched_reduce(sched, after, x, y, n, datatype, op, stage);
}

/* Adds a send and a receive with partner that wait for the stages of step (those of the step
 * before), and makes them the step. */
static int exchange(himpi_sched *sched, int channel, const void *out, int n_out, void *in,
                    int n_in, MPI_Datatype datatype, int partner, int step[2])
{
    int send, recv;
    int rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, out, n_out, datatype,
                              partner, &send);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, in, n_in, datatype, partner,
                              &recv);
    return rc == MPI_SUCCESS ? himpi_sched_step(sched, send, recv, step) : rc;
}

int himpi_rabenseifner_reduce_scatter_build(himpi_sched *sched, const void *mine, void **buf,
                                            int count, MPI_Datatype datatype, MPI_Op op,
                                            int root, MPI_Comm comm)
{
    int p, rank, r, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int pof2 = survivors(p, &r), me = number_of(rank, r, root);
    if (me < 0)
        return rc == MPI_SUCCESS ? himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, mine,
                                                    count, datatype, rank ^ 1, NULL)
                                 : rc;
    if (*buf == NULL)
        *buf = himpi_sched_tmp(sched, count, datatype);
    /* The buffers change places as combine decides, here while building. */
    void *a = *buf, *b = p > 1 ? himpi_sched_tmp(sched, count, datatype) : NULL;
    /* Each halving step waits for the combination of the step before, which waits for both
     * messages of its step. */
    int step[2] = {HIMPI_SCHED_FIRST, HIMPI_SCHED_FIRST};
    if (rc == MPI_SUCCESS && mine != a)
        rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, mine, count, datatype, a, count, datatype,
                              &step[0]);
    if (rc == MPI_SUCCESS && rank < 2 * r) {
        int recv, combined;
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, b, count, datatype, rank ^ 1,
                              &recv);
        if (rc == MPI_SUCCESS)
            rc = combine(sched, recv, &a, &b, 0, count, datatype, op, rank < (rank ^ 1),
                         &combined);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, combined, combined, step);
    }
    int lo = 0, hi = pof2;
    for (int m = 1; m < pof2 && rc == MPI_SUCCESS; m <<= 1) {
        /* Keep one half of the pieces and send the partner the other. */
        int lower = !(me & m), mid = lo + (hi - lo) / 2, partner = rank_of(me ^ m, r, root);
        int keep = lower ? lo : mid, give = lower ? mid : lo, half = mid - lo;
        int first = himpi_chunk_start(count, pof2, keep);
        int n = himpi_chunk_start(count, pof2, keep + half) - first;
        int out = himpi_chunk_start(count, pof2, give);
        rc = exchange(sched, channel, himpi_at(a, out, datatype),
                      himpi_chunk_start(count, pof2, give + half) - out, himpi_at(b, first, datatype),
                      n, datatype, partner, step);
        int combined;
        if (rc == MPI_SUCCESS)
            rc = combine(sched, HIMPI_SCHED_FIRST, &a, &b, first, n, datatype, op, lower,
                         &combined);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, combined, combined, step);
        lo = keep;
        hi = keep + half;
    }
    if (rc == MPI_SUCCESS && a != *buf) {
        int first = himpi_chunk_start(count, pof2, lo);
        int n = himpi_chunk_start(count, pof2, hi) - first;
        rc = himpi_sched_copy(sched, step[0], himpi_at(a, first, datatype), n, datatype,
                              himpi_at(*buf, first, datatype), n, datatype, NULL);
    }
    return rc;
}

int himpi_rabenseifner_collect_build(himpi_sched *sched, void *buf, int count,
                                     MPI_Datatype datatype, int root, MPI_Comm comm)
{
    int p, rank, r, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int pof2 = survivors(p, &r), me = number_of(rank, r, root);
    int to = root >= 0 ? number_of(root, r, root) : -1;
    /* Each step waits for both messages of the step before, or for the receive of the step
     * before on the way to a root. */
    int step[2] = {HIMPI_SCHED_FIRST, HIMPI_SCHED_FIRST};
    /* The halving steps undone in reverse: the partners of step m hold the two halves of
     * what they held together before it. */
    int lo = me >= 0 ? piece_of(me, pof2) : 0, hi = lo + 1;
    for (int m = pof2 / 2; me >= 0 && m > 0 && rc == MPI_SUCCESS; m >>= 1) {
        int partner = rank_of(me ^ m, r, root), size = hi - lo, other = me & m ? lo - size : hi;
        int first = himpi_chunk_start(count, pof2, lo);
        int n = himpi_chunk_start(count, pof2, hi) - first;
        int in = himpi_chunk_start(count, pof2, other);
        int n_in = himpi_chunk_start(count, pof2, other + size) - in;
        if (root < 0)
            rc = exchange(sched, channel, himpi_at(buf, first, datatype), n,
                          himpi_at(buf, in, datatype), n_in, datatype, partner, step);
        else if ((me ^ to) & m)
            return himpi_sched_send(sched, step[0], channel, 0, himpi_at(buf, first, datatype), n,
                                    datatype, partner, NULL);
        else
            rc = himpi_sched_recv(sched, step[0], channel, 0, himpi_at(buf, in, datatype), n_in,
                                  datatype, partner, &step[0]);
        lo = other < lo ? other : lo;
        hi = lo + 2 * size;
    }
    if (rc != MPI_SUCCESS || root >= 0 || rank >= 2 * r)
        return rc;
    int stage;
    rc = me < 0 ? himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, buf, count, datatype,
                                   rank ^ 1, &stage)
                : himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, buf, count, datatype,
                                   rank ^ 1, &stage);
    return rc == MPI_SUCCESS ? himpi_sched_step(sched, stage, stage, step) : rc;
}

int himpi_reduce_rabenseifner_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                    int count, MPI_Datatype datatype, MPI_Op op, int root,
                                    MPI_Comm comm, int segsize)
{
    (void)segsize;
    int rank;
    MPI_Comm_rank(comm, &rank);
    const void *mine = rank == root && sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    void *buf = rank == root ? recvbuf : NULL;
    int rc = himpi_rabenseifner_reduce_scatter_build(sched, mine, &buf, count, datatype, op, root,
                                                     comm);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_fence(sched);
    return rc == MPI_SUCCESS ? himpi_rabenseifner_collect_build(sched, buf, count, datatype, root,
                                                                comm)
                             : rc;
}

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

/* Combines the n elements at first of *a and *b, *a holding the lower ranks' data if lower,
 * the result in *a.  MPI_Reduce_local leaves it in its right operand, the higher ranks'
 * data: if that is in *b, the two buffers change places. */
static int combine(void **a, void **b, int first, int n, MPI_Datatype datatype, MPI_Op op,
                   int lower)
{
    void *x = himpi_at(*a, first, datatype), *y = himpi_at(*b, first, datatype);
    if (!lower)
        return MPI_Reduce_local(y, x, n, datatype, op);
    void *t = *a;
    *a = *b;
    *b = t;
    return MPI_Reduce_local(x, y, n, datatype, op);
}

int himpi_rabenseifner_reduce_scatter(const void *mine, void **buf, int count,
                                      MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm)
{
    int p, rank, r, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int pof2 = survivors(p, &r), me = number_of(rank, r, root);
    if (me < 0)
        return himpi_send(mine, count, datatype, rank ^ 1, comm);
    if (*buf == NULL)
        *buf = himpi_tmp_alloc(count, datatype);
    void *a = *buf, *b = p > 1 ? himpi_tmp_alloc(count, datatype) : NULL;
    if (mine != a)
        rc = himpi_copy(mine, count, datatype, a, count, datatype);
    if (rc == MPI_SUCCESS && rank < 2 * r) {
        rc = himpi_recv(b, count, datatype, rank ^ 1, comm);
        if (rc == MPI_SUCCESS)
            rc = combine(&a, &b, 0, count, datatype, op, rank < (rank ^ 1));
    }
    int lo = 0, hi = pof2;
    for (int m = 1; m < pof2 && rc == MPI_SUCCESS; m <<= 1) {
        /* Keep one half of the pieces and send the partner the other. */
        int lower = !(me & m), mid = lo + (hi - lo) / 2, partner = rank_of(me ^ m, r, root);
        int keep = lower ? lo : mid, give = lower ? mid : lo, half = mid - lo;
        int first = himpi_chunk_start(count, pof2, keep);
        int n = himpi_chunk_start(count, pof2, keep + half) - first;
        int out = himpi_chunk_start(count, pof2, give);
        rc = himpi_sendrecv(himpi_at(a, out, datatype),
                            himpi_chunk_start(count, pof2, give + half) - out, datatype, partner,
                            himpi_at(b, first, datatype), n, datatype, partner, comm);
        if (rc == MPI_SUCCESS)
            rc = combine(&a, &b, first, n, datatype, op, lower);
        lo = keep;
        hi = keep + half;
    }
    if (rc == MPI_SUCCESS && a != *buf) {
        int first = himpi_chunk_start(count, pof2, lo);
        int n = himpi_chunk_start(count, pof2, hi) - first;
        rc = himpi_copy(himpi_at(a, first, datatype), n, datatype, himpi_at(*buf, first, datatype),
                        n, datatype);
    }
    himpi_tmp_free(a != *buf ? a : b, datatype);
    return rc;
}

int himpi_rabenseifner_collect(void *buf, int count, MPI_Datatype datatype, int root,
                               MPI_Comm comm)
{
    int p, rank, r, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int pof2 = survivors(p, &r), me = number_of(rank, r, root);
    int to = root >= 0 ? number_of(root, r, root) : -1;
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
            rc = himpi_sendrecv(himpi_at(buf, first, datatype), n, datatype, partner,
                                himpi_at(buf, in, datatype), n_in, datatype, partner, comm);
        else if ((me ^ to) & m)
            return himpi_send(himpi_at(buf, first, datatype), n, datatype, partner, comm);
        else
            rc = himpi_recv(himpi_at(buf, in, datatype), n_in, datatype, partner, comm);
        lo = other < lo ? other : lo;
        hi = lo + 2 * size;
    }
    if (rc != MPI_SUCCESS || root >= 0 || rank >= 2 * r)
        return rc;
    return me < 0 ? himpi_recv(buf, count, datatype, rank ^ 1, comm)
                  : himpi_send(buf, count, datatype, rank ^ 1, comm);
}

int himpi_reduce_rabenseifner(const void *sendbuf, void *recvbuf, int count,
                              MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                              int segsize)
{
    (void)segsize;
    int rank;
    MPI_Comm_rank(comm, &rank);
    const void *mine = rank == root && sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    void *buf = rank == root ? recvbuf : NULL;
    int rc = himpi_rabenseifner_reduce_scatter(mine, &buf, count, datatype, op, root, comm);
    if (rc == MPI_SUCCESS)
        rc = himpi_rabenseifner_collect(buf, count, datatype, root, comm);
    if (rank != root)
        himpi_tmp_free(buf, datatype);
    return rc;
}

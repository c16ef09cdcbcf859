/* reduce_scatter/recursive_halving.c: MPICH's recursive halving for
 * commutative operations (MPIR_Reduce_scatter_intra_recursive_halving;
 * Thakur, Rabenseifner and Gropp, 2005).  With pof2 the largest power of
 * two <= p and r = p - pof2, the even ranks below 2r first fold their
 * operand into the next odd rank, which then stands for both blocks.  Of
 * the pof2 ranks left, each swaps half of the blocks it still covers with
 * the rank at distance pof2 / 2, then a quarter at pof2 / 4, and so on,
 * combining the half it keeps; the last step leaves each its own blocks.
 * The odd ranks below 2r finally send the even ones theirs.  Halving from
 * the far end combines ranks out of order, so a non-commutative operation
 * runs the algorithm that keeps rank order instead
 * (himpi_reduce_scatter_ordered_build), as MPICH does. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

/* The rank that takes part in the halving as number i of pof2. */
static int halving_rank(int i, int r)
{
    return i < r ? 2 * i + 1 : i + r;
}

/* The elements of the halving's blocks [from, to): the runs of the ranks
 * they stand for. */
static int span(const int *displs, int r, int from, int to)
{
    if (from == to)
        return 0;
    int first = from < r ? 2 * from : from + r, last = halving_rank(to - 1, r);
    return displs[last + 1] - displs[first];
}

/* The first element of halving block i. */
static int start(const int *displs, int r, int i)
{
    return displs[i < r ? 2 * i : i + r];
}

int himpi_reduce_scatter_recursive_halving_build(himpi_sched *sched, const void *sendbuf,
                                                 void *recvbuf, const int *counts,
                                                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                 int segsize)
{
    if (!himpi_commutative(op))
        return himpi_reduce_scatter_ordered_build(sched, sendbuf, recvbuf, counts, datatype, op,
                                                  comm, segsize);
    int p, rank, pof2 = 1, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    while (pof2 * 2 <= p)
        pof2 *= 2;
    int r = p - pof2;
    int *displs = himpi_reduce_scatter_displs(sched, counts, p), total = displs[p];
    const void *mine = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    /* The even ranks below 2r sit the halving out. */
    if (rank < 2 * r && rank % 2 == 0) {
        int sent;
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, mine, total, datatype,
                                  rank + 1, &sent);
        return rc == MPI_SUCCESS ? himpi_sched_recv(sched, sent, channel, 0, recvbuf,
                                                    counts[rank], datatype, rank + 1, NULL)
                                 : rc;
    }
    /* Each step waits for the step before: both its messages, and the
     * combination that made what it sends and read the buffer it receives
     * into. */
    void *acc = himpi_sched_tmp(sched, total, datatype), *in = himpi_sched_tmp(sched, total,
                                                                               datatype);
    int step[2] = {HIMPI_SCHED_FIRST, HIMPI_SCHED_FIRST};
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, mine, total, datatype, acc, total,
                              datatype, &step[0]);
    step[1] = step[0];
    if (rc == MPI_SUCCESS && rank < 2 * r) {
        int recv, combined;
        rc = himpi_sched_recv(sched, step[0], channel, 0, in, total, datatype, rank - 1, &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_reduce(sched, recv, in, acc, total, datatype, op, &combined);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, combined, combined, step);
    }
    int me = rank < 2 * r ? rank / 2 : rank - r, lo = 0, hi = pof2;
    for (int half = pof2 / 2; half > 0 && rc == MPI_SUCCESS; half /= 2) {
        int partner = halving_rank(me ^ half, r), mid = lo + half, recv, send, combined;
        /* The lower rank keeps the lower half of [lo, hi). */
        int keep_lo = me < mid ? lo : mid, keep_hi = me < mid ? mid : hi;
        int send_lo = me < mid ? mid : lo, send_hi = me < mid ? hi : mid;
        int kept = span(displs, r, keep_lo, keep_hi), at = start(displs, r, keep_lo);
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, himpi_at(in, at, datatype),
                              kept, datatype, partner, &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0,
                                  himpi_at(acc, start(displs, r, send_lo), datatype),
                                  span(displs, r, send_lo, send_hi), datatype, partner, &send);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, recv, send, step);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_reduce(sched, HIMPI_SCHED_FIRST, himpi_at(in, at, datatype),
                                    himpi_at(acc, at, datatype), kept, datatype, op, &combined);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, combined, combined, step);
        lo = keep_lo;
        hi = keep_hi;
    }
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_copy(sched, step[0], himpi_at(acc, displs[rank], datatype),
                              counts[rank], datatype, recvbuf, counts[rank], datatype, NULL);
    if (rc == MPI_SUCCESS && rank < 2 * r)
        rc = himpi_sched_send(sched, step[0], channel, 0,
                              himpi_at(acc, displs[rank - 1], datatype), counts[rank - 1],
                              datatype, rank - 1, NULL);
    return rc;
}

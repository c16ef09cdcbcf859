/* reduce_scatter/butterfly.c: Träff's butterfly for non-commutative
 * operations ("An improved algorithm for (non-commutative) reduce-scatter
 * with an application", EuroPVM/MPI 2005), as MPICH runs it for
 * MPI_Reduce_scatter_block (MPIR_Reduce_scatter_block_intra_noncommutative),
 * here for any counts.  In step k = 0 .. log2 p - 1 every rank swaps half
 * of the blocks it still covers with the rank whose number differs in bit
 * k: the higher rank keeps the upper half.  The partner's partial covers
 * the aligned 2^k ranks next to the rank's own, so the lower one goes in
 * front and rank order is kept.  A rank ends with the blocks at the
 * bit-reversal of its number, so the operand's blocks are first laid out
 * in bit-reversed order.  Where p is not a power of two, the binomial
 * reduce-scatter runs instead (reduce_scatter/binomial.c). */
#include <config.h>

#include <stdlib.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

/* i with its lowest bits bits reversed. */
static int reversed(int i, int bits)
{
    int r = 0;
    for (int b = 0; b < bits; b++)
        r |= (i >> b & 1) << (bits - 1 - b);
    return r;
}

int himpi_reduce_scatter_butterfly_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                         const int *counts, MPI_Datatype datatype, MPI_Op op,
                                         MPI_Comm comm, int segsize)
{
    int p, rank, bits = 0;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if ((p & (p - 1)) != 0)
        return himpi_reduce_scatter_binomial_build(sched, sendbuf, recvbuf, counts, datatype, op,
                                                   comm, segsize);
    int channel, rc = himpi_sched_join(sched, comm, &channel);
    while ((1 << bits) < p)
        bits++;
    int *displs = himpi_reduce_scatter_displs(sched, counts, p), total = displs[p];
    /* at[i]: where the block at position i of the bit-reversed layout
     * starts (at[p] the total). */
    int *at = himpi_alloc((size_t)p + 1, sizeof *at, "the blocks' places");
    at[0] = 0;
    for (int i = 0; i < p; i++)
        at[i + 1] = at[i] + counts[reversed(i, bits)];
    const void *mine = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    void *acc = himpi_sched_tmp(sched, total, datatype), *in = himpi_sched_tmp(sched, total,
                                                                               datatype);
    /* The layout's copies follow one another; each step waits for the
     * combination of the step before, which waits for both its messages. */
    int last = HIMPI_SCHED_FIRST;
    for (int i = 0; i < p && rc == MPI_SUCCESS; i++) {
        int b = reversed(i, bits);
        rc = himpi_sched_copy(sched, last, himpi_at(mine, displs[b], datatype), counts[b],
                              datatype, himpi_at(acc, at[i], datatype), counts[b], datatype,
                              &last);
    }
    int step[2] = {last, last}, lo = 0, hi = p;
    for (int k = 0; k < bits && rc == MPI_SUCCESS; k++) {
        int partner = rank ^ (1 << k), mid = (lo + hi) / 2, upper = rank > partner;
        int keep_lo = upper ? mid : lo, keep_hi = upper ? hi : mid;
        int send_lo = upper ? lo : mid, send_hi = upper ? mid : hi;
        int kept = at[keep_hi] - at[keep_lo], recv, send, combined;
        void *acc_at = himpi_at(acc, at[keep_lo], datatype);
        void *in_at = himpi_at(in, at[keep_lo], datatype);
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, in_at, kept, datatype,
                              partner, &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0,
                                  himpi_at(acc, at[send_lo], datatype),
                                  at[send_hi] - at[send_lo], datatype, partner, &send);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, recv, send, step);
        if (rc != MPI_SUCCESS)
            break;
        if (upper) {
            rc = himpi_sched_reduce(sched, HIMPI_SCHED_FIRST, in_at, acc_at, kept, datatype, op,
                                    &combined);
        } else {
            /* Ours goes in front; the result lands in the other buffer,
             * which becomes the one that holds the partials. */
            rc = himpi_sched_reduce(sched, HIMPI_SCHED_FIRST, acc_at, in_at, kept, datatype, op,
                                    &combined);
            void *t = acc;
            acc = in;
            in = t;
        }
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, combined, combined, step);
        lo = keep_lo;
        hi = keep_hi;
    }
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_copy(sched, step[0], himpi_at(acc, at[lo], datatype), counts[rank],
                              datatype, recvbuf, counts[rank], datatype, NULL);
    free(at);
    return rc;
}

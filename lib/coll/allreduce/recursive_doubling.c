/* allreduce/recursive_doubling.c: log2 p steps in which every rank swaps
 * its whole vector with the rank whose number differs in one bit, the bit
 * moving up each step.  For p not a power of two, MPICH's way: of the first
 * 2r ranks (r = p - 2^floor(log2 p)) the even ones hand their vector to the
 * next odd rank before the doubling and get the result back after it.
 * Rank order is kept for any operation: the lower rank's operand always
 * goes on the left. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

/* The rank that takes part in the doubling as number i of 2^k. */
static int doubling_rank(int i, int r)
{
    return i < r ? 2 * i + 1 : i + r;
}

int himpi_allreduce_recursive_doubling_build(himpi_sched *sched, const void *sendbuf,
                                             void *recvbuf, int count, MPI_Datatype datatype,
                                             MPI_Op op, MPI_Comm comm, int segsize)
{
    (void)segsize;
    int p, rank, channel, last = HIMPI_SCHED_FIRST, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rc == MPI_SUCCESS && sendbuf != MPI_IN_PLACE)
        rc = himpi_sched_copy(sched, last, sendbuf, count, datatype, recvbuf, count, datatype,
                              &last);
    int pof2 = 1;
    while (pof2 * 2 <= p)
        pof2 *= 2;
    int r = p - pof2;
    /* The even ranks below 2r sit the doubling out. */
    if (rank < 2 * r && rank % 2 == 0) {
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(sched, last, channel, 0, recvbuf, count, datatype, rank + 1,
                                  &last);
        return rc == MPI_SUCCESS ? himpi_sched_recv(sched, last, channel, 0, recvbuf, count,
                                                    datatype, rank + 1, NULL)
                                 : rc;
    }
    /* The partial result moves between recvbuf and scratch so that the
     * operand order can follow the rank order without copies.  Each step's
     * combination waits for its send and its receive, and the next step
     * for the combination. */
    void *acc = recvbuf, *in = himpi_sched_tmp(sched, count, datatype);
    if (rank < 2 * r && rc == MPI_SUCCESS) {
        int recv;
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, in, count, datatype, rank - 1,
                              &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_reduce(sched, recv, in, acc, count, datatype, op, &recv);
        if (rc == MPI_SUCCESS && last != HIMPI_SCHED_FIRST)
            rc = himpi_sched_after(sched, recv, last);
        last = recv;
    }
    int me = rank < 2 * r ? rank / 2 : rank - r;
    for (int mask = 1; mask < pof2 && rc == MPI_SUCCESS; mask *= 2) {
        int partner = doubling_rank(me ^ mask, r), send;
        rc = himpi_sched_send(sched, last, channel, 0, acc, count, datatype, partner, &send);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_recv(sched, last, channel, 0, in, count, datatype, partner, &last);
        if (rc == MPI_SUCCESS && partner < rank) {
            rc = himpi_sched_reduce(sched, last, in, acc, count, datatype, op, &last);
        } else if (rc == MPI_SUCCESS) {
            rc = himpi_sched_reduce(sched, last, acc, in, count, datatype, op, &last);
            void *t = acc;
            acc = in;
            in = t;
        }
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_after(sched, last, send);
    }
    if (rc == MPI_SUCCESS && acc != recvbuf)
        rc = himpi_sched_copy(sched, last, acc, count, datatype, recvbuf, count, datatype, &last);
    if (rc == MPI_SUCCESS && rank < 2 * r)
        rc = himpi_sched_send(sched, last, channel, 0, recvbuf, count, datatype, rank - 1, NULL);
    return rc;
}

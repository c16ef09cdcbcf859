/* scan/recursive_doubling.c: MPICH's recursive-doubling scan and exscan
 * (MPIR_Scan_intra_recursive_doubling, MPIR_Exscan_intra_recursive_doubling):
 * in step k every rank swaps the combination of its aligned block of 2^k
 * ranks (its "partial") with the rank whose number differs in bit k, which
 * holds the neighbouring block.  A partner below puts its block in front of
 * both the partial and the result; a partner above goes behind the partial
 * only.  Ranks past the end of p have no partner in that step, so any p
 * works in ceil(log2 p) steps.  Where MPICH copies after a non-commutative
 * combination, the two buffers here swap roles instead, and the order is
 * kept for any operation. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_scan_doubling_build(himpi_sched *sched, int after, const void *mine, void *result,
                              int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                              int exclusive)
{
    int p, rank, channel, last, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    void *partial = himpi_sched_tmp(sched, count, datatype);
    void *in = himpi_sched_tmp(sched, count, datatype);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_copy(sched, after, mine, count, datatype, partial, count, datatype,
                              &last);
    /* An exclusive result takes the first block from below as it comes.
     * Every stage of a step waits for the step before; a combination that
     * changes the partial also waits for its send. */
    int empty = exclusive;
    for (int mask = 1; mask < p && rc == MPI_SUCCESS; mask *= 2) {
        int partner = rank ^ mask, send;
        if (partner >= p)
            continue;
        rc = himpi_sched_send(sched, last, channel, 0, partial, count, datatype, partner, &send);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_recv(sched, last, channel, 0, in, count, datatype, partner, &last);
        if (rc == MPI_SUCCESS && partner < rank) {
            rc = empty ? himpi_sched_copy(sched, last, in, count, datatype, result, count,
                                          datatype, &last)
                       : himpi_sched_reduce(sched, last, in, result, count, datatype, op, &last);
            empty = 0;
            if (rc == MPI_SUCCESS)
                rc = himpi_sched_reduce(sched, last, in, partial, count, datatype, op, &last);
        } else if (rc == MPI_SUCCESS) {
            rc = himpi_sched_reduce(sched, last, partial, in, count, datatype, op, &last);
            void *t = partial;
            partial = in;
            in = t;
        }
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_after(sched, last, send);
    }
    return rc;
}

int himpi_scan_recursive_doubling_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                        int count, MPI_Datatype datatype, MPI_Op op,
                                        MPI_Comm comm, int segsize)
{
    (void)segsize;
    int p, filled = HIMPI_SCHED_FIRST, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    if (sendbuf != MPI_IN_PLACE)
        rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, sendbuf, count, datatype, recvbuf, count,
                              datatype, &filled);
    return rc == MPI_SUCCESS && p > 1 ? himpi_scan_doubling_build(sched, filled, recvbuf, recvbuf,
                                                                  count, datatype, op, comm, 0)
                                      : rc;
}

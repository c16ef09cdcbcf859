/* bcast/binomial.c: a binomial tree on the virtual ranks (rank - root) mod p: every process
 * receives the whole message from its parent, then sends it to its children one after the
 * other, the root of the largest subtree first, so that the number of processes holding it
 * doubles at every step.  The sends are not posted together: k children sharing a process's
 * link would each get the message only after k transfers, and a tree of depth d would take
 * d(d + 1)/2 transfers instead of d. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_bcast_binomial_build(himpi_sched *sched, void *buffer, int count, MPI_Datatype datatype,
                               int root, MPI_Comm comm, int segsize)
{
    (void)segsize;
    int p, rank, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int v = (rank - root + p) % p;
    /* v's children are v + mask for the powers of two below v's lowest set bit (below p for
     * the root); v's parent is v without that bit.  Each stage waits for the one before. */
    int top = v > 0 ? v & -v : 1;
    while (v == 0 && top < p)
        top <<= 1;
    int last = HIMPI_SCHED_FIRST;
    if (v > 0 && rc == MPI_SUCCESS)
        rc = himpi_sched_recv(sched, last, channel, 0, buffer, count, datatype,
                              (v - top + root) % p, &last);
    for (int mask = top >> 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1)
        if (mask < p - v)
            rc = himpi_sched_send(sched, last, channel, 0, buffer, count, datatype,
                                  (v + mask + root) % p, &last);
    return rc;
}

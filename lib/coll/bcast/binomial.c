/* bcast/binomial.c: a binomial tree on the virtual ranks (rank - root) mod p: every process
 * receives the whole message from its parent, then sends it to its children, the root of the
 * largest subtree first, so that the number of processes holding it doubles at every step. */
#include <config.h>

#include "coll/algorithms.h"
#include "mpib.h"

int himpi_bcast_binomial(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                         int segsize)
{
    (void)segsize;
    int p, rank, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int v = (rank - root + p) % p;
    /* v's children are v + mask for the powers of two below v's lowest set bit (below p for
     * the root); v's parent is v without that bit. */
    int top = v > 0 ? v & -v : 1;
    while (v == 0 && top < p)
        top <<= 1;
    if (v > 0)
        rc = himpi_recv(buffer, count, datatype, (v - top + root) % p, comm);
    MPI_Request r[(int)sizeof(int) * 8];
    int n = 0;
    for (int mask = top >> 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1)
        if (mask < p - v)
            rc = MPI_Isend(buffer, count, datatype, (v + mask + root) % p, HIMPI_TAG, comm,
                           &r[n++]);
    return rc == MPI_SUCCESS ? MPIB_Waitall(n, r, MPI_STATUSES_IGNORE) : rc;
}

/* reduce_scatter/ring.c: Open MPI's ring reduce-scatter
 * (ompi_coll_base_reduce_scatter_intra_ring): in step s = 0 .. p - 2 every
 * rank sends the partial result of block rank - s - 1 to the right and
 * receives that of block rank - s - 2 from the left, which it combines
 * with its own operand's; after p - 1 steps the block that arrives last is
 * its own, complete.  The partials collect their operands around the ring,
 * not in rank order, so a non-commutative operation runs the algorithm
 * that keeps it instead (himpi_reduce_scatter_ordered). */
#include <config.h>

#include "coll/algorithms.h"

int himpi_reduce_scatter_ring(const void *sendbuf, void *recvbuf, const int *counts,
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize)
{
    if (!himpi_commutative(op))
        return himpi_reduce_scatter_ordered(sendbuf, recvbuf, counts, datatype, op, comm,
                                            segsize);
    int p, rank, rc, largest = 0;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int *displs = himpi_reduce_scatter_displs(counts, p), total = displs[p];
    for (int i = 0; i < p; i++)
        largest = counts[i] > largest ? counts[i] : largest;
    /* The partials are built in a copy of the operand: sendbuf is the
     * caller's, and in place recvbuf's first block takes the result. */
    void *acc = himpi_tmp_alloc(total, datatype), *in = himpi_tmp_alloc(largest, datatype);
    rc = himpi_copy(sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf, total, datatype, acc, total,
                    datatype);
    int right = (rank + 1) % p, left = (rank + p - 1) % p;
    for (int s = 0; s < p - 1 && rc == MPI_SUCCESS; s++) {
        int out = (rank - s - 1 + 2 * p) % p, got = (rank - s - 2 + 2 * p) % p;
        rc = himpi_sendrecv(himpi_at(acc, displs[out], datatype), counts[out], datatype, right,
                            in, counts[got], datatype, left, comm);
        if (rc == MPI_SUCCESS)
            rc = MPI_Reduce_local(in, himpi_at(acc, displs[got], datatype), counts[got],
                                  datatype, op);
    }
    if (rc == MPI_SUCCESS)
        rc = himpi_copy(himpi_at(acc, displs[rank], datatype), counts[rank], datatype, recvbuf,
                        counts[rank], datatype);
    himpi_tmp_free(in, datatype);
    himpi_tmp_free(acc, datatype);
    himpi_tmp_free(displs, MPI_INT);
    return rc;
}

/* reduce_scatter/pairwise.c: MPICH's pairwise exchange for long messages
 * (MPIR_Reduce_scatter_intra_pairwise): in step i = 1 .. p - 1 every rank
 * sends the block of rank + i to it and receives its own block's operand
 * from rank - i, which it combines into its result.  The operands arrive
 * from rank - 1 down, not in rank order, so a non-commutative operation
 * runs the algorithm that keeps it instead (himpi_reduce_scatter_ordered),
 * as MPICH does. */
#include <config.h>

#include "coll/algorithms.h"

int himpi_reduce_scatter_pairwise(const void *sendbuf, void *recvbuf, const int *counts,
                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize)
{
    if (!himpi_commutative(op))
        return himpi_reduce_scatter_ordered(sendbuf, recvbuf, counts, datatype, op, comm,
                                            segsize);
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int *displs = himpi_reduce_scatter_displs(counts, p), n = counts[rank];
    const void *mine = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    /* In place, the blocks still to send are in recvbuf, so the result
     * grows apart and lands there last. */
    void *result = himpi_tmp_alloc(n, datatype), *in = himpi_tmp_alloc(n, datatype);
    int rc = himpi_copy(himpi_at(mine, displs[rank], datatype), n, datatype, result, n, datatype);
    for (int i = 1; i < p && rc == MPI_SUCCESS; i++) {
        int to = (rank + i) % p, from = (rank - i + p) % p;
        rc = himpi_sendrecv(himpi_at(mine, displs[to], datatype), counts[to], datatype, to, in, n,
                            datatype, from, comm);
        if (rc == MPI_SUCCESS)
            rc = MPI_Reduce_local(in, result, n, datatype, op);
    }
    if (rc == MPI_SUCCESS)
        rc = himpi_copy(result, n, datatype, recvbuf, n, datatype);
    himpi_tmp_free(in, datatype);
    himpi_tmp_free(result, datatype);
    himpi_tmp_free(displs, MPI_INT);
    return rc;
}

/* scan/linear.c: the chain of the textbook scan (as MPICH's and Open MPI's
 * "linear" ones): rank i receives the prefix of ranks 0 .. i-1 from rank
 * i - 1, puts it in front of its own operand and sends the result on to
 * rank i + 1.  Rank order is kept for any operation. */
#include <config.h>

#include "coll/algorithms.h"

int himpi_scan_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                      MPI_Op op, MPI_Comm comm, int segsize)
{
    (void)segsize;
    int p, rank, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (sendbuf != MPI_IN_PLACE &&
        (rc = himpi_copy(sendbuf, count, datatype, recvbuf, count, datatype)) != MPI_SUCCESS)
        return rc;
    if (rank > 0) {
        void *prefix = himpi_tmp_alloc(count, datatype);
        rc = himpi_recv(prefix, count, datatype, rank - 1, comm);
        if (rc == MPI_SUCCESS)
            rc = MPI_Reduce_local(prefix, recvbuf, count, datatype, op);
        himpi_tmp_free(prefix, datatype);
    }
    if (rc == MPI_SUCCESS && rank < p - 1)
        rc = himpi_send(recvbuf, count, datatype, rank + 1, comm);
    return rc;
}

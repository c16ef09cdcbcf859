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

int himpi_scan_doubling(const void *mine, void *result, int count, MPI_Datatype datatype,
                        MPI_Op op, MPI_Comm comm, int exclusive)
{
    int p, rank, rc;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    void *buf[2] = {himpi_tmp_alloc(count, datatype), himpi_tmp_alloc(count, datatype)};
    void *partial = buf[0], *in = buf[1];
    rc = himpi_copy(mine, count, datatype, partial, count, datatype);
    /* An exclusive result takes the first block from below as it comes. */
    int empty = exclusive;
    for (int mask = 1; mask < p && rc == MPI_SUCCESS; mask *= 2) {
        int partner = rank ^ mask;
        if (partner >= p)
            continue;
        rc = himpi_sendrecv(partial, count, datatype, partner, in, count, datatype, partner, comm);
        if (rc != MPI_SUCCESS)
            break;
        if (partner < rank) {
            rc = empty ? himpi_copy(in, count, datatype, result, count, datatype)
                       : MPI_Reduce_local(in, result, count, datatype, op);
            empty = 0;
            if (rc == MPI_SUCCESS)
                rc = MPI_Reduce_local(in, partial, count, datatype, op);
        } else {
            rc = MPI_Reduce_local(partial, in, count, datatype, op);
            void *t = partial;
            partial = in;
            in = t;
        }
    }
    himpi_tmp_free(buf[0], datatype);
    himpi_tmp_free(buf[1], datatype);
    return rc;
}

int himpi_scan_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize)
{
    (void)segsize;
    int p, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    if (sendbuf != MPI_IN_PLACE &&
        (rc = himpi_copy(sendbuf, count, datatype, recvbuf, count, datatype)) != MPI_SUCCESS)
        return rc;
    return p > 1 ? himpi_scan_doubling(recvbuf, recvbuf, count, datatype, op, comm, 0) : rc;
}

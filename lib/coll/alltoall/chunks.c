/* alltoall/chunks.c: where alltoall's chunks lie, and its send side in
 * place, for every alltoall algorithm. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_alltoall_chunk(const int *blocks, int me, int j, MPI_Aint *first)
{
    int mine = himpi_blocks_of(blocks, me);
    *first = (MPI_Aint)mine * himpi_blocks_before(blocks, j);
    return mine * himpi_blocks_of(blocks, j);
}

/* MPICH exchanges in place with MPI_Sendrecv_replace in pairs; a copy of
 * the blocks lets every algorithm run as it does out of place, at the cost
 * of one local copy. */
int himpi_alltoall_source_build(himpi_sched *sched, const void **sendbuf, int *sendcount,
                                MPI_Datatype *sendtype, const void *recvbuf, int recvcount,
                                MPI_Datatype recvtype, MPI_Comm comm, const int *blocks,
                                int *copied)
{
    *copied = HIMPI_SCHED_FIRST;
    if (*sendbuf != MPI_IN_PLACE)
        return MPI_SUCCESS;
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int n = himpi_blocks_of(blocks, rank) * himpi_blocks_before(blocks, p) * recvcount;
    void *copy = himpi_sched_tmp(sched, n, recvtype);
    *sendbuf = copy;
    *sendcount = recvcount;
    *sendtype = recvtype;
    return himpi_sched_copy(sched, HIMPI_SCHED_FIRST, recvbuf, n, recvtype, copy, n, recvtype,
                            copied);
}

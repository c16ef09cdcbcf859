/* reduce_scatter/binomial.c: the reduce-scatter as MPI defines it, a
 * reduce followed by a scatter (the fallback of MPICH's and Open MPI's
 * reduce_scatter for operations their other algorithms cannot take): the
 * binomial reduce of reduce/binomial.c to rank 0, whose tree keeps rank
 * order there, then the binomial scatter of scatter/binomial.c with rank
 * i's run as its blocks of one element.  Any operation, any counts. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int *himpi_reduce_scatter_displs(himpi_sched *sched, const int *counts, int p)
{
    int *displs = himpi_sched_memory(sched, ((size_t)p + 1) * sizeof *displs);
    for (int i = 0; i < p; i++)
        displs[i + 1] = displs[i] + counts[i];
    return displs;
}

int himpi_reduce_scatter_ordered_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                       const int *counts, MPI_Datatype datatype, MPI_Op op,
                                       MPI_Comm comm, int segsize)
{
    int p;
    MPI_Comm_size(comm, &p);
    return (p & (p - 1)) == 0
               ? himpi_reduce_scatter_butterfly_build(sched, sendbuf, recvbuf, counts, datatype,
                                                      op, comm, segsize)
               : himpi_reduce_scatter_binomial_build(sched, sendbuf, recvbuf, counts, datatype,
                                                     op, comm, segsize);
}

int himpi_reduce_scatter_binomial_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                        const int *counts, MPI_Datatype datatype, MPI_Op op,
                                        MPI_Comm comm, int segsize)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int total = himpi_reduce_scatter_displs(sched, counts, p)[p];
    /* In place, the operand is in recvbuf, which the scatter overwrites
     * only once the reduce has read it. */
    const void *mine = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    void *all = rank == 0 ? himpi_sched_tmp(sched, total, datatype) : NULL;
    int rc = himpi_reduce_binomial_build(sched, mine, all, total, datatype, op, 0, comm,
                                         segsize);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_fence(sched);
    return rc == MPI_SUCCESS ? himpi_scatter_binomial_build(sched, all, 1, datatype, recvbuf, 1,
                                                            datatype, 0, comm, counts, segsize)
                             : rc;
}

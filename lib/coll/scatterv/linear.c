/* scatterv/linear.c: the root sends every rank its block from its
 * displacement directly: MPICH's MPIR_Scatterv_allcomm_linear and Open
 * MPI's mca_coll_basic_scatterv_intra, their only scatterv.  Gatherv runs
 * it the other way (gatherv/linear.c).  Blocks of no bytes are not sent,
 * as MPICH does not send them. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_linear_v_build(himpi_sched *sched, int gather, void *mine, int count,
                         MPI_Datatype datatype, void *all, const int *counts, const int *displs,
                         MPI_Datatype all_type, int root, MPI_Comm comm)
{
    int p, rank, size, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rank != root) {
        MPI_Type_size(datatype, &size);
        if (rc != MPI_SUCCESS || (long long)count * size == 0)
            return rc;
        return gather ? himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, mine, count,
                                         datatype, root, NULL)
                      : himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, mine, count,
                                         datatype, root, NULL);
    }
    MPI_Type_size(all_type, &size);
    for (int i = 0; i < p && rc == MPI_SUCCESS; i++) {
        void *at = himpi_at(all, displs[i], all_type);
        if (i != root && (long long)counts[i] * size > 0)
            rc = gather ? himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, at, counts[i],
                                           all_type, i, NULL)
                        : himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, at, counts[i],
                                           all_type, i, NULL);
        else if (i == root && mine != MPI_IN_PLACE)
            rc = gather ? himpi_sched_copy(sched, HIMPI_SCHED_FIRST, mine, count, datatype, at,
                                           counts[i], all_type, NULL)
                        : himpi_sched_copy(sched, HIMPI_SCHED_FIRST, at, counts[i], all_type,
                                           mine, count, datatype, NULL);
    }
    return rc;
}

int himpi_scatterv_linear_build(himpi_sched *sched, const void *sendbuf, const int *sendcounts,
                                const int *displs, MPI_Datatype sendtype, void *recvbuf,
                                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                int segsize)
{
    (void)segsize;
    return himpi_linear_v_build(sched, 0, recvbuf, recvcount, recvtype, (void *)sendbuf,
                                sendcounts, displs, sendtype, root, comm);
}

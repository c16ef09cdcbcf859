/* allgatherv/bruck.c: Bruck et al.'s concatenation (IEEE TPDS 8(11), 1997), MPICH's
 * MPIR_Allgatherv_intra_brucks and Open MPI's ompi_coll_base_allgatherv_intra_bruck: ceil(log2
 * p) steps for any p.  Every rank keeps the blocks of ranks rank, rank + 1, ... (mod p) one
 * after the other as bytes; at the step of distance d it sends the first min(d, p - d) of them
 * to rank - d and appends as many from rank + d, which are the next ones.  At the end each
 * block goes to its place in recvbuf. */
#include <config.h>

#include <stdlib.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_allgatherv_bruck_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                                 MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                                 const int *displs, MPI_Datatype recvtype, MPI_Comm comm,
                                 int segsize)
{
    (void)segsize;
    int p, rank, unit, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    MPI_Type_size(recvtype, &unit);
    /* off[j]: where the block of rank + j starts among the bytes kept; the stage that brought
     * it. */
    MPI_Aint *off = himpi_alloc((size_t)p + 1, sizeof *off, "block offsets");
    int *brought = himpi_alloc((size_t)p, sizeof *brought, "stages");
    off[0] = 0;
    for (int j = 0; j < p; j++)
        off[j + 1] = off[j] + (MPI_Aint)recvcounts[(rank + j) % p] * unit;
    char *kept = himpi_sched_tmp(sched, (int)off[p], MPI_BYTE);
    void *mine = himpi_at(recvbuf, displs[rank], recvtype);
    int last = HIMPI_SCHED_FIRST, sent = HIMPI_SCHED_FIRST;
    if (rc == MPI_SUCCESS)
        rc = sendbuf == MPI_IN_PLACE
                 ? himpi_sched_copy(sched, HIMPI_SCHED_FIRST, mine, recvcounts[rank], recvtype,
                                    kept, (int)off[1], MPI_BYTE, &last)
                 : himpi_sched_copy(sched, HIMPI_SCHED_FIRST, sendbuf, sendcount, sendtype,
                                    kept, (int)off[1], MPI_BYTE, &last);
    /* Each step's messages wait for both of the step before, as in allgather's recursive
     * doubling: a receive that waited for its own step's send alone could deadlock at
     * rendezvous sizes. */
    for (int d = 1; d < p && rc == MPI_SUCCESS; d <<= 1) {
        int n = d < p - d ? d : p - d, recv, send;
        rc = himpi_sched_recv(sched, last, channel, 0, kept + off[d], (int)(off[d + n] - off[d]),
                              MPI_BYTE, (rank + d) % p, &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(sched, last, channel, 0, kept, (int)off[n], MPI_BYTE,
                                  (rank - d + p) % p, &send);
        for (int k = recv; k <= send && sent != HIMPI_SCHED_FIRST && rc == MPI_SUCCESS; k++)
            rc = himpi_sched_after(sched, k, sent);
        for (int j = d; j < d + n; j++)
            brought[j] = recv;
        last = recv;
        sent = send;
    }
    for (int j = 1; j < p && rc == MPI_SUCCESS; j++) {
        int r = (rank + j) % p;
        rc = himpi_sched_copy(sched, brought[j], kept + off[j], (int)(off[j + 1] - off[j]),
                              MPI_BYTE, himpi_at(recvbuf, displs[r], recvtype), recvcounts[r],
                              recvtype, NULL);
    }
    if (rc == MPI_SUCCESS && sendbuf != MPI_IN_PLACE)
        rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, sendbuf, sendcount, sendtype, mine,
                              recvcounts[rank], recvtype, NULL);
    free(brought);
    free(off);
    return rc;
}

/* allreduce/ring.c: the vector is cut into p chunks; in p - 1 reduce-scatter
 * steps around the ring every chunk collects all contributions, ending with
 * chunk i complete on rank i, and p - 1 allgather steps pass the complete
 * chunks on.  The ring does not keep rank order, so non-commutative
 * operations fall back to recursive doubling. */
#include <config.h>

#include <stdlib.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

static int chunk(int count, int p, int i, int *start)
{
    *start = himpi_chunk_start(count, p, i);
    return himpi_chunk_start(count, p, i + 1) - *start;
}

int himpi_allreduce_ring_distribute_build(himpi_sched *sched, void *recvbuf, int count,
                                          MPI_Datatype datatype, MPI_Comm comm)
{
    int p;
    MPI_Comm_size(comm, &p);
    int *chunks = himpi_alloc((size_t)p, sizeof *chunks, "chunk sizes");
    for (int i = 0; i < p; i++)
        chunks[i] = himpi_chunk_start(count, p, i + 1) - himpi_chunk_start(count, p, i);
    int rc = himpi_allgather_ring_build(sched, MPI_IN_PLACE, 1, datatype, recvbuf, 1, datatype,
                                        comm, chunks, 0);
    free(chunks);
    return rc;
}

int himpi_allreduce_ring_build(himpi_sched *sched, const void *sendbuf, void *recvbuf, int count,
                               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize)
{
    if (!himpi_commutative(op))
        return himpi_allreduce_recursive_doubling_build(sched, sendbuf, recvbuf, count, datatype,
                                                        op, comm, segsize);
    int p, rank, channel, last = HIMPI_SCHED_FIRST, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rc == MPI_SUCCESS && sendbuf != MPI_IN_PLACE)
        rc = himpi_sched_copy(sched, last, sendbuf, count, datatype, recvbuf, count, datatype,
                              &last);
    void *in = himpi_sched_tmp(sched, count / p + (count % p != 0), datatype);
    int right = (rank + 1) % p, left = (rank + p - 1) % p;
    /* At step s the chunk that leaves has s + 1 contributions, this rank's the last of them:
     * it was combined at step s - 1, which also read the buffer step s receives into. */
    for (int s = 0; s < p - 1 && rc == MPI_SUCCESS; s++) {
        int out = (rank - s - 1 + p) % p, got = (rank - s - 2 + p) % p;
        int out_start, got_start, recv;
        int out_n = chunk(count, p, out, &out_start), got_n = chunk(count, p, got, &got_start);
        rc = himpi_sched_send(sched, last, channel, 0, himpi_at(recvbuf, out_start, datatype),
                              out_n, datatype, right, NULL);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_recv(sched, last, channel, 0, in, got_n, datatype, left, &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_reduce(sched, recv, in, himpi_at(recvbuf, got_start, datatype),
                                    got_n, datatype, op, &last);
    }
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_fence(sched);
    return rc == MPI_SUCCESS
               ? himpi_allreduce_ring_distribute_build(sched, recvbuf, count, datatype, comm)
               : rc;
}

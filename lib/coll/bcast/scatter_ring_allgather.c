/* bcast/scatter_ring_allgather.c: MPICH's broadcast for large messages: a binomial scatter
 * cuts the message into p chunks, one per rank, and a ring allgather brings every chunk to
 * every rank. */
#include <config.h>

#include <stdlib.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_bcast_scatter_allgather_build(himpi_sched *sched, void *buffer, int count,
                                        MPI_Datatype datatype, int root, MPI_Comm comm,
                                        int segsize, himpi_allgather_builder *allgather)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int *chunks = himpi_alloc((size_t)p, sizeof *chunks, "chunk sizes");
    for (int i = 0; i < p; i++)
        chunks[i] = himpi_chunk_start(count, p, i + 1) - himpi_chunk_start(count, p, i);
    void *mine = rank == root ? MPI_IN_PLACE
                              : himpi_at(buffer, himpi_chunk_start(count, p, rank), datatype);
    int rc = himpi_scatter_binomial_build(sched, buffer, 1, datatype, mine, 1, datatype, root,
                                          comm, chunks, segsize);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_fence(sched);
    if (rc == MPI_SUCCESS)
        rc = allgather(sched, MPI_IN_PLACE, 0, datatype, buffer, 1, datatype, comm, chunks,
                       segsize);
    free(chunks);
    return rc;
}

int himpi_bcast_scatter_ring_allgather_build(himpi_sched *sched, void *buffer, int count,
                                             MPI_Datatype datatype, int root, MPI_Comm comm,
                                             int segsize)
{
    return himpi_bcast_scatter_allgather_build(sched, buffer, count, datatype, root, comm,
                                               segsize, himpi_allgather_ring_build);
}

/* runners.c: the blocking call of a builder, one runner per signature. */
#include <config.h>

#include "coll/coll.h"

int himpi_barrier_run(himpi_barrier_builder *build, MPI_Comm comm)
{
    himpi_sched *sched;
    himpi_sched_create(&sched);
    return himpi_sched_finish(&sched, build(sched, comm));
}

int himpi_bcast_run(himpi_bcast_builder *build, void *buffer, int count, MPI_Datatype datatype,
                    int root, MPI_Comm comm, int segsize)
{
    himpi_sched *sched;
    himpi_sched_create(&sched);
    return himpi_sched_finish(&sched, build(sched, buffer, count, datatype, root, comm, segsize));
}

int himpi_reduce_run(himpi_reduce_builder *build, const void *sendbuf, void *recvbuf, int count,
                     MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, int segsize)
{
    himpi_sched *sched;
    himpi_sched_create(&sched);
    return himpi_sched_finish(
        &sched, build(sched, sendbuf, recvbuf, count, datatype, op, root, comm, segsize));
}

int himpi_allreduce_run(himpi_allreduce_builder *build, const void *sendbuf, void *recvbuf,
                        int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize)
{
    himpi_sched *sched;
    himpi_sched_create(&sched);
    return himpi_sched_finish(&sched,
                              build(sched, sendbuf, recvbuf, count, datatype, op, comm, segsize));
}

int himpi_scatter_run(himpi_scatter_builder *build, const void *sendbuf, int sendcount,
                      MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                      int root, MPI_Comm comm, const int *blocks, int segsize)
{
    himpi_sched *sched;
    himpi_sched_create(&sched);
    return himpi_sched_finish(&sched, build(sched, sendbuf, sendcount, sendtype, recvbuf,
                                            recvcount, recvtype, root, comm, blocks, segsize));
}

int himpi_allgather_run(himpi_allgather_builder *build, const void *sendbuf, int sendcount,
                        MPI_Datatype sendtype, void *recvbuf, int recvcount,
                        MPI_Datatype recvtype, MPI_Comm comm, const int *blocks, int segsize)
{
    himpi_sched *sched;
    himpi_sched_create(&sched);
    return himpi_sched_finish(&sched, build(sched, sendbuf, sendcount, sendtype, recvbuf,
                                            recvcount, recvtype, comm, blocks, segsize));
}

int himpi_reduce_scatter_run(himpi_reduce_scatter_builder *build, const void *sendbuf,
                             void *recvbuf, const int *counts, MPI_Datatype datatype, MPI_Op op,
                             MPI_Comm comm, int segsize)
{
    himpi_sched *sched;
    himpi_sched_create(&sched);
    return himpi_sched_finish(&sched,
                              build(sched, sendbuf, recvbuf, counts, datatype, op, comm, segsize));
}

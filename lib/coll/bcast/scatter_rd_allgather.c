/* bcast/scatter_rd_allgather.c: MPICH's broadcast for medium messages: a binomial scatter
 * cuts the message into p chunks, one per rank, and a recursive-doubling allgather brings
 * every chunk to every rank. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_bcast_scatter_rd_allgather_build(himpi_sched *sched, void *buffer, int count,
                                           MPI_Datatype datatype, int root, MPI_Comm comm,
                                           int segsize)
{
    return himpi_bcast_scatter_allgather_build(sched, buffer, count, datatype, root, comm,
                                               segsize, himpi_allgather_recursive_doubling_build);
}

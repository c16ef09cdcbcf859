/* args.h: the arguments of a collective call, one struct for every
 * operation, so that drivers, persistent requests and dispatch take them
 * alike. */
#ifndef HIMPI_CORE_ARGS_H
#define HIMPI_CORE_ARGS_H

#include <mpi.h>

/* The arguments of any of the collectives (those an operation lacks are
 * unused: a broadcast's buffer is the receive side). */
typedef struct himpi_coll_args {
    const void *sendbuf;
    int sendcount;
    MPI_Datatype sendtype;
    void *recvbuf;
    int recvcount;
    MPI_Datatype recvtype;
    MPI_Op op;
    int root; /* -1 for the unrooted operations */
    /* The vectors of counts, one per rank: reduce_scatter's, gatherv's and
     * allgatherv's receive counts, scatterv's send counts, and the
     * v-variants' displacements; NULL for the others. */
    const int *recvcounts;
    const int *sendcounts;
    const int *displs;
} himpi_coll_args;

#endif /* HIMPI_CORE_ARGS_H */

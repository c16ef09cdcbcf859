/* native_persistent.c: the MPI library's own persistent collectives, for
 * persistent requests whose plan is the library's collective. */
#include <config.h>

#include "coll/native.h"

#if defined(HAVE_MPI_BCAST_INIT)
#define PERSISTENT(name) MPI_##name##_init
#elif defined(HAVE_MPIX_BCAST_INIT)
/* Open MPI 4.1 declares its MPI-4 draft collectives in mpi-ext.h. */
#include <mpi-ext.h>
#define PERSISTENT(name) MPIX_##name##_init
#endif

int himpi_native_init(HiMPI_Op op, const himpi_coll_args *a, MPI_Comm comm, MPI_Info info,
                      MPI_Request *request)
{
    *request = MPI_REQUEST_NULL;
#ifdef PERSISTENT
    switch (op) {
    case HIMPI_OP_BCAST:
        return PERSISTENT(Bcast)(a->recvbuf, a->recvcount, a->recvtype, a->root, comm, info,
                                 request);
    case HIMPI_OP_REDUCE:
        return PERSISTENT(Reduce)(a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op,
                                  a->root, comm, info, request);
    case HIMPI_OP_ALLREDUCE:
        return PERSISTENT(Allreduce)(a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op,
                                     comm, info, request);
    case HIMPI_OP_SCAN:
        return PERSISTENT(Scan)(a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op, comm,
                                info, request);
    case HIMPI_OP_EXSCAN:
        return PERSISTENT(Exscan)(a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op,
                                  comm, info, request);
    case HIMPI_OP_BARRIER:
        return PERSISTENT(Barrier)(comm, info, request);
    case HIMPI_OP_REDUCE_SCATTER_BLOCK:
    case HIMPI_OP_REDUCE_SCATTER:
        /* Where the library's would overrun its buffers (native.c), the
         * start runs HiMPI's own. */
        if (himpi_native_reduce_scatter_overruns(a->op, a->recvtype))
            return MPI_SUCCESS;
        if (op == HIMPI_OP_REDUCE_SCATTER)
            return PERSISTENT(Reduce_scatter)(a->sendbuf, a->recvbuf, a->recvcounts, a->recvtype,
                                              a->op, comm, info, request);
        return PERSISTENT(Reduce_scatter_block)(a->sendbuf, a->recvbuf, a->recvcount,
                                                a->recvtype, a->op, comm, info, request);
    case HIMPI_OP_ALLTOALL:
        return PERSISTENT(Alltoall)(a->sendbuf, a->sendcount, a->sendtype, a->recvbuf,
                                    a->recvcount, a->recvtype, comm, info, request);
    case HIMPI_OP_GATHERV:
        return PERSISTENT(Gatherv)(a->sendbuf, a->sendcount, a->sendtype, a->recvbuf,
                                   a->recvcounts, a->displs, a->recvtype, a->root, comm, info,
                                   request);
    case HIMPI_OP_SCATTERV:
        return PERSISTENT(Scatterv)(a->sendbuf, a->sendcounts, a->displs, a->sendtype,
                                    a->recvbuf, a->recvcount, a->recvtype, a->root, comm, info,
                                    request);
    case HIMPI_OP_ALLGATHERV:
        return PERSISTENT(Allgatherv)(a->sendbuf, a->sendcount, a->sendtype, a->recvbuf,
                                      a->recvcounts, a->displs, a->recvtype, comm, info,
                                      request);
#ifdef MPICH
    /* MPICH 4.0.2's persistent scatter, gather and allgather give wrong
     * results in the collective matrix (in place at a non-zero root, and
     * at an allgather's second start) and crash; these run through
     * HiMPI's own start, which calls the blocking collective. */
    case HIMPI_OP_SCATTER:
    case HIMPI_OP_GATHER:
    case HIMPI_OP_ALLGATHER:
        return MPI_SUCCESS;
#else
    case HIMPI_OP_SCATTER:
        return PERSISTENT(Scatter)(a->sendbuf, a->sendcount, a->sendtype, a->recvbuf,
                                   a->recvcount, a->recvtype, a->root, comm, info, request);
    case HIMPI_OP_GATHER:
        return PERSISTENT(Gather)(a->sendbuf, a->sendcount, a->sendtype, a->recvbuf,
                                  a->recvcount, a->recvtype, a->root, comm, info, request);
    case HIMPI_OP_ALLGATHER:
        return PERSISTENT(Allgather)(a->sendbuf, a->sendcount, a->sendtype, a->recvbuf,
                                     a->recvcount, a->recvtype, comm, info, request);
#endif
    default:
        return MPI_ERR_ARG;
    }
#else
    (void)op, (void)a, (void)comm, (void)info;
    return MPI_SUCCESS;
#endif
}

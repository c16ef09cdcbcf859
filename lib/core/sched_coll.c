/* sched_coll.c: the MPI library's collectives by operation, blocking,
 * nonblocking or persistent. */
#include <config.h>

#include "core/sched_coll.h"

#if defined(HAVE_MPI_BCAST_INIT)
#define PERSISTENT(name) MPI_##name##_init
#elif defined(HAVE_MPIX_BCAST_INIT)
/* Open MPI 4.1 declares its MPI-4 draft collectives in mpi-ext.h. */
#include <mpi-ext.h>
#define PERSISTENT(name) MPIX_##name##_init
#endif

#ifdef PERSISTENT
#define MADE(Name, ...) PERSISTENT(Name)(__VA_ARGS__, info, request)
#else
#define MADE(Name, ...) (*request = MPI_REQUEST_NULL, MPI_SUCCESS)
#endif

/* MPI_<Name>, MPI_I<name> or the persistent form of one call, by form. */
#define CALL(Name, name, ...)                                                                  \
    (form == HIMPI_COLL_BLOCKING      ? MPI_##Name(__VA_ARGS__)                                \
     : form == HIMPI_COLL_NONBLOCKING ? MPI_I##name(__VA_ARGS__, request)                      \
                                      : MADE(Name, __VA_ARGS__))

/* The v-forms of uneven blocks (counts), which a persistent form does
 * without. */
#define CALL_V(Name, name, ...)                                                                \
    (form == HIMPI_COLL_BLOCKING      ? MPI_##Name(__VA_ARGS__)                                \
     : form == HIMPI_COLL_NONBLOCKING ? MPI_I##name(__VA_ARGS__, request)                      \
                                      : (*request = MPI_REQUEST_NULL, MPI_SUCCESS))

/* MPICH 4.0.2's persistent scatter, gather and allgather give wrong
 * results in the collective matrix (in place at a non-zero root, and at an
 * allgather's second start) and crash. */
#ifdef MPICH
#define CALL_PERSISTENT_BROKEN CALL_V
#else
#define CALL_PERSISTENT_BROKEN CALL
#endif

#ifdef SMPI_H
/* SimGrid 3.32's MPI_Ibarrier lets a rank leave before the last one has
 * entered: in a plain SMPI program on 16 and 64 ranks, one of them 2 ms
 * late, every other rank left its wait 2 ms before the late one entered.
 * Its nonblocking allreduce of a byte waits for every rank, so the
 * nonblocking barrier is that; what the byte holds does not matter, and
 * the simulated ranks of one process never run at once. */
static unsigned char barrier_byte;

static int ibarrier(MPI_Comm comm, MPI_Request *request)
{
    return MPI_Iallreduce(MPI_IN_PLACE, &barrier_byte, 1, MPI_BYTE, MPI_BOR, comm, request);
}
#endif

static int blocks(himpi_coll_form form, HiMPI_Op op, const himpi_coll_args *a,
                  const himpi_sched_counts *v, MPI_Comm comm, MPI_Info info,
                  MPI_Request *request)
{
    (void)info;
    switch (op) {
    case HIMPI_OP_SCATTER:
        return v != NULL ? CALL_V(Scatterv, scatterv, a->sendbuf, v->sendcounts, v->sdispls,
                                  a->sendtype, a->recvbuf, a->recvcount, a->recvtype, a->root,
                                  comm)
                         : CALL_PERSISTENT_BROKEN(Scatter, scatter, a->sendbuf, a->sendcount,
                                                  a->sendtype, a->recvbuf, a->recvcount,
                                                  a->recvtype, a->root, comm);
    case HIMPI_OP_GATHER:
        return v != NULL ? CALL_V(Gatherv, gatherv, a->sendbuf, a->sendcount, a->sendtype,
                                  a->recvbuf, v->recvcounts, v->rdispls, a->recvtype, a->root,
                                  comm)
                         : CALL_PERSISTENT_BROKEN(Gather, gather, a->sendbuf, a->sendcount,
                                                  a->sendtype, a->recvbuf, a->recvcount,
                                                  a->recvtype, a->root, comm);
    case HIMPI_OP_ALLGATHER:
        return v != NULL ? CALL_V(Allgatherv, allgatherv, a->sendbuf, a->sendcount, a->sendtype,
                                  a->recvbuf, v->recvcounts, v->rdispls, a->recvtype, comm)
                         : CALL_PERSISTENT_BROKEN(Allgather, allgather, a->sendbuf,
                                                  a->sendcount, a->sendtype, a->recvbuf,
                                                  a->recvcount, a->recvtype, comm);
    default:
        return v != NULL ? CALL_V(Alltoallv, alltoallv, a->sendbuf, v->sendcounts, v->sdispls,
                                  a->sendtype, a->recvbuf, v->recvcounts, v->rdispls,
                                  a->recvtype, comm)
                         : CALL(Alltoall, alltoall, a->sendbuf, a->sendcount, a->sendtype,
                                a->recvbuf, a->recvcount, a->recvtype, comm);
    }
}

int himpi_coll_call(himpi_coll_form form, HiMPI_Op op, const himpi_coll_args *a,
                    const himpi_sched_counts *v, MPI_Comm comm, MPI_Info info,
                    MPI_Request *request)
{
    (void)info;
    switch (op) {
    case HIMPI_OP_BCAST:
        return CALL(Bcast, bcast, a->recvbuf, a->recvcount, a->recvtype, a->root, comm);
    case HIMPI_OP_REDUCE:
        return CALL(Reduce, reduce, a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op,
                    a->root, comm);
    case HIMPI_OP_ALLREDUCE:
        return CALL(Allreduce, allreduce, a->sendbuf, a->recvbuf, a->recvcount, a->recvtype,
                    a->op, comm);
    case HIMPI_OP_SCAN:
        return CALL(Scan, scan, a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op, comm);
    case HIMPI_OP_EXSCAN:
        return CALL(Exscan, exscan, a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op,
                    comm);
    case HIMPI_OP_BARRIER:
#ifdef SMPI_H
        if (form == HIMPI_COLL_NONBLOCKING)
            return ibarrier(comm, request);
#endif
        return CALL(Barrier, barrier, comm);
    case HIMPI_OP_REDUCE_SCATTER_BLOCK:
        return CALL(Reduce_scatter_block, reduce_scatter_block, a->sendbuf, a->recvbuf,
                    a->recvcount, a->recvtype, a->op, comm);
    case HIMPI_OP_REDUCE_SCATTER:
        return CALL(Reduce_scatter, reduce_scatter, a->sendbuf, a->recvbuf, a->recvcounts,
                    a->recvtype, a->op, comm);
    case HIMPI_OP_SCATTER:
    case HIMPI_OP_GATHER:
    case HIMPI_OP_ALLGATHER:
    case HIMPI_OP_ALLTOALL:
        return blocks(form, op, a, v, comm, info, request);
    case HIMPI_OP_GATHERV:
        return CALL(Gatherv, gatherv, a->sendbuf, a->sendcount, a->sendtype, a->recvbuf,
                    a->recvcounts, a->displs, a->recvtype, a->root, comm);
    case HIMPI_OP_SCATTERV:
        return CALL(Scatterv, scatterv, a->sendbuf, a->sendcounts, a->displs, a->sendtype,
                    a->recvbuf, a->recvcount, a->recvtype, a->root, comm);
    case HIMPI_OP_ALLGATHERV:
        return CALL(Allgatherv, allgatherv, a->sendbuf, a->sendcount, a->sendtype, a->recvbuf,
                    a->recvcounts, a->displs, a->recvtype, comm);
    default:
        return MPI_ERR_ARG;
    }
}

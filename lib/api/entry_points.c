/* entry_points.c: the entry points of every collective, from one list.
 * CALLS(Name, Iname, OP, ARGS, parameters...) defines an operation's seven
 * calls, whose parameters are the operation's own ending in comm, followed
 * by what the variant adds (himpi.h):
 *   HiMPI_<Name>            (..., comm)
 *   HiMPI_<Name>_params     (..., comm, params)
 *   HiMPI_<Name>_plan       (..., comm, plan)
 *   HiMPI_<Iname>           (..., comm, request)
 *   HiMPI_<Iname>_plan      (..., comm, plan, request)
 *   HiMPI_<Name>_init       (..., comm, info, request)
 *   HiMPI_<Name>_init_plan  (..., comm, plan, info, request)
 * Each packs its arguments as ARGS (a himpi_coll_args in parentheses) and
 * takes the one path of call.h.  ENTRY_POINTS is CALLS for an operation
 * with parameters before comm; barrier has none but comm. */
#include <config.h>

#include <stddef.h>

#include "api/call.h"
#include "hier/drivers.h"

#define CALLS(Name, Iname, OP, ARGS, ...)                                                      \
    int HiMPI_##Name(__VA_ARGS__)                                                              \
    {                                                                                          \
        const himpi_coll_args args = ARGS;                                                     \
        return himpi_call(HIMPI_OP_##OP, &args, comm);                                         \
    }                                                                                          \
    int HiMPI_##Name##_params(__VA_ARGS__, const HiMPI_Params *params)                         \
    {                                                                                          \
        const himpi_coll_args args = ARGS;                                                     \
        return himpi_call_params(HIMPI_OP_##OP, &args, comm, params);                          \
    }                                                                                          \
    int HiMPI_##Name##_plan(__VA_ARGS__, const HiMPI_Plan *plan)                               \
    {                                                                                          \
        const himpi_coll_args args = ARGS;                                                     \
        return himpi_hier_call(HIMPI_OP_##OP, &args, comm, plan);                              \
    }                                                                                          \
    int HiMPI_##Iname(__VA_ARGS__, HiMPI_Request *request)                                     \
    {                                                                                          \
        const himpi_coll_args args = ARGS;                                                     \
        return himpi_call_start(HIMPI_OP_##OP, &args, comm, request);                          \
    }                                                                                          \
    int HiMPI_##Iname##_plan(__VA_ARGS__, const HiMPI_Plan *plan, HiMPI_Request *request)      \
    {                                                                                          \
        const himpi_coll_args args = ARGS;                                                     \
        return himpi_call_start_plan(HIMPI_OP_##OP, &args, comm, plan, request);               \
    }                                                                                          \
    int HiMPI_##Name##_init(__VA_ARGS__, MPI_Info info, HiMPI_Request *request)                \
    {                                                                                          \
        const himpi_coll_args args = ARGS;                                                     \
        return himpi_call_init(HIMPI_OP_##OP, &args, comm, info, request);                     \
    }                                                                                          \
    int HiMPI_##Name##_init_plan(__VA_ARGS__, const HiMPI_Plan *plan, MPI_Info info,           \
                                 HiMPI_Request *request)                                       \
    {                                                                                          \
        const himpi_coll_args args = ARGS;                                                     \
        return himpi_call_init_plan(HIMPI_OP_##OP, &args, comm, plan, info, request);          \
    }

#define ENTRY_POINTS(Name, Iname, OP, ARGS, ...)                                               \
    CALLS(Name, Iname, OP, ARGS, __VA_ARGS__, MPI_Comm comm)

ENTRY_POINTS(Bcast, Ibcast, BCAST,
             ((himpi_coll_args){.recvbuf = buffer, .recvcount = count, .recvtype = datatype,
                                .op = MPI_OP_NULL, .root = root}),
             void *buffer, int count, MPI_Datatype datatype, int root)

ENTRY_POINTS(Reduce, Ireduce, REDUCE,
             ((himpi_coll_args){.sendbuf = sendbuf, .recvbuf = recvbuf, .recvcount = count,
                                .recvtype = datatype, .op = op, .root = root}),
             const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
             int root)

ENTRY_POINTS(Allreduce, Iallreduce, ALLREDUCE,
             ((himpi_coll_args){.sendbuf = sendbuf, .recvbuf = recvbuf, .recvcount = count,
                                .recvtype = datatype, .op = op, .root = -1}),
             const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op)

ENTRY_POINTS(Scatter, Iscatter, SCATTER,
             ((himpi_coll_args){sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                MPI_OP_NULL, root, NULL, NULL, NULL}),
             const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
             int recvcount, MPI_Datatype recvtype, int root)

ENTRY_POINTS(Gather, Igather, GATHER,
             ((himpi_coll_args){sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                MPI_OP_NULL, root, NULL, NULL, NULL}),
             const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
             int recvcount, MPI_Datatype recvtype, int root)

ENTRY_POINTS(Allgather, Iallgather, ALLGATHER,
             ((himpi_coll_args){sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                MPI_OP_NULL, -1, NULL, NULL, NULL}),
             const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
             int recvcount, MPI_Datatype recvtype)

ENTRY_POINTS(Scan, Iscan, SCAN,
             ((himpi_coll_args){.sendbuf = sendbuf, .recvbuf = recvbuf, .recvcount = count,
                                .recvtype = datatype, .op = op, .root = -1}),
             const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op)

ENTRY_POINTS(Exscan, Iexscan, EXSCAN,
             ((himpi_coll_args){.sendbuf = sendbuf, .recvbuf = recvbuf, .recvcount = count,
                                .recvtype = datatype, .op = op, .root = -1}),
             const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op)

CALLS(Barrier, Ibarrier, BARRIER, ((himpi_coll_args){.op = MPI_OP_NULL, .root = -1}),
      MPI_Comm comm)
ENTRY_POINTS(Reduce_scatter_block, Ireduce_scatter_block, REDUCE_SCATTER_BLOCK,
             ((himpi_coll_args){.sendbuf = sendbuf, .recvbuf = recvbuf, .recvcount = recvcount,
                                .recvtype = datatype, .op = op, .root = -1}),
             const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
             MPI_Op op)

ENTRY_POINTS(Reduce_scatter, Ireduce_scatter, REDUCE_SCATTER,
             ((himpi_coll_args){.sendbuf = sendbuf, .recvbuf = recvbuf, .recvtype = datatype,
                                .op = op, .root = -1, .recvcounts = recvcounts}),
             const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
             MPI_Op op)

ENTRY_POINTS(Alltoall, Ialltoall, ALLTOALL,
             ((himpi_coll_args){sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                MPI_OP_NULL, -1, NULL, NULL, NULL}),
             const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
             int recvcount, MPI_Datatype recvtype)

ENTRY_POINTS(Gatherv, Igatherv, GATHERV,
             ((himpi_coll_args){.sendbuf = sendbuf, .sendcount = sendcount,
                                .sendtype = sendtype, .recvbuf = recvbuf, .recvtype = recvtype,
                                .op = MPI_OP_NULL, .root = root, .recvcounts = recvcounts,
                                .displs = displs}),
             const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
             const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root)

ENTRY_POINTS(Scatterv, Iscatterv, SCATTERV,
             ((himpi_coll_args){.sendbuf = sendbuf, .sendtype = sendtype, .recvbuf = recvbuf,
                                .recvcount = recvcount, .recvtype = recvtype, .op = MPI_OP_NULL,
                                .root = root, .sendcounts = sendcounts, .displs = displs}),
             const void *sendbuf, const int sendcounts[], const int displs[],
             MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
             int root)

ENTRY_POINTS(Allgatherv, Iallgatherv, ALLGATHERV,
             ((himpi_coll_args){.sendbuf = sendbuf, .sendcount = sendcount,
                                .sendtype = sendtype, .recvbuf = recvbuf, .recvtype = recvtype,
                                .op = MPI_OP_NULL, .root = -1, .recvcounts = recvcounts,
                                .displs = displs}),
             const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
             const int recvcounts[], const int displs[], MPI_Datatype recvtype)

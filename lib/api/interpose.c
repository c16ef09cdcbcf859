/* interpose.c: the MPI functions libhimpi-pmpi defines, so that an
 * unmodified MPI program (LD_PRELOAD, or linked before the MPI library)
 * runs its collectives through HiMPI.  The rest of the library is compiled
 * with pmpi_names.h, so its own MPI calls are PMPI_* ones. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/native_calls.h"
#include "config/runtime.h"

/* pmpi_names.h maps these to PMPI_*; here they are the functions defined. */
#undef MPI_Init
#undef MPI_Finalize
#undef MPI_Bcast
#undef MPI_Reduce
#undef MPI_Allreduce
#undef MPI_Scatter
#undef MPI_Gather
#undef MPI_Allgather
#undef MPI_Scan
#undef MPI_Exscan
#undef MPI_Barrier
#undef MPI_Reduce_scatter_block
#undef MPI_Reduce_scatter
#undef MPI_Alltoall
#undef MPI_Gatherv
#undef MPI_Scatterv
#undef MPI_Allgatherv
#undef MPI_Alltoallv
#undef MPI_Alltoallw

/* Whether collectives go through HiMPI: after a successful HiMPI_Init,
 * unless HIMPI_DISABLE=1, at every thread level.  Set before the program's
 * threads start, read only after. */
static int active;

static int debug(void)
{
    const himpi_runtime *rt = himpi_runtime_global();
    return rt != NULL && rt->env.debug;
}

/* HIMPI_DISABLE as this process reads it: nothing is broadcast yet when it
 * decides whether HiMPI starts at all. */
static int disabled_here(void)
{
    const char *value = getenv("HIMPI_DISABLE");
    if (value == NULL || value[0] == '\0' || strcmp(value, "0") == 0)
        return 0;
    if (strcmp(value, "1") != 0)
        fprintf(stderr, "himpi: HIMPI_DISABLE='%s' is not valid: expected 0 or 1; treated as 1\n",
                value);
    return 1;
}

/* Whether HiMPI stays out, agreed by every process: one left out of
 * HiMPI_Init would leave the others waiting for it there, or take its
 * first collective for their broadcast of the settings.  Set on some
 * processes only, it disables HiMPI on all, with a message. */
static int disabled(int rank)
{
    int mine = disabled_here(), sent[2] = {mine, -mine}, most[2];
    PMPI_Allreduce(sent, most, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    int any = most[0], all = -most[1];
    if (any && !all && rank == 0)
        fprintf(stderr, "himpi: HIMPI_DISABLE is set on some processes only, and must be alike "
                        "on all: not started; the MPI library's collectives run\n");
    return any;
}

/* Starts HiMPI after the MPI library; a failure (an invalid HIMPI_*
 * value, reported by HiMPI_Init) leaves the program on MPI's own
 * collectives. */
static void start(void)
{
    int rank;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (disabled(rank))
        return;
    if (HiMPI_Init(NULL, NULL) != MPI_SUCCESS) {
        if (rank == 0)
            fprintf(stderr, "himpi: not started; the MPI library's collectives run\n");
        return;
    }
    active = 1;
}

int MPI_Init(int *argc, char ***argv)
{
    int rc = PMPI_Init(argc, argv);
    if (rc == MPI_SUCCESS)
        start();
    return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int rc = PMPI_Init_thread(argc, argv, required, provided);
    if (rc == MPI_SUCCESS)
        start();
    return rc;
}

int MPI_Finalize(void)
{
    if (active || himpi_runtime_global() != NULL)
        HiMPI_Finalize();
    active = 0;
    return PMPI_Finalize();
}

/* Whether HiMPI runs a collective on comm: not when inactive, and not on
 * an inter-communicator or an invalid one (MPI reports that), nor with
 * HIMPI_GROUPS=1, which asks for the flat collective, nor among the first
 * HIMPI_NATIVE_CALLS calls on a communicator, which are exactly the MPI
 * library's (its error handler called once, by MPI). */
static int handles(MPI_Comm comm, const char *call)
{
    if (!active)
        return 0;
    int inter = 1;
    if (comm != MPI_COMM_NULL)
        PMPI_Comm_test_inter(comm, &inter);
    const char *why = inter ? "not an intra-communicator"
                      : himpi_runtime_global()->env.groups == 1 ? "HIMPI_GROUPS=1"
                                                                : NULL;
    if (why != NULL && debug()) {
        int rank = 0;
        if (comm != MPI_COMM_NULL)
            PMPI_Comm_rank(comm, &rank);
        if (rank == 0)
            fprintf(stderr, "himpi: %s: %s, calling P%s\n", call, why, call);
    }
    return why == NULL && !himpi_native_calls_take(comm, call);
}

/* HiMPI returns its errors; MPI passes them to comm's error handler. */
static int outcome(MPI_Comm comm, int rc)
{
    if (rc != MPI_SUCCESS)
        PMPI_Comm_call_errhandler(comm, rc);
    return rc;
}

int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    if (!handles(comm, "MPI_Bcast"))
        return PMPI_Bcast(buffer, count, datatype, root, comm);
    return outcome(comm, HiMPI_Bcast(buffer, count, datatype, root, comm));
}

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
               int root, MPI_Comm comm)
{
    if (!handles(comm, "MPI_Reduce"))
        return PMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
    return outcome(comm, HiMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm));
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                  MPI_Op op, MPI_Comm comm)
{
    if (!handles(comm, "MPI_Allreduce"))
        return PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
    return outcome(comm, HiMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm));
}

int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    if (!handles(comm, "MPI_Scatter"))
        return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                            comm);
    return outcome(comm, HiMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                       recvtype, root, comm));
}

int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    if (!handles(comm, "MPI_Gather"))
        return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                           comm);
    return outcome(comm, HiMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                      recvtype, root, comm));
}

int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    if (!handles(comm, "MPI_Allgather"))
        return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    return outcome(comm, HiMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                         recvtype, comm));
}

int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
             MPI_Comm comm)
{
    if (!handles(comm, "MPI_Scan"))
        return PMPI_Scan(sendbuf, recvbuf, count, datatype, op, comm);
    return outcome(comm, HiMPI_Scan(sendbuf, recvbuf, count, datatype, op, comm));
}

int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
               MPI_Comm comm)
{
    if (!handles(comm, "MPI_Exscan"))
        return PMPI_Exscan(sendbuf, recvbuf, count, datatype, op, comm);
    return outcome(comm, HiMPI_Exscan(sendbuf, recvbuf, count, datatype, op, comm));
}

int MPI_Barrier(MPI_Comm comm)
{
    if (!handles(comm, "MPI_Barrier"))
        return PMPI_Barrier(comm);
    return outcome(comm, HiMPI_Barrier(comm));
}

int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
                             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    if (!handles(comm, "MPI_Reduce_scatter_block"))
        return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm);
    return outcome(comm,
                   HiMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm));
}

int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    if (!handles(comm, "MPI_Reduce_scatter"))
        return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm);
    return outcome(comm, HiMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm));
}

int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    if (!handles(comm, "MPI_Alltoall"))
        return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    return outcome(comm, HiMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                        recvtype, comm));
}

int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                MPI_Comm comm)
{
    if (!handles(comm, "MPI_Gatherv"))
        return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                            root, comm);
    return outcome(comm, HiMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                                       displs, recvtype, root, comm));
}

int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                 MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 int root, MPI_Comm comm)
{
    if (!handles(comm, "MPI_Scatterv"))
        return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                             recvtype, root, comm);
    return outcome(comm, HiMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf,
                                        recvcount, recvtype, root, comm));
}

int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                   MPI_Comm comm)
{
    if (!handles(comm, "MPI_Allgatherv"))
        return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                               recvtype, comm);
    return outcome(comm, HiMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                                          displs, recvtype, comm));
}

/* The collectives HiMPI has no form of, which go to the MPI library as they
 * are (libhimpi-pmpi(7) says why); HIMPI_DEBUG tells of each call, so that
 * a run shows which of its collectives HiMPI ran. */
static void passes(MPI_Comm comm, const char *call)
{
    int rank = 0, inter = 1;
    if (!active || !debug())
        return;
    if (comm != MPI_COMM_NULL)
        PMPI_Comm_test_inter(comm, &inter);
    if (comm != MPI_COMM_NULL && !inter)
        PMPI_Comm_rank(comm, &rank);
    if (rank == 0)
        fprintf(stderr, "himpi: %s: no HiMPI form, calling P%s\n", call, call);
}

int MPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                  MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                  const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    passes(comm, "MPI_Alltoallv");
    return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                          recvtype, comm);
}

int MPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[],
                  const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                  const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    passes(comm, "MPI_Alltoallw");
    return PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                          recvtypes, comm);
}

/* containers.c: containers for the native MPI collectives (any function
 * with the same signature can stand in for the MPI library's own). */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "mpib.h"

typedef enum {
    BCAST, REDUCE, ALLREDUCE, SCATTER, GATHER, ALLGATHER, ALLTOALL, BARRIER, SCAN, EXSCAN,
    REDUCE_SCATTER_BLOCK, REDUCE_SCATTER, GATHERV, SCATTERV, ALLGATHERV
} kind_t;

const char *const MPIB_native_operations[] = {
    "bcast", "reduce", "allreduce", "scatter", "gather", "allgather", "alltoall", "barrier",
    "scan", "exscan", "reduce_scatter_block", "reduce_scatter", "gatherv", "scatterv",
    "allgatherv", NULL};

typedef struct {
    MPIB_coll_container base;
    kind_t kind;
    union {
        MPIB_Bcast_fn bcast;
        MPIB_Reduce_fn reduce;
        MPIB_Allreduce_fn allreduce; /* also scan, exscan and reduce_scatter_block */
        MPIB_Reduce_scatter_fn reduce_scatter;
        MPIB_Scatter_fn scatter; /* also gather */
        MPIB_Allgather_fn allgather; /* also alltoall */
        MPIB_Barrier_fn barrier;
        MPIB_Gatherv_fn gatherv;
        MPIB_Scatterv_fn scatterv;
        MPIB_Allgatherv_fn allgatherv;
    } fn;
    void *sendbuf, *recvbuf;
    int *counts; /* reduce_scatter's and the v-variants': every rank's, then the v-variants'
                    displacements */
} native_container;

/* Bytes in the send and receive buffers of this rank. */
static void buffer_sizes(kind_t kind, int M, int p, int is_root, size_t *send, size_t *recv)
{
    size_t m = (size_t)M, all = m * (size_t)p;
    *send = *recv = 0;
    switch (kind) {
    case BCAST:     *recv = m; break;
    case REDUCE:
    case ALLREDUCE:
    case SCAN:
    case EXSCAN:    *send = *recv = m; break;
    case SCATTER:
    case SCATTERV:  *send = is_root ? all : 0; *recv = m; break;
    case GATHER:
    case GATHERV:   *send = m; *recv = is_root ? all : 0; break;
    case ALLGATHER:
    case ALLGATHERV: *send = m; *recv = all; break;
    case ALLTOALL:  *send = *recv = all; break;
    case BARRIER:   break;
    case REDUCE_SCATTER_BLOCK:
    case REDUCE_SCATTER: *send = all; *recv = m; break;
    }
}

static int native_execute(void *self, MPI_Comm comm, int root, int M)
{
    native_container *c = self;
    int doubles = M / (int)sizeof(double), p;
    MPI_Comm_size(comm, &p);
    const int *displs = c->counts != NULL ? c->counts + p : NULL;
    switch (c->kind) {
    case BCAST:
        return c->fn.bcast(c->recvbuf, M, MPI_BYTE, root, comm);
    case REDUCE:
        return c->fn.reduce(c->sendbuf, c->recvbuf, doubles, MPI_DOUBLE, MPI_SUM, root, comm);
    case ALLREDUCE:
    case SCAN:
    case EXSCAN:
        return c->fn.allreduce(c->sendbuf, c->recvbuf, doubles, MPI_DOUBLE, MPI_SUM, comm);
    case SCATTER:
    case GATHER:
        return c->fn.scatter(c->sendbuf, M, MPI_BYTE, c->recvbuf, M, MPI_BYTE, root, comm);
    case ALLGATHER:
    case ALLTOALL:
        return c->fn.allgather(c->sendbuf, M, MPI_BYTE, c->recvbuf, M, MPI_BYTE, comm);
    case BARRIER:
        return c->fn.barrier(comm);
    case REDUCE_SCATTER_BLOCK:
        return c->fn.allreduce(c->sendbuf, c->recvbuf, doubles, MPI_DOUBLE, MPI_SUM, comm);
    case REDUCE_SCATTER:
        return c->fn.reduce_scatter(c->sendbuf, c->recvbuf, c->counts, MPI_DOUBLE, MPI_SUM, comm);
    case GATHERV:
        return c->fn.gatherv(c->sendbuf, M, MPI_BYTE, c->recvbuf, c->counts, displs, MPI_BYTE,
                             root, comm);
    case SCATTERV:
        return c->fn.scatterv(c->sendbuf, c->counts, displs, MPI_BYTE, c->recvbuf, M, MPI_BYTE,
                              root, comm);
    case ALLGATHERV:
        return c->fn.allgatherv(c->sendbuf, M, MPI_BYTE, c->recvbuf, c->counts, displs, MPI_BYTE,
                                comm);
    }
    return MPI_ERR_INTERN;
}

static int native_initialize(void *self, MPI_Comm comm, int root, int M)
{
    native_container *c = self;
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    size_t send, recv;
    buffer_sizes(c->kind, M, p, rank == root, &send, &recv);
    /* One byte at least, so that a successful malloc is never NULL. */
    c->sendbuf = malloc(send + 1);
    c->recvbuf = malloc(recv + 1);
    if (c->sendbuf == NULL || c->recvbuf == NULL)
        return MPI_ERR_NO_MEM;
    if (c->kind == REDUCE_SCATTER || c->kind == GATHERV || c->kind == SCATTERV ||
        c->kind == ALLGATHERV) {
        int n = c->kind == REDUCE_SCATTER ? M / (int)sizeof(double) : M;
        if ((c->counts = malloc(2 * (size_t)p * sizeof *c->counts)) == NULL)
            return MPI_ERR_NO_MEM;
        for (int i = 0; i < p; i++) {
            c->counts[i] = n;
            c->counts[p + i] = i * n;
        }
    }
    /* Zeros are valid doubles for the reductions, and touching the pages
     * keeps first-touch page faults out of the first timed repetition. */
    memset(c->sendbuf, 0, send + 1);
    memset(c->recvbuf, 0, recv + 1);
    /* One untimed run, as HiMPI's containers do: a library may set an
     * algorithm up at its first call on a communicator (SMPI's SMP-aware
     * ones split it into nodes and leaders), which no timed repetition
     * should pay for. */
    return native_execute(self, comm, root, M);
}

static int native_finalize(void *self, MPI_Comm comm, int root)
{
    native_container *c = self;
    (void)comm, (void)root;
    free(c->sendbuf);
    free(c->recvbuf);
    free(c->counts);
    c->sendbuf = c->recvbuf = NULL;
    c->counts = NULL;
    return MPI_SUCCESS;
}

static native_container *alloc(kind_t kind)
{
    native_container *c = calloc(1, sizeof *c);
    if (c != NULL) {
        c->base = (MPIB_coll_container){MPIB_native_operations[kind], native_initialize,
                                        native_execute, native_finalize};
        c->kind = kind;
    }
    return c;
}

/* Each constructor stores its function in the matching union member. */
#define CONSTRUCTOR(Name, KIND, member, type)                 \
    MPIB_coll_container *MPIB_##Name##_container_alloc(type f) \
    {                                                          \
        native_container *c = alloc(KIND);                     \
        if (c == NULL)                                         \
            return NULL;                                       \
        c->fn.member = f;                                      \
        return &c->base;                                       \
    }

CONSTRUCTOR(Bcast, BCAST, bcast, MPIB_Bcast_fn)
CONSTRUCTOR(Reduce, REDUCE, reduce, MPIB_Reduce_fn)
CONSTRUCTOR(Allreduce, ALLREDUCE, allreduce, MPIB_Allreduce_fn)
CONSTRUCTOR(Scatter, SCATTER, scatter, MPIB_Scatter_fn)
CONSTRUCTOR(Gather, GATHER, scatter, MPIB_Gather_fn)
CONSTRUCTOR(Allgather, ALLGATHER, allgather, MPIB_Allgather_fn)
CONSTRUCTOR(Alltoall, ALLTOALL, allgather, MPIB_Alltoall_fn)
CONSTRUCTOR(Barrier, BARRIER, barrier, MPIB_Barrier_fn)
CONSTRUCTOR(Scan, SCAN, allreduce, MPIB_Scan_fn)
CONSTRUCTOR(Exscan, EXSCAN, allreduce, MPIB_Exscan_fn)
CONSTRUCTOR(Reduce_scatter_block, REDUCE_SCATTER_BLOCK, allreduce, MPIB_Reduce_scatter_block_fn)
CONSTRUCTOR(Reduce_scatter, REDUCE_SCATTER, reduce_scatter, MPIB_Reduce_scatter_fn)
CONSTRUCTOR(Gatherv, GATHERV, gatherv, MPIB_Gatherv_fn)
CONSTRUCTOR(Scatterv, SCATTERV, scatterv, MPIB_Scatterv_fn)
CONSTRUCTOR(Allgatherv, ALLGATHERV, allgatherv, MPIB_Allgatherv_fn)

MPIB_coll_container *MPIB_native_container_alloc(const char *operation)
{
    for (int k = 0; operation != NULL && MPIB_native_operations[k] != NULL; k++) {
        if (strcmp(operation, MPIB_native_operations[k]) != 0)
            continue;
        switch ((kind_t)k) {
        case BCAST:     return MPIB_Bcast_container_alloc(MPI_Bcast);
        case REDUCE:    return MPIB_Reduce_container_alloc(MPI_Reduce);
        case ALLREDUCE: return MPIB_Allreduce_container_alloc(MPI_Allreduce);
        case SCATTER:   return MPIB_Scatter_container_alloc(MPI_Scatter);
        case GATHER:    return MPIB_Gather_container_alloc(MPI_Gather);
        case ALLGATHER: return MPIB_Allgather_container_alloc(MPI_Allgather);
        case ALLTOALL:  return MPIB_Alltoall_container_alloc(MPI_Alltoall);
        case BARRIER:   return MPIB_Barrier_container_alloc(MPI_Barrier);
        case SCAN:      return MPIB_Scan_container_alloc(MPI_Scan);
        case EXSCAN:    return MPIB_Exscan_container_alloc(MPI_Exscan);
        case REDUCE_SCATTER_BLOCK:
            return MPIB_Reduce_scatter_block_container_alloc(MPI_Reduce_scatter_block);
        case REDUCE_SCATTER: return MPIB_Reduce_scatter_container_alloc(MPI_Reduce_scatter);
        case GATHERV:   return MPIB_Gatherv_container_alloc(MPI_Gatherv);
        case SCATTERV:  return MPIB_Scatterv_container_alloc(MPI_Scatterv);
        case ALLGATHERV: return MPIB_Allgatherv_container_alloc(MPI_Allgatherv);
        }
    }
    return NULL;
}

void MPIB_coll_container_free(MPIB_coll_container *container)
{
    free(container);
}

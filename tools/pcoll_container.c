/* pcoll_container.c: blocking, persistent and set-up containers for
 * himpi-pcoll-bench. */
#include <config.h>

#include <stdlib.h>

#include "himpi_tune.h"
#include "pcoll_container.h"

typedef struct {
    MPIB_coll_container base;
    HiMPI_Op op;
    pcoll_kind kind;
    HiMPI_Plan plan;
    int planned; /* 0: the plain call's plan */
    void *sendbuf, *recvbuf;
    int count;   /* elements: bytes, or doubles for the reductions (a rank's for the
                    reduce-scatters) */
    int *counts; /* reduce_scatter's and the v-variants': count for every rank, then the
                    v-variants' displacements, the blocks one after the other */
    HiMPI_Request request;
} pcoll_container;

static int blocking(pcoll_container *c, MPI_Comm comm, int root)
{
    const HiMPI_Plan *p = &c->plan;
    void *s = c->sendbuf, *r = c->recvbuf;
    int n = c->count, p_ranks, *k = c->counts, *d = NULL;
    MPI_Comm_size(comm, &p_ranks);
    if (k != NULL)
        d = k + p_ranks;
    switch (c->op) {
    case HIMPI_OP_BCAST:
        return c->planned ? HiMPI_Bcast_plan(r, n, MPI_BYTE, root, comm, p)
                          : HiMPI_Bcast(r, n, MPI_BYTE, root, comm);
    case HIMPI_OP_REDUCE:
        return c->planned ? HiMPI_Reduce_plan(s, r, n, MPI_DOUBLE, MPI_SUM, root, comm, p)
                          : HiMPI_Reduce(s, r, n, MPI_DOUBLE, MPI_SUM, root, comm);
    case HIMPI_OP_ALLREDUCE:
        return c->planned ? HiMPI_Allreduce_plan(s, r, n, MPI_DOUBLE, MPI_SUM, comm, p)
                          : HiMPI_Allreduce(s, r, n, MPI_DOUBLE, MPI_SUM, comm);
    case HIMPI_OP_SCATTER:
        return c->planned ? HiMPI_Scatter_plan(s, n, MPI_BYTE, r, n, MPI_BYTE, root, comm, p)
                          : HiMPI_Scatter(s, n, MPI_BYTE, r, n, MPI_BYTE, root, comm);
    case HIMPI_OP_GATHER:
        return c->planned ? HiMPI_Gather_plan(s, n, MPI_BYTE, r, n, MPI_BYTE, root, comm, p)
                          : HiMPI_Gather(s, n, MPI_BYTE, r, n, MPI_BYTE, root, comm);
    case HIMPI_OP_ALLGATHER:
        return c->planned ? HiMPI_Allgather_plan(s, n, MPI_BYTE, r, n, MPI_BYTE, comm, p)
                          : HiMPI_Allgather(s, n, MPI_BYTE, r, n, MPI_BYTE, comm);
    case HIMPI_OP_SCAN:
        return c->planned ? HiMPI_Scan_plan(s, r, n, MPI_DOUBLE, MPI_SUM, comm, p)
                          : HiMPI_Scan(s, r, n, MPI_DOUBLE, MPI_SUM, comm);
    case HIMPI_OP_EXSCAN:
        return c->planned ? HiMPI_Exscan_plan(s, r, n, MPI_DOUBLE, MPI_SUM, comm, p)
                          : HiMPI_Exscan(s, r, n, MPI_DOUBLE, MPI_SUM, comm);
    case HIMPI_OP_BARRIER:
        return c->planned ? HiMPI_Barrier_plan(comm, p) : HiMPI_Barrier(comm);
    case HIMPI_OP_REDUCE_SCATTER_BLOCK:
        return c->planned ? HiMPI_Reduce_scatter_block_plan(s, r, n, MPI_DOUBLE, MPI_SUM, comm, p)
                          : HiMPI_Reduce_scatter_block(s, r, n, MPI_DOUBLE, MPI_SUM, comm);
    case HIMPI_OP_REDUCE_SCATTER:
        return c->planned
                   ? HiMPI_Reduce_scatter_plan(s, r, k, MPI_DOUBLE, MPI_SUM, comm, p)
                   : HiMPI_Reduce_scatter(s, r, c->counts, MPI_DOUBLE, MPI_SUM, comm);
    case HIMPI_OP_ALLTOALL:
        return c->planned ? HiMPI_Alltoall_plan(s, n, MPI_BYTE, r, n, MPI_BYTE, comm, p)
                          : HiMPI_Alltoall(s, n, MPI_BYTE, r, n, MPI_BYTE, comm);
    case HIMPI_OP_GATHERV:
        return c->planned ? HiMPI_Gatherv_plan(s, n, MPI_BYTE, r, k, d, MPI_BYTE, root, comm, p)
                          : HiMPI_Gatherv(s, n, MPI_BYTE, r, k, d, MPI_BYTE, root, comm);
    case HIMPI_OP_SCATTERV:
        return c->planned ? HiMPI_Scatterv_plan(s, k, d, MPI_BYTE, r, n, MPI_BYTE, root, comm, p)
                          : HiMPI_Scatterv(s, k, d, MPI_BYTE, r, n, MPI_BYTE, root, comm);
    case HIMPI_OP_ALLGATHERV:
        return c->planned ? HiMPI_Allgatherv_plan(s, n, MPI_BYTE, r, k, d, MPI_BYTE, comm, p)
                          : HiMPI_Allgatherv(s, n, MPI_BYTE, r, k, d, MPI_BYTE, comm);
    case HIMPI_OP_COUNT:
        break;
    }
    return MPI_ERR_ARG;
}

static int init(pcoll_container *c, MPI_Comm comm, int root)
{
    const HiMPI_Plan *p = &c->plan;
    void *s = c->sendbuf, *r = c->recvbuf;
    int n = c->count, p_ranks, *k = c->counts, *d = NULL;
    MPI_Comm_size(comm, &p_ranks);
    if (k != NULL)
        d = k + p_ranks;
    MPI_Info i = MPI_INFO_NULL;
    HiMPI_Request *q = &c->request;
    switch (c->op) {
    case HIMPI_OP_BCAST:
        return c->planned ? HiMPI_Bcast_init_plan(r, n, MPI_BYTE, root, comm, p, i, q)
                          : HiMPI_Bcast_init(r, n, MPI_BYTE, root, comm, i, q);
    case HIMPI_OP_REDUCE:
        return c->planned
                   ? HiMPI_Reduce_init_plan(s, r, n, MPI_DOUBLE, MPI_SUM, root, comm, p, i, q)
                   : HiMPI_Reduce_init(s, r, n, MPI_DOUBLE, MPI_SUM, root, comm, i, q);
    case HIMPI_OP_ALLREDUCE:
        return c->planned ? HiMPI_Allreduce_init_plan(s, r, n, MPI_DOUBLE, MPI_SUM, comm, p, i, q)
                          : HiMPI_Allreduce_init(s, r, n, MPI_DOUBLE, MPI_SUM, comm, i, q);
    case HIMPI_OP_SCATTER:
        return c->planned
                   ? HiMPI_Scatter_init_plan(s, n, MPI_BYTE, r, n, MPI_BYTE, root, comm, p, i, q)
                   : HiMPI_Scatter_init(s, n, MPI_BYTE, r, n, MPI_BYTE, root, comm, i, q);
    case HIMPI_OP_GATHER:
        return c->planned
                   ? HiMPI_Gather_init_plan(s, n, MPI_BYTE, r, n, MPI_BYTE, root, comm, p, i, q)
                   : HiMPI_Gather_init(s, n, MPI_BYTE, r, n, MPI_BYTE, root, comm, i, q);
    case HIMPI_OP_ALLGATHER:
        return c->planned
                   ? HiMPI_Allgather_init_plan(s, n, MPI_BYTE, r, n, MPI_BYTE, comm, p, i, q)
                   : HiMPI_Allgather_init(s, n, MPI_BYTE, r, n, MPI_BYTE, comm, i, q);
    case HIMPI_OP_SCAN:
        return c->planned ? HiMPI_Scan_init_plan(s, r, n, MPI_DOUBLE, MPI_SUM, comm, p, i, q)
                          : HiMPI_Scan_init(s, r, n, MPI_DOUBLE, MPI_SUM, comm, i, q);
    case HIMPI_OP_EXSCAN:
        return c->planned ? HiMPI_Exscan_init_plan(s, r, n, MPI_DOUBLE, MPI_SUM, comm, p, i, q)
                          : HiMPI_Exscan_init(s, r, n, MPI_DOUBLE, MPI_SUM, comm, i, q);
    case HIMPI_OP_BARRIER:
        return c->planned ? HiMPI_Barrier_init_plan(comm, p, i, q)
                          : HiMPI_Barrier_init(comm, i, q);
    case HIMPI_OP_REDUCE_SCATTER_BLOCK:
        return c->planned ? HiMPI_Reduce_scatter_block_init_plan(s, r, n, MPI_DOUBLE, MPI_SUM,
                                                                 comm, p, i, q)
                          : HiMPI_Reduce_scatter_block_init(s, r, n, MPI_DOUBLE, MPI_SUM, comm,
                                                            i, q);
    case HIMPI_OP_REDUCE_SCATTER:
        return c->planned ? HiMPI_Reduce_scatter_init_plan(s, r, c->counts, MPI_DOUBLE, MPI_SUM,
                                                           comm, p, i, q)
                          : HiMPI_Reduce_scatter_init(s, r, c->counts, MPI_DOUBLE, MPI_SUM, comm,
                                                      i, q);
    case HIMPI_OP_ALLTOALL:
        return c->planned
                   ? HiMPI_Alltoall_init_plan(s, n, MPI_BYTE, r, n, MPI_BYTE, comm, p, i, q)
                   : HiMPI_Alltoall_init(s, n, MPI_BYTE, r, n, MPI_BYTE, comm, i, q);
    case HIMPI_OP_GATHERV:
        return c->planned ? HiMPI_Gatherv_init_plan(s, n, MPI_BYTE, r, k, d, MPI_BYTE, root,
                                                    comm, p, i, q)
                          : HiMPI_Gatherv_init(s, n, MPI_BYTE, r, k, d, MPI_BYTE, root, comm, i,
                                               q);
    case HIMPI_OP_SCATTERV:
        return c->planned ? HiMPI_Scatterv_init_plan(s, k, d, MPI_BYTE, r, n, MPI_BYTE, root,
                                                     comm, p, i, q)
                          : HiMPI_Scatterv_init(s, k, d, MPI_BYTE, r, n, MPI_BYTE, root, comm, i,
                                                q);
    case HIMPI_OP_ALLGATHERV:
        return c->planned ? HiMPI_Allgatherv_init_plan(s, n, MPI_BYTE, r, k, d, MPI_BYTE, comm,
                                                       p, i, q)
                          : HiMPI_Allgatherv_init(s, n, MPI_BYTE, r, k, d, MPI_BYTE, comm, i, q);
    case HIMPI_OP_COUNT:
        break;
    }
    return MPI_ERR_ARG;
}

static int start(pcoll_container *c)
{
    int rc = HiMPI_Start(&c->request);
    return rc == MPI_SUCCESS ? HiMPI_Wait(&c->request, MPI_STATUS_IGNORE) : rc;
}

static int execute(void *self, MPI_Comm comm, int root, int M)
{
    pcoll_container *c = self;
    (void)M;
    int rc;
    switch (c->kind) {
    case PCOLL_BLOCKING:
        return blocking(c, comm, root);
    case PCOLL_START:
        return start(c);
    case PCOLL_LIFE:
        if ((rc = init(c, comm, root)) == MPI_SUCCESS && (rc = start(c)) == MPI_SUCCESS)
            rc = HiMPI_Request_free(&c->request);
        return rc;
    }
    return MPI_ERR_ARG;
}

static int initialize(void *self, MPI_Comm comm, int root, int M)
{
    pcoll_container *c = self;
    int p, rc = HiMPI_Container_buffers(c->op, comm, root, M, &c->sendbuf, &c->recvbuf,
                                        &c->count);
    MPI_Comm_size(comm, &p);
    if (rc == MPI_SUCCESS && (c->op == HIMPI_OP_REDUCE_SCATTER || c->op == HIMPI_OP_GATHERV ||
                              c->op == HIMPI_OP_SCATTERV || c->op == HIMPI_OP_ALLGATHERV)) {
        if ((c->counts = malloc(2 * (size_t)p * sizeof *c->counts)) == NULL)
            return MPI_ERR_NO_MEM;
        for (int i = 0; i < p; i++) {
            c->counts[i] = c->count;
            c->counts[p + i] = i * c->count;
        }
    }
    if (rc != MPI_SUCCESS || c->kind != PCOLL_START)
        return rc != MPI_SUCCESS ? rc : execute(self, comm, root, M);
    rc = init(c, comm, root);
    return rc == MPI_SUCCESS ? start(c) : rc;
}

static int finalize(void *self, MPI_Comm comm, int root)
{
    pcoll_container *c = self;
    (void)comm, (void)root;
    int rc = c->request != HIMPI_REQUEST_NULL ? HiMPI_Request_free(&c->request) : MPI_SUCCESS;
    free(c->sendbuf);
    free(c->recvbuf);
    free(c->counts);
    c->sendbuf = c->recvbuf = NULL;
    c->counts = NULL;
    return rc;
}

MPIB_coll_container *pcoll_container_alloc(HiMPI_Op op, pcoll_kind kind, const HiMPI_Plan *plan)
{
    pcoll_container *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    c->base = (MPIB_coll_container){HiMPI_Op_name(op), initialize, execute, finalize};
    c->op = op;
    c->kind = kind;
    c->planned = plan != NULL;
    if (plan != NULL)
        c->plan = *plan;
    c->request = HIMPI_REQUEST_NULL;
    return &c->base;
}

/* container.c: libmpib containers for HiMPI's collectives with a fixed
 * plan, so that the benchmarking core can time them like the MPI library's
 * own.  Message sizes mean what they mean for libmpib's native containers. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "himpi_tune.h"
#include "core/ops.h"
#include "core/validate.h"
#include "hier/drivers.h"
#include "mpib.h"

typedef struct {
    MPIB_coll_container base;
    HiMPI_Op op;
    HiMPI_Plan plan;
    int groups; /* the HiMPI_Params' g, checked against the communicator; -1 for a plan */
    void *sendbuf, *recvbuf;
    int count;   /* bytes, or doubles for the reductions (per rank for the reduce-scatters) */
    int *counts; /* a vector's: every rank's count, all equal, and displacements after them */
} himpi_container;

int HiMPI_Container_buffers(HiMPI_Op op, MPI_Comm comm, int root, int M, void **sendbuf,
                            void **recvbuf, int *count)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    size_t m = (size_t)M, all = m * (size_t)p, send = m, recv = m;
    switch (op) {
    case HIMPI_OP_SCATTER:
    case HIMPI_OP_SCATTERV:  send = rank == root ? all : 0; break;
    case HIMPI_OP_GATHER:
    case HIMPI_OP_GATHERV:   recv = rank == root ? all : 0; break;
    case HIMPI_OP_ALLGATHER:
    case HIMPI_OP_ALLGATHERV: recv = all; break;
    case HIMPI_OP_ALLTOALL:  send = recv = all; break;
    default: break;
    }
    const himpi_op_info *info = himpi_op_info_of(op);
    *count = info != NULL && info->reduction ? M / (int)sizeof(double) : M;
    /* Barrier ignores M: it has no buffers. */
    if (info != NULL && !info->sized)
        send = recv = 0, *count = 0;
    /* The reduce-scatters' operand is M bytes for every rank. */
    if (info != NULL && (info->input == HIMPI_INPUT_BLOCKS || info->input == HIMPI_INPUT_COUNTS))
        send = all;
    /* One byte at least, so that a successful calloc is never NULL. */
    *sendbuf = calloc(send + 1, 1);
    *recvbuf = calloc(recv + 1, 1);
    return *sendbuf != NULL && *recvbuf != NULL ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

static int execute(void *self, MPI_Comm comm, int root, int M);

static int initialize(void *self, MPI_Comm comm, int root, int M)
{
    himpi_container *c = self;
    int p;
    MPI_Comm_size(comm, &p);
    int rc = HiMPI_Container_buffers(c->op, comm, root, M, &c->sendbuf, &c->recvbuf, &c->count);
    if (rc != MPI_SUCCESS)
        return rc;
    /* A vector of counts: M bytes for every rank, which the tables count
     * as its mean; the v-variants' blocks one after the other. */
    const himpi_op_info *info = himpi_op_info_of(c->op);
    if (info->input == HIMPI_INPUT_COUNTS || info->vector != HIMPI_VECTOR_NONE) {
        if ((c->counts = malloc(2 * (size_t)p * sizeof *c->counts)) == NULL)
            return MPI_ERR_NO_MEM;
        for (int i = 0; i < p; i++) {
            c->counts[i] = c->count;
            c->counts[p + i] = i * c->count;
        }
    }
    /* HiMPI_Params allow 1 to p groups (a plan's 0 is a hardware level). */
    if (c->groups >= 0 && (c->groups < 1 || c->groups > p))
        return MPI_ERR_ARG;
    /* One untimed run creates the layout's sub-communicators, so that no
     * timed repetition pays for them. */
    return execute(self, comm, root, M);
}

static int execute(void *self, MPI_Comm comm, int root, int M)
{
    himpi_container *c = self;
    const himpi_op_info *info = himpi_op_info_of(c->op);
    MPI_Datatype type = info->reduction ? MPI_DOUBLE : MPI_BYTE;
    int p;
    MPI_Comm_size(comm, &p);
    const himpi_coll_args args = {c->sendbuf,
                                  c->count,
                                  type,
                                  c->recvbuf,
                                  c->count,
                                  type,
                                  info->reduction ? MPI_SUM : MPI_OP_NULL,
                                  info->rooted ? root : -1,
                                  info->vector == HIMPI_VECTOR_SEND ? NULL : c->counts,
                                  info->vector == HIMPI_VECTOR_SEND ? c->counts : NULL,
                                  c->counts != NULL ? c->counts + p : NULL};
    (void)M;
    return himpi_hier_call(c->op, &args, comm, &c->plan);
}

static int finalize(void *self, MPI_Comm comm, int root)
{
    himpi_container *c = self;
    (void)comm, (void)root;
    free(c->sendbuf);
    free(c->recvbuf);
    free(c->counts);
    c->sendbuf = c->recvbuf = NULL;
    c->counts = NULL;
    return MPI_SUCCESS;
}

struct MPIB_coll_container *HiMPI_Container_alloc_plan(HiMPI_Op op, const HiMPI_Plan *plan)
{
    if (HiMPI_Op_name(op) == NULL || plan == NULL)
        return NULL;
    himpi_container *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    c->base = (MPIB_coll_container){HiMPI_Op_name(op), initialize, execute, finalize};
    c->op = op;
    c->plan = *plan;
    c->groups = -1;
    return &c->base;
}

struct MPIB_coll_container *HiMPI_Container_alloc(HiMPI_Op op, const HiMPI_Params *params)
{
    if (params == NULL)
        return NULL;
    HiMPI_Plan plan;
    himpi_plan_of_params(params, &plan);
    himpi_container *c = (himpi_container *)(void *)HiMPI_Container_alloc_plan(op, &plan);
    if (c != NULL)
        c->groups = params->groups;
    return c != NULL ? &c->base : NULL;
}

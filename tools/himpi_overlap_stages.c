/* himpi_overlap_stages.c: a plan's stages alone, on the tool's own
 * sub-communicators. */
#include <config.h>

#include <stdlib.h>

#include "himpi_overlap_stages.h"
#include "himpi_tune.h"

typedef struct {
    MPIB_coll_container base;
    HiMPI_Op op;
    overlap_stage stage;
    int g;
    HiMPI_Params params; /* one group: alg flat */
    MPI_Comm group;      /* this rank's group, its ranks in rank order */
    MPI_Comm between;    /* the leaders, or this rank's column; MPI_COMM_NULL where this
                            rank sits the stage between groups out */
    int leader;          /* the position of its group's leader in group */
    int root_group;      /* the root's group: its position among the leaders */
    int position, columns, size; /* this rank's in its group, the smallest group's size,
                                    its group's */
    void *sendbuf, *recvbuf;
    int count;
} stage_container;

/* The blocks of HiMPI_Params: the first p mod g of p / g + 1 ranks. */
static int block_start(int p, int g, int k)
{
    return k * (p / g) + (k < p % g ? k : p % g);
}

static int block_of(int p, int g, int rank)
{
    int big = p % g * (p / g + 1);
    return rank < big ? rank / (p / g + 1) : p % g + (rank - big) / (p / g);
}

static int layout(stage_container *c, MPI_Comm comm, int root)
{
    int p, rank, rc;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int g = c->g, k = block_of(p, g, rank), start = block_start(p, g, k);
    c->root_group = block_of(p, g, root);
    c->leader = (k == c->root_group ? root : start) - start;
    c->position = rank - start;
    c->columns = p / g;
    c->size = block_start(p, g, k + 1) - start;
    if ((rc = MPI_Comm_split(comm, k, rank, &c->group)) != MPI_SUCCESS)
        return rc;
    int color;
    if (c->op == HIMPI_OP_ALLREDUCE)
        color = c->position < c->columns ? c->position : MPI_UNDEFINED;
    else
        color = c->position == c->leader ? 0 : MPI_UNDEFINED;
    return MPI_Comm_split(comm, color, k, &c->between);
}

/* The ranks past the smallest group's size, which sat the column step
 * out, get the result from their group's first rank, as HiMPI's driver
 * hands it to them. */
static int share(stage_container *c)
{
    int rc = MPI_SUCCESS;
    if (c->position == 0)
        for (int q = c->columns; q < c->size && rc == MPI_SUCCESS; q++)
            rc = MPI_Send(c->recvbuf, c->count, MPI_DOUBLE, q, 0, c->group);
    else if (c->position >= c->columns)
        rc = MPI_Recv(c->recvbuf, c->count, MPI_DOUBLE, 0, 0, c->group, MPI_STATUS_IGNORE);
    return rc;
}

static int execute(void *self, MPI_Comm comm, int root, int M)
{
    stage_container *c = self;
    (void)comm, (void)root, (void)M;
    const HiMPI_Params *pa = &c->params;
    int n = c->count, rc = MPI_SUCCESS;
    if (c->stage == OVERLAP_STAGE_INSIDE) {
        switch (c->op) {
        case HIMPI_OP_BCAST:
            return HiMPI_Bcast_params(c->recvbuf, n, MPI_BYTE, c->leader, c->group, pa);
        case HIMPI_OP_REDUCE:
            return HiMPI_Reduce_params(c->sendbuf, c->recvbuf, n, MPI_DOUBLE, MPI_SUM, c->leader,
                                       c->group, pa);
        default:
            return HiMPI_Allreduce_params(c->sendbuf, c->recvbuf, n, MPI_DOUBLE, MPI_SUM,
                                          c->group, pa);
        }
    }
    if (c->between != MPI_COMM_NULL) {
        switch (c->op) {
        case HIMPI_OP_BCAST:
            rc = HiMPI_Bcast_params(c->recvbuf, n, MPI_BYTE, c->root_group, c->between, pa);
            break;
        case HIMPI_OP_REDUCE:
            rc = HiMPI_Reduce_params(c->sendbuf, c->recvbuf, n, MPI_DOUBLE, MPI_SUM,
                                     c->root_group, c->between, pa);
            break;
        default:
            rc = HiMPI_Allreduce_params(MPI_IN_PLACE, c->recvbuf, n, MPI_DOUBLE, MPI_SUM,
                                        c->between, pa);
            break;
        }
    }
    return rc == MPI_SUCCESS && c->op == HIMPI_OP_ALLREDUCE ? share(c) : rc;
}

static int initialize(void *self, MPI_Comm comm, int root, int M)
{
    stage_container *c = self;
    int rc = HiMPI_Container_buffers(c->op, comm, root, M, &c->sendbuf, &c->recvbuf, &c->count);
    if (rc == MPI_SUCCESS)
        rc = layout(c, comm, root);
    return rc == MPI_SUCCESS ? execute(self, comm, root, M) : rc;
}

static int finalize(void *self, MPI_Comm comm, int root)
{
    stage_container *c = self;
    (void)comm, (void)root;
    if (c->group != MPI_COMM_NULL)
        MPI_Comm_free(&c->group);
    if (c->between != MPI_COMM_NULL)
        MPI_Comm_free(&c->between);
    free(c->sendbuf);
    free(c->recvbuf);
    c->sendbuf = c->recvbuf = NULL;
    return MPI_SUCCESS;
}

MPIB_coll_container *overlap_stage_container_alloc(HiMPI_Op op, overlap_stage stage, int g,
                                                   HiMPI_Alg alg)
{
    stage_container *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    c->base = (MPIB_coll_container){HiMPI_Op_name(op), initialize, execute, finalize};
    c->op = op;
    c->stage = stage;
    c->g = g;
    c->params = (HiMPI_Params){.groups = 1, .alg_out = alg, .alg_in = alg};
    c->group = c->between = MPI_COMM_NULL;
    return &c->base;
}

/* scatter.c: HiMPI_Scatter, hierarchical: the root sends every group's
 * blocks to the group's leader, then every leader scatters inside its
 * group.  With the blocks in group order (the rank order when groups are
 * contiguous, else permuted by the root), group k's blocks are contiguous
 * in the root's buffer, and every rank gets its own block. */
#include <config.h>

#include "coll/algorithms.h"
#include "hier/levels.h"
#include "select/plan.h"
#include "hier/request.h"
#include "core/validate.h"

static const himpi_scatter_fn table[HIMPI_ALG_COUNT] = {
    [HIMPI_ALG_NATIVE] = himpi_scatter_native,
    [HIMPI_ALG_LINEAR] = himpi_scatter_linear,
    [HIMPI_ALG_BINOMIAL] = himpi_scatter_binomial,
};

himpi_scatter_fn himpi_scatter_algorithm(HiMPI_Alg alg)
{
    return alg >= 0 && alg < HIMPI_ALG_COUNT ? table[alg] : NULL;
}

/* Level depth of plan and below, on comm. */
static int scatter_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                        const HiMPI_Plan *plan, int depth)
{
    himpi_comm *state;
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_comm_get_private(comm, &state)) != MPI_SUCCESS ||
        (rc = himpi_levels_next(state, plan, &depth, root, 0, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return table[flat](sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
                           NULL, seg);
    /* Groups in another order than the ranks': the root puts the blocks in
     * group order first. */
    void *ordered = NULL;
    if (l.layout->perm != NULL && l.rank == l.root) {
        ordered = himpi_tmp_alloc(l.p * sendcount, sendtype);
        rc = himpi_levels_permute(&l, sendbuf, ordered, sendcount, sendtype, 1);
        sendbuf = ordered;
    }
    /* Another group's leader keeps its group's blocks, in recvtype, until
     * it scatters them; the root's group's blocks stay in sendbuf. */
    void *blocks = NULL;
    if (l.rank == l.start && l.group != l.root_group)
        blocks = himpi_tmp_alloc(l.sizes[l.group] * recvcount, recvtype);
    if (rc == MPI_SUCCESS && l.outer != MPI_COMM_NULL)
        rc = table[plan->level[depth].alg](sendbuf, sendcount, sendtype,
                                           l.rank == l.root ? MPI_IN_PLACE : blocks, recvcount,
                                           recvtype, l.root_group, l.outer, l.sizes, seg);
    if (rc == MPI_SUCCESS) {
        if (l.group == l.root_group)
            rc = scatter_plan(l.rank == l.root
                                  ? himpi_at(sendbuf, (MPI_Aint)l.start * sendcount, sendtype)
                                  : NULL,
                              sendcount, sendtype, recvbuf, recvcount, recvtype,
                              l.root - l.start, l.inner, plan, depth + 1);
        else
            rc = scatter_plan(blocks, recvcount, recvtype, recvbuf, recvcount, recvtype, 0,
                              l.inner, plan, depth + 1);
    }
    himpi_tmp_free(blocks, recvtype);
    himpi_tmp_free(ordered, sendtype);
    return rc;
}

/* The checks of every scatter call; gives comm's state. */
static int check(int sendcount, MPI_Datatype sendtype, const void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, int root, MPI_Comm comm, const HiMPI_Plan *plan,
                 himpi_comm **state)
{
    int p, rank, rc;
    if ((rc = himpi_check_comm(comm, &p, &rank)) != MPI_SUCCESS ||
        (rc = himpi_check_root(root, p)) != MPI_SUCCESS ||
        (rank == root && (rc = himpi_check_buffer(sendcount, sendtype)) != MPI_SUCCESS) ||
        (recvbuf != MPI_IN_PLACE &&
         (rc = himpi_check_buffer(recvcount, recvtype)) != MPI_SUCCESS) ||
        (rc = himpi_check_plan(HIMPI_OP_SCATTER, plan)) != MPI_SUCCESS)
        return rc;
    return himpi_comm_get(comm, state);
}

int HiMPI_Scatter_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                       const HiMPI_Plan *plan)
{
    himpi_comm *state;
    int rc = check(sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, plan, &state);
    return rc != MPI_SUCCESS ? rc
                             : scatter_plan(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                            recvtype, root, himpi_comm_private(state), plan, 0);
}

int HiMPI_Scatter_params(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                         MPI_Comm comm, const HiMPI_Params *params)
{
    HiMPI_Plan plan;
    int rc = himpi_params_plan(HIMPI_OP_SCATTER, comm, params, &plan);
    return rc != MPI_SUCCESS ? rc
                             : HiMPI_Scatter_plan(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                                  recvtype, root, comm, &plan);
}

/* The plan of the plain call and of HiMPI_Scatter_init: the root's send
 * block and every other rank's receive block are one rank's share of the
 * message. */
static int choose(int sendcount, MPI_Datatype sendtype, int recvcount, MPI_Datatype recvtype,
                  int root, MPI_Comm comm, HiMPI_Plan *plan)
{
    int at_root = himpi_plan_is_root(comm, root);
    return himpi_plan_choose(HIMPI_OP_SCATTER, comm, at_root ? sendcount : recvcount,
                             at_root ? sendtype : recvtype, plan);
}

int HiMPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    HiMPI_Plan plan;
    int rc = choose(sendcount, sendtype, recvcount, recvtype, root, comm, &plan);
    return rc != MPI_SUCCESS ? rc
                             : HiMPI_Scatter_plan(sendbuf, sendcount, sendtype, recvbuf,
                                                    recvcount, recvtype, root, comm, &plan);
}

static int start(const himpi_coll_args *a, MPI_Comm comm, const HiMPI_Plan *plan)
{
    return scatter_plan(a->sendbuf, a->sendcount, a->sendtype, a->recvbuf, a->recvcount,
                        a->recvtype, a->root, comm, plan, 0);
}

int HiMPI_Scatter_init_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                            MPI_Comm comm, const HiMPI_Plan *plan, MPI_Info info,
                            HiMPI_Request *request)
{
    himpi_comm *state;
    int rc = check(sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, plan, &state);
    const himpi_coll_args args = {sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                  MPI_OP_NULL, root};
    return rc != MPI_SUCCESS ? rc
                             : himpi_request_init(HIMPI_OP_SCATTER, state, plan, 0, start, &args,
                                                  info, request);
}

int HiMPI_Scatter_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                       MPI_Info info, HiMPI_Request *request)
{
    HiMPI_Plan plan;
    int rc = choose(sendcount, sendtype, recvcount, recvtype, root, comm, &plan);
    return rc != MPI_SUCCESS ? rc
                             : HiMPI_Scatter_init_plan(sendbuf, sendcount, sendtype, recvbuf,
                                                       recvcount, recvtype, root, comm, &plan,
                                                       info, request);
}

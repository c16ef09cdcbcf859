/* bcast.c: HiMPI_Bcast, hierarchical: between the groups' leaders first,
 * then inside every group. */
#include <config.h>

#include "coll/algorithms.h"
#include "hier/levels.h"
#include "select/plan.h"
#include "hier/request.h"
#include "core/validate.h"

static const himpi_bcast_fn table[HIMPI_ALG_COUNT] = {
    [HIMPI_ALG_NATIVE] = himpi_bcast_native,
    [HIMPI_ALG_LINEAR] = himpi_bcast_linear,
    [HIMPI_ALG_CHAIN] = himpi_bcast_chain,
    [HIMPI_ALG_PIPELINE] = himpi_bcast_pipeline,
    [HIMPI_ALG_BINOMIAL] = himpi_bcast_binomial,
    [HIMPI_ALG_BINARY] = himpi_bcast_binary,
    [HIMPI_ALG_SPLIT_BINARY] = himpi_bcast_split_binary,
    [HIMPI_ALG_SCATTER_RING_ALLGATHER] = himpi_bcast_scatter_ring_allgather,
    [HIMPI_ALG_SCATTER_RD_ALLGATHER] = himpi_bcast_scatter_rd_allgather,
};

himpi_bcast_fn himpi_bcast_algorithm(HiMPI_Alg alg)
{
    return alg >= 0 && alg < HIMPI_ALG_COUNT ? table[alg] : NULL;
}

/* Level depth of plan and below, on comm. */
static int bcast_plan(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
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
        return table[flat](buffer, count, datatype, root, comm, seg);
    /* Leaders are ordered by group, so the root is leader number root_group. */
    if (l.outer != MPI_COMM_NULL &&
        (rc = table[plan->level[depth].alg](buffer, count, datatype, l.root_group, l.outer,
                                             seg)) != MPI_SUCCESS)
        return rc;
    int inner_root = l.group == l.root_group ? l.root - l.start : 0;
    return bcast_plan(buffer, count, datatype, inner_root, l.inner, plan, depth + 1);
}

/* The checks of every broadcast call; gives comm's state. */
static int check(int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                 const HiMPI_Plan *plan, himpi_comm **state)
{
    int p, rank, rc;
    if ((rc = himpi_check_comm(comm, &p, &rank)) != MPI_SUCCESS ||
        (rc = himpi_check_root(root, p)) != MPI_SUCCESS ||
        (rc = himpi_check_buffer(count, datatype)) != MPI_SUCCESS ||
        (rc = himpi_check_plan(HIMPI_OP_BCAST, plan)) != MPI_SUCCESS)
        return rc;
    return himpi_comm_get(comm, state);
}

int HiMPI_Bcast_plan(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                     const HiMPI_Plan *plan)
{
    himpi_comm *state;
    int rc = check(count, datatype, root, comm, plan, &state);
    return rc != MPI_SUCCESS
               ? rc
               : bcast_plan(buffer, count, datatype, root, himpi_comm_private(state), plan, 0);
}

int HiMPI_Bcast_params(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                       const HiMPI_Params *params)
{
    HiMPI_Plan plan;
    int rc = himpi_params_plan(HIMPI_OP_BCAST, comm, params, &plan);
    return rc != MPI_SUCCESS ? rc : HiMPI_Bcast_plan(buffer, count, datatype, root, comm, &plan);
}

int HiMPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    HiMPI_Plan plan;
    int rc = himpi_plan_choose(HIMPI_OP_BCAST, comm, count, datatype, &plan);
    return rc != MPI_SUCCESS ? rc : HiMPI_Bcast_plan(buffer, count, datatype, root, comm, &plan);
}

static int start(const himpi_coll_args *a, MPI_Comm comm, const HiMPI_Plan *plan)
{
    return bcast_plan(a->recvbuf, a->recvcount, a->recvtype, a->root, comm, plan, 0);
}

int HiMPI_Bcast_init_plan(void *buffer, int count, MPI_Datatype datatype, int root,
                          MPI_Comm comm, const HiMPI_Plan *plan, MPI_Info info,
                          HiMPI_Request *request)
{
    himpi_comm *state;
    int rc = check(count, datatype, root, comm, plan, &state);
    const himpi_coll_args args = {.recvbuf = buffer, .recvcount = count, .recvtype = datatype,
                                  .root = root};
    return rc != MPI_SUCCESS ? rc
                             : himpi_request_init(HIMPI_OP_BCAST, state, plan, 0, start, &args,
                                                  info, request);
}

int HiMPI_Bcast_init(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                     MPI_Info info, HiMPI_Request *request)
{
    HiMPI_Plan plan;
    int rc = himpi_plan_choose(HIMPI_OP_BCAST, comm, count, datatype, &plan);
    return rc != MPI_SUCCESS
               ? rc
               : HiMPI_Bcast_init_plan(buffer, count, datatype, root, comm, &plan, info, request);
}

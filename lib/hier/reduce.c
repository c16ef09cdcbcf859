/* reduce.c: HiMPI_Reduce, hierarchical: inside every group to its leader
 * first, then between the leaders to the root.  Groups are contiguous and
 * leaders ordered by group, so operands stay in rank order. */
#include <config.h>

#include "coll/algorithms.h"
#include "hier/levels.h"
#include "select/plan.h"
#include "hier/request.h"
#include "core/validate.h"

static const himpi_reduce_fn table[HIMPI_ALG_COUNT] = {
    [HIMPI_ALG_NATIVE] = himpi_reduce_native,
    [HIMPI_ALG_LINEAR] = himpi_reduce_linear,
    [HIMPI_ALG_CHAIN] = himpi_reduce_chain,
    [HIMPI_ALG_PIPELINE] = himpi_reduce_pipeline,
    [HIMPI_ALG_BINOMIAL] = himpi_reduce_binomial,
    [HIMPI_ALG_BINARY] = himpi_reduce_binary,
    [HIMPI_ALG_RABENSEIFNER] = himpi_reduce_rabenseifner,
};

himpi_reduce_fn himpi_reduce_algorithm(HiMPI_Alg alg)
{
    return alg >= 0 && alg < HIMPI_ALG_COUNT ? table[alg] : NULL;
}

/* Level depth of plan and below, on comm. */
static int reduce_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                       MPI_Op op, int root, MPI_Comm comm, const HiMPI_Plan *plan, int depth)
{
    himpi_comm *state;
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_comm_get_private(comm, &state)) != MPI_SUCCESS ||
        (rc = himpi_levels_next(state, plan, &depth, root, !himpi_commutative(op), &l,
                                &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return table[flat](sendbuf, recvbuf, count, datatype, op, root, comm, seg);
    int inner_root = l.group == l.root_group ? l.root - l.start : 0;
    /* The root reduces its group straight into recvbuf; another leader
     * needs a buffer for its group's partial result. */
    void *partial = recvbuf;
    if (l.rank == l.start && l.group != l.root_group)
        partial = himpi_tmp_alloc(count, datatype);
    rc = reduce_plan(sendbuf, partial, count, datatype, op, inner_root, l.inner, plan, depth + 1);
    himpi_reduce_fn out = table[plan->level[depth].alg];
    if (rc == MPI_SUCCESS && l.outer != MPI_COMM_NULL)
        rc = l.rank == l.root
                 ? out(MPI_IN_PLACE, recvbuf, count, datatype, op, l.root_group, l.outer, seg)
                 : out(partial, NULL, count, datatype, op, l.root_group, l.outer, seg);
    if (partial != recvbuf)
        himpi_tmp_free(partial, datatype);
    return rc;
}

/* The checks of every reduce call; gives comm's state. */
static int check(int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                 const HiMPI_Plan *plan, himpi_comm **state)
{
    int p, rank, rc;
    if ((rc = himpi_check_comm(comm, &p, &rank)) != MPI_SUCCESS ||
        (rc = himpi_check_root(root, p)) != MPI_SUCCESS ||
        (rc = himpi_check_buffer(count, datatype)) != MPI_SUCCESS ||
        (rc = himpi_check_op(op)) != MPI_SUCCESS ||
        (rc = himpi_check_plan(HIMPI_OP_REDUCE, plan)) != MPI_SUCCESS)
        return rc;
    return himpi_comm_get(comm, state);
}

int HiMPI_Reduce_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                      MPI_Op op, int root, MPI_Comm comm, const HiMPI_Plan *plan)
{
    himpi_comm *state;
    int rc = check(count, datatype, op, root, comm, plan, &state);
    return rc != MPI_SUCCESS ? rc
                             : reduce_plan(sendbuf, recvbuf, count, datatype, op, root,
                                           himpi_comm_private(state), plan, 0);
}

int HiMPI_Reduce_params(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, int root, MPI_Comm comm, const HiMPI_Params *params)
{
    HiMPI_Plan plan;
    int rc = himpi_params_plan(HIMPI_OP_REDUCE, comm, params, &plan);
    return rc != MPI_SUCCESS
               ? rc
               : HiMPI_Reduce_plan(sendbuf, recvbuf, count, datatype, op, root, comm, &plan);
}

int HiMPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                 int root, MPI_Comm comm)
{
    HiMPI_Plan plan;
    int rc = himpi_plan_choose(HIMPI_OP_REDUCE, comm, count, datatype, &plan);
    return rc != MPI_SUCCESS
               ? rc
               : HiMPI_Reduce_plan(sendbuf, recvbuf, count, datatype, op, root, comm, &plan);
}

static int start(const himpi_coll_args *a, MPI_Comm comm, const HiMPI_Plan *plan)
{
    return reduce_plan(a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op, a->root, comm,
                       plan, 0);
}

int HiMPI_Reduce_init_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                           MPI_Op op, int root, MPI_Comm comm, const HiMPI_Plan *plan,
                           MPI_Info info, HiMPI_Request *request)
{
    himpi_comm *state;
    int rc = check(count, datatype, op, root, comm, plan, &state);
    const himpi_coll_args args = {.sendbuf = sendbuf, .recvbuf = recvbuf, .recvcount = count,
                                  .recvtype = datatype, .op = op, .root = root};
    return rc != MPI_SUCCESS ? rc
                             : himpi_request_init(HIMPI_OP_REDUCE, state, plan,
                                                  !himpi_commutative(op), start, &args, info,
                                                  request);
}

int HiMPI_Reduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                      MPI_Op op, int root, MPI_Comm comm, MPI_Info info, HiMPI_Request *request)
{
    HiMPI_Plan plan;
    int rc = himpi_plan_choose(HIMPI_OP_REDUCE, comm, count, datatype, &plan);
    return rc != MPI_SUCCESS ? rc
                             : HiMPI_Reduce_init_plan(sendbuf, recvbuf, count, datatype, op,
                                                      root, comm, &plan, info, request);
}

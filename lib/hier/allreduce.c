/* allreduce.c: HiMPI_Allreduce, hierarchical: inside every group first,
 * then among the ranks at the same position in every group.  Where groups
 * are uneven, the ranks in the extra position of the larger groups take no
 * part in the second step and get the result from their group's first
 * rank. */
#include <config.h>

#include "coll/algorithms.h"
#include "hier/levels.h"
#include "select/plan.h"
#include "hier/request.h"
#include "core/validate.h"

static const himpi_allreduce_fn table[HIMPI_ALG_COUNT] = {
    [HIMPI_ALG_NATIVE] = himpi_allreduce_native,
    [HIMPI_ALG_LINEAR] = himpi_allreduce_linear,
    [HIMPI_ALG_RECURSIVE_DOUBLING] = himpi_allreduce_recursive_doubling,
    [HIMPI_ALG_RING] = himpi_allreduce_ring,
    [HIMPI_ALG_SEGMENTED_RING] = himpi_allreduce_segmented_ring,
    [HIMPI_ALG_RABENSEIFNER] = himpi_allreduce_rabenseifner,
};

himpi_allreduce_fn himpi_allreduce_algorithm(HiMPI_Alg alg)
{
    return alg >= 0 && alg < HIMPI_ALG_COUNT ? table[alg] : NULL;
}

/* Level depth of plan and below, on comm. */
static int allreduce_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, MPI_Comm comm, const HiMPI_Plan *plan, int depth)
{
    himpi_comm *state;
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_comm_get_private(comm, &state)) != MPI_SUCCESS ||
        (rc = himpi_levels_next(state, plan, &depth, -1, !himpi_commutative(op), &l,
                                &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return table[flat](sendbuf, recvbuf, count, datatype, op, comm, seg);
    if ((rc = allreduce_plan(sendbuf, recvbuf, count, datatype, op, l.inner, plan, depth + 1)) !=
        MPI_SUCCESS)
        return rc;
    if (l.outer != MPI_COMM_NULL &&
        (rc = table[plan->level[depth].alg](MPI_IN_PLACE, recvbuf, count, datatype, op, l.outer,
                                             seg)) != MPI_SUCCESS)
        return rc;
    return himpi_levels_share(&l, recvbuf, count, datatype);
}

/* The checks of every allreduce call; gives comm's state. */
static int check(int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                 const HiMPI_Plan *plan, himpi_comm **state)
{
    int p, rank, rc;
    if ((rc = himpi_check_comm(comm, &p, &rank)) != MPI_SUCCESS ||
        (rc = himpi_check_buffer(count, datatype)) != MPI_SUCCESS ||
        (rc = himpi_check_op(op)) != MPI_SUCCESS ||
        (rc = himpi_check_plan(HIMPI_OP_ALLREDUCE, plan)) != MPI_SUCCESS)
        return rc;
    return himpi_comm_get(comm, state);
}

int HiMPI_Allreduce_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm comm, const HiMPI_Plan *plan)
{
    himpi_comm *state;
    int rc = check(count, datatype, op, comm, plan, &state);
    return rc != MPI_SUCCESS ? rc
                             : allreduce_plan(sendbuf, recvbuf, count, datatype, op,
                                              himpi_comm_private(state), plan, 0);
}

int HiMPI_Allreduce_params(const void *sendbuf, void *recvbuf, int count,
                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                           const HiMPI_Params *params)
{
    HiMPI_Plan plan;
    int rc = himpi_params_plan(HIMPI_OP_ALLREDUCE, comm, params, &plan);
    return rc != MPI_SUCCESS
               ? rc
               : HiMPI_Allreduce_plan(sendbuf, recvbuf, count, datatype, op, comm, &plan);
}

int HiMPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                    MPI_Op op, MPI_Comm comm)
{
    HiMPI_Plan plan;
    int rc = himpi_plan_choose(HIMPI_OP_ALLREDUCE, comm, count, datatype, &plan);
    return rc != MPI_SUCCESS
               ? rc
               : HiMPI_Allreduce_plan(sendbuf, recvbuf, count, datatype, op, comm, &plan);
}

static int start(const himpi_coll_args *a, MPI_Comm comm, const HiMPI_Plan *plan)
{
    return allreduce_plan(a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op, comm, plan,
                          0);
}

int HiMPI_Allreduce_init_plan(const void *sendbuf, void *recvbuf, int count,
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                              const HiMPI_Plan *plan, MPI_Info info, HiMPI_Request *request)
{
    himpi_comm *state;
    int rc = check(count, datatype, op, comm, plan, &state);
    const himpi_coll_args args = {.sendbuf = sendbuf, .recvbuf = recvbuf, .recvcount = count,
                                  .recvtype = datatype, .op = op, .root = -1};
    return rc != MPI_SUCCESS ? rc
                             : himpi_request_init(HIMPI_OP_ALLREDUCE, state, plan,
                                                  !himpi_commutative(op), start, &args, info,
                                                  request);
}

int HiMPI_Allreduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm comm, MPI_Info info, HiMPI_Request *request)
{
    HiMPI_Plan plan;
    int rc = himpi_plan_choose(HIMPI_OP_ALLREDUCE, comm, count, datatype, &plan);
    return rc != MPI_SUCCESS ? rc
                             : HiMPI_Allreduce_init_plan(sendbuf, recvbuf, count, datatype, op,
                                                         comm, &plan, info, request);
}

/* allreduce.c: the hierarchical allreduce driver: inside every group first,
 * then among the ranks at the same position in every group, level by
 * level up the plan (steps.h).  Where groups are uneven, the ranks in the
 * extra position of the larger groups take no part in the second step and
 * get the result from their group's first rank. */
#include <config.h>

#include "coll/coll.h"
#include "hier/drivers.h"
#include "hier/steps.h"

/* The steps of level depth of plan and below, on comm. */
static int allreduce_steps(himpi_steps *steps, const void *sendbuf, void *recvbuf, MPI_Op op,
                           MPI_Comm comm, const HiMPI_Plan *plan, int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc;
    if ((rc = himpi_levels_next(comm, plan, &depth, -1, !himpi_commutative(op), &l,
                                &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT) {
        himpi_steps_add(steps, (himpi_step){.kind = HIMPI_STEP_ALLREDUCE, .alg = flat,
                                            .comm = comm, .root = -1, .in = sendbuf,
                                            .out = recvbuf});
        return MPI_SUCCESS;
    }
    if ((rc = allreduce_steps(steps, sendbuf, recvbuf, op, l.inner, plan, depth + 1)) !=
        MPI_SUCCESS)
        return rc;
    if (l.outer != MPI_COMM_NULL)
        himpi_steps_add(steps, (himpi_step){.kind = HIMPI_STEP_ALLREDUCE,
                                            .alg = plan->level[depth].alg,
                                            .comm = l.outer,
                                            .root = -1,
                                            .in = MPI_IN_PLACE,
                                            .out = recvbuf});
    himpi_steps_add(steps, (himpi_step){.kind = HIMPI_STEP_SHARE, .comm = l.inner, .root = -1,
                                        .out = recvbuf, .levels = l});
    return MPI_SUCCESS;
}

int himpi_hier_allreduce(himpi_sched *sched, const himpi_coll_args *a, MPI_Comm comm,
                         const HiMPI_Plan *plan)
{
    himpi_steps steps = {.n = 0};
    int rc = allreduce_steps(&steps, a->sendbuf, a->recvbuf, a->op, comm, plan, 0);
    if (rc != MPI_SUCCESS)
        return rc;
    return himpi_steps_build(sched, &steps, HIMPI_OP_ALLREDUCE, plan, comm, a->recvcount,
                             a->recvtype, a->op);
}

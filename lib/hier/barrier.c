/* barrier.c: the hierarchical barrier driver, as Open MPI's HAN runs it
 * (mca_coll_han_barrier_intra_simple): a barrier inside every group, after
 * which each group's first rank knows its group has entered; a barrier
 * among those first ranks, after which each knows every rank has; and a
 * barrier inside every group again, which no rank leaves before its first
 * rank has entered it, that is, before every rank has entered the call.
 * The groups need no order, so any layout serves. */
#include <config.h>

#include "coll/coll.h"
#include "hier/drivers.h"
#include "hier/levels.h"

/* Level depth of plan and below, on comm. */
static int barrier_plan(himpi_sched *sched, MPI_Comm comm, const HiMPI_Plan *plan, int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc;
    if ((rc = himpi_levels_next(comm, plan, &depth, -1, 0, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return himpi_coll(HIMPI_OP_BARRIER, flat).barrier(sched, comm);
    if ((rc = barrier_plan(sched, l.inner, plan, depth + 1)) != MPI_SUCCESS ||
        (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    /* With no root, l.outer at a group's first position is the column of
     * every group's first rank. */
    if (l.rank == l.start &&
        (rc = himpi_coll(HIMPI_OP_BARRIER, plan->level[depth].alg)
                  .barrier(sched, l.outer)) != MPI_SUCCESS)
        return rc;
    if ((rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    return barrier_plan(sched, l.inner, plan, depth + 1);
}

int himpi_hier_barrier(himpi_sched *sched, const himpi_coll_args *args, MPI_Comm comm,
                       const HiMPI_Plan *plan)
{
    (void)args;
    return barrier_plan(sched, comm, plan, 0);
}

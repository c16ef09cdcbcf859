/* bcast.c: the hierarchical bcast driver: between the groups' leaders first,
 * then inside every group, level by level down the plan (steps.h). */
#include <config.h>

#include "hier/drivers.h"
#include "hier/steps.h"

/* The steps of level depth of plan and below, on comm. */
static int bcast_steps(himpi_steps *steps, void *buffer, int root, MPI_Comm comm,
                       const HiMPI_Plan *plan, int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc;
    if ((rc = himpi_levels_next(comm, plan, &depth, root, 0, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT) {
        himpi_steps_add(steps, (himpi_step){.kind = HIMPI_STEP_BCAST, .alg = flat, .comm = comm,
                                            .root = root, .out = buffer});
        return MPI_SUCCESS;
    }
    /* Leaders are ordered by group, so the root is leader number root_group. */
    if (l.outer != MPI_COMM_NULL)
        himpi_steps_add(steps, (himpi_step){.kind = HIMPI_STEP_BCAST,
                                            .alg = plan->level[depth].alg,
                                            .comm = l.outer,
                                            .root = l.root_group,
                                            .out = buffer});
    int inner_root = l.group == l.root_group ? l.root - l.start : 0;
    return bcast_steps(steps, buffer, inner_root, l.inner, plan, depth + 1);
}

int himpi_hier_bcast(himpi_sched *sched, const himpi_coll_args *a, MPI_Comm comm,
                     const HiMPI_Plan *plan)
{
    himpi_steps steps = {.n = 0};
    int rc = bcast_steps(&steps, a->recvbuf, a->root, comm, plan, 0);
    if (rc != MPI_SUCCESS)
        return rc;
    return himpi_steps_build(sched, &steps, HIMPI_OP_BCAST, plan, comm, a->recvcount,
                             a->recvtype, MPI_OP_NULL);
}

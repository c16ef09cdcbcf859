/* reduce.c: the hierarchical reduce driver: inside every group to its leader
 * first, then between the leaders to the root, level by level up the plan
 * (steps.h).  Groups are contiguous and leaders ordered by group, so
 * operands stay in rank order. */
#include <config.h>

#include "coll/coll.h"
#include "hier/drivers.h"
#include "hier/steps.h"

/* The steps of level depth of plan and below, on comm. */
static int reduce_steps(himpi_sched *sched, himpi_steps *steps, const void *sendbuf,
                        void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                        MPI_Comm comm, const HiMPI_Plan *plan, int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc;
    if ((rc = himpi_levels_next(comm, plan, &depth, root, !himpi_commutative(op), &l,
                                &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT) {
        himpi_steps_add(steps, (himpi_step){.kind = HIMPI_STEP_REDUCE, .alg = flat, .comm = comm,
                                            .root = root, .in = sendbuf, .out = recvbuf});
        return MPI_SUCCESS;
    }
    int inner_root = l.group == l.root_group ? l.root - l.start : 0;
    /* The root reduces its group straight into recvbuf; another leader
     * needs a buffer for its group's partial result. */
    void *partial = recvbuf;
    if (l.rank == l.start && l.group != l.root_group)
        partial = himpi_sched_tmp(sched, count, datatype);
    if ((rc = reduce_steps(sched, steps, sendbuf, partial, count, datatype, op, inner_root,
                           l.inner, plan, depth + 1)) != MPI_SUCCESS ||
        l.outer == MPI_COMM_NULL)
        return rc;
    int root_here = l.rank == l.root;
    himpi_steps_add(steps, (himpi_step){.kind = HIMPI_STEP_REDUCE,
                                        .alg = plan->level[depth].alg,
                                        .comm = l.outer,
                                        .root = l.root_group,
                                        .in = root_here ? MPI_IN_PLACE : partial,
                                        .out = root_here ? recvbuf : NULL});
    return MPI_SUCCESS;
}

int himpi_hier_reduce(himpi_sched *sched, const himpi_coll_args *a, MPI_Comm comm,
                      const HiMPI_Plan *plan)
{
    himpi_steps steps = {.n = 0};
    int rc = reduce_steps(sched, &steps, a->sendbuf, a->recvbuf, a->recvcount, a->recvtype,
                          a->op, a->root, comm, plan, 0);
    if (rc != MPI_SUCCESS)
        return rc;
    return himpi_steps_build(sched, &steps, HIMPI_OP_REDUCE, plan, comm, a->recvcount,
                             a->recvtype, a->op);
}

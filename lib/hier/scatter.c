/* scatter.c: the hierarchical scatter driver: the root sends every group's
 * blocks to the group's leader, then every leader scatters inside its
 * group.  With the blocks in group order (the rank order when groups are
 * contiguous, else permuted by the root), group k's blocks are contiguous
 * in the root's buffer, and every rank gets its own block. */
#include <config.h>

#include "coll/coll.h"
#include "core/typed.h"
#include "hier/drivers.h"
#include "hier/levels.h"

/* Level depth of plan and below, on comm. */
static int scatter_plan(himpi_sched *sched, const void *sendbuf, int sendcount,
                        MPI_Datatype sendtype, void *recvbuf, int recvcount,
                        MPI_Datatype recvtype, int root, MPI_Comm comm, const HiMPI_Plan *plan,
                        int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_levels_next(comm, plan, &depth, root, 0, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return himpi_coll(HIMPI_OP_SCATTER, flat)
            .scatter(sched, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                     comm, NULL, seg);
    /* Groups in another order than the ranks': the root puts the blocks in
     * group order first. */
    if (l.layout->perm != NULL && l.rank == l.root) {
        void *ordered = himpi_sched_tmp(sched, l.p * sendcount, sendtype);
        if ((rc = himpi_levels_permute_build(sched, &l, sendbuf, ordered, sendcount, sendtype,
                                             1)) != MPI_SUCCESS)
            return rc;
        sendbuf = ordered;
    }
    /* Another group's leader keeps its group's blocks, in recvtype, until
     * it scatters them; the root's group's blocks stay in sendbuf. */
    void *blocks = NULL;
    if (l.rank == l.start && l.group != l.root_group)
        blocks = himpi_sched_tmp(sched, l.sizes[l.group] * recvcount, recvtype);
    if ((rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    if (l.outer != MPI_COMM_NULL &&
        (rc = himpi_coll(HIMPI_OP_SCATTER, plan->level[depth].alg)
                  .scatter(sched, sendbuf, sendcount, sendtype,
                           l.rank == l.root ? MPI_IN_PLACE : blocks, recvcount, recvtype,
                           l.root_group, l.outer, l.sizes, seg)) != MPI_SUCCESS)
        return rc;
    if ((rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    if (l.group == l.root_group)
        return scatter_plan(
            sched, l.rank == l.root ? himpi_at(sendbuf, (MPI_Aint)l.start * sendcount, sendtype)
                                    : NULL,
            sendcount, sendtype, recvbuf, recvcount, recvtype, l.root - l.start, l.inner, plan,
            depth + 1);
    return scatter_plan(sched, blocks, recvcount, recvtype, recvbuf, recvcount, recvtype, 0,
                        l.inner, plan, depth + 1);
}

int himpi_hier_scatter(himpi_sched *sched, const himpi_coll_args *a, MPI_Comm comm,
                       const HiMPI_Plan *plan)
{
    return scatter_plan(sched, a->sendbuf, a->sendcount, a->sendtype, a->recvbuf, a->recvcount,
                        a->recvtype, a->root, comm, plan, 0);
}

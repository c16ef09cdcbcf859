/* gather.c: the hierarchical gather driver: every group gathers to its leader
 * first, then the leaders send their groups' blocks to the root.  Blocks
 * arrive in group order, which is the rank order when groups are
 * contiguous; otherwise the root puts them in rank order at the end. */
#include <config.h>

#include "coll/coll.h"
#include "core/typed.h"
#include "hier/drivers.h"
#include "hier/levels.h"

/* Level depth of plan and below, on comm. */
static int gather_plan(himpi_sched *sched, const void *sendbuf, int sendcount,
                       MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                       int root, MPI_Comm comm, const HiMPI_Plan *plan, int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_levels_next(comm, plan, &depth, root, 0, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return himpi_coll(HIMPI_OP_GATHER, flat)
            .gather(sched, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
                    NULL, seg);
    /* Groups in another order than the ranks': the root gathers in group
     * order, then puts the blocks in rank order. */
    void *ordered = NULL, *result = recvbuf;
    if (l.layout->perm != NULL && l.rank == l.root) {
        ordered = himpi_sched_tmp(sched, l.p * recvcount, recvtype);
        if (sendbuf == MPI_IN_PLACE &&
            (rc = himpi_sched_copy(
                 sched, HIMPI_SCHED_FIRST, himpi_at(recvbuf, (MPI_Aint)root * recvcount, recvtype),
                 recvcount, recvtype, himpi_at(ordered, (MPI_Aint)l.root * recvcount, recvtype),
                 recvcount, recvtype, NULL)) != MPI_SUCCESS)
            return rc;
        if ((rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
            return rc;
        recvbuf = ordered;
    }
    /* The root gathers its group straight into place in recvbuf; another
     * group's leader collects its group's blocks in sendtype (its recvtype
     * means nothing in MPI_Gather). */
    void *blocks = NULL;
    if (l.group == l.root_group)
        rc = gather_plan(
            sched, sendbuf, sendcount, sendtype,
            l.rank == l.root ? himpi_at(recvbuf, (MPI_Aint)l.start * recvcount, recvtype) : NULL,
            recvcount, recvtype, l.root - l.start, l.inner, plan, depth + 1);
    else {
        if (l.rank == l.start)
            blocks = himpi_sched_tmp(sched, l.sizes[l.group] * sendcount, sendtype);
        rc = gather_plan(sched, sendbuf, sendcount, sendtype, blocks, sendcount, sendtype, 0,
                         l.inner, plan, depth + 1);
    }
    if (rc != MPI_SUCCESS || (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    if (l.outer != MPI_COMM_NULL &&
        (rc = himpi_coll(HIMPI_OP_GATHER, plan->level[depth].alg)
                  .gather(sched, l.rank == l.root ? MPI_IN_PLACE : blocks, sendcount, sendtype,
                          recvbuf, recvcount, recvtype, l.root_group, l.outer, l.sizes, seg)) !=
            MPI_SUCCESS)
        return rc;
    if (ordered == NULL)
        return MPI_SUCCESS;
    if ((rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    return himpi_levels_permute_build(sched, &l, ordered, result, recvcount, recvtype, 0);
}

int himpi_hier_gather(himpi_sched *sched, const himpi_coll_args *a, MPI_Comm comm,
                      const HiMPI_Plan *plan)
{
    return gather_plan(sched, a->sendbuf, a->sendcount, a->sendtype, a->recvbuf, a->recvcount,
                       a->recvtype, a->root, comm, plan, 0);
}

/* allgather.c: the hierarchical allgather driver: inside every group first,
 * each group's blocks landing in place in recvbuf, then among the ranks at
 * the same position in every group, each bringing its group's blocks.
 * Blocks are in group order, the rank order when groups are contiguous;
 * otherwise every rank puts them in rank order at the end.
 * Where groups are uneven, the ranks in the extra position of the larger
 * groups get the whole result from their group's first rank. */
#include <config.h>

#include "coll/coll.h"
#include "core/typed.h"
#include "hier/drivers.h"
#include "hier/levels.h"

/* Level depth of plan and below, on comm. */
static int allgather_plan(himpi_sched *sched, const void *sendbuf, int sendcount,
                          MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, MPI_Comm comm, const HiMPI_Plan *plan, int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_levels_next(comm, plan, &depth, -1, 0, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return himpi_coll(HIMPI_OP_ALLGATHER, flat)
            .allgather(sched, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                       NULL, seg);
    /* Groups in another order than the ranks': gather in group order, then
     * put the blocks in rank order. */
    void *ordered = NULL, *result = recvbuf;
    if (l.layout->perm != NULL) {
        ordered = himpi_sched_tmp(sched, l.p * recvcount, recvtype);
        if (sendbuf == MPI_IN_PLACE) {
            int rank;
            MPI_Comm_rank(comm, &rank);
            if ((rc = himpi_sched_copy(
                     sched, HIMPI_SCHED_FIRST,
                     himpi_at(recvbuf, (MPI_Aint)rank * recvcount, recvtype), recvcount, recvtype,
                     himpi_at(ordered, (MPI_Aint)l.rank * recvcount, recvtype), recvcount,
                     recvtype, NULL)) != MPI_SUCCESS ||
                (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
                return rc;
        }
        recvbuf = ordered;
    }
    if ((rc = allgather_plan(sched, sendbuf, sendcount, sendtype,
                             himpi_at(recvbuf, (MPI_Aint)l.start * recvcount, recvtype),
                             recvcount, recvtype, l.inner, plan, depth + 1)) != MPI_SUCCESS ||
        (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    if (l.outer != MPI_COMM_NULL &&
        (rc = himpi_coll(HIMPI_OP_ALLGATHER, plan->level[depth].alg)
                  .allgather(sched, MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, recvbuf, recvcount,
                             recvtype, l.outer, l.sizes, seg)) != MPI_SUCCESS)
        return rc;
    if ((rc = himpi_sched_fence(sched)) != MPI_SUCCESS ||
        (rc = himpi_levels_share_build(sched, &l, recvbuf, l.p * recvcount, recvtype)) !=
            MPI_SUCCESS ||
        ordered == NULL || (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    return himpi_levels_permute_build(sched, &l, ordered, result, recvcount, recvtype, 0);
}

int himpi_hier_allgather(himpi_sched *sched, const himpi_coll_args *a, MPI_Comm comm,
                         const HiMPI_Plan *plan)
{
    return allgather_plan(sched, a->sendbuf, a->sendcount, a->sendtype, a->recvbuf, a->recvcount,
                          a->recvtype, comm, plan, 0);
}

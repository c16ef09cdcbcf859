/* exscan.c: the hierarchical exscan driver: an exclusive scan inside every
 * group, from which the group's last rank makes the group's total (its
 * result and its own operand); an exclusive scan of the totals among the
 * groups' first ranks, who broadcast it in their groups; then the first
 * rank of a group takes that prefix as its result and the others put it in
 * front of theirs.  Groups are contiguous blocks in rank order, as for the
 * scan (hier/scan.c). */
#include <config.h>

#include "coll/coll.h"
#include "hier/drivers.h"
#include "hier/levels.h"

/* Level depth of plan and below, on comm. */
static int exscan_plan(himpi_sched *sched, const void *sendbuf, void *recvbuf, int count,
                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, const HiMPI_Plan *plan,
                       int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_levels_next(comm, plan, &depth, -1, 1, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return himpi_coll(HIMPI_OP_EXSCAN, flat)
            .exscan(sched, sendbuf, recvbuf, count, datatype, op, comm, seg);
    /* The operand outlives the result that replaces it in place: the last
     * rank of a group needs both. */
    if (sendbuf == MPI_IN_PLACE) {
        void *mine = himpi_sched_tmp(sched, count, datatype);
        if ((rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, recvbuf, count, datatype, mine,
                                   count, datatype, NULL)) != MPI_SUCCESS ||
            (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
            return rc;
        sendbuf = mine;
    }
    if ((rc = exscan_plan(sched, sendbuf, recvbuf, count, datatype, op, l.inner, plan,
                          depth + 1)) != MPI_SUCCESS ||
        (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    int position = l.rank - l.start, last = position == l.sizes[l.group] - 1;
    const void *total = sendbuf;
    void *prefix = himpi_sched_tmp(sched, count, datatype);
    if (last && position > 0) {
        void *sum = himpi_sched_tmp(sched, count, datatype);
        int copied;
        if ((rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, sendbuf, count, datatype, sum, count,
                                   datatype, &copied)) != MPI_SUCCESS ||
            (rc = himpi_sched_reduce(sched, copied, recvbuf, sum, count, datatype, op, NULL)) !=
                MPI_SUCCESS ||
            (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
            return rc;
        total = sum;
    }
    if ((rc = himpi_levels_group_prefix_build(sched, &l, total, prefix, count, datatype, op,
                                              plan->level[depth].alg, seg)) != MPI_SUCCESS ||
        l.group == 0 || (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    return position == 0 ? himpi_sched_copy(sched, HIMPI_SCHED_FIRST, prefix, count, datatype,
                                            recvbuf, count, datatype, NULL)
                         : himpi_sched_reduce(sched, HIMPI_SCHED_FIRST, prefix, recvbuf, count,
                                              datatype, op, NULL);
}

int himpi_hier_exscan(himpi_sched *sched, const himpi_coll_args *a, MPI_Comm comm,
                      const HiMPI_Plan *plan)
{
    return exscan_plan(sched, a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op, comm,
                       plan, 0);
}

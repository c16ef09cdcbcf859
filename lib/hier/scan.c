/* scan.c: the hierarchical scan driver: a scan inside every group, an
 * exclusive scan of the groups' totals among the groups' first ranks, who
 * broadcast it in their groups, and every rank puts that prefix in front
 * of its result inside the group.  A rank's result covers exactly the
 * ranks below it, so the groups are always contiguous blocks in rank
 * order (himpi_levels_next's ordered), whatever the MPI_Op. */
#include <config.h>

#include "coll/coll.h"
#include "hier/drivers.h"
#include "hier/levels.h"

/* Level depth of plan and below, on comm. */
static int scan_plan(himpi_sched *sched, const void *sendbuf, void *recvbuf, int count,
                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, const HiMPI_Plan *plan,
                     int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_levels_next(comm, plan, &depth, -1, 1, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return himpi_coll(HIMPI_OP_SCAN, flat)
            .scan(sched, sendbuf, recvbuf, count, datatype, op, comm, seg);
    if ((rc = scan_plan(sched, sendbuf, recvbuf, count, datatype, op, l.inner, plan,
                        depth + 1)) != MPI_SUCCESS ||
        (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    /* The group's last rank holds its total. */
    void *prefix = himpi_sched_tmp(sched, count, datatype);
    if ((rc = himpi_levels_group_prefix_build(sched, &l, recvbuf, prefix, count, datatype, op,
                                              plan->level[depth].alg, seg)) != MPI_SUCCESS ||
        l.group == 0 || (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    return himpi_sched_reduce(sched, HIMPI_SCHED_FIRST, prefix, recvbuf, count, datatype, op,
                              NULL);
}

int himpi_hier_scan(himpi_sched *sched, const himpi_coll_args *a, MPI_Comm comm,
                    const HiMPI_Plan *plan)
{
    return scan_plan(sched, a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op, comm, plan,
                     0);
}

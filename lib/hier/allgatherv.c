/* allgatherv.c: the hierarchical allgatherv driver, allgather.c's with
 * blocks of any size.  Every rank knows every count, so none travels: an
 * allgatherv inside every group first (the rest of the plan), each block
 * landing in its place in recvbuf, then among the ranks at the same
 * position in every group, each bringing its group's blocks (in place as
 * one run of recvbuf where each group's follow each other there, as bytes
 * otherwise); where groups are uneven, the ranks past the smallest group's
 * size get the whole result from their group's first rank.  Groups in
 * another order than the ranks' need nothing more: each block has its
 * displacement. */
#include <config.h>

#include "coll/coll.h"
#include "hier/drivers.h"
#include "hier/vblocks.h"

/* Every rank's block of recvbuf, to the ranks that sat the step between groups out. */
static int share(himpi_sched *sched, const himpi_levels *l, void *recvbuf, const int *counts,
                 const int *displs, MPI_Datatype recvtype)
{
    if (l->sizes[l->group] == himpi_layout_min_size(l->layout))
        return MPI_SUCCESS;
    MPI_Datatype every;
    int rc = MPI_Type_indexed(l->p, counts, displs, recvtype, &every);
    if (rc != MPI_SUCCESS)
        return rc;
    himpi_sched_keep_type(sched, &every);
    if ((rc = MPI_Type_commit(&every)) != MPI_SUCCESS)
        return rc;
    return himpi_levels_share_build(sched, l, recvbuf, 1, every);
}

/* Level depth of plan and below, on comm. */
static int allgatherv_plan(himpi_sched *sched, const void *sendbuf, int sendcount,
                           MPI_Datatype sendtype, void *recvbuf, const int *counts,
                           const int *displs, MPI_Datatype recvtype, MPI_Comm comm,
                           const HiMPI_Plan *plan, int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_levels_next(comm, plan, &depth, -1, 0, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return himpi_coll(HIMPI_OP_ALLGATHERV, flat)
            .allgatherv(sched, sendbuf, sendcount, sendtype, recvbuf, counts, displs, recvtype,
                        comm, seg);
    himpi_vblocks b;
    himpi_vblocks_init(sched, &b, &l, counts, displs, recvtype);
    if ((rc = allgatherv_plan(sched, sendbuf, sendcount, sendtype, recvbuf, b.count + l.start,
                              b.displ + l.start, recvtype, l.inner, plan, depth + 1)) !=
            MPI_SUCCESS ||
        (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    if (l.outer != MPI_COMM_NULL) {
        void *packed = NULL;
        if (!b.runs) {
            packed = himpi_sched_tmp(sched, b.at[b.g - 1] + b.packed[b.g - 1], MPI_BYTE);
            if ((rc = himpi_vblocks_copy_build(sched, &b, l.group, recvbuf, packed, 0)) !=
                    MPI_SUCCESS ||
                (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
                return rc;
        }
        if ((rc = himpi_coll(HIMPI_OP_ALLGATHERV, plan->level[depth].alg)
                      .allgatherv(sched, MPI_IN_PLACE, 0, MPI_DATATYPE_NULL,
                                  packed != NULL ? packed : recvbuf,
                                  packed != NULL ? b.packed : b.total,
                                  packed != NULL ? b.at : b.first,
                                  packed != NULL ? MPI_BYTE : recvtype, l.outer, seg)) !=
            MPI_SUCCESS)
            return rc;
        if (packed != NULL && (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
            return rc;
        for (int k = 0; k < b.g && packed != NULL && rc == MPI_SUCCESS; k++)
            if (k != l.group)
                rc = himpi_vblocks_copy_build(sched, &b, k, recvbuf, packed, 1);
    }
    if (rc != MPI_SUCCESS || (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    return share(sched, &l, recvbuf, counts, displs, recvtype);
}

int himpi_hier_allgatherv(himpi_sched *sched, const himpi_coll_args *a, MPI_Comm comm,
                          const HiMPI_Plan *plan)
{
    return allgatherv_plan(sched, a->sendbuf, a->sendcount, a->sendtype, a->recvbuf,
                           a->recvcounts, a->displs, a->recvtype, comm, plan, 0);
}

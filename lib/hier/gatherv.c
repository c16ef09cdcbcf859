/* gatherv.c: the hierarchical gatherv driver, gather.c's with blocks of any
 * size.  Only the root knows the counts, so it first sends the leader of
 * every other group the sizes of its group's blocks (vblocks.h: a scatterv
 * of p ints among the leaders, the only cost the fixed-count form does not
 * have).  Every group then gathers to its leader (the rest of the plan):
 * the root's group straight into place in recvbuf, the others as bytes;
 * and the leaders send their groups' blocks to the root, which takes them
 * into place, straight where each group's blocks follow each other in
 * recvbuf, through a buffer of bytes otherwise.  Groups in another order
 * than the ranks' need nothing more: each block has its displacement. */
#include <config.h>

#include "coll/coll.h"
#include "hier/drivers.h"
#include "hier/vblocks.h"

/* Level depth of plan and below, on comm. */
static int gatherv_plan(himpi_sched *sched, const void *sendbuf, int sendcount,
                        MPI_Datatype sendtype, void *recvbuf, const int *counts,
                        const int *displs, MPI_Datatype recvtype, int root, MPI_Comm comm,
                        const HiMPI_Plan *plan, int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_levels_next(comm, plan, &depth, root, 0, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return himpi_coll(HIMPI_OP_GATHERV, flat)
            .gatherv(sched, sendbuf, sendcount, sendtype, recvbuf, counts, displs, recvtype, root,
                     comm, seg);
    himpi_vlevel v;
    const himpi_vblocks *b = &v.b;
    int at_root = l.rank == l.root;
    if ((rc = himpi_vlevel_build(sched, &v, &l, counts, displs, recvtype)) != MPI_SUCCESS)
        return rc;
    /* Another group's leader collects its group's blocks as bytes, one after the other. */
    if (l.group == l.root_group)
        rc = gatherv_plan(sched, sendbuf, sendcount, sendtype, recvbuf,
                          at_root ? b->count + l.start : NULL, at_root ? b->displ + l.start : NULL,
                          recvtype, l.root - l.start, l.inner, plan, depth + 1);
    else
        rc = gatherv_plan(sched, sendbuf, sendcount, sendtype, v.blocks, v.sizes, v.at, MPI_BYTE,
                          0, l.inner, plan, depth + 1);
    if (rc != MPI_SUCCESS || (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    /* Between the groups: the root takes every group's blocks as one run of recvbuf where
     * they are, as bytes to put in place otherwise. */
    if (l.outer != MPI_COMM_NULL &&
        (rc = himpi_coll(HIMPI_OP_GATHERV, plan->level[depth].alg)
                  .gatherv(sched, at_root ? MPI_IN_PLACE : v.blocks, v.bytes, MPI_BYTE,
                           v.packed != NULL ? v.packed : recvbuf,
                           at_root ? (v.packed != NULL ? b->packed : b->total) : NULL,
                           at_root ? (v.packed != NULL ? b->at : b->first) : NULL,
                           v.packed != NULL ? MPI_BYTE : recvtype, l.root_group, l.outer, seg)) !=
            MPI_SUCCESS)
        return rc;
    if (v.packed == NULL || (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    for (int k = 0; k < b->g && rc == MPI_SUCCESS; k++)
        if (k != l.root_group)
            rc = himpi_vblocks_copy_build(sched, b, k, recvbuf, v.packed, 1);
    return rc;
}

int himpi_hier_gatherv(himpi_sched *sched, const himpi_coll_args *a, MPI_Comm comm,
                       const HiMPI_Plan *plan)
{
    return gatherv_plan(sched, a->sendbuf, a->sendcount, a->sendtype, a->recvbuf, a->recvcounts,
                        a->displs, a->recvtype, a->root, comm, plan, 0);
}

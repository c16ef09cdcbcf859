/* scatterv.c: the hierarchical scatterv driver, scatter.c's with blocks of
 * any size.  Only the root knows the counts, so it first sends the leader
 * of every other group the sizes of its group's blocks (vblocks.h: a
 * scatterv of p ints among the leaders, the only cost the fixed-count form
 * does not have).  The root then sends every other group's leader its
 * group's blocks as bytes (straight from sendbuf where they follow each
 * other there, packed otherwise), and every leader scatters inside its
 * group (the rest of the plan): the root's group straight from their
 * places in sendbuf.  Groups in another order than the ranks' need nothing
 * more: each block has its displacement. */
#include <config.h>

#include "coll/coll.h"
#include "hier/drivers.h"
#include "hier/vblocks.h"

/* Level depth of plan and below, on comm. */
static int scatterv_plan(himpi_sched *sched, const void *sendbuf, const int *counts,
                         const int *displs, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, MPI_Comm comm, const HiMPI_Plan *plan,
                         int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_levels_next(comm, plan, &depth, root, 0, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return himpi_coll(HIMPI_OP_SCATTERV, flat)
            .scatterv(sched, sendbuf, counts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                      comm, seg);
    himpi_vlevel v;
    const himpi_vblocks *b = &v.b;
    int at_root = l.rank == l.root;
    if ((rc = himpi_vlevel_build(sched, &v, &l, counts, displs, sendtype)) != MPI_SUCCESS)
        return rc;
    /* Between the groups: the root sends every group's blocks as one run of sendbuf where they
     * are, packed as bytes otherwise; another group's leader keeps them as bytes, one after the
     * other, until it scatters them. */
    for (int k = 0; k < b->g && v.packed != NULL && rc == MPI_SUCCESS; k++)
        if (k != l.root_group)
            rc = himpi_vblocks_copy_build(sched, b, k, (void *)sendbuf, v.packed, 0);
    if (rc != MPI_SUCCESS || (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    if (l.outer != MPI_COMM_NULL &&
        (rc = himpi_coll(HIMPI_OP_SCATTERV, plan->level[depth].alg)
                  .scatterv(sched, v.packed != NULL ? v.packed : sendbuf,
                            at_root ? (v.packed != NULL ? b->packed : b->total) : NULL,
                            at_root ? (v.packed != NULL ? b->at : b->first) : NULL,
                            v.packed != NULL ? MPI_BYTE : sendtype,
                            at_root ? MPI_IN_PLACE : v.blocks, v.bytes, MPI_BYTE, l.root_group,
                            l.outer, seg)) != MPI_SUCCESS)
        return rc;
    if ((rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    if (l.group == l.root_group)
        return scatterv_plan(sched, sendbuf, at_root ? b->count + l.start : NULL,
                             at_root ? b->displ + l.start : NULL, sendtype, recvbuf, recvcount,
                             recvtype, l.root - l.start, l.inner, plan, depth + 1);
    return scatterv_plan(sched, v.blocks, v.sizes, v.at, MPI_BYTE, recvbuf, recvcount, recvtype,
                         0, l.inner, plan, depth + 1);
}

int himpi_hier_scatterv(himpi_sched *sched, const himpi_coll_args *a, MPI_Comm comm,
                        const HiMPI_Plan *plan)
{
    return scatterv_plan(sched, a->sendbuf, a->sendcounts, a->displs, a->sendtype, a->recvbuf,
                         a->recvcount, a->recvtype, a->root, comm, plan, 0);
}

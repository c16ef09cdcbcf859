/* gather.c: the hierarchical gather driver: every group gathers to its leader
 * first, then the leaders send their groups' blocks to the root.  Blocks
 * arrive in group order, which is the rank order when groups are
 * contiguous; otherwise the root puts them in rank order at the end. */
#include <config.h>

#include "coll/coll.h"
#include "hier/drivers.h"
#include "hier/levels.h"

/* Level depth of plan and below, on comm. */
static int gather_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                       const HiMPI_Plan *plan, int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_levels_next(comm, plan, &depth, root, 0, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return himpi_scatter_run(himpi_coll(HIMPI_OP_GATHER, flat).gather, sendbuf, sendcount,
                                 sendtype, recvbuf, recvcount, recvtype, root, comm, NULL, seg);
    /* Groups in another order than the ranks': the root gathers in group
     * order, then puts the blocks in rank order. */
    void *ordered = NULL, *result = recvbuf;
    if (l.layout->perm != NULL && l.rank == l.root) {
        ordered = himpi_tmp_alloc(l.p * recvcount, recvtype);
        if (sendbuf == MPI_IN_PLACE)
            rc = himpi_copy(himpi_at(recvbuf, (MPI_Aint)root * recvcount, recvtype), recvcount,
                            recvtype, himpi_at(ordered, (MPI_Aint)l.root * recvcount, recvtype),
                            recvcount, recvtype);
        recvbuf = ordered;
    }
    /* The root gathers its group straight into place in recvbuf; another
     * group's leader collects its group's blocks in sendtype (its recvtype
     * means nothing in MPI_Gather). */
    void *blocks = NULL;
    if (rc == MPI_SUCCESS && l.group == l.root_group)
        rc = gather_plan(
            sendbuf, sendcount, sendtype,
            l.rank == l.root ? himpi_at(recvbuf, (MPI_Aint)l.start * recvcount, recvtype) : NULL,
            recvcount, recvtype, l.root - l.start, l.inner, plan, depth + 1);
    else if (rc == MPI_SUCCESS) {
        if (l.rank == l.start)
            blocks = himpi_tmp_alloc(l.sizes[l.group] * sendcount, sendtype);
        rc = gather_plan(sendbuf, sendcount, sendtype, blocks, sendcount, sendtype, 0, l.inner,
                         plan, depth + 1);
    }
    if (rc == MPI_SUCCESS && l.outer != MPI_COMM_NULL)
        rc = himpi_scatter_run(himpi_coll(HIMPI_OP_GATHER, plan->level[depth].alg).gather,
                               l.rank == l.root ? MPI_IN_PLACE : blocks, sendcount, sendtype,
                               recvbuf, recvcount, recvtype, l.root_group, l.outer, l.sizes, seg);
    if (rc == MPI_SUCCESS && ordered != NULL)
        rc = himpi_levels_permute(&l, ordered, result, recvcount, recvtype, 0);
    himpi_tmp_free(blocks, sendtype);
    himpi_tmp_free(ordered, recvtype);
    return rc;
}

int himpi_hier_gather(const himpi_coll_args *a, MPI_Comm comm, const HiMPI_Plan *plan)
{
    return gather_plan(a->sendbuf, a->sendcount, a->sendtype, a->recvbuf, a->recvcount, a->recvtype,
                       a->root, comm, plan, 0);
}

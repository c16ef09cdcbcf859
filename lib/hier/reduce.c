/* reduce.c: the hierarchical reduce driver: inside every group to its leader
 * first, then between the leaders to the root.  Groups are contiguous and
 * leaders ordered by group, so operands stay in rank order. */
#include <config.h>

#include "coll/coll.h"
#include "hier/drivers.h"
#include "hier/levels.h"

/* Level depth of plan and below, on comm. */
static int reduce_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                       MPI_Op op, int root, MPI_Comm comm, const HiMPI_Plan *plan, int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_levels_next(comm, plan, &depth, root, !himpi_commutative(op), &l,
                                &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return himpi_reduce_run(himpi_coll(HIMPI_OP_REDUCE, flat).reduce, sendbuf, recvbuf, count,
                                datatype, op, root, comm, seg);
    int inner_root = l.group == l.root_group ? l.root - l.start : 0;
    /* The root reduces its group straight into recvbuf; another leader
     * needs a buffer for its group's partial result. */
    void *partial = recvbuf;
    if (l.rank == l.start && l.group != l.root_group)
        partial = himpi_tmp_alloc(count, datatype);
    rc = reduce_plan(sendbuf, partial, count, datatype, op, inner_root, l.inner, plan, depth + 1);
    himpi_reduce_builder *out = himpi_coll(HIMPI_OP_REDUCE, plan->level[depth].alg).reduce;
    if (rc == MPI_SUCCESS && l.outer != MPI_COMM_NULL)
        rc = l.rank == l.root ? himpi_reduce_run(out, MPI_IN_PLACE, recvbuf, count, datatype, op,
                                                 l.root_group, l.outer, seg)
                              : himpi_reduce_run(out, partial, NULL, count, datatype, op,
                                                 l.root_group, l.outer, seg);
    if (partial != recvbuf)
        himpi_tmp_free(partial, datatype);
    return rc;
}

int himpi_hier_reduce(const himpi_coll_args *a, MPI_Comm comm, const HiMPI_Plan *plan)
{
    return reduce_plan(a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op, a->root, comm,
                       plan, 0);
}

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
static int exscan_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                       MPI_Op op, MPI_Comm comm, const HiMPI_Plan *plan, int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_levels_next(comm, plan, &depth, -1, 1, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return himpi_allreduce_run(himpi_coll(HIMPI_OP_EXSCAN, flat).exscan, sendbuf, recvbuf,
                                   count, datatype, op, comm, seg);
    /* The operand outlives the result that replaces it in place: the last
     * rank of a group needs both. */
    void *mine = NULL;
    if (sendbuf == MPI_IN_PLACE) {
        mine = himpi_tmp_alloc(count, datatype);
        rc = himpi_copy(recvbuf, count, datatype, mine, count, datatype);
        sendbuf = mine;
    }
    if (rc == MPI_SUCCESS)
        rc = exscan_plan(sendbuf, recvbuf, count, datatype, op, l.inner, plan, depth + 1);
    int position = l.rank - l.start, last = position == l.sizes[l.group] - 1;
    const void *total = sendbuf;
    void *sum = NULL, *prefix = himpi_tmp_alloc(count, datatype);
    if (rc == MPI_SUCCESS && last && position > 0) {
        sum = himpi_tmp_alloc(count, datatype);
        rc = himpi_copy(sendbuf, count, datatype, sum, count, datatype);
        if (rc == MPI_SUCCESS)
            rc = MPI_Reduce_local(recvbuf, sum, count, datatype, op);
        total = sum;
    }
    if (rc == MPI_SUCCESS)
        rc = himpi_levels_group_prefix(&l, total, prefix, count, datatype, op,
                                       plan->level[depth].alg, seg);
    if (rc == MPI_SUCCESS && l.group > 0)
        rc = position == 0 ? himpi_copy(prefix, count, datatype, recvbuf, count, datatype)
                           : MPI_Reduce_local(prefix, recvbuf, count, datatype, op);
    himpi_tmp_free(sum, datatype);
    himpi_tmp_free(prefix, datatype);
    himpi_tmp_free(mine, datatype);
    return rc;
}

int himpi_hier_exscan(const himpi_coll_args *a, MPI_Comm comm, const HiMPI_Plan *plan)
{
    return exscan_plan(a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op, comm, plan, 0);
}

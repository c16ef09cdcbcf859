/* allreduce.c: the hierarchical allreduce driver: inside every group first,
 * then among the ranks at the same position in every group.  Where groups
 * are uneven, the ranks in the extra position of the larger groups take no
 * part in the second step and get the result from their group's first
 * rank. */
#include <config.h>

#include "coll/coll.h"
#include "hier/drivers.h"
#include "hier/levels.h"

/* Level depth of plan and below, on comm. */
static int allreduce_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, MPI_Comm comm, const HiMPI_Plan *plan, int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_levels_next(comm, plan, &depth, -1, !himpi_commutative(op), &l,
                                &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return himpi_allreduce_run(himpi_coll(HIMPI_OP_ALLREDUCE, flat).allreduce, sendbuf, recvbuf,
                                   count, datatype, op, comm, seg);
    if ((rc = allreduce_plan(sendbuf, recvbuf, count, datatype, op, l.inner, plan, depth + 1)) !=
        MPI_SUCCESS)
        return rc;
    if (l.outer != MPI_COMM_NULL &&
        (rc = himpi_allreduce_run(himpi_coll(HIMPI_OP_ALLREDUCE, plan->level[depth].alg).allreduce,
                                  MPI_IN_PLACE, recvbuf, count, datatype, op, l.outer, seg)) !=
            MPI_SUCCESS)
        return rc;
    return himpi_levels_share(&l, recvbuf, count, datatype);
}

int himpi_hier_allreduce(const himpi_coll_args *a, MPI_Comm comm, const HiMPI_Plan *plan)
{
    return allreduce_plan(a->sendbuf, a->recvbuf, a->recvcount, a->recvtype, a->op, comm, plan, 0);
}

/* bcast.c: the hierarchical bcast driver: between the groups' leaders first,
 * then inside every group. */
#include <config.h>

#include "coll/coll.h"
#include "hier/drivers.h"
#include "hier/levels.h"

/* Level depth of plan and below, on comm. */
static int bcast_plan(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                      const HiMPI_Plan *plan, int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_levels_next(comm, plan, &depth, root, 0, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return himpi_bcast_run(himpi_coll(HIMPI_OP_BCAST, flat).bcast, buffer, count, datatype,
                               root, comm, seg);
    /* Leaders are ordered by group, so the root is leader number root_group. */
    if (l.outer != MPI_COMM_NULL &&
        (rc = himpi_bcast_run(himpi_coll(HIMPI_OP_BCAST, plan->level[depth].alg).bcast, buffer,
                              count, datatype, l.root_group, l.outer, seg)) != MPI_SUCCESS)
        return rc;
    int inner_root = l.group == l.root_group ? l.root - l.start : 0;
    return bcast_plan(buffer, count, datatype, inner_root, l.inner, plan, depth + 1);
}

int himpi_hier_bcast(const himpi_coll_args *a, MPI_Comm comm, const HiMPI_Plan *plan)
{
    return bcast_plan(a->recvbuf, a->recvcount, a->recvtype, a->root, comm, plan, 0);
}

/* drivers.c: the driver of every operation the catalogue lists, and the
 * call of a collective with a plan. */
#include <config.h>

#include <stddef.h>

#include "core/catalogue.h"
#include "core/ops.h"
#include "core/validate.h"
#include "hier/drivers.h"
#include "hier/request.h"

static const himpi_driver_fn drivers[HIMPI_OP_COUNT] = {
#define DRIVER(ID, op, ...) [HIMPI_OP_##ID] = himpi_hier_##op,
    HIMPI_OPERATIONS(DRIVER)
#undef DRIVER
};

himpi_driver_fn himpi_driver(HiMPI_Op op)
{
    return op >= 0 && op < HIMPI_OP_COUNT ? drivers[op] : NULL;
}

int himpi_hier_run(HiMPI_Op op, const himpi_coll_args *args, himpi_comm *state,
                   const HiMPI_Plan *plan)
{
    himpi_sched *sched;
    himpi_sched_create(&sched);
    return himpi_sched_finish(&sched, drivers[op](sched, args, himpi_comm_private(state), plan));
}

int himpi_hier_check(HiMPI_Op op, const himpi_coll_args *args, const HiMPI_Plan *plan,
                     int checked, MPI_Comm comm, int *rank, himpi_comm **state)
{
    int p, rc;
    if ((rc = himpi_check_comm(comm, &p, rank)) != MPI_SUCCESS)
        return rc;
    if ((rc = himpi_check_args(op, args, p, *rank)) == MPI_SUCCESS && plan != NULL)
        rc = himpi_check_plan(op, plan);
    return himpi_comm_get(comm, rc != MPI_SUCCESS ? rc : checked, state);
}

int himpi_hier_call(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm,
                    const HiMPI_Plan *plan)
{
    himpi_comm *state;
    himpi_requests_progress();
    int rank, rc = himpi_hier_check(op, args, plan, plan == NULL ? MPI_ERR_ARG : MPI_SUCCESS,
                                    comm, &rank, &state);
    return rc != MPI_SUCCESS ? rc : himpi_hier_run(op, args, state, plan);
}

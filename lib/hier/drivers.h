/* drivers.h: the hierarchical drivers, one per operation (hier/<op>.c).
 * A driver builds the schedule of a collective with a plan, level by level
 * (levels.h), on HiMPI's private communicator: its arguments and plan are
 * checked already, and it looks nothing up.  The levels run one after the
 * other: a fence (core/sched.h) separates each level's stages from the
 * next's. */
#ifndef HIMPI_HIER_DRIVERS_H
#define HIMPI_HIER_DRIVERS_H

#include "himpi.h"
#include "core/args.h"
#include "core/catalogue.h"
#include "core/sched.h"
#include "hier/cache.h"

typedef int (*himpi_driver_fn)(himpi_sched *sched, const himpi_coll_args *args, MPI_Comm comm,
                               const HiMPI_Plan *plan);

#define DECLARE(ID, op, ...)                                                                       \
    int himpi_hier_##op(himpi_sched *sched, const himpi_coll_args *args, MPI_Comm comm,            \
                        const HiMPI_Plan *plan);
HIMPI_OPERATIONS(DECLARE)
#undef DECLARE

/* The driver of op (the catalogue's operations), NULL for an invalid op. */
himpi_driver_fn himpi_driver(HiMPI_Op op);

/* Runs op with checked args and plan on state's communicator: builds its
 * schedule and runs it to completion, the blocking call. */
int himpi_hier_run(HiMPI_Op op, const himpi_coll_args *args, himpi_comm *state,
                   const HiMPI_Plan *plan);

/* The checks of every call of op, in the order their error classes take
 * precedence: comm, args, plan unless it is NULL, then checked (the
 * outcome of what the caller checked itself, MPI_SUCCESS if nothing).
 * Every local check goes into himpi_comm_get, which has the ranks agree on
 * them before a communicator's first, collective set-up.  Gives comm's
 * state and this rank. */
int himpi_hier_check(HiMPI_Op op, const himpi_coll_args *args, const HiMPI_Plan *plan,
                     int checked, MPI_Comm comm, int *rank, himpi_comm **state);

/* A call of op with an explicit plan on comm: checks comm, args and plan,
 * then runs it.  MPI_SUCCESS or the error class of the first problem. */
int himpi_hier_call(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm,
                    const HiMPI_Plan *plan);

#endif /* HIMPI_HIER_DRIVERS_H */

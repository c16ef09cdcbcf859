/* plan.h: the plan of a plain collective call (HiMPI_Bcast and friends).
 *
 * In order of precedence: what the HIMPI_* variables force (HIMPI_GROUPS
 * makes it one level of g rank blocks; HIMPI_ALG_OUT sets every level's
 * algorithm, HIMPI_ALG_IN the one inside, HIMPI_SEGMENT_SIZE the segment
 * size), the table's plan (any layout it holds) for the call's
 * operation, process count and size (table.h has the lookup rules; with
 * HIMPI_TUNE=lazy a size the table lacks is tuned first), and the default
 * plan: one group running the MPI library's own collective.  HIMPI_DEBUG=1
 * prints each decision on the communicator's rank 0. */
#ifndef HIMPI_PLAN_H
#define HIMPI_PLAN_H

#include "config/env.h"
#include "himpi.h"

/* Chooses the plan of a call of op on comm that moves count elements of
 * datatype on this rank (the count and type that say how many bytes a
 * rank sends or receives, as the containers count them).  Invalid
 * arguments give the default plan, leaving the error to the call itself.
 * Collective at a communicator's first call (it loads the runtime there)
 * and when it tunes. */
int himpi_plan_choose(HiMPI_Op op, MPI_Comm comm, int count, MPI_Datatype datatype,
                      HiMPI_Plan *plan);

/* 1 if this rank is root of comm, 0 otherwise (also for an invalid comm). */
int himpi_plan_is_root(MPI_Comm comm, int root);

/* The algorithm plain calls of op use between groups (outer = 1) or inside
 * them when the table has no say: the one HIMPI_ALG_OUT or HIMPI_ALG_IN
 * names if it exists for op, native otherwise. */
HiMPI_Alg himpi_plan_alg(const himpi_env *env, HiMPI_Op op, int outer);

#endif /* HIMPI_PLAN_H */

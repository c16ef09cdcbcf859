/* plan.h: the plan of a plain collective call (HiMPI_Bcast and friends),
 * looked up: no communication, no tuning (the entry points tune first
 * when HIMPI_TUNE=lazy asks, api/choose.c).
 *
 * In order of precedence: what the HIMPI_* variables force (HIMPI_GROUPS
 * makes it one level of g rank blocks; HIMPI_ALG_OUT sets every level's
 * algorithm, HIMPI_ALG_IN the one inside, HIMPI_SEGMENT_SIZE the segment
 * size, HIMPI_OVERLAP the overlap), the table's plan (any layout it holds)
 * for the call's operation, process count and size (table.h has the
 * lookup rules), and the default plan: one group running the MPI
 * library's own collective.  The overlap is then 0 where the operation or
 * the plan cannot overlap (himpi_plan_overlap), so the plan says what
 * runs.
 * HIMPI_DEBUG=1 prints each decision on the communicator's rank 0. */
#ifndef HIMPI_SELECT_PLAN_H
#define HIMPI_SELECT_PLAN_H

#include "himpi.h"
#include "config/runtime.h"

/* The plan of a call of op on p ranks moving bytes, by env's settings
 * and ix's table, without a word; found is the table's part of it
 * (found->table_procs is 0 when the table has no rows of op). */
void himpi_plan_decide(const himpi_env *env, const himpi_index *ix, HiMPI_Op op, int p,
                       long long bytes, himpi_plan *found, HiMPI_Plan *plan);

/* The plan of a call of op on p ranks whose rank `rank` moves bytes, by
 * rt's settings and table.  tuned says the table's row was tuned for this
 * call, for HIMPI_DEBUG's account. */
void himpi_plan_select(const himpi_runtime *rt, HiMPI_Op op, int p, int rank, long long bytes,
                       int tuned, HiMPI_Plan *plan);

/* 1 if the plan of a plain call of op on p ranks may depend on its
 * message size, by rt's settings and table: HIMPI_TUNE=lazy (a size the
 * table lacks is tuned), or a table whose sizes hold several plans there.
 * Where the ranks do not know the size alike, the calls agree on it first
 * then (api/call.c). */
int himpi_plan_by_size(const himpi_runtime *rt, HiMPI_Op op, int p);

#endif /* HIMPI_SELECT_PLAN_H */

/* call.h: the one path every collective entry point takes (entry_points.c
 * packs each call's arguments and comes here): the arguments are checked
 * once, the plan is chosen or given, and the operation's driver runs it. */
#ifndef HIMPI_API_CALL_H
#define HIMPI_API_CALL_H

#include "himpi.h"
#include "core/args.h"
#include "hier/cache.h"

/* A plain call: the plan comes from himpi_choose. */
int himpi_call(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm);

/* A call with HiMPI_Params (a call with a plan is hier/drivers.h's
 * himpi_hier_call). */
int himpi_call_params(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm,
                      const HiMPI_Params *params);

/* The persistent forms: the plan chosen as a plain call would choose it,
 * or given. */
int himpi_call_init(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm, MPI_Info info,
                    HiMPI_Request *request);
int himpi_call_init_plan(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm,
                         const HiMPI_Plan *plan, MPI_Info info, HiMPI_Request *request);

/* The nonblocking forms: the plan chosen as a plain call would choose it,
 * or given; the schedule is built and started, and *request completes it
 * (HiMPI_Wait, HiMPI_Test).  They do not count among a communicator's
 * first plain calls (native_calls.h): they set it up at once. */
int himpi_call_start(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm,
                     HiMPI_Request *request);
int himpi_call_start_plan(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm,
                          const HiMPI_Plan *plan, HiMPI_Request *request);

/* The plan of a plain call of op on state's communicator whose rank moves
 * count elements of datatype (its share, core/ops.h): the communicator's
 * runtime (HiMPI_Init's, or loaded at its first plain call), tuned first
 * if HIMPI_TUNE=lazy asks and the table lacks the size, then looked up
 * (select/plan.h).  Collective at the first call and when it tunes. */
int himpi_choose(HiMPI_Op op, himpi_comm *state, long long count, MPI_Datatype datatype,
                 HiMPI_Plan *plan);

#endif /* HIMPI_API_CALL_H */

/* request.h: persistent collectives (internal).  A HiMPI_<op>_init call
 * checks its arguments, binds them to a request with the plan, and
 * himpi_request_init builds everything the plan needs; each HiMPI_Start
 * then only runs the operation's driver, or starts the MPI library's own
 * persistent collective when the plan is that collective. */
#ifndef HIMPI_REQUEST_H
#define HIMPI_REQUEST_H

#include "core/args.h"
#include "hier/cache.h"
#include "himpi.h"

/* Runs the collective of args with plan on comm (HiMPI's private
 * communicator), as the blocking call does. */
typedef int (*himpi_start_fn)(const himpi_coll_args *args, MPI_Comm comm, const HiMPI_Plan *plan);

/* Creates the persistent request of op with checked arguments on state's
 * communicator: builds the plan's layouts and sub-communicators (ordered
 * as for himpi_levels_next) and, if the plan is the MPI library's
 * collective flat, its persistent form.  MPI_ERR_REQUEST for a NULL
 * request; *request is HIMPI_REQUEST_NULL on any error.  Collective. */
int himpi_request_init(HiMPI_Op op, himpi_comm *state, const HiMPI_Plan *plan, int ordered,
                       himpi_start_fn start, const himpi_coll_args *args, MPI_Info info,
                       HiMPI_Request *request);

#endif /* HIMPI_REQUEST_H */

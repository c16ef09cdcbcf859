/* request.h: persistent collectives.  A HiMPI_<op>_init call checks its
 * arguments, and himpi_request_init binds them to a request with the plan
 * and builds everything the plan needs; each HiMPI_Start then only runs
 * the operation's driver (drivers.h), or starts the MPI library's own
 * persistent collective when the plan is that collective. */
#ifndef HIMPI_REQUEST_H
#define HIMPI_REQUEST_H

#include "core/args.h"
#include "hier/cache.h"
#include "himpi.h"

/* Creates the persistent request of op with checked arguments on state's
 * communicator: builds the plan's layouts and sub-communicators (ordered
 * as for himpi_levels_next) and, if the plan is the MPI library's
 * collective flat, its persistent form.  request is not NULL (the caller
 * checks it with the arguments); *request is HIMPI_REQUEST_NULL on any
 * error.  Collective. */
int himpi_request_init(HiMPI_Op op, himpi_comm *state, const HiMPI_Plan *plan,
                       const himpi_coll_args *args, MPI_Info info, HiMPI_Request *request);

#endif /* HIMPI_REQUEST_H */

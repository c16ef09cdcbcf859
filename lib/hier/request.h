/* request.h: nonblocking and persistent collectives.  A HiMPI_I<op> or
 * HiMPI_<op>_init call checks its arguments, and the functions below bind
 * them to a request with the plan and build its schedule (the operation's
 * driver, drivers.h); a start then only runs the schedule. */
#ifndef HIMPI_REQUEST_H
#define HIMPI_REQUEST_H

#include "core/args.h"
#include "hier/cache.h"
#include "himpi.h"

/* Creates the persistent request of op with checked arguments on state's
 * communicator: builds the plan's layouts and sub-communicators and its
 * schedule, inactive.  request is not NULL (the caller checks it with the
 * arguments); *request is HIMPI_REQUEST_NULL on any error.  Collective:
 * communicators are created at a layout's first use. */
int himpi_request_init(HiMPI_Op op, himpi_comm *state, const HiMPI_Plan *plan,
                       const himpi_coll_args *args, MPI_Info info, HiMPI_Request *request);

/* The same for a nonblocking call: builds the schedule and starts it; the
 * request is freed when a wait or test completes it. */
int himpi_request_start(HiMPI_Op op, himpi_comm *state, const HiMPI_Plan *plan,
                        const himpi_coll_args *args, HiMPI_Request *request);

/* One pass over the requests under way, issuing what their completed
 * stages allow, except those another thread is passing over; returns how
 * many it passed over.  Every HiMPI call makes one, and every wait for a
 * schedule (core/sched.h's hook).  Never blocks. */
int himpi_requests_progress(void);

#endif /* HIMPI_REQUEST_H */

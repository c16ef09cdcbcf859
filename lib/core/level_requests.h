/* level_requests.h: the MPI library's persistent collectives on the levels
 * of a hierarchical persistent request.  While a start runs inside
 * himpi_level_requests_begin/end, each coll stage added alone to a
 * schedule run by a blocking call (core/sched.h) takes a persistent
 * request of the set: created at the first start, in the order the
 * drivers issue them, and started again at every later start.  The drivers
 * issue them in the same order with the same arguments at every start of a
 * request (the plan, buffers and temporaries are fixed), so a call's
 * position names it.  Once persistent requests hold schedules, which make
 * their persistent collectives themselves, the set goes. */
#ifndef HIMPI_LEVEL_REQUESTS_H
#define HIMPI_LEVEL_REQUESTS_H

#include "himpi.h"
#include "core/args.h"

typedef struct himpi_level_requests {
    struct himpi_level_request *reqs;
    int n, cap; /* requests held, room for */
    int next;   /* the next call's position */
} himpi_level_requests;

/* Makes s the current set until himpi_level_requests_end. */
void himpi_level_requests_begin(himpi_level_requests *s);
void himpi_level_requests_end(void);

/* The current set's persistent request for the next call, of op with args
 * on comm, made if this is the set's first start: in *request, or
 * MPI_REQUEST_NULL if there is no current set or the library has no
 * persistent form of the call (the caller then makes the blocking call).
 * MPI_ERR_INTERN if the call differs from the one at the same position at
 * the first start. */
int himpi_level_requests_take(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm,
                              MPI_Request *request);

/* Frees s's requests (none may be active). */
int himpi_level_requests_free(himpi_level_requests *s);

#endif /* HIMPI_LEVEL_REQUESTS_H */

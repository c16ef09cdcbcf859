/* sched_coll.h: the MPI library's own collectives, which the coll stages
 * of schedules call (core/sched.h), in the three forms a schedule runs
 * them in. */
#ifndef HIMPI_CORE_SCHED_COLL_H
#define HIMPI_CORE_SCHED_COLL_H

#include "himpi.h"
#include "core/args.h"
#include "core/sched.h"

typedef enum himpi_coll_form {
    HIMPI_COLL_BLOCKING,    /* MPI_<Op> */
    HIMPI_COLL_NONBLOCKING, /* MPI_I<op>, its request in *request */
    HIMPI_COLL_PERSISTENT   /* MPI_<Op>_init or MPIX_<Op>_init, made in *request */
} himpi_coll_form;

/* The library's collective op with args on comm, or its v-form with counts
 * (NULL: none), in form; the v-variants (gatherv, scatterv, allgatherv)
 * take their vectors from args.  A persistent form takes info, and gives
 * MPI_REQUEST_NULL where the library has none for the call: it has none
 * at all (SimGrid 3.32), it fails the collective matrix (MPICH 4.0.2's
 * scatter, gather and allgather), or the call is a v-form with counts,
 * the uneven blocks of a level. */
int himpi_coll_call(himpi_coll_form form, HiMPI_Op op, const himpi_coll_args *args,
                    const himpi_sched_counts *counts, MPI_Comm comm, MPI_Info info,
                    MPI_Request *request);

#endif /* HIMPI_CORE_SCHED_COLL_H */

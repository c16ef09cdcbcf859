/* native_calls.h: the first plain calls on a communicator run the MPI
 * library's own collective (HIMPI_NATIVE_CALLS, himpi-env(7)).
 *
 * HiMPI's set-up of a communicator (the first call's agreement, a
 * duplicate, its sub-communicators) costs as much as many small
 * collectives, which a communicator that lives for a few calls never
 * repays.  So the first N plain calls on a communicator that HiMPI has not
 * set up are the MPI library's, and call N + 1 sets it up.  The count is
 * an attribute of the communicator, so it goes with it, and since every
 * rank makes the same calls on a communicator in the same order (as MPI
 * requires of collectives), every rank counts alike without communicating
 * and without a lock.  The threshold is HiMPI_Init's setting, which rank 0
 * read for all: without HiMPI_Init there is none, and every call is
 * HiMPI's. */
#ifndef HIMPI_API_NATIVE_CALLS_H
#define HIMPI_API_NATIVE_CALLS_H

#include "himpi.h"

/* Starts counting with threshold N (0: never native), printing each
 * native call on rank 0 if debug is set.  HiMPI_Init calls it, on one
 * thread, once its settings are loaded. */
int himpi_native_calls_start(int threshold, int debug);

/* Stops counting: later calls are HiMPI's.  Counts still attached to
 * communicators are freed with them. */
void himpi_native_calls_stop(void);

/* Counts a plain call on comm, a valid intra-communicator: 1 if it is one
 * of the first N on a communicator that HiMPI has not set up, and must run
 * the MPI library's collective; 0 if HiMPI runs it.  call names the call
 * in the HIMPI_DEBUG line. */
int himpi_native_calls_take(MPI_Comm comm, const char *call);

#endif /* HIMPI_API_NATIVE_CALLS_H */

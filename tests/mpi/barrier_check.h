/* barrier_check.h: whether a barrier kept every rank in until the last
 * one had entered.  A barrier has no result to compare with the MPI
 * library's, so the check is on time: one rank sleeps before it enters
 * while the others enter at once; each rank reads the machine's monotonic
 * clock (shared by the processes of one host, and simulated under
 * SimGrid) just before it enters and just after it leaves, and no rank
 * may leave before the latest entry.  MPI_Wtime will not do: Open MPI's
 * counts from each process's first call.  A barrier that let a rank out
 * early would let it out while the late rank still sleeps. */
#ifndef BARRIER_CHECK_H
#define BARRIER_CHECK_H

#include <mpi.h>

/* A barrier under test: one call of it on comm, with ctx. */
typedef int (*barrier_fn)(MPI_Comm comm, const void *ctx);

/* One round on comm with its rank late entering late: calls fn, records a
 * failure (tap_check) for an error, and for a rank that left early if
 * must_wait is set.  Returns 1 on every rank if some rank left early.
 * Collective over comm. */
int barrier_round(MPI_Comm comm, int late, barrier_fn fn, const void *ctx, const char *what,
                  int must_wait);

#endif /* BARRIER_CHECK_H */

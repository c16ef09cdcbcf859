/* sched_tag.h: the tickets that keep apart the messages of schedules
 * outstanding on one communicator (core/sched.h). */
#ifndef HIMPI_CORE_SCHED_TAG_H
#define HIMPI_CORE_SCHED_TAG_H

#include <mpi.h>

/* Takes comm's next ticket and stores in *base the first of the
 * HIMPI_SCHED_KEYS tags it names. */
int himpi_sched_ticket(MPI_Comm comm, int *base);

#endif /* HIMPI_CORE_SCHED_TAG_H */

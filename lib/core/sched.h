/* sched.h: schedules, a collective's work as a graph of stages
 * (doc/schedules.md).  A builder adds the stages, each after the stages it
 * needs; running the schedule issues a stage as soon as everything it
 * needs is complete, so that independent stages proceed together and none
 * waits for more than it needs.
 *
 * A stage is one of
 *   send, recv  a nonblocking message of count elements of a datatype, on
 *               a communicator the schedule has joined;
 *   copy        a typed local copy (core/typed.h);
 *   reduce      MPI_Reduce_local(in, inout, ...), which leaves in op inout
 *               in inout: in holds the lower ranks' operand.
 * A stage may only depend on stages added before it, so a schedule has no
 * cycle and its stages' indices are one order that respects every edge.
 *
 * Messages of two schedules never match each other.  A schedule joins each
 * communicator it sends on (himpi_sched_join), which takes the
 * communicator's next ticket.  The calls that build schedules are
 * collective, so every rank joins a communicator's schedules in the same
 * order, and a ticket names one schedule alike on every rank; the tags of
 * its messages come from it.  A message's key (0 to HIMPI_SCHED_KEYS - 1)
 * tells apart the messages of one schedule between the same two ranks
 * that may be in flight at once (the segments of a pipeline, say); those
 * with one key match in the order they are issued, as MPI orders messages.
 *
 * Tags run from HIMPI_TAG + 1 up to the communicator's MPI_TAG_UB, in
 * blocks of HIMPI_SCHED_KEYS per ticket; tickets wrap around after
 * (MPI_TAG_UB - HIMPI_TAG) / HIMPI_SCHED_KEYS of them, at least 55 where
 * the library gives only the standard's minimum MPI_TAG_UB of 32767 (Open
 * MPI and MPICH give millions).  That many schedules may be outstanding
 * on one communicator at once. */
#ifndef HIMPI_CORE_SCHED_H
#define HIMPI_CORE_SCHED_H

#include <mpi.h>

#define HIMPI_SCHED_KEYS 256

/* "After nothing": a stage that may be issued as soon as the schedule
 * starts; as the stage to wait for, no edge. */
#define HIMPI_SCHED_FIRST (-1)

typedef struct himpi_sched himpi_sched;

/* An empty schedule.  A schedule's memory comes from core/alloc.h: a
 * schedule may be built while a collective is under way. */
void himpi_sched_create(himpi_sched **sched);

/* Frees sched and what it owns, and sets *sched to NULL; a schedule left
 * incomplete by an error has its outstanding messages cancelled. */
void himpi_sched_free(himpi_sched **sched);

/* Joins comm: takes its next ticket and stores in *channel the number
 * that the schedule's messages on comm give.  Every rank of comm joins. */
int himpi_sched_join(himpi_sched *sched, MPI_Comm comm, int *channel);

/* Each adds a stage issued after stage `after` (HIMPI_SCHED_FIRST: at the
 * start) and stores its index in *stage unless stage is NULL.  Buffers are
 * the caller's until the schedule completes. */
int himpi_sched_send(himpi_sched *sched, int after, int channel, int key, const void *buf,
                     int count, MPI_Datatype datatype, int dest, int *stage);
int himpi_sched_recv(himpi_sched *sched, int after, int channel, int key, void *buf, int count,
                     MPI_Datatype datatype, int source, int *stage);
int himpi_sched_copy(himpi_sched *sched, int after, const void *sendbuf, int sendcount,
                     MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                     int *stage);
int himpi_sched_reduce(himpi_sched *sched, int after, const void *in, void *inout, int count,
                       MPI_Datatype datatype, MPI_Op op, int *stage);

/* A temporary buffer of count elements of datatype (himpi_tmp_alloc),
 * which the schedule frees with itself. */
void *himpi_sched_tmp(himpi_sched *sched, int count, MPI_Datatype datatype);

/* Makes every stage added from now on wait for every stage added so far:
 * what runs one builder's collective after another's, whose stages the
 * second does not know.  A stage added "after nothing" then waits for the
 * fence. */
int himpi_sched_fence(himpi_sched *sched);

/* Makes stage wait for the completion of before too (before < stage;
 * HIMPI_SCHED_FIRST: nothing). */
int himpi_sched_after(himpi_sched *sched, int stage, int before);

/* One step of an algorithm that waits for the step before: makes stages
 * first to last, added one after the other, wait for step[0] and step[1]
 * (those of the step before; HIMPI_SCHED_FIRST for none), then makes them
 * the step (step[0] = first, step[1] = last).  A step of two messages, as
 * a send-receive, so waits for both of the step before, as its blocking
 * form's MPI_Waitall did. */
int himpi_sched_step(himpi_sched *sched, int first, int last, int step[2]);

/* Starts sched (again, once it has completed): issues its first stages. */
int himpi_sched_start(himpi_sched *sched);

/* Progresses a started schedule without blocking: issues the stages whose
 * dependencies completed.  *done is 1 once every stage is complete. */
int himpi_sched_test(himpi_sched *sched, int *done);

/* Progresses a started schedule until it completes, waiting under the
 * HIMPI_WAIT policy (MPIB_Waitany). */
int himpi_sched_wait(himpi_sched *sched);

/* Starts sched and waits for it. */
int himpi_sched_run(himpi_sched *sched);

/* What a blocking call does with the schedule it built, build_rc being
 * what building it returned: runs it if that succeeded, frees it in any
 * case, and returns the first error. */
int himpi_sched_finish(himpi_sched **sched, int build_rc);

#endif /* HIMPI_CORE_SCHED_H */

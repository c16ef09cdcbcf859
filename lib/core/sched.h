/* sched.h: schedules, a collective's work as a graph of stages
 * (doc/schedules.md).  A builder adds the stages, each after the stages it
 * needs; running the schedule issues a stage as soon as everything it
 * needs is complete, so that independent stages proceed together and none
 * waits for more than it needs.
 *
 * A stage is one of
 *   send, recv  a nonblocking message of count elements of a datatype, on
 *               a communicator the schedule has joined; a send may be in
 *               synchronous mode (MPI_Issend);
 *   coll        the MPI library's own collective on a communicator (below);
 *   copy        a typed local copy (core/typed.h);
 *   reduce      MPI_Reduce_local(in, inout, ...), which leaves in op inout
 *               in inout: in holds the lower ranks' operand;
 *   call        a function of the builder's, run when the stage is issued:
 *               what a later stage needs worked out from an earlier one's
 *               result.
 * A stage may only depend on stages added before it, so a schedule has no
 * cycle and its stages' indices are one order that respects every edge.
 *
 * Results a later stage reads.  A receive may record how many elements
 * arrived (himpi_sched_received), and a message may take the bounds of its
 * part of the buffer from memory that an earlier stage wrote, a receive or
 * a call (himpi_sched_bounds): gather's linear-sync, whose root learns
 * where each sender cut its message from the first message's length.
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
 * on one communicator at once.
 *
 * Coll stages.  MPI requires every rank to call the collectives of a
 * communicator in one order, and a blocking collective never matches a
 * nonblocking one, nor a persistent one either of the others.  So:
 *   - a schedule's coll stages on one communicator are issued in the order
 *     they were added: each waits for the issue (not the completion) of
 *     the one before, which keeps the overlap;
 *   - across schedules, those started earlier issue first: a schedule's
 *     first coll stage on a communicator waits until every schedule
 *     started before it on this process has issued all of its own there.
 *     Starts are collective, so every rank starts a communicator's
 *     schedules in one order.  A schedule so held is waited for by
 *     progressing those before it too (himpi_sched_test, _wait): the
 *     earliest of them never waits for a later one, so all complete;
 *   - which call a coll stage makes depends only on what every rank of its
 *     communicator shares: how the schedule runs, and what the builder
 *     said (below), never on what happens to be in flight.
 * A schedule runs in one of three ways, and only its coll stages tell them
 * apart:
 *   - run to completion by a blocking call (himpi_sched_run): a coll stage
 *     added alone (himpi_sched_coll_alone), with a fence on either side, is
 *     the library's blocking collective, its tuned algorithm (Open MPI's
 *     nonblocking ones are libnbc's, far slower), or under the yield wait
 *     policy the nonblocking one waited for under it, as MPIB_Bcast does.
 *     The fences make it safe: when it is issued, everything the schedule
 *     issued before is complete and everything after waits for it, so the
 *     rank would do nothing but wait for the collective anyway.  Other
 *     coll stages are the nonblocking collectives;
 *   - started and completed by tests and waits (himpi_sched_start): every
 *     coll stage is the nonblocking collective;
 *   - persistent (himpi_sched_persistent), started again and again: every
 *     coll stage makes the library's persistent collective at the first
 *     start (MPI-4's MPI_<op>_init, Open MPI's MPIX_<op>_init) and starts
 *     it at each; where the library has none, the call above for how the
 *     schedule is run.
 * On a communicator of one rank the collective is local, and a coll stage
 * makes the blocking call in every mode (SimGrid 3.32's nonblocking
 * collectives never complete on one rank under MPI_Test). */
#ifndef HIMPI_CORE_SCHED_H
#define HIMPI_CORE_SCHED_H

#include <stddef.h>

#include <mpi.h>

#include "himpi.h"
#include "core/args.h"

#define HIMPI_SCHED_KEYS 256

/* "After nothing": a stage that may be issued as soon as the schedule
 * starts; as the stage to wait for, no edge. */
#define HIMPI_SCHED_FIRST (-1)

typedef struct himpi_sched himpi_sched;

/* An empty schedule.  A schedule's memory comes from core/alloc.h: a
 * schedule may be built while a collective is under way. */
void himpi_sched_create(himpi_sched **sched);

/* Marks sched, before its first start, as persistent: its coll stages
 * make the library's persistent collectives once, with info (duplicated;
 * MPI_INFO_NULL for none), and start them. */
int himpi_sched_persistent(himpi_sched *sched, MPI_Info info);

/* Frees sched and what it owns, and sets *sched to NULL; a schedule left
 * incomplete by an error has its outstanding messages cancelled and its
 * outstanding collectives completed (MPI cannot cancel those). */
void himpi_sched_free(himpi_sched **sched);

/* Joins comm: takes its next ticket and stores in *channel the number
 * that the schedule's messages on comm give.  Every rank of comm joins. */
int himpi_sched_join(himpi_sched *sched, MPI_Comm comm, int *channel);

/* Each adds a stage issued after stage `after` (HIMPI_SCHED_FIRST: at the
 * start) and stores its index in *stage unless stage is NULL.  Buffers are
 * the caller's until the schedule completes. */
int himpi_sched_send(himpi_sched *sched, int after, int channel, int key, const void *buf,
                     int count, MPI_Datatype datatype, int dest, int *stage);
int himpi_sched_ssend(himpi_sched *sched, int after, int channel, int key, const void *buf,
                      int count, MPI_Datatype datatype, int dest, int *stage);
int himpi_sched_recv(himpi_sched *sched, int after, int channel, int key, void *buf, int count,
                     MPI_Datatype datatype, int source, int *stage);
int himpi_sched_copy(himpi_sched *sched, int after, const void *sendbuf, int sendcount,
                     MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                     int *stage);
int himpi_sched_reduce(himpi_sched *sched, int after, const void *in, void *inout, int count,
                       MPI_Datatype datatype, MPI_Op op, int *stage);

/* A call stage: fn(arg) when it is issued; what fn returns (an MPI error
 * class) is the stage's.  arg is the caller's until the schedule
 * completes (himpi_sched_memory gives it the schedule's lifetime). */
typedef int himpi_sched_fn(void *arg);
int himpi_sched_call(himpi_sched *sched, int after, himpi_sched_fn *fn, void *arg, int *stage);

/* Makes receive stage recv store in *count, each time it completes, the
 * number of elements of its datatype that arrived (MPI_Get_count). */
int himpi_sched_received(himpi_sched *sched, int recv, int *count);

/* Makes message stage `message` move only elements *from to *to - 1 of
 * its buffer, both read when it is issued (NULL: 0, and its count).  The
 * rest of a message cut elsewhere may be empty: a part whose start, read
 * from memory, is at or past its end moves nothing and completes at once.
 * Both sides of a message work out the same part, so that either both
 * send and receive it or neither. */
int himpi_sched_bounds(himpi_sched *sched, int message, const int *from, const int *to);

/* The counts and displacements of the library's v-collectives: a coll
 * stage of scatter, gather, allgather or alltoall given them is
 * MPI_Scatterv, _Gatherv, _Allgatherv or _Alltoallv, which take the
 * members the MPI call has, the others' single counts from the args. */
typedef struct himpi_sched_counts {
    const int *sendcounts, *sdispls, *recvcounts, *rdispls;
} himpi_sched_counts;

/* A coll stage: the MPI library's collective op (the operations of
 * catalogue.h) with args on comm, or its v-form with counts (NULL: none).
 * args is copied; the buffers and arrays it and counts point to are the
 * caller's until the schedule completes. */
int himpi_sched_coll(himpi_sched *sched, int after, HiMPI_Op op, const himpi_coll_args *args,
                     const himpi_sched_counts *counts, MPI_Comm comm, int *stage);

/* The same after a fence and followed by one, so that it runs alone: in a
 * schedule run by a blocking call it is the library's blocking collective.
 * Every rank of comm must add it alike, alone or not. */
int himpi_sched_coll_alone(himpi_sched *sched, HiMPI_Op op, const himpi_coll_args *args,
                           const himpi_sched_counts *counts, MPI_Comm comm);

/* A temporary buffer of count elements of datatype (himpi_tmp_alloc),
 * which the schedule frees with itself. */
void *himpi_sched_tmp(himpi_sched *sched, int count, MPI_Datatype datatype);

/* size zeroed bytes that the schedule frees with itself: the arguments of
 * its calls, and the values its stages pass on. */
void *himpi_sched_memory(himpi_sched *sched, size_t size);

/* Hands *datatype, which the builder made, to the schedule, which frees it
 * with itself. */
void himpi_sched_keep_type(himpi_sched *sched, MPI_Datatype *datatype);

/* Makes every stage added from now on wait for every stage added so far:
 * what runs one builder's collective after another's, whose stages the
 * second does not know.  A stage added after nothing, or after a stage
 * before the fence, then waits for the fence. */
int himpi_sched_fence(himpi_sched *sched);

/* The last fence's stage, or the scope's origin (HIMPI_SCHED_FIRST: none
 * yet): where everything the stages since depend on has completed. */
int himpi_sched_last_fence(const himpi_sched *sched);

/* A stage that completes once every stage of after[0 .. n-1] has (entries
 * HIMPI_SCHED_FIRST are no edge): where several chains of stages meet. */
int himpi_sched_gate(himpi_sched *sched, int n, const int after[], int *stage);

/* A stage that completes once every stage added since the scope's origin
 * has been issued: after each of them but the sends, and after what each
 * send waits for.  What follows it may run while those sends are under way:
 * a level's next segment starts as its last sends of this one leave, as in
 * one continuous pipeline (hier/steps.c). */
int himpi_sched_issued(himpi_sched *sched, int *stage);

/* A stage that completes once every send added since the scope's origin
 * has: what the same level's sends on the next segment wait for. */
int himpi_sched_sent(himpi_sched *sched, int *stage);

/* Makes every send added since the scope's origin wait for stage as well
 * (HIMPI_SCHED_FIRST: nothing).  A level's sends on one segment then leave
 * after its sends on the segment before have completed, and share no link
 * with them: the next segment's messages cannot slow down the last
 * messages of this one, which the level's root may still be waiting for,
 * while its receives are posted as early as before. */
int himpi_sched_sends_after(himpi_sched *sched, int stage);

/* Opens a scope at stage origin (HIMPI_SCHED_FIRST: the start): stages
 * added from now on "after nothing" wait for origin alone, and the next
 * fence waits only for the stages added from now on (and origin).  What a
 * builder adds in one scope thus waits for its origin, not for the stages
 * of other scopes: the segments of a pipeline of levels proceed side by
 * side (hier/steps.h). */
void himpi_sched_scope(himpi_sched *sched, int origin);

/* Marks sched, before its coll stages are added, as one whose levels
 * overlap: while one of its collectives is under way the rank has other
 * stages to issue, so none runs alone (himpi_sched_coll_alone adds the
 * nonblocking or persistent collective).  Every rank of a communicator
 * must mark its schedules alike. */
void himpi_sched_overlapped(himpi_sched *sched);

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

/* The process's other work under way, which a wait progresses: fn makes
 * one pass over it, without blocking, and returns how much of it it
 * passed over.  A wait then polls, so that no rank's part of a collective
 * waits for a stage of another that this rank would only issue after.
 * Set once (hier/request.c, for the requests under way). */
typedef int himpi_sched_others(void);
void himpi_sched_others_hook(himpi_sched_others *fn);

/* Starts sched (again, once it has completed): issues its first stages. */
int himpi_sched_start(himpi_sched *sched);

/* Progresses a started schedule without blocking: issues the stages whose
 * dependencies completed, after a pass over the schedules its coll stages
 * wait for.  *done is 1 once every stage is complete. */
int himpi_sched_test(himpi_sched *sched, int *done);

/* Progresses a started schedule until it completes, waiting under the
 * HIMPI_WAIT policy (MPIB_Waitany). */
int himpi_sched_wait(himpi_sched *sched);

/* Starts sched and waits for it: the blocking call. */
int himpi_sched_run(himpi_sched *sched);

/* What a blocking call does with the schedule it built, build_rc being
 * what building it returned: runs it if that succeeded, frees it in any
 * case, and returns the first error. */
int himpi_sched_finish(himpi_sched **sched, int build_rc);

#endif /* HIMPI_CORE_SCHED_H */

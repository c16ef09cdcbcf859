/* steps.h: a plan of bcast, reduce or allreduce as the list of steps each
 * rank takes, one algorithm on one communicator each, and their schedule:
 * the levels one after the other, or overlapped.
 *
 * Overlapped (doc/schedules.md), the message is cut into segments of whole
 * elements and every step runs on every segment: step j of segment k
 * follows step j - 1 of segment k (its data), the issue of step j of
 * segment k - 1 (its level's previous work, its last sends possibly still
 * under way) and the end of step j of segment k - 2, and its sends follow
 * the end of those of step j of segment k - 1, so that each level works on
 * its own segment while the next level works on the one before, as many
 * segments in flight as the rank has steps.  One segment is the plan run
 * level after level. */
#ifndef HIMPI_HIER_STEPS_H
#define HIMPI_HIER_STEPS_H

#include "himpi.h"
#include "core/sched.h"
#include "hier/levels.h"

typedef enum himpi_step_kind {
    HIMPI_STEP_BCAST,     /* alg's bcast of out from root */
    HIMPI_STEP_REDUCE,    /* alg's reduce of in into out at root */
    HIMPI_STEP_ALLREDUCE, /* alg's allreduce of in into out */
    HIMPI_STEP_SHARE      /* himpi_levels_share_build of out over levels */
} himpi_step_kind;

/* One step.  Its buffers hold the whole message (count elements of the
 * datatype); a segment's step works on the same elements of each.  in may
 * be MPI_IN_PLACE and out NULL, as the algorithm takes them. */
typedef struct himpi_step {
    himpi_step_kind kind;
    HiMPI_Alg alg;
    MPI_Comm comm;
    int root;
    const void *in;
    void *out;
    himpi_levels levels; /* HIMPI_STEP_SHARE's */
} himpi_step;

/* The steps of this rank for a collective with a plan, at most
 * HIMPI_MAX_STEPS, where the plan's drivers (hier/bcast.c, reduce.c,
 * allreduce.c) put them. */
#define HIMPI_MAX_STEPS (2 * HIMPI_MAX_LEVELS + 1)

typedef struct himpi_steps {
    himpi_step step[HIMPI_MAX_STEPS];
    int n;
} himpi_steps;

/* Appends a step to steps. */
void himpi_steps_add(himpi_steps *steps, himpi_step step);

/* Adds this rank's steps of a call of operation with plan on comm to
 * sched, on segments of the plan's overlap, or on the whole message one
 * after the other where the operation's levels do not overlap or the plan
 * is flat (himpi_plan_overlap: the same on every rank, as the segments
 * must be); then a scope after them all.  op is the reduction's MPI_Op
 * (MPI_OP_NULL for bcast). */
int himpi_steps_build(himpi_sched *sched, const himpi_steps *steps, HiMPI_Op operation,
                      const HiMPI_Plan *plan, MPI_Comm comm, int count, MPI_Datatype datatype,
                      MPI_Op op);

#endif /* HIMPI_HIER_STEPS_H */

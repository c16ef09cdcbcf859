/* steps.c: the steps of a plan on segments of the message (steps.h). */
#include <config.h>

#include <stdlib.h>

#include "coll/coll.h"
#include "core/alloc.h"
#include "core/typed.h"
#include "core/validate.h"
#include "hier/steps.h"

void himpi_steps_add(himpi_steps *steps, himpi_step step)
{
    steps->step[steps->n++] = step;
}

/* A step's buffer on the segment that starts at element first. */
static void *at(const void *buf, MPI_Aint first, MPI_Datatype datatype)
{
    return buf == NULL || buf == MPI_IN_PLACE ? (void *)buf : himpi_at(buf, first, datatype);
}

static int build_step(himpi_sched *sched, const himpi_step *st, MPI_Aint first, int n,
                      MPI_Datatype datatype, MPI_Op op, int seg)
{
    himpi_builder b = himpi_coll(st->kind == HIMPI_STEP_BCAST    ? HIMPI_OP_BCAST
                                         : st->kind == HIMPI_STEP_REDUCE ? HIMPI_OP_REDUCE
                                                                         : HIMPI_OP_ALLREDUCE,
                                         st->alg);
    void *out = at(st->out, first, datatype);
    switch (st->kind) {
    case HIMPI_STEP_BCAST:
        return b.bcast(sched, out, n, datatype, st->root, st->comm, seg);
    case HIMPI_STEP_REDUCE:
        return b.reduce(sched, at(st->in, first, datatype), out, n, datatype, op, st->root,
                        st->comm, seg);
    case HIMPI_STEP_ALLREDUCE:
        return b.allreduce(sched, at(st->in, first, datatype), out, n, datatype, op, st->comm,
                           seg);
    case HIMPI_STEP_SHARE:
        return himpi_levels_share_build(sched, &st->levels, out, n, datatype);
    }
    return MPI_ERR_INTERN;
}

int himpi_steps_build(himpi_sched *sched, const himpi_steps *steps, HiMPI_Op operation,
                      const HiMPI_Plan *plan, MPI_Comm comm, int count, MPI_Datatype datatype,
                      MPI_Op op)
{
    /* Every rank cuts the message alike, whatever steps it has itself: a
     * segment's step on a communicator is a collective of all its ranks. */
    int p;
    MPI_Comm_size(comm, &p);
    int overlap = himpi_plan_overlap(operation, plan, p);
    int segsize = plan->segment_size;
    int per = overlap > 0 ? himpi_segment_count(overlap, datatype) : count;
    if (overlap > 0)
        himpi_sched_overlapped(sched);
    int segments = count > per ? count / per + (count % per != 0) : 1;
    /* Step j of segment k waits for step j - 1 of segment k (its data),
     * for step j of segment k - 1 to be issued (himpi_sched_issued: its
     * last sends may still be under way, so that the level's messages
     * follow one another across segments) and for step j of segment k - 2
     * to end (at most two segments' sends in flight); its sends wait for
     * those of step j of segment k - 1 (himpi_sched_sends_after).
     * done[2 j + k % 2] is the end of step j on segment k, issued[j] and
     * sent[j] its issue and the end of its sends. */
    int n2 = 2 * steps->n;
    int *done = himpi_alloc((size_t)n2 + 2 * (size_t)steps->n + 1, sizeof *done,
                            "a plan's steps");
    int *issued = done + n2, *sent = issued + steps->n;
    for (int j = 0; j < n2 + 2 * steps->n; j++)
        done[j] = HIMPI_SCHED_FIRST;
    int rc = MPI_SUCCESS, origin = himpi_sched_last_fence(sched);
    for (int k = 0; k < segments && rc == MPI_SUCCESS; k++) {
        MPI_Aint first = (MPI_Aint)k * per;
        int n = count - first < per ? (int)(count - first) : per, prev = origin, gate;
        for (int j = 0; j < steps->n && rc == MPI_SUCCESS; j++) {
            const int after[3] = {prev, issued[j], done[2 * j + k % 2]};
            if ((rc = himpi_sched_gate(sched, 3, after, &gate)) != MPI_SUCCESS)
                break;
            himpi_sched_scope(sched, gate);
            if ((rc = build_step(sched, &steps->step[j], first, n, datatype, op, segsize)) ==
                    MPI_SUCCESS &&
                (rc = himpi_sched_sends_after(sched, sent[j])) == MPI_SUCCESS &&
                (rc = himpi_sched_issued(sched, &issued[j])) == MPI_SUCCESS &&
                (rc = himpi_sched_sent(sched, &sent[j])) == MPI_SUCCESS &&
                (rc = himpi_sched_fence(sched)) == MPI_SUCCESS)
                prev = done[2 * j + k % 2] = himpi_sched_last_fence(sched);
        }
    }
    /* What follows waits for every step's last two segments. */
    int end;
    if (rc == MPI_SUCCESS && (rc = himpi_sched_gate(sched, n2, done, &end)) == MPI_SUCCESS)
        himpi_sched_scope(sched, end);
    free(done);
    return rc;
}

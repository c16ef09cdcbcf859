/* sched_run.c: a schedule's starts, progress and end.
 *
 * The first start turns the edges into each stage's list of successors.
 * Each start then counts every stage's pending dependencies; a stage whose
 * count reaches zero joins the ready list, and issuing it either completes
 * it at once (copy, reduce, call, fence, a blocking collective) or leaves a
 * request that MPI_Testsome or MPIB_Waitany reports complete.  A coll
 * stage's count also holds the issue of the coll stage before it on its
 * communicator: in its schedule, the one before it in its lane; in the
 * schedule started before, that lane's last (core/sched_comm.h). */
#include <config.h>

#include <sched.h>
#include <stddef.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "mpib.h"
#include "core/alloc.h"
#include "core/sched.h"
#include "core/sched_coll.h"
#include "core/sched_comm.h"
#include "core/sched_graph.h"
#include "core/typed.h"

/* Stage j waits for one thing less. */
static void release(himpi_sched *s, int j)
{
    if (--s->pending[j] == 0)
        s->ready[s->nready++] = j;
}

/* The schedule is complete, or freed: its lanes leave their
 * communicators'.  The lane after one whose coll stages did not all issue
 * (an error stopped it) is held now by the lane before, or by none. */
static void leave_lanes(himpi_sched *s)
{
    for (int i = 0; i < s->nlanes; i++) {
        himpi_sched_lane *l = &s->lanes[i], *next = l->next;
        if (!l->issued && next != NULL && next->held && (l->prev == NULL || l->prev->issued)) {
            next->held = 0;
            release(next->owner, next->first);
        }
        himpi_sched_lane_leave(l);
    }
}

void himpi_sched_free(himpi_sched **sched)
{
    himpi_sched *s = *sched;
    if (s == NULL)
        return;
    /* MPI cannot cancel a collective: an outstanding one is completed. */
    for (int k = 0; k < s->nflight; k++)
        if (s->requests[k] == MPI_REQUEST_NULL)
            continue;
        else if (s->stages[s->owner[k]].kind == STAGE_COLL)
            MPI_Wait(&s->requests[k], MPI_STATUS_IGNORE);
        else {
            MPI_Cancel(&s->requests[k]);
            MPI_Request_free(&s->requests[k]);
        }
    leave_lanes(s);
    for (int i = 0; i < s->ncolls; i++)
        if (s->colls[i].persistent != MPI_REQUEST_NULL)
            MPI_Request_free(&s->colls[i].persistent);
    if (s->info != MPI_INFO_NULL)
        MPI_Info_free(&s->info);
    for (int i = 0; i < s->nowns; i++)
        if (s->owns[i].kind == OWN_TMP)
            himpi_tmp_free(s->owns[i].buf, s->owns[i].datatype);
        else if (s->owns[i].kind == OWN_MEMORY)
            free(s->owns[i].buf);
        else
            MPI_Type_free(&s->owns[i].datatype);
    free(s->owns);
    free(s->stages);
    free(s->edges);
    free(s->colls);
    free(s->lanes);
    free(s->comms);
    free(s->bases);
    free(s->statuses);
    free(s);
    *sched = NULL;
}

static size_t aligned(size_t bytes)
{
    const size_t a = _Alignof(max_align_t);
    return (bytes + a - 1) / a * a;
}

/* Fixes the graph: every stage's successors, and the per-start arrays, all
 * in the one allocation statuses holds: a blocking call builds and frees a
 * schedule each time, and allocations are much of what that costs. */
static void fix(himpi_sched *s)
{
    size_t n = (size_t)s->nstages + 1, ints = 6 * n + (size_t)s->nedges;
    size_t statuses = aligned(n * sizeof *s->statuses), requests = aligned(n * sizeof *s->requests);
    char *block = himpi_zalloc(1, statuses + requests + ints * sizeof(int), "a schedule");
    s->statuses = (MPI_Status *)block;
    s->requests = (MPI_Request *)(block + statuses);
    s->succ_first = (int *)(block + statuses + requests);
    s->pending = s->succ_first + n;
    s->ready = s->pending + n;
    s->owner = s->ready + n;
    s->indices = s->owner + n;
    s->succ = s->indices + n;
    for (int e = 0; e < s->nedges; e++)
        s->succ_first[s->edges[e].before + 1]++;
    for (int i = 0; i < s->nstages; i++)
        s->succ_first[i + 1] += s->succ_first[i];
    /* pending serves as each list's fill count here. */
    for (int e = 0; e < s->nedges; e++) {
        int b = s->edges[e].before;
        s->succ[s->succ_first[b] + s->pending[b]++] = s->edges[e].after;
    }
}

/* Stage i is complete: its successors may become ready. */
static void complete(himpi_sched *s, int i)
{
    s->ndone++;
    for (int k = s->succ_first[i]; k < s->succ_first[i + 1]; k++)
        release(s, s->succ[k]);
    if (s->ndone == s->nstages)
        leave_lanes(s);
}

/* Coll stage i is issued: the next coll stage on its communicator may be. */
static void issued(himpi_sched *s, int i)
{
    const coll *c = &s->colls[s->stages[i].coll];
    himpi_sched_lane *l = &s->lanes[c->lane];
    if (c->next >= 0) {
        release(s, c->next);
        return;
    }
    l->issued = 1;
    if (l->next != NULL && l->next->held) {
        l->next->held = 0;
        release(l->next->owner, l->next->first);
    }
}

/* Holds the request of stage i, which MPI has under way in
 * requests[nflight]. */
static void in_flight(himpi_sched *s, int i)
{
    s->owner[s->nflight++] = i;
    s->ncolls_in_flight += s->stages[i].kind == STAGE_COLL;
}

/* Issues coll stage i as doc/schedules.md and sched.h say. */
static int issue_coll(himpi_sched *s, int i)
{
    coll *c = &s->colls[s->stages[i].coll];
    MPI_Request *request = &s->requests[s->nflight];
    himpi_coll_form form = HIMPI_COLL_NONBLOCKING;
    const himpi_sched_counts *counts = c->vector ? &c->counts : NULL;
    int size, rc = MPI_Comm_size(c->comm, &size);
    *request = MPI_REQUEST_NULL;
    if (rc == MPI_SUCCESS && size > 1 && s->persistent) {
        if (!c->made)
            rc = himpi_coll_call(HIMPI_COLL_PERSISTENT, c->op, &c->args, counts, c->comm,
                                 s->info, &c->persistent);
        c->made = 1;
        *request = c->persistent;
    }
    if (rc == MPI_SUCCESS && *request != MPI_REQUEST_NULL) {
        rc = MPI_Start(request);
    } else if (rc == MPI_SUCCESS) {
        if (size == 1 ||
            (s->blocking && c->alone && MPIB_get_wait_policy() == MPIB_WAIT_BLOCKING))
            form = HIMPI_COLL_BLOCKING;
        rc = himpi_coll_call(form, c->op, &c->args, counts, c->comm, MPI_INFO_NULL, request);
    }
    if (rc != MPI_SUCCESS)
        return rc;
    issued(s, i);
    if (form == HIMPI_COLL_BLOCKING)
        complete(s, i);
    else
        in_flight(s, i);
    return MPI_SUCCESS;
}

/* Issues message stage i, on its part of its buffer. */
static int issue_message(himpi_sched *s, int i)
{
    const stage *st = &s->stages[i];
    int from = st->from != NULL ? *st->from : 0, to = st->to != NULL ? *st->to : st->count;
    if (from < 0 || to > st->count)
        return MPI_ERR_TRUNCATE;
    if (st->from != NULL && from >= to) {
        complete(s, i);
        return MPI_SUCCESS;
    }
    MPI_Comm comm = s->comms[st->channel];
    MPI_Request *request = &s->requests[s->nflight];
    int rc;
    if (st->kind == STAGE_RECV)
        rc = MPI_Irecv(himpi_at(st->out, from, st->type), to - from, st->type, st->peer, st->tag,
                       comm, request);
    else if (st->kind == STAGE_SSEND)
        rc = MPI_Issend(himpi_at(st->in, from, st->type), to - from, st->type, st->peer,
                        st->tag, comm, request);
    else
        rc = MPI_Isend(himpi_at(st->in, from, st->type), to - from, st->type, st->peer, st->tag,
                       comm, request);
    if (rc == MPI_SUCCESS)
        in_flight(s, i);
    return rc;
}

static int issue(himpi_sched *s, int i)
{
    const stage *st = &s->stages[i];
    int rc = MPI_SUCCESS;
    switch (st->kind) {
    case STAGE_SEND:
    case STAGE_SSEND:
    case STAGE_RECV:
        return issue_message(s, i);
    case STAGE_COLL:
        return issue_coll(s, i);
    case STAGE_COPY:
        rc = himpi_copy(st->in, st->count, st->type, st->out, st->out_count, st->out_type);
        break;
    case STAGE_REDUCE:
        rc = MPI_Reduce_local(st->in, st->out, st->count, st->type, st->op);
        break;
    case STAGE_CALL:
        rc = st->fn(st->out);
        break;
    case STAGE_FENCE:
        break;
    }
    if (rc == MPI_SUCCESS)
        complete(s, i);
    return rc;
}

/* Issues the ready stages, and those that become ready meanwhile: every
 * stage enters the ready list once a start, so the list's head only moves
 * forward. */
static int issue_ready(himpi_sched *s)
{
    int rc = MPI_SUCCESS;
    while (s->head < s->nready && rc == MPI_SUCCESS)
        rc = issue(s, s->ready[s->head++]);
    return rc;
}

static int start(himpi_sched *s, int blocking)
{
    if (s->active && s->ndone < s->nstages)
        return MPI_ERR_REQUEST; /* as MPI_Start of an active request */
    if (s->succ == NULL)
        fix(s);
    s->active = 1;
    s->blocking = blocking;
    s->nready = s->head = s->ndone = s->nflight = s->ncolls_in_flight = 0;
    memset(s->pending, 0, (size_t)s->nstages * sizeof *s->pending);
    for (int e = 0; e < s->nedges; e++)
        s->pending[s->edges[e].after]++;
    for (int c = 0; c < s->ncolls; c++)
        if (s->colls[c].next >= 0)
            s->pending[s->colls[c].next]++;
    int rc = MPI_SUCCESS;
    for (int l = 0; l < s->nlanes && rc == MPI_SUCCESS; l++) {
        himpi_sched_lane *lane = &s->lanes[l];
        lane->issued = lane->held = 0;
        rc = himpi_sched_lane_join(lane);
        if (rc == MPI_SUCCESS && lane->prev != NULL && !lane->prev->issued) {
            lane->held = 1;
            s->pending[lane->first]++;
        }
    }
    for (int i = 0; i < s->nstages; i++)
        if (s->pending[i] == 0)
            s->ready[s->nready++] = i;
    return rc == MPI_SUCCESS ? issue_ready(s) : rc;
}

int himpi_sched_start(himpi_sched *s)
{
    return start(s, 0);
}

/* The outcount requests at indices completed, with statuses: drops them
 * from the requests in flight, completes their stages and issues what that
 * frees.  A persistent request stays valid, so each is dropped here. */
static int completed(himpi_sched *s, int outcount)
{
    /* indices[k] becomes the stage; the requests left keep their order. */
    for (int k = 0; k < outcount; k++) {
        s->requests[s->indices[k]] = MPI_REQUEST_NULL;
        s->indices[k] = s->owner[s->indices[k]];
    }
    int kept = 0, rc = MPI_SUCCESS;
    for (int k = 0; k < s->nflight; k++)
        if (s->requests[k] != MPI_REQUEST_NULL) {
            s->requests[kept] = s->requests[k];
            s->owner[kept++] = s->owner[k];
        }
    s->nflight = kept;
    for (int k = 0; k < outcount; k++) {
        const stage *st = &s->stages[s->indices[k]];
        s->ncolls_in_flight -= st->kind == STAGE_COLL;
        if (st->received != NULL && rc == MPI_SUCCESS &&
            (rc = MPI_Get_count(&s->statuses[k], st->type, st->received)) == MPI_SUCCESS &&
            *st->received == MPI_UNDEFINED)
            rc = MPI_ERR_TRUNCATE; /* not a whole number of elements */
        complete(s, s->indices[k]);
    }
    return rc == MPI_SUCCESS ? issue_ready(s) : rc;
}

/* A pass over the schedules started before s whose coll stages s's may
 * wait for, on this rank or, through them, on others. */
static int progress_before(himpi_sched *s)
{
    int rc = MPI_SUCCESS, done;
    for (int l = 0; l < s->nlanes && rc == MPI_SUCCESS; l++)
        if (s->lanes[l].prev != NULL)
            rc = himpi_sched_test(s->lanes[l].prev->owner, &done);
    return rc;
}

int himpi_sched_test(himpi_sched *s, int *done)
{
    int rc = progress_before(s), outcount = 1;
    if (rc == MPI_SUCCESS)
        rc = issue_ready(s);
    while (rc == MPI_SUCCESS && s->ndone < s->nstages && outcount > 0) {
        rc = MPI_Testsome(s->nflight, s->requests, &outcount, s->indices, s->statuses);
        if (rc == MPI_SUCCESS && outcount != MPI_UNDEFINED)
            rc = completed(s, outcount);
    }
    *done = s->ndone == s->nstages;
    return rc;
}

/* Whether s is waited for by tests rather than MPIB_Waitany: while a
 * schedule started before it has coll stages on one of its
 * communicators, which progress only by passes over that schedule; and
 * under SimGrid, whose MPI_Waitany waits for a nonblocking collective's
 * request before any other, while a collective is in flight with other
 * requests that may need this rank's next stages to complete. */
static int by_tests(const himpi_sched *s)
{
    for (int l = 0; l < s->nlanes; l++)
        if (s->lanes[l].prev != NULL)
            return 1;
#ifdef SMPI_H
    return s->ncolls_in_flight > 0 && s->nflight > 1;
#else
    return 0;
#endif
}

/* The pass over the process's other work under way (hier/request.c). */
static _Atomic(himpi_sched_others *) others;

void himpi_sched_others_hook(himpi_sched_others *fn)
{
    atomic_store(&others, fn);
}

int himpi_sched_wait(himpi_sched *s)
{
    int rc = MPI_SUCCESS, done = 0;
    while (rc == MPI_SUCCESS && s->ndone < s->nstages) {
        /* What a schedule before it released since. */
        if ((rc = issue_ready(s)) != MPI_SUCCESS || s->ndone == s->nstages)
            break;
        /* Other work under way is progressed at every turn, and s is then
         * waited for by tests: another rank's part of s may wait for a
         * stage of that work here. */
        himpi_sched_others *other = atomic_load(&others);
        int busy = other != NULL && other() > 0;
        if (busy || by_tests(s)) {
            rc = himpi_sched_test(s, &done);
            if (rc == MPI_SUCCESS && !done &&
                (busy || MPIB_get_wait_policy() == MPIB_WAIT_YIELD))
                sched_yield();
            continue;
        }
        /* One request at a time otherwise: SimGrid's MPI_Waitsome tests
         * every request after the first completes, and each test that
         * fails costs simulated time and a switch of simulated processes;
         * its MPI_Waitany is one wait. */
        rc = MPIB_Waitany(s->nflight, s->requests, &s->indices[0], &s->statuses[0]);
        /* MPI_UNDEFINED: nothing in flight, yet stages remain; a graph
         * without cycles whose stages all issue cannot get there. */
        if (rc == MPI_SUCCESS)
            rc = s->indices[0] == MPI_UNDEFINED ? MPI_ERR_INTERN : completed(s, 1);
    }
    return rc;
}

int himpi_sched_run(himpi_sched *s)
{
    int rc = start(s, 1);
    return rc == MPI_SUCCESS ? himpi_sched_wait(s) : rc;
}

int himpi_sched_finish(himpi_sched **sched, int build_rc)
{
    int rc = build_rc == MPI_SUCCESS ? himpi_sched_run(*sched) : build_rc;
    himpi_sched_free(sched);
    return rc;
}

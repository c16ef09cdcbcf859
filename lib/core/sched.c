/* sched.c: building a schedule's graph of stages.
 *
 * Edges are kept as they are added, and turned into each stage's list of
 * successors at the first start (sched_run.c), when the graph is complete. */
#include <config.h>

#include <stddef.h>

#include "core/alloc.h"
#include "core/sched.h"
#include "core/sched_comm.h"
#include "core/sched_graph.h"
#include "core/typed.h"

/* Grows *array (of *cap elements of size bytes) to hold n. */
static void reserve(void **array, int *cap, int n, size_t size, const char *what)
{
    if (n <= *cap)
        return;
    *cap = *cap > 0 ? 2 * *cap : 8;
    *array = himpi_realloc(*array, (size_t)*cap, size, what);
}

void himpi_sched_create(himpi_sched **sched)
{
    *sched = himpi_zalloc(1, sizeof **sched, "a schedule");
    (*sched)->fence = HIMPI_SCHED_FIRST;
    (*sched)->info = MPI_INFO_NULL;
}

int himpi_sched_persistent(himpi_sched *s, MPI_Info info)
{
    s->persistent = 1;
    return info == MPI_INFO_NULL ? MPI_SUCCESS : MPI_Info_dup(info, &s->info);
}

int himpi_sched_join(himpi_sched *s, MPI_Comm comm, int *channel)
{
    /* comms and bases grow alike from one capacity. */
    int cap = s->channels_cap;
    reserve((void **)&s->comms, &cap, s->nchannels + 1, sizeof *s->comms, "a schedule");
    reserve((void **)&s->bases, &s->channels_cap, s->nchannels + 1, sizeof *s->bases,
            "a schedule");
    int rc = himpi_sched_ticket(comm, &s->bases[s->nchannels]);
    if (rc != MPI_SUCCESS)
        return rc;
    s->comms[s->nchannels] = comm;
    *channel = s->nchannels++;
    return MPI_SUCCESS;
}

static void own(himpi_sched *s, owned o)
{
    reserve((void **)&s->owns, &s->owns_cap, s->nowns + 1, sizeof *s->owns, "a schedule");
    s->owns[s->nowns++] = o;
}

void *himpi_sched_tmp(himpi_sched *s, int count, MPI_Datatype datatype)
{
    void *buf = himpi_tmp_alloc(count, datatype);
    own(s, (owned){OWN_TMP, buf, datatype});
    return buf;
}

void *himpi_sched_memory(himpi_sched *s, size_t size)
{
    void *buf = himpi_zalloc(1, size, "a schedule's values");
    own(s, (owned){OWN_MEMORY, buf, MPI_DATATYPE_NULL});
    return buf;
}

void himpi_sched_keep_type(himpi_sched *s, MPI_Datatype *datatype)
{
    own(s, (owned){OWN_TYPE, NULL, *datatype});
}

int himpi_sched_after(himpi_sched *s, int index, int before)
{
    if (before == HIMPI_SCHED_FIRST)
        return MPI_SUCCESS;
    if (index < 0 || index >= s->nstages || before < 0 || before >= index || s->succ != NULL)
        return MPI_ERR_INTERN;
    reserve((void **)&s->edges, &s->edges_cap, s->nedges + 1, sizeof *s->edges, "a schedule");
    s->edges[s->nedges++] = (edge){before, index};
    return MPI_SUCCESS;
}

int himpi_sched_step(himpi_sched *s, int first, int last, int step[2])
{
    int rc = MPI_SUCCESS;
    for (int i = first; i <= last && rc == MPI_SUCCESS; i++) {
        rc = himpi_sched_after(s, i, step[0]);
        if (rc == MPI_SUCCESS && step[1] != step[0])
            rc = himpi_sched_after(s, i, step[1]);
    }
    step[0] = first;
    step[1] = last;
    return rc;
}

/* Appends st after stage `after`, or after the last fence if that comes
 * later: waiting for the fence is waiting for all before it. */
static int add(himpi_sched *s, int after, stage st, int *index)
{
    if (s->succ != NULL)
        return MPI_ERR_INTERN; /* the graph was fixed at the first start */
    reserve((void **)&s->stages, &s->stages_cap, s->nstages + 1, sizeof *s->stages,
            "a schedule");
    int rc, i = s->nstages++;
    s->stages[i] = st;
    if ((rc = himpi_sched_after(s, i, after < s->fence ? s->fence : after)) != MPI_SUCCESS) {
        s->nstages--;
        return rc;
    }
    if (index != NULL)
        *index = i;
    return MPI_SUCCESS;
}

/* The stage of a message on channel with key. */
static int message(himpi_sched *s, stage_kind kind, int channel, int key, stage *st)
{
    if (channel < 0 || channel >= s->nchannels || key < 0 || key >= HIMPI_SCHED_KEYS)
        return MPI_ERR_INTERN;
    st->kind = kind;
    st->channel = channel;
    st->tag = s->bases[channel] + key;
    return MPI_SUCCESS;
}

int himpi_sched_send(himpi_sched *s, int after, int channel, int key, const void *buf,
                     int count, MPI_Datatype datatype, int dest, int *index)
{
    stage st = {.in = buf, .count = count, .type = datatype, .peer = dest};
    int rc = message(s, STAGE_SEND, channel, key, &st);
    return rc == MPI_SUCCESS ? add(s, after, st, index) : rc;
}

int himpi_sched_ssend(himpi_sched *s, int after, int channel, int key, const void *buf,
                      int count, MPI_Datatype datatype, int dest, int *index)
{
    stage st = {.in = buf, .count = count, .type = datatype, .peer = dest};
    int rc = message(s, STAGE_SSEND, channel, key, &st);
    return rc == MPI_SUCCESS ? add(s, after, st, index) : rc;
}

int himpi_sched_recv(himpi_sched *s, int after, int channel, int key, void *buf, int count,
                     MPI_Datatype datatype, int source, int *index)
{
    stage st = {.out = buf, .count = count, .type = datatype, .peer = source};
    int rc = message(s, STAGE_RECV, channel, key, &st);
    return rc == MPI_SUCCESS ? add(s, after, st, index) : rc;
}

int himpi_sched_copy(himpi_sched *s, int after, const void *sendbuf, int sendcount,
                     MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                     int *index)
{
    stage st = {.kind = STAGE_COPY,
                .in = sendbuf,
                .count = sendcount,
                .type = sendtype,
                .out = recvbuf,
                .out_count = recvcount,
                .out_type = recvtype};
    return add(s, after, st, index);
}

int himpi_sched_reduce(himpi_sched *s, int after, const void *in, void *inout, int count,
                       MPI_Datatype datatype, MPI_Op op, int *index)
{
    stage st = {
        .kind = STAGE_REDUCE, .in = in, .out = inout, .count = count, .type = datatype, .op = op};
    return add(s, after, st, index);
}

int himpi_sched_call(himpi_sched *s, int after, himpi_sched_fn *fn, void *arg, int *index)
{
    return add(s, after, (stage){.kind = STAGE_CALL, .fn = fn, .out = arg}, index);
}

int himpi_sched_received(himpi_sched *s, int recv, int *count)
{
    if (recv < 0 || recv >= s->nstages || s->stages[recv].kind != STAGE_RECV)
        return MPI_ERR_INTERN;
    s->stages[recv].received = count;
    return MPI_SUCCESS;
}

int himpi_sched_bounds(himpi_sched *s, int index, const int *from, const int *to)
{
    if (index < 0 || index >= s->nstages || s->stages[index].kind > STAGE_RECV)
        return MPI_ERR_INTERN;
    s->stages[index].from = from;
    s->stages[index].to = to;
    return MPI_SUCCESS;
}

/* The lane of the schedule's coll stages on comm, made at its first. */
static int lane_of(himpi_sched *s, MPI_Comm comm, int stage)
{
    for (int l = 0; l < s->nlanes; l++)
        if (s->lanes[l].comm == comm)
            return l;
    reserve((void **)&s->lanes, &s->lanes_cap, s->nlanes + 1, sizeof *s->lanes, "a schedule");
    s->lanes[s->nlanes] = (himpi_sched_lane){.owner = s, .comm = comm, .first = stage,
                                             .last = stage};
    return s->nlanes++;
}

static int add_coll(himpi_sched *s, int after, HiMPI_Op op, const himpi_coll_args *args,
                    const himpi_sched_counts *counts, MPI_Comm comm, int alone, int *index)
{
    int i, rc = add(s, after, (stage){.kind = STAGE_COLL, .coll = s->ncolls}, &i);
    if (rc != MPI_SUCCESS)
        return rc;
    reserve((void **)&s->colls, &s->colls_cap, s->ncolls + 1, sizeof *s->colls, "a schedule");
    coll c = {.op = op, .args = *args, .comm = comm, .vector = counts != NULL, .alone = alone,
              .next = -1, .persistent = MPI_REQUEST_NULL};
    if (counts != NULL)
        c.counts = *counts;
    c.lane = lane_of(s, comm, i);
    himpi_sched_lane *l = &s->lanes[c.lane];
    if (l->last != i) {
        s->colls[s->stages[l->last].coll].next = i;
        l->last = i;
    }
    s->colls[s->ncolls++] = c;
    if (index != NULL)
        *index = i;
    return MPI_SUCCESS;
}

int himpi_sched_coll(himpi_sched *s, int after, HiMPI_Op op, const himpi_coll_args *args,
                     const himpi_sched_counts *counts, MPI_Comm comm, int *index)
{
    return add_coll(s, after, op, args, counts, comm, 0, index);
}

int himpi_sched_coll_alone(himpi_sched *s, HiMPI_Op op, const himpi_coll_args *args,
                           const himpi_sched_counts *counts, MPI_Comm comm)
{
    int rc = himpi_sched_fence(s);
    if (rc == MPI_SUCCESS)
        rc = add_coll(s, HIMPI_SCHED_FIRST, op, args, counts, comm, !s->overlapped, NULL);
    return rc == MPI_SUCCESS ? himpi_sched_fence(s) : rc;
}

void himpi_sched_overlapped(himpi_sched *s)
{
    s->overlapped = 1;
}

int himpi_sched_last_fence(const himpi_sched *s)
{
    return s->fence;
}

int himpi_sched_gate(himpi_sched *s, int n, const int after[], int *index)
{
    /* Waits for after[] alone: not for the scope's origin, as a stage added
     * "after nothing" would, nor for the origin in place of an earlier
     * stage, as one added after a stage before it would. */
    int origin = s->fence, gate;
    s->fence = HIMPI_SCHED_FIRST;
    int rc = add(s, HIMPI_SCHED_FIRST, (stage){.kind = STAGE_FENCE}, &gate);
    s->fence = origin;
    for (int i = 0; i < n && rc == MPI_SUCCESS; i++)
        rc = himpi_sched_after(s, gate, after[i]);
    if (rc == MPI_SUCCESS)
        *index = gate;
    return rc;
}

int himpi_sched_issued(himpi_sched *s, int *index)
{
    int from = s->scope_stages, n = s->nstages, edges = s->nedges, gate;
    int rc = himpi_sched_gate(s, 0, NULL, &gate);
    for (int i = from; i < n && rc == MPI_SUCCESS; i++)
        if (!stage_is_send(s->stages[i].kind))
            rc = himpi_sched_after(s, gate, i);
    /* A send is issued once what it waits for has completed.  Only the
     * scope's edges: an overlapped call makes a gate a segment, and a scan
     * of all its edges each time would grow with the square of the
     * segments. */
    for (int e = s->scope_edges; e < edges && rc == MPI_SUCCESS; e++) {
        edge ed = s->edges[e];
        if (ed.after >= from && ed.after < n && stage_is_send(s->stages[ed.after].kind))
            rc = himpi_sched_after(s, gate, ed.before);
    }
    if (rc == MPI_SUCCESS)
        *index = gate;
    return rc;
}

int himpi_sched_sent(himpi_sched *s, int *index)
{
    int n = s->nstages, gate;
    int rc = himpi_sched_gate(s, 0, NULL, &gate);
    for (int i = s->scope_stages; i < n && rc == MPI_SUCCESS; i++)
        if (stage_is_send(s->stages[i].kind))
            rc = himpi_sched_after(s, gate, i);
    if (rc == MPI_SUCCESS)
        *index = gate;
    return rc;
}

int himpi_sched_sends_after(himpi_sched *s, int stage)
{
    int rc = MPI_SUCCESS, n = s->nstages;
    for (int i = s->scope_stages; i < n && rc == MPI_SUCCESS; i++)
        if (stage_is_send(s->stages[i].kind))
            rc = himpi_sched_after(s, i, stage);
    return rc;
}

void himpi_sched_scope(himpi_sched *s, int origin)
{
    s->fence = origin;
    s->fenced = s->scope_stages = s->nstages;
    s->scope_edges = s->nedges;
}

int himpi_sched_fence(himpi_sched *s)
{
    int fence, from = s->fenced;
    int rc = add(s, HIMPI_SCHED_FIRST, (stage){.kind = STAGE_FENCE}, &fence);
    for (int i = from; i < fence && rc == MPI_SUCCESS; i++)
        rc = himpi_sched_after(s, fence, i);
    s->fence = fence;
    s->fenced = fence + 1;
    return rc;
}

/* sched.c: the graph of a schedule's stages and its progress.
 *
 * Edges are kept as they are added, and turned into each stage's list of
 * successors at the first start, when the graph is complete.  Each start
 * then counts every stage's pending dependencies; a stage whose count
 * reaches zero joins the ready list, and issuing it either completes it at
 * once (copy, reduce, fence) or leaves a request that MPI_Testsome or
 * MPIB_Waitany reports complete. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "mpib.h"
#include "core/alloc.h"
#include "core/sched.h"
#include "core/sched_tag.h"
#include "core/typed.h"

typedef enum stage_kind { STAGE_SEND, STAGE_RECV, STAGE_COPY, STAGE_REDUCE, STAGE_FENCE } stage_kind;

typedef struct stage {
    stage_kind kind;
    const void *in; /* send: the message; copy: the source; reduce: in */
    void *out;      /* recv: the message; copy: the target; reduce: inout */
    int count, out_count;
    MPI_Datatype type, out_type;
    MPI_Op op;
    int peer, channel, tag;
} stage;

typedef struct tmp_buffer {
    void *buf;
    MPI_Datatype datatype;
} tmp_buffer;

typedef struct edge {
    int before, after;
} edge;

struct himpi_sched {
    stage *stages;
    int nstages, stages_cap;
    edge *edges;
    int nedges, edges_cap;
    /* The last fence (HIMPI_SCHED_FIRST: none), and the first stage after it. */
    int fence, fenced;
    tmp_buffer *tmps;
    int ntmps, tmps_cap;
    MPI_Comm *comms; /* per channel */
    int *bases;      /* per channel: its first tag */
    int nchannels, channels_cap;
    /* Made at the first start: successors of stage i are
     * succ[succ_first[i] .. succ_first[i + 1]). */
    int *succ_first, *succ;
    /* Per start. */
    int active, *pending, *ready, nready, head, ndone;
    /* The requests in flight, packed: requests[k] is stage owner[k]'s, so
     * that progress looks at what is in flight, not at every stage. */
    MPI_Request *requests;
    int *owner, nflight;
    int *indices;
    /* Not MPI_STATUSES_IGNORE: with MPICH's headers, GCC takes that for an
     * empty array that MPI_Testsome writes to. */
    MPI_Status *statuses;
};

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
}

void himpi_sched_free(himpi_sched **sched)
{
    himpi_sched *s = *sched;
    if (s == NULL)
        return;
    for (int k = 0; k < s->nflight; k++)
        if (s->requests[k] != MPI_REQUEST_NULL) {
            MPI_Cancel(&s->requests[k]);
            MPI_Request_free(&s->requests[k]);
        }
    for (int i = 0; i < s->ntmps; i++)
        himpi_tmp_free(s->tmps[i].buf, s->tmps[i].datatype);
    free(s->tmps);
    free(s->stages);
    free(s->edges);
    free(s->comms);
    free(s->bases);
    free(s->succ_first);
    free(s->succ);
    free(s->pending);
    free(s->ready);
    free(s->requests);
    free(s->owner);
    free(s->indices);
    free(s->statuses);
    free(s);
    *sched = NULL;
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

void *himpi_sched_tmp(himpi_sched *s, int count, MPI_Datatype datatype)
{
    reserve((void **)&s->tmps, &s->tmps_cap, s->ntmps + 1, sizeof *s->tmps, "a schedule");
    void *buf = himpi_tmp_alloc(count, datatype);
    s->tmps[s->ntmps++] = (tmp_buffer){buf, datatype};
    return buf;
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

/* Appends st after stage `after`. */
static int add(himpi_sched *s, int after, stage st, int *index)
{
    if (s->succ != NULL)
        return MPI_ERR_INTERN; /* the graph was fixed at the first start */
    reserve((void **)&s->stages, &s->stages_cap, s->nstages + 1, sizeof *s->stages,
            "a schedule");
    int rc, i = s->nstages++;
    s->stages[i] = st;
    if (after == HIMPI_SCHED_FIRST)
        after = s->fence;
    if ((rc = himpi_sched_after(s, i, after)) != MPI_SUCCESS) {
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

/* Fixes the graph: every stage's successors, and the per-start arrays. */
static void fix(himpi_sched *s)
{
    size_t n = (size_t)s->nstages;
    s->succ_first = himpi_zalloc(n + 1, sizeof *s->succ_first, "a schedule");
    s->succ = himpi_alloc((size_t)s->nedges + 1, sizeof *s->succ, "a schedule");
    s->pending = himpi_zalloc(n + 1, sizeof *s->pending, "a schedule");
    s->ready = himpi_alloc(n + 1, sizeof *s->ready, "a schedule");
    s->requests = himpi_alloc(n + 1, sizeof *s->requests, "a schedule");
    s->owner = himpi_alloc(n + 1, sizeof *s->owner, "a schedule");
    s->indices = himpi_alloc(n + 1, sizeof *s->indices, "a schedule");
    s->statuses = himpi_alloc(n + 1, sizeof *s->statuses, "a schedule");
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
        if (--s->pending[s->succ[k]] == 0)
            s->ready[s->nready++] = s->succ[k];
}

static int issue(himpi_sched *s, int i)
{
    const stage *st = &s->stages[i];
    int rc = MPI_SUCCESS;
    switch (st->kind) {
    case STAGE_SEND:
        s->owner[s->nflight] = i;
        rc = MPI_Isend(st->in, st->count, st->type, st->peer, st->tag, s->comms[st->channel],
                       &s->requests[s->nflight]);
        s->nflight += rc == MPI_SUCCESS;
        return rc;
    case STAGE_RECV:
        s->owner[s->nflight] = i;
        rc = MPI_Irecv(st->out, st->count, st->type, st->peer, st->tag, s->comms[st->channel],
                       &s->requests[s->nflight]);
        s->nflight += rc == MPI_SUCCESS;
        return rc;
    case STAGE_COPY:
        rc = himpi_copy(st->in, st->count, st->type, st->out, st->out_count, st->out_type);
        break;
    case STAGE_REDUCE:
        rc = MPI_Reduce_local(st->in, st->out, st->count, st->type, st->op);
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

int himpi_sched_start(himpi_sched *s)
{
    if (s->active && s->ndone < s->nstages)
        return MPI_ERR_REQUEST; /* as MPI_Start of an active request */
    if (s->succ == NULL)
        fix(s);
    s->active = 1;
    s->nready = s->head = s->ndone = s->nflight = 0;
    memset(s->pending, 0, (size_t)s->nstages * sizeof *s->pending);
    for (int e = 0; e < s->nedges; e++)
        s->pending[s->edges[e].after]++;
    for (int i = 0; i < s->nstages; i++)
        if (s->pending[i] == 0)
            s->ready[s->nready++] = i;
    return issue_ready(s);
}

/* The outcount requests at indices completed: drops them from the requests
 * in flight, completes their stages and issues what that frees. */
static int completed(himpi_sched *s, int outcount)
{
    /* indices[k] becomes the stage; the requests left keep their order. */
    for (int k = 0; k < outcount; k++)
        s->indices[k] = s->owner[s->indices[k]];
    int kept = 0;
    for (int k = 0; k < s->nflight; k++)
        if (s->requests[k] != MPI_REQUEST_NULL) {
            s->requests[kept] = s->requests[k];
            s->owner[kept++] = s->owner[k];
        }
    s->nflight = kept;
    for (int k = 0; k < outcount; k++)
        complete(s, s->indices[k]);
    return issue_ready(s);
}

int himpi_sched_test(himpi_sched *s, int *done)
{
    int rc = MPI_SUCCESS, outcount = 1;
    while (rc == MPI_SUCCESS && s->ndone < s->nstages && outcount > 0) {
        rc = MPI_Testsome(s->nflight, s->requests, &outcount, s->indices, s->statuses);
        if (rc == MPI_SUCCESS && outcount != MPI_UNDEFINED)
            rc = completed(s, outcount);
    }
    *done = s->ndone == s->nstages;
    return rc;
}

/* One request at a time: SimGrid's MPI_Waitsome tests every request after
 * the first completes, and each test that fails costs simulated time and a
 * switch of simulated processes; its MPI_Waitany is one wait. */
int himpi_sched_wait(himpi_sched *s)
{
    int rc = MPI_SUCCESS;
    while (rc == MPI_SUCCESS && s->ndone < s->nstages) {
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
    int rc = himpi_sched_start(s);
    return rc == MPI_SUCCESS ? himpi_sched_wait(s) : rc;
}

int himpi_sched_finish(himpi_sched **sched, int build_rc)
{
    int rc = build_rc == MPI_SUCCESS ? himpi_sched_run(*sched) : build_rc;
    himpi_sched_free(sched);
    return rc;
}

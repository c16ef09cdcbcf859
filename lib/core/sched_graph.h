/* sched_graph.h: a schedule's stages, edges and per-start state, shared by
 * its building (sched.c) and its progress (sched_run.c); private to them. */
#ifndef HIMPI_CORE_SCHED_GRAPH_H
#define HIMPI_CORE_SCHED_GRAPH_H

#include <mpi.h>

#include "core/sched.h"
#include "core/sched_comm.h"

typedef enum stage_kind {
    STAGE_SEND,
    STAGE_SSEND,
    STAGE_RECV,
    STAGE_COLL,
    STAGE_COPY,
    STAGE_REDUCE,
    STAGE_CALL,
    STAGE_FENCE
} stage_kind;

typedef struct stage {
    stage_kind kind;
    const void *in; /* send: the message; copy: the source; reduce: in */
    void *out;      /* recv: the message; copy: the target; reduce: inout; call: the argument */
    int count, out_count;
    MPI_Datatype type, out_type;
    MPI_Op op;
    int peer, channel, tag;
    const int *from, *to; /* a message's part (himpi_sched_bounds); NULL: all */
    int *received;        /* where a receive records its count, or NULL */
    himpi_sched_fn *fn;
    int coll; /* a coll stage's call, in colls */
} stage;

/* A coll stage's call. */
typedef struct coll {
    HiMPI_Op op;
    himpi_coll_args args;
    himpi_sched_counts counts;
    MPI_Comm comm;
    int vector, alone;
    int lane; /* in lanes */
    int next; /* the next coll stage of its lane, -1 for none */
    MPI_Request persistent;
    int made; /* persistent: made (or found missing) at the first start */
} coll;

/* What the schedule frees with itself. */
typedef struct owned {
    enum { OWN_TMP, OWN_MEMORY, OWN_TYPE } kind;
    void *buf;
    MPI_Datatype datatype;
} owned;

static inline int stage_is_send(stage_kind kind)
{
    return kind == STAGE_SEND || kind == STAGE_SSEND;
}

typedef struct edge {
    int before, after;
} edge;

struct himpi_sched {
    stage *stages;
    int nstages, stages_cap;
    edge *edges;
    int nedges, edges_cap;
    /* The last fence or scope's origin (HIMPI_SCHED_FIRST: none), and the
     * first stage the next fence waits for. */
    int fence, fenced;
    /* The first stage and the first edge of the scope (an edge into a
     * stage of the scope comes after it): what himpi_sched_issued and
     * himpi_sched_sent look at. */
    int scope_stages, scope_edges;
    /* Levels that overlap: no coll stage runs alone (himpi_sched_overlapped). */
    int overlapped;
    coll *colls;
    int ncolls, colls_cap;
    /* Its coll stages by communicator; in a list of the communicator's
     * from each start until the schedule completes, so never moved once it
     * has started. */
    himpi_sched_lane *lanes;
    int nlanes, lanes_cap;
    owned *owns;
    int nowns, owns_cap;
    MPI_Comm *comms; /* per channel */
    int *bases;      /* per channel: its first tag */
    int nchannels, channels_cap;
    int persistent;
    MPI_Info info; /* of the persistent collectives */
    /* Made at the first start, with the per-start arrays below: successors
     * of stage i are succ[succ_first[i] .. succ_first[i + 1]). */
    int *succ_first, *succ;
    /* Per start. */
    int active, blocking, *pending, *ready, nready, head, ndone;
    /* The requests in flight, packed: requests[k] is stage owner[k]'s, so
     * that progress looks at what is in flight, not at every stage;
     * ncolls_in_flight of them are collectives. */
    MPI_Request *requests;
    int *owner, nflight, ncolls_in_flight;
    int *indices;
    /* Not MPI_STATUSES_IGNORE: with MPICH's headers, GCC takes that for an
     * empty array that MPI_Testsome writes to. */
    MPI_Status *statuses;
};

#endif

/* reduce/pipeline.c: the chain of reduce/chain.c with the vector cut into segments that
 * follow one another up it, so that every rank combines and forwards one segment while the
 * next arrives.  Also the segmented tree reduction that binary.c builds on.  A
 * non-commutative operation runs the chain over the ranks in order, p - 1 down to 0, and
 * rank 0 then sends the result to the root (himpi_reduce_ordered_build). */
#include <config.h>

#include <stdlib.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

enum { RIGHT_SLOTS = 4, LEFT_SLOTS = 2 };

static int capacity(int count, int seg, int slots)
{
    return slots > 0 && (long long)slots * seg < count ? slots * seg : count;
}

static void *slot(const void *buf, int slots, int s, int seg, MPI_Datatype datatype)
{
    return himpi_at(buf, (MPI_Aint)(slots > 0 ? s % slots : s) * seg, datatype);
}

/* Stage index, or HIMPI_SCHED_FIRST for none. */
static int stage_or_first(const int *stages, int s)
{
    return s >= 0 ? stages[s] : HIMPI_SCHED_FIRST;
}

int himpi_reduce_segmented_build(himpi_sched *sched, const void *mine, void *result, int count,
                                 MPI_Datatype datatype, MPI_Op op, int seg, MPI_Comm comm,
                                 int parent, int left, int right)
{
    int channel, rc = himpi_sched_join(sched, comm, &channel);
    int top = parent == MPI_PROC_NULL, segs = count / seg + (count % seg != 0);
    /* MPI_Reduce_local leaves its result in its right operand, so the partial result builds
     * up where the right child's arrives, or in a copy of mine without a right child.  The
     * top builds it in result, unless mine is there and still needed: then it copies each
     * finished segment over. */
    void *res = NULL, *lbuf = NULL;
    int res_slots = 0;
    if (top && (right == MPI_PROC_NULL || mine != result)) {
        res = result;
    } else if (right != MPI_PROC_NULL || left != MPI_PROC_NULL) {
        res_slots = RIGHT_SLOTS;
        res = himpi_sched_tmp(sched, capacity(count, seg, res_slots), datatype);
    }
    if (left != MPI_PROC_NULL)
        lbuf = himpi_sched_tmp(sched, capacity(count, seg, LEFT_SLOTS), datatype);
    const void *out = res != NULL ? res : mine;
    /* Per segment, the stage that finishes with its slot of res (sent on, or copied to the
     * result), and the one that finishes with its slot of lbuf: a segment's receive into a
     * slot waits for the segment that had it before.  A segment goes to the parent once the
     * send of the segment two before has gone, two messages in flight as on the way down
     * (bcast/pipeline.c).  Segment s travels with key s mod HIMPI_SCHED_KEYS. */
    int *done = himpi_alloc((size_t)segs + 1, sizeof *done, "a reduction's segments");
    int *used = himpi_alloc((size_t)segs + 1, sizeof *used, "a reduction's segments");
    for (int s = 0; s < segs && rc == MPI_SUCCESS; s++) {
        int at0 = s * seg, n = count - at0 < seg ? count - at0 : seg, key = s % HIMPI_SCHED_KEYS;
        int free_res = res_slots > 0 ? stage_or_first(done, s - RIGHT_SLOTS) : HIMPI_SCHED_FIRST;
        void *at = res != NULL ? slot(res, res_slots, s, seg, datatype) : NULL;
        const void *own = himpi_at(mine, at0, datatype);
        int last = HIMPI_SCHED_FIRST;
        if (right != MPI_PROC_NULL) {
            rc = himpi_sched_recv(sched, free_res, channel, key, at, n, datatype, right, &last);
            if (rc == MPI_SUCCESS)
                rc = himpi_sched_reduce(sched, last, own, at, n, datatype, op, &last);
        } else if (res != NULL && res != mine) {
            rc = himpi_sched_copy(sched, free_res, own, n, datatype, at, n, datatype, &last);
        }
        if (rc == MPI_SUCCESS && left != MPI_PROC_NULL) {
            void *in = slot(lbuf, LEFT_SLOTS, s, seg, datatype);
            int recv;
            rc = himpi_sched_recv(sched, stage_or_first(used, s - LEFT_SLOTS), channel, key, in,
                                  n, datatype, left, &recv);
            if (rc == MPI_SUCCESS)
                rc = himpi_sched_reduce(sched, recv, in, at, n, datatype, op, &used[s]);
            if (rc == MPI_SUCCESS)
                rc = himpi_sched_after(sched, used[s], last);
            last = used[s];
        }
        if (rc == MPI_SUCCESS && top && res != result) {
            rc = himpi_sched_copy(sched, last, at, n, datatype, himpi_at(result, at0, datatype),
                                  n, datatype, &last);
        } else if (rc == MPI_SUCCESS && !top) {
            int send;
            rc = himpi_sched_send(sched, last, channel, key, slot(out, res_slots, s, seg, datatype),
                                  n, datatype, parent, &send);
            if (rc == MPI_SUCCESS)
                rc = himpi_sched_after(sched, send, stage_or_first(done, s - 2));
            last = send;
        }
        done[s] = last;
    }
    free(done);
    free(used);
    return rc;
}

int himpi_reduce_segmented_chain_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                       int count, MPI_Datatype datatype, MPI_Op op, int root,
                                       MPI_Comm comm, int seg)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int v = (rank - root + p) % p;
    const void *mine = v == 0 && sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    return himpi_reduce_segmented_build(sched, mine, v == 0 ? recvbuf : NULL, count, datatype,
                                        op, seg, comm, v > 0 ? (rank - 1 + p) % p : MPI_PROC_NULL,
                                        MPI_PROC_NULL, v < p - 1 ? (rank + 1) % p : MPI_PROC_NULL);
}

/* The segmented chain, which keeps rank order from root 0. */
static int pipeline(himpi_sched *sched, const void *sendbuf, void *recvbuf, int count,
                    MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, int segsize)
{
    return himpi_reduce_segmented_chain_build(sched, sendbuf, recvbuf, count, datatype, op, root,
                                              comm, himpi_segment_count(segsize, datatype));
}

int himpi_reduce_pipeline_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                int count, MPI_Datatype datatype, MPI_Op op, int root,
                                MPI_Comm comm, int segsize)
{
    return himpi_reduce_ordered_build(sched, pipeline, sendbuf, recvbuf, count, datatype, op,
                                      root, comm, segsize);
}

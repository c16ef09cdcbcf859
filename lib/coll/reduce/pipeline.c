/* reduce/pipeline.c: the chain of reduce/chain.c with the vector cut into segments that
 * follow one another up it, so that every rank combines and forwards one segment while the
 * next arrives.  Also the segmented tree reduction that binary.c builds on.  A
 * non-commutative operation runs the chain over the ranks in order, p - 1 down to 0, and
 * rank 0 then sends the result to the root (himpi_reduce_ordered). */
#include <config.h>

#include "coll/algorithms.h"
#include "mpib.h"

/* Segment buffers per role below a tree's top: the right child's segment s + 1 arrives
 * while s is combined and s - 1 and s - 2 may still be on their way to the parent; the
 * left child's only has to stay until it is combined. */
enum { RIGHT_SLOTS = 4, LEFT_SLOTS = 2 };

/* Elements of a buffer of slots segments (0: the whole vector). */
static int capacity(int count, int seg, int slots)
{
    return slots > 0 && (long long)slots * seg < count ? slots * seg : count;
}

/* Where segment s lives in a buffer of slots segments (0: the whole vector). */
static void *slot(const void *buf, int slots, int s, int seg, MPI_Datatype datatype)
{
    return himpi_at(buf, (MPI_Aint)(slots > 0 ? s % slots : s) * seg, datatype);
}

static int post(void *res, int res_slots, void *lbuf, int s, int n, int seg,
                MPI_Datatype datatype, MPI_Comm comm, int left, int right, MPI_Request r[])
{
    int rc = MPI_SUCCESS;
    if (right != MPI_PROC_NULL)
        rc = MPI_Irecv(slot(res, res_slots, s, seg, datatype), n, datatype, right, HIMPI_TAG,
                       comm, &r[s % 2]);
    if (rc == MPI_SUCCESS && left != MPI_PROC_NULL)
        rc = MPI_Irecv(slot(lbuf, LEFT_SLOTS, s, seg, datatype), n, datatype, left, HIMPI_TAG,
                       comm, &r[2 + s % 2]);
    return rc;
}

int himpi_reduce_segmented(const void *mine, void *result, int count, MPI_Datatype datatype,
                           MPI_Op op, int seg, MPI_Comm comm, int parent, int left, int right)
{
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
        res = himpi_tmp_alloc(capacity(count, seg, res_slots), datatype);
    }
    if (left != MPI_PROC_NULL)
        lbuf = himpi_tmp_alloc(capacity(count, seg, LEFT_SLOTS), datatype);
    const void *out = res != NULL ? res : mine;
    /* r[s % 2]: right child, r[2 + s % 2]: left child, r[4 + s % 2]: parent. */
    MPI_Request r[6];
    for (int i = 0; i < 6; i++)
        r[i] = MPI_REQUEST_NULL;
    int rc = segs > 0 ? post(res, res_slots, lbuf, 0, count < seg ? count : seg, seg, datatype,
                             comm, left, right, r)
                      : MPI_SUCCESS;
    for (int s = 0; s < segs && rc == MPI_SUCCESS; s++) {
        int done = s * seg, n = count - done < seg ? count - done : seg;
        if (s + 1 < segs) {
            int next = count - done - n < seg ? count - done - n : seg;
            rc = post(res, res_slots, lbuf, s + 1, next, seg, datatype, comm, left, right, r);
        }
        void *at = res != NULL ? slot(res, res_slots, s, seg, datatype) : NULL;
        if (rc == MPI_SUCCESS && right != MPI_PROC_NULL) {
            rc = MPIB_Wait(&r[s % 2], MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS)
                rc = MPI_Reduce_local(himpi_at(mine, done, datatype), at, n, datatype, op);
        } else if (rc == MPI_SUCCESS && res != NULL && res != mine) {
            rc = himpi_copy(himpi_at(mine, done, datatype), n, datatype, at, n, datatype);
        }
        if (rc == MPI_SUCCESS && left != MPI_PROC_NULL) {
            rc = MPIB_Wait(&r[2 + s % 2], MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS)
                rc = MPI_Reduce_local(slot(lbuf, LEFT_SLOTS, s, seg, datatype), at, n,
                                      datatype, op);
        }
        if (rc == MPI_SUCCESS && top && res != result)
            rc = himpi_copy(at, n, datatype, himpi_at(result, done, datatype), n, datatype);
        else if (rc == MPI_SUCCESS && !top) {
            rc = MPIB_Wait(&r[4 + s % 2], MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS)
                rc = MPI_Isend(slot(out, res_slots, s, seg, datatype), n, datatype, parent,
                               HIMPI_TAG, comm, &r[4 + s % 2]);
        }
    }
    if (rc == MPI_SUCCESS)
        rc = MPIB_Waitall(6, r, MPI_STATUSES_IGNORE);
    if (res_slots > 0)
        himpi_tmp_free(res, datatype);
    himpi_tmp_free(lbuf, datatype);
    return rc;
}

int himpi_reduce_segmented_chain(const void *sendbuf, void *recvbuf, int count,
                                 MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                                 int seg)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int v = (rank - root + p) % p;
    const void *mine = v == 0 && sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    return himpi_reduce_segmented(mine, v == 0 ? recvbuf : NULL, count, datatype, op, seg, comm,
                                  v > 0 ? (rank - 1 + p) % p : MPI_PROC_NULL, MPI_PROC_NULL,
                                  v < p - 1 ? (rank + 1) % p : MPI_PROC_NULL);
}

static int pipeline(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                    MPI_Op op, int root, MPI_Comm comm, int segsize)
{
    return himpi_reduce_segmented_chain(sendbuf, recvbuf, count, datatype, op, root, comm,
                                        himpi_segment_count(segsize, datatype));
}

int himpi_reduce_pipeline(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, int root, MPI_Comm comm, int segsize)
{
    return himpi_reduce_ordered(pipeline, sendbuf, recvbuf, count, datatype, op, root, comm,
                               segsize);
}

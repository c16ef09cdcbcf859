/* allreduce/segmented_ring.c: Open MPI's segmented ring: the ring's chunks
 * are cut into segments, and the reduce-scatter runs once per segment
 * position (a phase), receiving the next segment while it reduces the
 * current one; the distribution phase is the ring's allgather of whole
 * chunks.  The ring does not keep rank order, so non-commutative operations
 * fall back to recursive doubling. */
#include <config.h>

#include "coll/algorithms.h"
#include "mpib.h"

/* Segment `phase` of `phases` of chunk i of p: returns its length, *start
 * its first element in the whole vector. */
static int segment(int count, int p, int i, int phases, int phase, int *start)
{
    int first = himpi_chunk_start(count, p, i);
    int n = himpi_chunk_start(count, p, i + 1) - first;
    *start = first + himpi_chunk_start(n, phases, phase);
    return first + himpi_chunk_start(n, phases, phase + 1) - *start;
}

/* A failed step leaves requests behind, the receives into in[0] and in[1]
 * and the send; they must not outlive the call.  A send cannot be
 * cancelled (MPI 4 deprecates it), only left to finish. */
static int abandon(int rc, MPI_Request req[3])
{
    for (int i = 0; i < 2; i++)
        if (req[i] != MPI_REQUEST_NULL)
            MPI_Cancel(&req[i]);
    for (int i = 0; i < 3; i++)
        if (req[i] != MPI_REQUEST_NULL)
            MPI_Request_free(&req[i]);
    return rc;
}

/* The ring reduce-scatter of one segment position of every chunk, with
 * chunk i complete on rank i at the end, as in the plain ring.  At step s
 * the segment of chunk rank - s - 1 leaves and that of chunk rank - s - 2
 * arrives in in[s % 2], the receive of step s + 1 already posted into the
 * other buffer while step s's segment is reduced. */
static int reduce_scatter_phase(void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                MPI_Comm comm, int phases, int phase, void *in[2])
{
    int p, rank, rc, start, n;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int right = (rank + 1) % p, left = (rank + p - 1) % p;
    MPI_Request req[3] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    int got_start[2], got_n[2];
    got_n[0] = segment(count, p, (rank - 2 + p) % p, phases, phase, &got_start[0]);
    if ((rc = MPI_Irecv(in[0], got_n[0], datatype, left, HIMPI_TAG, comm, &req[0])) !=
        MPI_SUCCESS)
        return rc;
    n = segment(count, p, (rank - 1 + p) % p, phases, phase, &start);
    if ((rc = MPI_Isend(himpi_at(recvbuf, start, datatype), n, datatype, right, HIMPI_TAG, comm,
                        &req[2])) != MPI_SUCCESS)
        return abandon(rc, req);
    for (int s = 0; s < p - 1; s++) {
        int b = s % 2, more = s + 1 < p - 1;
        if (more) {
            got_n[!b] = segment(count, p, (rank - s - 3 + 2 * p) % p, phases, phase,
                                &got_start[!b]);
            rc = MPI_Irecv(in[!b], got_n[!b], datatype, left, HIMPI_TAG, comm, &req[!b]);
        }
        if (rc == MPI_SUCCESS)
            rc = MPIB_Wait(&req[b], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = MPI_Reduce_local(in[b], himpi_at(recvbuf, got_start[b], datatype), got_n[b],
                                  datatype, op);
        if (rc == MPI_SUCCESS)
            rc = MPIB_Wait(&req[2], MPI_STATUS_IGNORE);
        /* The segment just reduced is the next to leave. */
        if (rc == MPI_SUCCESS && more)
            rc = MPI_Isend(himpi_at(recvbuf, got_start[b], datatype), got_n[b], datatype, right,
                           HIMPI_TAG, comm, &req[2]);
        if (rc != MPI_SUCCESS)
            return abandon(rc, req);
    }
    return MPI_SUCCESS;
}

int himpi_allreduce_segmented_ring(const void *sendbuf, void *recvbuf, int count,
                                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize)
{
    if (!himpi_commutative(op))
        return himpi_allreduce_recursive_doubling(sendbuf, recvbuf, count, datatype, op, comm,
                                                  segsize);
    int p, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    if (sendbuf != MPI_IN_PLACE &&
        (rc = himpi_copy(sendbuf, count, datatype, recvbuf, count, datatype)) != MPI_SUCCESS)
        return rc;
    if (p == 1 || count == 0)
        return MPI_SUCCESS;
    int seg = himpi_segment_count(segsize, datatype);
    int largest = count / p + (count % p != 0);
    int phases = largest / seg + (largest % seg != 0);
    /* The segments of a phase are nearly equal cuts of their chunks, so
     * none is longer than this. */
    int longest = largest / phases + (largest % phases != 0);
    void *in[2] = {himpi_tmp_alloc(longest, datatype), himpi_tmp_alloc(longest, datatype)};
    for (int phase = 0; phase < phases && rc == MPI_SUCCESS; phase++)
        rc = reduce_scatter_phase(recvbuf, count, datatype, op, comm, phases, phase, in);
    himpi_tmp_free(in[0], datatype);
    himpi_tmp_free(in[1], datatype);
    return rc == MPI_SUCCESS ? himpi_allreduce_ring_distribute(recvbuf, count, datatype, comm) : rc;
}

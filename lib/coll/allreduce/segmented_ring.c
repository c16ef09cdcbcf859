/* allreduce/segmented_ring.c: Open MPI's segmented ring: the ring's chunks
 * are cut into segments, and the reduce-scatter runs once per segment
 * position (a phase), receiving the next segment while it reduces the
 * current one; the distribution phase is the ring's allgather of whole
 * chunks.  The ring does not keep rank order, so non-commutative operations
 * fall back to recursive doubling. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

static int segment(int count, int p, int i, int phases, int phase, int *start)
{
    int first = himpi_chunk_start(count, p, i);
    int n = himpi_chunk_start(count, p, i + 1) - first;
    *start = first + himpi_chunk_start(n, phases, phase);
    return first + himpi_chunk_start(n, phases, phase + 1) - *start;
}

/* One phase of the reduce-scatter, after a fence: at step s, the segment received at step
 * s - 1 and just combined leaves (one send in flight), while step s + 1's receive goes into
 * the other buffer, once step s - 1's combination has read it.  Step s's messages take key
 * s mod HIMPI_SCHED_KEYS, since two receives from the left are in flight. */
static int reduce_scatter_phase(himpi_sched *sched, int channel, void *recvbuf, int count,
                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int phases,
                                int phase, void *in[2])
{
    int p, rank, start;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int right = (rank + 1) % p, left = (rank + p - 1) % p;
    int n = segment(count, p, (rank - 1 + p) % p, phases, phase, &start);
    int sent, recv[2], reduced[2] = {HIMPI_SCHED_FIRST, HIMPI_SCHED_FIRST};
    int rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0,
                              himpi_at(recvbuf, start, datatype), n, datatype, right, &sent);
    for (int s = 0; s < p - 1 && rc == MPI_SUCCESS; s++) {
        int b = s % 2, key = s % HIMPI_SCHED_KEYS, got_start;
        int got_n = segment(count, p, (rank - s - 2 + 2 * p) % p, phases, phase, &got_start);
        void *got = himpi_at(recvbuf, got_start, datatype);
        rc = himpi_sched_recv(sched, reduced[b], channel, key, in[b], got_n, datatype, left,
                              &recv[b]);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_reduce(sched, recv[b], in[b], got, got_n, datatype, op, &reduced[b]);
        /* The segment just reduced is the next to leave. */
        if (rc == MPI_SUCCESS && s + 1 < p - 1) {
            int send;
            rc = himpi_sched_send(sched, reduced[b], channel, (s + 1) % HIMPI_SCHED_KEYS, got,
                                  got_n, datatype, right, &send);
            if (rc == MPI_SUCCESS)
                rc = himpi_sched_after(sched, send, sent);
            sent = send;
        }
    }
    return rc;
}

int himpi_allreduce_segmented_ring_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                         int count, MPI_Datatype datatype, MPI_Op op,
                                         MPI_Comm comm, int segsize)
{
    if (!himpi_commutative(op))
        return himpi_allreduce_recursive_doubling_build(sched, sendbuf, recvbuf, count, datatype,
                                                        op, comm, segsize);
    int p, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    if (rc == MPI_SUCCESS && sendbuf != MPI_IN_PLACE)
        rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, sendbuf, count, datatype, recvbuf, count,
                              datatype, NULL);
    if (rc != MPI_SUCCESS || p == 1 || count == 0)
        return rc;
    int seg = himpi_segment_count(segsize, datatype);
    int largest = count / p + (count % p != 0);
    int phases = largest / seg + (largest % seg != 0);
    /* The segments of a phase are nearly equal cuts of their chunks, so
     * none is longer than this. */
    int longest = largest / phases + (largest % phases != 0);
    void *in[2] = {himpi_sched_tmp(sched, longest, datatype),
                   himpi_sched_tmp(sched, longest, datatype)};
    for (int phase = 0; phase < phases && rc == MPI_SUCCESS; phase++) {
        rc = himpi_sched_fence(sched);
        if (rc == MPI_SUCCESS)
            rc = reduce_scatter_phase(sched, channel, recvbuf, count, datatype, op, comm, phases,
                                      phase, in);
    }
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_fence(sched);
    return rc == MPI_SUCCESS
               ? himpi_allreduce_ring_distribute_build(sched, recvbuf, count, datatype, comm)
               : rc;
}

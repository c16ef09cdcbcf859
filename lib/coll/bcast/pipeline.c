/* bcast/pipeline.c: the chain of bcast/chain.c with the message cut into segments that
 * follow one another down it, so that all links of the chain carry data at the same time.
 * Also the segmented tree broadcast that binary.c and split_binary.c build on
 * (himpi_bcast_segmented_build). */
#include <config.h>

#include <stdlib.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

static int segments(int count, int seg)
{
    return count / seg + (count % seg != 0);
}

/* Segment s of link i: where it starts and how many elements it has; s * seg < count[i],
 * so nothing overflows. */
static void *segment(void *buffer, MPI_Datatype datatype, int seg, const int first[],
                     const int count[], int i, int s, int *n)
{
    int done = s * seg;
    *n = count[i] - done < seg ? count[i] - done : seg;
    return himpi_at(buffer, (MPI_Aint)first[i] + done, datatype);
}

/* Two messages in flight per link, whatever the number of segments: the receive of segment
 * s waits for that of segment s - 2, so that data always finds a posted receive and lands
 * in place, and the send of segment s to a child waits for its arrival and for the send of
 * segment s - 2 on that link, so that a link never idles while a segment is handed over.
 * A message per segment in flight would let memory grow with the message for no more
 * overlap.  Segment s travels with key s mod HIMPI_SCHED_KEYS: two in flight never share
 * one. */
int himpi_bcast_segmented_build(himpi_sched *sched, void *buffer, MPI_Datatype datatype, int seg,
                                MPI_Comm comm, int n, const int link[], const int first[],
                                const int count[])
{
    int channel, rc = himpi_sched_join(sched, comm, &channel);
    int in = link[0] == MPI_PROC_NULL ? 0 : segments(count[0], seg), size;
    int *arrived = himpi_alloc((size_t)in + 1, sizeof *arrived, "a broadcast's segments");
    for (int s = 0; s < in && rc == MPI_SUCCESS; s++) {
        void *at = segment(buffer, datatype, seg, first, count, 0, s, &size);
        rc = himpi_sched_recv(sched, s >= 2 ? arrived[s - 2] : HIMPI_SCHED_FIRST, channel,
                              s % HIMPI_SCHED_KEYS, at, size, datatype, link[0], &arrived[s]);
    }
    for (int i = 1; i < n && rc == MPI_SUCCESS; i++) {
        int sent[2] = {HIMPI_SCHED_FIRST, HIMPI_SCHED_FIRST};
        for (int s = 0; s < segments(count[i], seg) && rc == MPI_SUCCESS; s++) {
            void *at = segment(buffer, datatype, seg, first, count, i, s, &size);
            int send;
            rc = himpi_sched_send(sched, s < in ? arrived[s] : HIMPI_SCHED_FIRST, channel,
                                  s % HIMPI_SCHED_KEYS, at, size, datatype, link[i], &send);
            if (rc == MPI_SUCCESS && sent[s % 2] != HIMPI_SCHED_FIRST)
                rc = himpi_sched_after(sched, send, sent[s % 2]);
            sent[s % 2] = send;
        }
    }
    free(arrived);
    return rc;
}

int himpi_bcast_pipeline_build(himpi_sched *sched, void *buffer, int count,
                               MPI_Datatype datatype, int root, MPI_Comm comm, int segsize)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int v = (rank - root + p) % p;
    const int link[2] = {v > 0 ? (rank - 1 + p) % p : MPI_PROC_NULL, (rank + 1) % p};
    const int first[2] = {0, 0}, n[2] = {count, count};
    return himpi_bcast_segmented_build(sched, buffer, datatype,
                                       himpi_segment_count(segsize, datatype), comm,
                                       v < p - 1 ? 2 : 1, link, first, n);
}

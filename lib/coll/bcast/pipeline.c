/* bcast/pipeline.c: the chain of bcast/chain.c with the message cut into segments that
 * follow one another down it, so that all links of the chain carry data at the same time.
 * Also the segmented tree broadcast that binary.c and split_binary.c build on. */
#include <config.h>

#include <stdlib.h>

#include "coll/algorithms.h"
#include "mpib.h"

static int segments(int count, int seg)
{
    return count / seg + (count % seg != 0);
}

/* Starts the transfer of segment s of link i; s * seg < count[i], so nothing overflows. */
static int start(void *buffer, MPI_Datatype datatype, int seg, MPI_Comm comm, int i,
                 const int link[], const int first[], const int count[], int s,
                 MPI_Request *r)
{
    int done = s * seg, n = count[i] - done < seg ? count[i] - done : seg;
    void *at = himpi_at(buffer, (MPI_Aint)first[i] + done, datatype);
    return i == 0 ? MPI_Irecv(at, n, datatype, link[0], HIMPI_TAG, comm, r)
                  : MPI_Isend(at, n, datatype, link[i], HIMPI_TAG, comm, r);
}

/* Two requests per link, whatever the number of segments: the receive of segment s + 1 is
 * posted before the wait for segment s, so that data always finds a posted receive and
 * lands in place, and the send of segment s to a child waits only for that of segment
 * s - 2, so that a link never idles while a segment is handed over.  One request per
 * segment would let memory grow with the message for no more overlap. */
int himpi_bcast_segmented(void *buffer, MPI_Datatype datatype, int seg, MPI_Comm comm, int n,
                          const int link[], const int first[], const int count[])
{
    /* r[2 * i + s % 2]: link i, segment s */
    MPI_Request *r = himpi_alloc(2 * (size_t)n, sizeof *r, "requests");
    for (int i = 0; i < 2 * n; i++)
        r[i] = MPI_REQUEST_NULL;
    int in = link[0] == MPI_PROC_NULL ? 0 : segments(count[0], seg), steps = in, rc = MPI_SUCCESS;
    for (int i = 1; i < n; i++)
        if (segments(count[i], seg) > steps)
            steps = segments(count[i], seg);
    if (in > 0)
        rc = start(buffer, datatype, seg, comm, 0, link, first, count, 0, &r[0]);
    for (int s = 0; s < steps && rc == MPI_SUCCESS; s++) {
        if (s + 1 < in)
            rc = start(buffer, datatype, seg, comm, 0, link, first, count, s + 1, &r[(s + 1) % 2]);
        if (rc == MPI_SUCCESS && s < in)
            rc = MPIB_Wait(&r[s % 2], MPI_STATUS_IGNORE);
        for (int i = 1; i < n && rc == MPI_SUCCESS; i++) {
            MPI_Request *slot = &r[2 * i + s % 2];
            rc = MPIB_Wait(slot, MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS && s < segments(count[i], seg))
                rc = start(buffer, datatype, seg, comm, i, link, first, count, s, slot);
        }
    }
    if (rc == MPI_SUCCESS)
        rc = MPIB_Waitall(2 * n, r, MPI_STATUSES_IGNORE);
    free(r);
    return rc;
}

int himpi_bcast_pipeline(void *buffer, int count, MPI_Datatype datatype, int root,
                         MPI_Comm comm, int segsize)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int v = (rank - root + p) % p;
    const int link[2] = {v > 0 ? (rank - 1 + p) % p : MPI_PROC_NULL, (rank + 1) % p};
    const int first[2] = {0, 0}, n[2] = {count, count};
    return himpi_bcast_segmented(buffer, datatype, himpi_segment_count(segsize, datatype), comm,
                                 v < p - 1 ? 2 : 1, link, first, n);
}

/* clock_offset.c: clock offsets to the root, for the global timing method. */
#include <config.h>

#include <math.h>

#include "timer.h"

enum {
    ROUNDS = 10,     /* ping-pongs per rank; the one with the shortest round trip wins */
    TAG = 0x4942     /* any tag below 32767, the smallest MPI_TAG_UB allowed */
};

static int exchange(void *buf, int count, int peer, int send, MPI_Comm comm)
{
    MPI_Request r;
    int rc = send ? MPI_Isend(buf, count, MPI_DOUBLE, peer, TAG, comm, &r)
                  : MPI_Irecv(buf, count, MPI_DOUBLE, peer, TAG, comm, &r);
    return rc == MPI_SUCCESS ? MPIB_Wait(&r, MPI_STATUS_IGNORE) : rc;
}

/* The root pings each rank in turn; the rank answers with its clock.  With
 * t0 and t1 the root's send and receive times and t the rank's reading,
 * the offset is t - (t0 + t1) / 2, off by at most half the round trip. */
int mpib_clock_offset(MPI_Comm comm, int root, double *offset)
{
    int rank, size, flag, *global;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    *offset = 0.0;
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &global, &flag);
    if (flag && *global)
        return MPI_SUCCESS;
    int rc = MPI_SUCCESS;
    for (int peer = 0; peer < size && rc == MPI_SUCCESS; peer++) {
        if (peer == root || (rank != root && rank != peer))
            continue;
        double best_rtt = INFINITY, best = 0.0, t;
        for (int i = 0; i < ROUNDS && rc == MPI_SUCCESS; i++) {
            if (rank == root) {
                double t0 = MPI_Wtime();
                rc = exchange(&t, 1, peer, 1, comm);
                if (rc == MPI_SUCCESS)
                    rc = exchange(&t, 1, peer, 0, comm);
                double t1 = MPI_Wtime();
                if (t1 - t0 < best_rtt) {
                    best_rtt = t1 - t0;
                    best = t - (t0 + t1) / 2.0;
                }
            } else {
                rc = exchange(&t, 1, root, 0, comm);
                t = MPI_Wtime();
                if (rc == MPI_SUCCESS)
                    rc = exchange(&t, 1, root, 1, comm);
            }
        }
        if (rc == MPI_SUCCESS)
            rc = rank == root ? exchange(&best, 1, peer, 1, comm)
                              : exchange(offset, 1, root, 0, comm);
    }
    return rc;
}

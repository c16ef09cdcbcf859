/* barrier_check.c: whether a barrier kept every rank in (barrier_check.h). */
#include <config.h>

#include <time.h>

#include "barrier_check.h"
#include "mpitap.h"

/* How long the late rank sleeps: far longer than a barrier on a few ranks
 * takes, so that a rank let out early leaves before the late one enters. */
enum { LATE_NS = 2000000 };

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int barrier_round(MPI_Comm comm, int late, barrier_fn fn, const void *ctx, const char *what,
                  int must_wait)
{
    int me;
    MPI_Comm_rank(comm, &me);
    if (me == late) {
        struct timespec t = {0, LATE_NS};
        nanosleep(&t, NULL);
    }
    double in = now();
    int rc = fn(comm, ctx);
    double out = now(), last_in;
    tap_check(rc == MPI_SUCCESS, "%s, rank %d late: returned %d", what, late, rc);
    MPI_Allreduce(&in, &last_in, 1, MPI_DOUBLE, MPI_MAX, comm);
    int mine = out < last_in, anyone;
    MPI_Allreduce(&mine, &anyone, 1, MPI_INT, MPI_MAX, comm);
    tap_check(!must_wait || !mine, "%s, rank %d late: rank %d left %.0f us before the last entry",
              what, late, me, (last_in - out) * 1e6);
    return anyone;
}

/* timer.c: one repetition under each timing method (see mpib.h for the
 * methods' biases). */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <time.h>

#include <gsl/gsl_statistics_double.h>

#include "timer.h"

/* The root method subtracts the median time the root spends in a barrier
 * that follows a synchronising one.  The median rather than the mean: one
 * descheduled repetition on a shared machine would otherwise inflate the
 * correction and drive short operations negative. */
static int barrier_median(MPI_Comm comm, int root, int reps, double *median)
{
    int rank, rc = MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    double *T = rank == root ? malloc((size_t)reps * sizeof *T) : NULL;
    int failed = rank == root && T == NULL;
    rc = MPIB_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, comm);
    if (rc == MPI_SUCCESS && failed)
        rc = MPI_ERR_NO_MEM;
    for (int i = 0; rc == MPI_SUCCESS && i < reps; i++) {
        rc = MPIB_Barrier(comm);
        double t = MPI_Wtime();
        if (rc == MPI_SUCCESS)
            rc = MPIB_Barrier(comm);
        if (rank == root)
            T[i] = MPI_Wtime() - t;
    }
    *median = 0.0;
    if (rc == MPI_SUCCESS && rank == root)
        *median = gsl_stats_median(T, 1, (size_t)reps);
    free(T);
    return rc;
}

int mpib_timer_setup(mpib_timer *timer, MPIB_method method, MPI_Comm comm, int root,
                     const MPIB_precision *precision)
{
    *timer = (mpib_timer){.method = method};
    if (method == MPIB_METHOD_GLOBAL)
        return mpib_clock_offset(comm, root, &timer->offset);
    if (method == MPIB_METHOD_ROOT)
        return barrier_median(comm, root, precision->max_reps, &timer->barrier_time);
    return MPI_SUCCESS;
}

double mpib_timer_rep(mpib_timer *timer, MPIB_coll_container *container, MPI_Comm comm,
                      int root, int M, int *err)
{
    int rank;
    MPI_Comm_rank(comm, &rank);
    double t;
    switch (timer->method) {
    case MPIB_METHOD_ROOT:
        /* A second barrier narrows the skew the first one leaves. */
        MPIB_Barrier(comm);
        t = MPI_Wtime();
        *err = container->execute(container, comm, root, M);
        MPIB_Barrier(comm);
        t = MPI_Wtime() - t - timer->barrier_time;
        return rank == root ? t : -HUGE_VAL;
    case MPIB_METHOD_GLOBAL:
        if (rank == root)
            timer->start = MPI_Wtime();
        *err = container->execute(container, comm, root, M);
        return MPI_Wtime() - timer->offset;
    case MPIB_METHOD_MAX:
    default:
        t = MPI_Wtime();
        *err = container->execute(container, comm, root, M);
        return MPI_Wtime() - t;
    }
}

double mpib_timer_sample(const mpib_timer *timer, double reduced)
{
    return timer->method == MPIB_METHOD_GLOBAL ? reduced - timer->start : reduced;
}

void mpib_sleep_until(double t)
{
    double left = t - MPI_Wtime();
    if (!(left > 0))
        return;
    struct timespec d = {(time_t)left, (long)((left - floor(left)) * 1e9)};
    nanosleep(&d, NULL);
}

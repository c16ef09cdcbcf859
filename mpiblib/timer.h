/* timer.h: the timing methods behind MPIB_measure (internal to libmpib). */
#ifndef MPIB_TIMER_H
#define MPIB_TIMER_H

#include "mpib.h"

/* What a method remembers between repetitions. */
typedef struct mpib_timer {
    MPIB_method method;
    double barrier_time; /* root method: the median barrier time to subtract */
    double offset;       /* global method: this rank's clock minus the root's */
    double start;        /* global method: when the root started this repetition */
} mpib_timer;

/* Prepares a method on comm (collective): measures the barrier for the root
 * method, the clock offsets for the global method. */
int mpib_timer_setup(mpib_timer *timer, MPIB_method method, MPI_Comm comm, int root,
                     const MPIB_precision *precision);

/* Runs one synchronised repetition of the container and returns this rank's
 * contribution to a MAX reduction at the root; *err receives the error code
 * of execute. */
double mpib_timer_rep(mpib_timer *timer, MPIB_coll_container *container, MPI_Comm comm,
                      int root, int M, int *err);

/* The sample, at the root, from the MAX of the contributions. */
double mpib_timer_sample(const mpib_timer *timer, double reduced);

/* One synchronised repetition of the container (a barrier, then
 * mpib_timer_rep): its sample in *t at the root (meaningless elsewhere),
 * and on every rank the worst error code of any rank. */
int mpib_sample(mpib_timer *timer, MPIB_coll_container *container, MPI_Comm comm, int root,
                int M, double *t);

/* The largest error code any rank holds; every rank learns it. */
int mpib_agree(int rc, MPI_Comm comm);

/* Sleeps until MPI_Wtime() reaches t (at once if it has); under SimGrid
 * the sleep is simulated time. */
void mpib_sleep_until(double t);

/* This rank's clock minus the root's (0 at the root), estimated by
 * ping-pong; collective over comm. */
int mpib_clock_offset(MPI_Comm comm, int root, double *offset);

#endif /* MPIB_TIMER_H */

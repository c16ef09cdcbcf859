/* himpi_overlap_busy.c: a set time of computation. */
#include <config.h>

#include <mpi.h>

#include "himpi_overlap_busy.h"

#ifdef SMPI_H

#include <simgrid/host.h>

void overlap_busy_calibrate(void)
{
}

/* As many flops as this rank's simulated host computes in that time:
 * smpi_execute(seconds) would scale the time by smpi/host-speed, the
 * speed it assumes of the machine running the simulation. */
void overlap_busy(double seconds)
{
    smpi_execute_flops(seconds * sg_host_get_speed(sg_host_self()));
}

#else

/* The loop's results land here, so that the compiler keeps the work. */
static volatile double sink;
static double per_second = 1e8; /* iterations, until calibrated */

/* n iterations of a dependent chain of multiply-adds: one a few cycles,
 * whatever the compiler, since each needs the one before. */
static void spin(long long n)
{
    double x = sink;
    for (long long i = 0; i < n; i++)
        x = x * 0.999999 + 1e-6;
    sink = x;
}

void overlap_busy_calibrate(void)
{
    /* The fastest of a few runs of at least 20 ms: a run that a preemption
     * slowed would make every later computation too short. */
    long long n = 1 << 16;
    double best = 0;
    for (int run = 0; run < 5; run++) {
        double t;
        for (;;) {
            t = MPI_Wtime();
            spin(n);
            t = MPI_Wtime() - t;
            if (t >= 0.02)
                break;
            n *= 2;
        }
        if (n / t > best)
            best = n / t;
    }
    per_second = best;
}

void overlap_busy(double seconds)
{
    spin((long long)(seconds * per_second));
}

#endif

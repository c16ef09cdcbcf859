/* himpi_tune_noise.c: the spread of an empty barrier-synchronised step, the
 * noise floor every measurement of the tuning sits on. */
#include <config.h>

#include <math.h>
#include <stdio.h>

#include "himpi_tune_noise.h"

/* Enough samples for the median's interval and Tukey's fences, few enough
 * to cost well under a second on a quiet machine. */
enum { NOISE_REPS = 50 };

int tune_noise_report(const options *o)
{
    if (o->quiet)
        return MPI_SUCCESS;
    MPIB_coll_container *barrier = MPIB_native_container_alloc("barrier");
    if (barrier == NULL)
        return MPI_ERR_NO_MEM;
    const MPIB_precision *want = &o->measure.precision;
    MPIB_precision fixed = {NOISE_REPS, NOISE_REPS, want->cl, want->eps};
    MPIB_result r;
    int p, rc = MPIB_measure(o->measure.method, barrier, MPI_COMM_WORLD, o->measure.root, 0,
                             &fixed, &r);
    MPIB_coll_container_free(barrier);
    if (rc != MPI_SUCCESS || cli_rank() != 0)
        return rc;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    double spread = r.T > 0 ? r.ci / r.T : 0;
    printf("himpi-tune: noise: %d barriers on %d processes: median %.2f us, mean %.2f +- %.2f us "
           "(%.1f %%), %d beyond Tukey's fences",
           r.reps, p, r.median * 1e6, r.T * 1e6, r.ci * 1e6, 100 * spread, r.outliers);
    if (spread <= want->eps) {
        printf("; quiet enough for the precision asked (%g)\n", want->eps);
    } else {
        /* The interval narrows as the square root of the repetitions. */
        double need = ceil(r.reps * (spread / want->eps) * (spread / want->eps));
        printf("; a measurement this noisy needs about %.0f repetitions to reach %g%s\n", need,
               want->eps,
               need > want->max_reps ? ", more than --max-reps allows: expect imprecise rows"
                                     : "");
    }
    fflush(stdout);
    return MPI_SUCCESS;
}

/* precision.c: repetition settings and their validation. */
#include <config.h>

#include <stddef.h>

#include "mpib.h"

MPIB_precision MPIB_precision_default(void)
{
    MPIB_precision p = {5, 100, 0.95, 0.025};
    return p;
}

int MPIB_precision_check(const MPIB_precision *p)
{
    if (p == NULL || p->min_reps < 1 || p->max_reps < p->min_reps)
        return MPI_ERR_ARG;
    /* Written so that NaN fails too. */
    if (!(p->cl > 0.0 && p->cl < 1.0) || !(p->eps > 0.0))
        return MPI_ERR_ARG;
    return MPI_SUCCESS;
}

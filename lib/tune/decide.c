/* decide.c: the rule that lets a plan replace the MPI library's own
 * collective: faster with significance, and by enough to be worth it. */
#include <config.h>

#include <math.h>

#include "himpi_tune.h"

HiMPI_Verdict HiMPI_Decide(const MPIB_comparison *c, double min_effect)
{
    if (!isfinite(c->lo) || !isfinite(c->hi))
        return HIMPI_VERDICT_NS;
    if (c->hi < 1.0)
        return c->ratio <= 1.0 - min_effect ? HIMPI_VERDICT_FASTER : HIMPI_VERDICT_SMALL;
    if (c->lo > 1.0)
        return HIMPI_VERDICT_SLOWER;
    return HIMPI_VERDICT_NS;
}

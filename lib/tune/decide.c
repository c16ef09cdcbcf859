/* decide.c: the rule that lets a plan replace the MPI library's own
 * collective: faster by enough to be worth it, with significance.  The
 * margin is tested, not only the median: a plan whose interval reaches
 * past 1 - min_effect may gain less than the margin, and a tuning under
 * load once wrote one at 0.609 [0.018, 0.987] that --verify then found
 * at 0.993 [0.954, 1.016] (doc/significance.md). */
#include <config.h>

#include <math.h>

#include "himpi_tune.h"

HiMPI_Verdict HiMPI_Decide(const MPIB_comparison *c, double min_effect)
{
    if (!isfinite(c->lo) || !isfinite(c->hi))
        return HIMPI_VERDICT_NS;
    if (c->hi < 1.0)
        return c->hi <= 1.0 - min_effect ? HIMPI_VERDICT_FASTER : HIMPI_VERDICT_SMALL;
    if (c->lo > 1.0)
        return HIMPI_VERDICT_SLOWER;
    return HIMPI_VERDICT_NS;
}

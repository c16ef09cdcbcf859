/* search.c: strategies that choose which group counts to measure. */
#include <config.h>

#include <string.h>

#include "tune.h"

/* Measures every candidate; the first of equal times wins, so ties go to
 * the simpler layout (smaller g, rank blocks before hardware levels). */
static int choose_all(const himpi_candidate *candidates, int n, himpi_measure_fn measure,
                      void *ctx, int *best, MPIB_result *best_result)
{
    (void)candidates;
    for (int i = 0; i < n; i++) {
        MPIB_result r;
        int rc = measure(ctx, i, &r);
        if (rc != MPI_SUCCESS)
            return rc;
        if (i == 0 || r.T < best_result->T) {
            *best = i;
            *best_result = r;
        }
    }
    return MPI_SUCCESS;
}

const himpi_search himpi_search_exhaustive = {"exhaustive", choose_all};

static const himpi_search *const searches[] = {&himpi_search_exhaustive};

const himpi_search *himpi_search_by_name(const char *name)
{
    for (size_t i = 0; name != NULL && i < sizeof searches / sizeof searches[0]; i++)
        if (strcmp(name, searches[i]->name) == 0)
            return searches[i];
    return NULL;
}

/* tune.c: the best number of groups for one operation, size and algorithm
 * pair, measured. */
#include <config.h>

#include <stdlib.h>

#include "tune.h"

typedef struct {
    MPI_Comm comm;
    const himpi_tuner *tuner;
    const himpi_tune_task *task;
    MPIB_result *memo; /* by g; memo[g].M < 0 until measured */
    int measured;
} tune_ctx;

/* Measures g once; a search that asks again gets the same result, and the
 * flat time is taken from here if the search measured g = 1. */
static int measure_g(void *self, int g, MPIB_result *result)
{
    tune_ctx *c = self;
    if (c->memo[g].M >= 0) {
        *result = c->memo[g];
        return MPI_SUCCESS;
    }
    const himpi_tune_task *t = c->task;
    HiMPI_Params params = {g, t->alg_out, t->alg_in, t->segment_size};
    MPIB_coll_container *container = HiMPI_Container_alloc(t->op, &params);
    if (container == NULL)
        return MPI_ERR_NO_MEM;
    /* HiMPI's containers run the collective once before the timed
     * repetitions, which creates the layout's sub-communicators. */
    int rc = MPIB_measure_max(container, c->comm, 0, t->msg_size, &c->tuner->precision, result);
    MPIB_coll_container_free(container);
    if (rc == MPI_SUCCESS) {
        c->memo[g] = *result;
        c->measured++;
    }
    return rc;
}

/* The candidates in 1..p, increasing, without duplicates, starting at 1. */
static int *candidates(const himpi_tuner *tuner, int p, int *n)
{
    char *want = calloc((size_t)p + 1, 1);
    int *list = malloc((size_t)p * sizeof *list);
    if (want == NULL || list == NULL) {
        free(want);
        free(list);
        return NULL;
    }
    want[1] = 1;
    if (tuner->groups == NULL)
        for (int g = 2; g <= p; g++)
            want[g] = 1;
    for (int i = 0; tuner->groups != NULL && i < tuner->ngroups; i++)
        if (tuner->groups[i] >= 1 && tuner->groups[i] <= p)
            want[tuner->groups[i]] = 1;
    *n = 0;
    for (int g = 1; g <= p; g++)
        if (want[g])
            list[(*n)++] = g;
    free(want);
    return list;
}

int himpi_tune(MPI_Comm comm, const himpi_tuner *tuner, const himpi_tune_task *task,
               himpi_row *row, int *measured)
{
    int p;
    MPI_Comm_size(comm, &p);
    if (task->msg_size < 0 || !HiMPI_Alg_supported(task->op, task->alg_out) ||
        !HiMPI_Alg_supported(task->op, task->alg_in))
        return MPI_ERR_ARG;
    int n;
    int *cands = candidates(tuner, p, &n);
    MPIB_result *memo = malloc(((size_t)p + 1) * sizeof *memo);
    int rc = cands != NULL && memo != NULL ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    for (int g = 0; memo != NULL && g <= p; g++)
        memo[g].M = -1;
    tune_ctx ctx = {comm, tuner, task, memo, 0};
    int best = 1;
    MPIB_result best_result, flat;
    if (rc == MPI_SUCCESS)
        rc = tuner->search->choose(cands, n, measure_g, &ctx, &best, &best_result);
    if (rc == MPI_SUCCESS)
        rc = measure_g(&ctx, 1, &flat);
    if (rc == MPI_SUCCESS) {
        /* g = 1 is the reference: a candidate must beat it to be chosen. */
        if (flat.T <= best_result.T) {
            best = 1;
            best_result = flat;
        }
        *row = (himpi_row){.op = task->op, .procs = p, .msg_size = task->msg_size,
                           .alg_out = task->alg_out, .alg_in = task->alg_in, .groups = best,
                           .levels = 1, .segment_size = task->segment_size,
                           .time = best_result.T, .flat_time = flat.T, .ci = best_result.ci};
        if (measured != NULL)
            *measured = ctx.measured;
    }
    free(cands);
    free(memo);
    return rc;
}

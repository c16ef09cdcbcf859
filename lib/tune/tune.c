/* tune.c: the best layout for one operation, size and algorithm pair,
 * measured. */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hier/cache.h"
#include "tune/tune.h"

typedef struct {
    MPI_Comm comm;  /* the communicator tuned */
    MPI_Comm *work; /* the one measured on */
    const HiMPI_Tuner *tuner;
    const HiMPI_Tune_task *task;
    const HiMPI_Candidate *candidates;
    MPIB_result *memo; /* by candidate; M < 0 until measured */
    int measured;
} tune_ctx;

static void plan_of(const HiMPI_Tune_task *t, const HiMPI_Candidate *c, HiMPI_Plan *plan)
{
    *plan = (HiMPI_Plan){.nlevels = c->levels, .alg_in = t->alg_in,
                         .segment_size = t->segment_size};
    for (int i = 0; i < c->levels; i++)
        plan->level[i] = (HiMPI_Level){c->groups[i], c->hw[i], t->alg_out};
}

/* Measures candidate i once; a search that asks again gets the same
 * result, and the flat time is taken from here. */
static int measure(void *self, int i, double bound, MPIB_result *result)
{
    tune_ctx *c = self;
    if (c->memo[i].M >= 0) {
        *result = c->memo[i];
        return MPI_SUCCESS;
    }
    int rc, most = c->tuner->max_comms > 0 ? c->tuner->max_comms : HIMPI_TUNE_MAX_COMMS;
    if (himpi_comm_held(*c->work) >= most &&
        ((rc = MPI_Comm_free(c->work)) != MPI_SUCCESS ||
         (rc = MPI_Comm_dup(c->comm, c->work)) != MPI_SUCCESS))
        return rc;
    double start = MPI_Wtime();
    HiMPI_Plan plan;
    plan_of(c->task, &c->candidates[i], &plan);
    MPIB_coll_container *container = HiMPI_Container_alloc_plan(c->task->op, &plan);
    if (container == NULL)
        return MPI_ERR_NO_MEM;
    /* HiMPI's containers run the collective once before the timed
     * repetitions, which creates the layout's sub-communicators. */
    rc = MPIB_measure_bound(MPIB_METHOD_MAX, container, *c->work, 0, c->task->msg_size,
                            &c->tuner->precision, bound, result);
    MPIB_coll_container_free(container);
    if (rc == MPI_SUCCESS) {
        c->memo[i] = *result;
        c->measured++;
        if (c->tuner->trace != NULL)
            c->tuner->trace(c->tuner->trace_ctx, c->task, &c->candidates[i], result,
                            MPI_Wtime() - start);
    }
    return rc;
}

int HiMPI_Tune(MPI_Comm comm, const HiMPI_Tuner *tuner, const HiMPI_Tune_task *task,
               HiMPI_Row *row, int *measured)
{
    int p;
    MPI_Comm_size(comm, &p);
    if (task->msg_size < 0 || (task->msg_size > 0 && !HiMPI_Op_has_size(task->op)) ||
        !HiMPI_Alg_supported(task->op, task->alg_out) ||
        !HiMPI_Alg_supported(task->op, task->alg_in))
        return MPI_ERR_ARG;
    HiMPI_Candidate *cands = NULL;
    int n = 0, rc = himpi_candidates(comm, tuner, &cands, &n);
    MPIB_result *memo = rc == MPI_SUCCESS ? malloc((size_t)n * sizeof *memo) : NULL;
    if (rc == MPI_SUCCESS && memo == NULL)
        rc = MPI_ERR_NO_MEM;
    for (int i = 0; rc == MPI_SUCCESS && i < n; i++)
        memo[i].M = -1;
    MPI_Comm own = MPI_COMM_NULL, *work = tuner->work;
    if (rc == MPI_SUCCESS && work == NULL) {
        rc = MPI_Comm_dup(comm, &own);
        work = &own;
    }
    tune_ctx ctx = {comm, work, tuner, task, cands, memo, 0};
    int best = 0;
    MPIB_result best_result, flat;
    himpi_history history = {NULL};
    if (rc == MPI_SUCCESS && tuner->memory != NULL)
        history.previous = himpi_tune_memory_previous(tuner->memory, task, p, n);
    if (rc == MPI_SUCCESS)
        rc = tuner->search->choose(cands, n, tuner->memory != NULL ? &history : NULL, measure,
                                   &ctx, &best, &best_result);
    if (rc == MPI_SUCCESS)
        rc = measure(&ctx, 0, INFINITY, &flat);
    if (rc == MPI_SUCCESS) {
        /* g = 1 is the reference: a candidate must beat it to be chosen. */
        if (flat.T <= best_result.T) {
            best = 0;
            best_result = flat;
        }
        /* Zeroed whole, padding too: rows are compared as bytes. */
        memset(row, 0, sizeof *row);
        row->op = task->op;
        row->procs = p;
        row->msg_size = task->msg_size;
        row->alg_out = task->alg_out;
        row->alg_in = task->alg_in;
        row->levels = cands[best].levels;
        row->segment_size = task->segment_size;
        row->time = best_result.T;
        row->flat_time = flat.T;
        row->ci = best_result.ci;
        row->flat_ci = flat.ci;
        row->ratio = row->ratio_lo = row->ratio_hi = -1.0;
        for (int i = 0; i < cands[best].levels; i++) {
            row->groups[i] = cands[best].groups[i];
            row->hw[i] = cands[best].groups[i] == 0 ? cands[best].hw[i] : HIMPI_HW_NODE;
        }
        if (tuner->pairs > 0) {
            /* On the communicator the candidates ran on, whose layouts
             * already hold the plan's sub-communicators.  A plan must win
             * twice, in two windows of time: one win can be a state the
             * machine was in rather than the plan, and --verify, which
             * asks once, would then find it no longer faster.  The second
             * comparison's figures are kept if it does not confirm the
             * first, the weaker of the two if it does. */
            HiMPI_Tuner on_work = *tuner;
            on_work.work = work;
            rc = HiMPI_Compare(comm, &on_work, row);
            HiMPI_Row again = *row;
            if (rc == MPI_SUCCESS && row->verdict == HIMPI_VERDICT_FASTER &&
                (rc = HiMPI_Compare(comm, &on_work, &again)) == MPI_SUCCESS &&
                (again.verdict != HIMPI_VERDICT_FASTER || again.ratio_hi > row->ratio_hi))
                *row = again;
        }
        if (measured != NULL)
            *measured = ctx.measured;
        if (rc == MPI_SUCCESS && tuner->memory != NULL)
            rc = himpi_tune_memory_keep(tuner->memory, task, p, n, memo);
    }
    if (own != MPI_COMM_NULL)
        MPI_Comm_free(&own);
    free(cands);
    free(memo);
    return rc;
}

/* tune.c: the best layout, and overlap, for one operation, size and
 * algorithm pair, measured. */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/validate.h"
#include "hier/cache.h"
#include "tune/tune.h"

typedef struct {
    MPI_Comm comm;  /* the communicator tuned */
    MPI_Comm *work; /* the one measured on */
    const HiMPI_Tuner *tuner;
    const HiMPI_Tune_task *task;
    const HiMPI_Candidate *candidates;
    MPIB_result *memo; /* by candidate, without overlap; M < 0 until measured */
    int measured;
} tune_ctx;

static void plan_of(const HiMPI_Tune_task *t, const HiMPI_Candidate *c, int overlap,
                    HiMPI_Plan *plan)
{
    *plan = (HiMPI_Plan){.nlevels = c->levels, .alg_in = t->alg_in,
                         .segment_size = t->segment_size, .overlap = overlap};
    for (int i = 0; i < c->levels; i++)
        plan->level[i] = (HiMPI_Level){c->groups[i], c->hw[i], t->alg_out};
}

/* Measures candidate i with overlap.  Without one, a search that asks
 * again gets the same result, and the flat time is taken from here; the
 * overlap steps never ask twice. */
static int measure(void *self, int i, int overlap, double bound, MPIB_result *result)
{
    tune_ctx *c = self;
    if (overlap == 0 && c->memo[i].M >= 0) {
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
    plan_of(c->task, &c->candidates[i], overlap, &plan);
    MPIB_coll_container *container = HiMPI_Container_alloc_plan(c->task->op, &plan);
    if (container == NULL)
        return MPI_ERR_NO_MEM;
    /* HiMPI's containers run the collective once before the timed
     * repetitions, which creates the layout's sub-communicators. */
    rc = MPIB_measure_bound(MPIB_METHOD_MAX, container, *c->work, 0, c->task->msg_size,
                            &c->tuner->precision, bound, result);
    MPIB_coll_container_free(container);
    if (rc == MPI_SUCCESS) {
        if (overlap == 0)
            c->memo[i] = *result;
        c->measured++;
        HiMPI_Candidate ran = c->candidates[i];
        ran.overlap = overlap;
        if (c->tuner->trace != NULL)
            c->tuner->trace(c->tuner->trace_ctx, c->task, &ran, result, MPI_Wtime() - start);
    }
    return rc;
}

/* The overlap dimension of task on p processes: the overlaps the search
 * measures (into sizes), and the candidates that can take one (into
 * allowed, n of them): none where the operation's levels cannot overlap,
 * and never a flat candidate. */
static void overlaps_of(const HiMPI_Tuner *tuner, const HiMPI_Tune_task *task, int p,
                        const HiMPI_Candidate *cands, int n, char *allowed, int *sizes,
                        himpi_overlaps *ov)
{
    *ov = (himpi_overlaps){sizes, 0, allowed, tuner->min_effect};
    if (!HiMPI_Op_overlaps(task->op))
        return;
    ov->n = himpi_overlap_sizes(task->msg_size, tuner->overlaps, tuner->noverlaps,
                                tuner->search->default_overlaps, sizes);
    for (int i = 0; i < n; i++) {
        HiMPI_Plan plan;
        plan_of(task, &cands[i], 0, &plan);
        allowed[i] = !himpi_plan_flat(&plan, p);
    }
}

/* Whether candidate c with overlap beats c without in interleaved pairs:
 * FASTER (HiMPI_Decide with the tuner's min_effect) in two comparisons one
 * after the other, as a plan must beat the MPI library's call (below).
 * The search's interval test picked it from means; pairs cancel what the
 * machine did meanwhile, which a mean does not. */
static int confirmed(MPI_Comm comm, const HiMPI_Tuner *tuner, const HiMPI_Tune_task *task,
                     const HiMPI_Candidate *c, int overlap, int *yes)
{
    HiMPI_Plan with, without;
    plan_of(task, c, overlap, &with);
    plan_of(task, c, 0, &without);
    *yes = 1;
    for (int k = 0; k < 2 && *yes; k++) {
        MPIB_comparison cmp;
        int rc = himpi_compare_plans(comm, tuner, task->op, task->msg_size, &with, &without, &cmp);
        if (rc != MPI_SUCCESS)
            return rc;
        *yes = HiMPI_Decide(&cmp, tuner->min_effect) == HIMPI_VERDICT_FASTER;
    }
    return MPI_SUCCESS;
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
    char *allowed = rc == MPI_SUCCESS ? calloc((size_t)n, 1) : NULL;
    if (rc == MPI_SUCCESS && (memo == NULL || allowed == NULL))
        rc = MPI_ERR_NO_MEM;
    for (int i = 0; rc == MPI_SUCCESS && i < n; i++)
        memo[i].M = -1;
    MPI_Comm own = MPI_COMM_NULL, *work = tuner->work;
    if (rc == MPI_SUCCESS && work == NULL) {
        rc = MPI_Comm_dup(comm, &own);
        work = &own;
    }
    tune_ctx ctx = {comm, work, tuner, task, cands, memo, 0};
    int best = 0, sizes[HIMPI_OVERLAP_SIZES_MAX];
    MPIB_result best_result, flat;
    himpi_history history = {NULL};
    himpi_overlaps ov = {0};
    himpi_overlap_choice chosen = {0};
    /* The plan's comparisons run on the communicator the candidates ran
     * on, whose layouts already hold the plan's sub-communicators. */
    HiMPI_Tuner on_work = *tuner;
    on_work.work = work;
    if (rc == MPI_SUCCESS && tuner->memory != NULL)
        history.previous = himpi_tune_memory_previous(tuner->memory, task, p, n);
    if (rc == MPI_SUCCESS)
        rc = tuner->search->choose(cands, n, tuner->memory != NULL ? &history : NULL, measure,
                                   &ctx, &best, &best_result);
    if (rc == MPI_SUCCESS) {
        chosen = (himpi_overlap_choice){best, 0, best_result};
        overlaps_of(tuner, task, p, cands, n, allowed, sizes, &ov);
    }
    if (rc == MPI_SUCCESS && ov.n > 0)
        rc = tuner->search->overlap(cands, n, &ov, best, &best_result, measure, &ctx, &chosen);
    if (rc == MPI_SUCCESS && chosen.overlap != 0 && tuner->pairs > 0) {
        int yes;
        rc = confirmed(comm, &on_work, task, &cands[chosen.best], chosen.overlap, &yes);
        if (!yes)
            chosen = (himpi_overlap_choice){best, 0, best_result};
    }
    best = chosen.best;
    best_result = chosen.result;
    if (rc == MPI_SUCCESS)
        rc = measure(&ctx, 0, 0, INFINITY, &flat);
    if (rc == MPI_SUCCESS) {
        /* g = 1 is the reference: a candidate must beat it to be chosen. */
        if (flat.T <= best_result.T) {
            best = 0;
            best_result = flat;
            chosen.overlap = 0;
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
        row->overlap = chosen.overlap;
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
            /* A plan must win twice, in two windows of time: one win can
             * be a state the machine was in rather than the plan, and
             * --verify, which asks once, would then find it no longer
             * faster.  The second comparison's figures are kept if it does
             * not confirm the first, the weaker of the two if it does. */
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
    free(allowed);
    return rc;
}

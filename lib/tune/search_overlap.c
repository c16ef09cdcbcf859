/* search_overlap.c: the overlap dimension of the searches (doc/search.md).
 *
 * A hierarchical plan can run its levels overlapped: the message cut into
 * segments, the levels working on different segments at once
 * (doc/schedules.md).  Which overlap is best depends on the layout (how
 * long each level takes) and the layout that is best depends on the
 * overlap, but the product of the two is too large to measure.  So the
 * guided search takes the layout it found without overlap, descends the
 * overlaps at that layout from the largest while they get faster, and
 * then walks along g at the best overlap while the next g is faster: the
 * overlap hides the shorter level behind the longer one, which moves the
 * best g towards the one whose levels take as long as each other, close
 * to the best without overlap on curves whose bottom is sharp.
 *
 * An overlap is chosen only when it is faster with significance than the
 * best time without, by the tuner's minimum effect: its whole interval at
 * or below 1 - min_effect times the low end of the other's.  Overlapped runs cost segments'
 * latencies and memory that an overlap which gains nothing would add for
 * nothing, and a choice between two equal times is a choice by noise.
 * The tuner then confirms it in interleaved pairs (tune.c). */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "tune/tune.h"

int himpi_significantly_faster(const MPIB_result *a, const MPIB_result *b, double margin)
{
    return isfinite(a->ci) && isfinite(b->ci) && a->T + a->ci <= (1 - margin) * (b->T - b->ci);
}

static int by_value(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int himpi_overlap_sizes(long long msg_size, const int *list, int n, int by_default, int *sizes)
{
    int k = 0;
    if (list != NULL) {
        /* An overlap of at least half the message leaves one segment, or
         * two of which the second is a sliver: nothing to run at once. */
        for (int i = 0; i < n && k < HIMPI_OVERLAP_SIZES_MAX; i++)
            if (list[i] > 0 && 2LL * list[i] <= msg_size)
                sizes[k++] = list[i];
        qsort(sizes, (size_t)k, sizeof *sizes, by_value);
        int kept = 0;
        for (int i = 0; i < k; i++)
            if (kept == 0 || sizes[i] != sizes[kept - 1])
                sizes[kept++] = sizes[i];
        return kept;
    }
    for (long long s = HIMPI_OVERLAP_MIN; by_default && 2 * s <= msg_size; s *= 2)
        sizes[k++] = (int)s;
    return k;
}

static void keep_if_faster(himpi_overlap_choice *top, int i, int overlap, const MPIB_result *r)
{
    if (top->overlap == 0 || r->T < top->result.T)
        *top = (himpi_overlap_choice){i, overlap, *r};
}

/* choice becomes top where top is significantly faster than the best
 * without overlap. */
static void choose(const himpi_overlaps *ov, const MPIB_result *best_result,
                   const himpi_overlap_choice *top, himpi_overlap_choice *choice)
{
    if (top->overlap != 0 && himpi_significantly_faster(&top->result, best_result, ov->margin))
        *choice = *top;
}

int himpi_overlap_exhaustive(const HiMPI_Candidate *candidates, int n, const himpi_overlaps *ov,
                             int best, const MPIB_result *best_result, himpi_measure_fn measure,
                             void *ctx, himpi_overlap_choice *choice)
{
    (void)candidates;
    *choice = (himpi_overlap_choice){best, 0, *best_result};
    himpi_overlap_choice top = {best, 0, *best_result};
    for (int i = 0; i < n; i++)
        for (int k = 0; ov->allowed[i] && k < ov->n; k++) {
            MPIB_result r;
            int rc = measure(ctx, i, ov->sizes[k], INFINITY, &r);
            if (rc != MPI_SUCCESS)
                return rc;
            keep_if_faster(&top, i, ov->sizes[k], &r);
        }
    choose(ov, best_result, &top, choice);
    return MPI_SUCCESS;
}

/* A rank-block candidate: its g and its index. */
typedef struct {
    int g, i;
} block;

static int by_groups(const void *a, const void *b)
{
    const block *x = a, *y = b;
    return x->g != y->g ? (x->g > y->g) - (x->g < y->g) : (x->i > y->i) - (x->i < y->i);
}

/* a clearly beats b: their confidence intervals lie apart. */
static int clearly_faster(const MPIB_result *a, const MPIB_result *b)
{
    return a->T + a->ci < b->T - b->ci;
}

/* From top, a rank-block candidate, along the rank blocks by g at top's
 * overlap: both neighbours, then on in the direction of the one that is
 * clearly faster, as long as the next is clearly faster again.  With the
 * shorter level hidden behind the longer, the best layout is the one
 * whose levels take about as long, which can be some way from the best
 * without overlap where that curve has a flat bottom (the ceilings of
 * p / g).  Each step beats the last, so the walk ends. */
static int climb(const HiMPI_Candidate *candidates, int n, const himpi_overlaps *ov,
                 himpi_measure_fn measure, void *ctx, himpi_overlap_choice *top)
{
    block *blocks = malloc((size_t)n * sizeof *blocks);
    if (blocks == NULL)
        return MPI_ERR_NO_MEM;
    int nb = 0, at = -1, rc = MPI_SUCCESS;
    for (int i = 0; i < n; i++)
        if (candidates[i].levels == 1 && candidates[i].groups[0] > 0)
            blocks[nb++] = (block){candidates[i].groups[0], i};
    qsort(blocks, (size_t)nb, sizeof *blocks, by_groups);
    for (int k = 0; k < nb; k++)
        if (blocks[k].i == top->best)
            at = k;
    /* Both neighbours first: the direction is the one clearly faster (the
     * faster of the two if both are). */
    int way = 0;
    MPIB_result side[2];
    for (int s = 0; s < 2 && rc == MPI_SUCCESS; s++) {
        int k = at + (s == 0 ? -1 : 1);
        if (k < 0 || k >= nb || !ov->allowed[blocks[k].i])
            continue;
        rc = measure(ctx, blocks[k].i, top->overlap, top->result.T, &side[s]);
        if (rc == MPI_SUCCESS && clearly_faster(&side[s], &top->result) &&
            (way == 0 || side[s].T < side[0].T))
            way = s == 0 ? -1 : 1;
    }
    if (rc == MPI_SUCCESS && way != 0) {
        at += way;
        *top = (himpi_overlap_choice){blocks[at].i, top->overlap, side[way < 0 ? 0 : 1]};
        for (int k = at + way; k >= 0 && k < nb && ov->allowed[blocks[k].i]; k += way) {
            MPIB_result r;
            if ((rc = measure(ctx, blocks[k].i, top->overlap, top->result.T, &r)) != MPI_SUCCESS ||
                !clearly_faster(&r, &top->result))
                break;
            *top = (himpi_overlap_choice){blocks[k].i, top->overlap, r};
        }
    }
    free(blocks);
    return rc;
}

int himpi_overlap_guided(const HiMPI_Candidate *candidates, int n, const himpi_overlaps *ov,
                         int best, const MPIB_result *best_result, himpi_measure_fn measure,
                         void *ctx, himpi_overlap_choice *choice)
{
    *choice = (himpi_overlap_choice){best, 0, *best_result};
    if (ov->n == 0 || !ov->allowed[best])
        return MPI_SUCCESS;
    /* The overlaps at the layout chosen, from the largest down, as long as
     * each is clearly faster than the one before (the first than none):
     * the first cut into two segments gains the most, each halving after
     * it hides a little more of the shorter level while it adds a latency
     * per segment, so the time falls from the largest overlap to its
     * bottom and rises after it.  Where the overlap does nothing, that is
     * one measurement.  Each is bounded by the best time so far, so that
     * one known to lose stops after two repetitions. */
    himpi_overlap_choice top = {best, 0, *best_result};
    for (int k = ov->n - 1; k >= 0; k--) {
        MPIB_result r;
        int rc = measure(ctx, best, ov->sizes[k], top.result.T, &r);
        if (rc != MPI_SUCCESS)
            return rc;
        if (!clearly_faster(&r, &top.result))
            break;
        top = (himpi_overlap_choice){best, ov->sizes[k], r};
    }
    /* Then the neighbouring g at that overlap. */
    if (top.overlap != 0 && candidates[best].levels == 1 && candidates[best].groups[0] > 0) {
        int rc = climb(candidates, n, ov, measure, ctx, &top);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    choose(ov, best_result, &top, choice);
    return MPI_SUCCESS;
}

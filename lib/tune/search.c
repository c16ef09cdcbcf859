/* search.c: strategies that choose which group counts to measure. */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/catalogue.h"
#include "tune/tune.h"

/* Measures every candidate; the first of equal times wins, so ties go to
 * the simpler layout (smaller g, rank blocks before hardware levels). */
static int choose_all(const HiMPI_Candidate *candidates, int n, const himpi_history *history,
                      himpi_measure_fn measure, void *ctx, int *best, MPIB_result *best_result)
{
    (void)candidates, (void)history;
    for (int i = 0; i < n; i++) {
        MPIB_result r;
        int rc = measure(ctx, i, 0, INFINITY, &r);
        if (rc != MPI_SUCCESS)
            return rc;
        if (i == 0 || r.T < best_result->T) {
            *best = i;
            *best_result = r;
        }
    }
    return MPI_SUCCESS;
}

const HiMPI_Search himpi_search_exhaustive = {"exhaustive", choose_all, himpi_overlap_exhaustive,
                                              0};

/* Guided search.  The hierarchical time is roughly U-shaped in the number
 * of rank blocks g (thesis, ch. 3: g = 1 and g = p are both the flat
 * algorithm, and linear algorithms are fastest near g = sqrt(p)), but the
 * MPI library's own algorithms change with the size of a group (powers of
 * two, thresholds), which puts dips and bumps on the curve.  So the search
 * first measures a coarse geometric scan (g = 2, 4, 8, ..., sqrt(p) and
 * p), which sees where the bottom lies on the scale of g, and then
 * refines between the scan's best point and its neighbours by
 * golden-section search: in all O(log p) measurements.  The few hardware
 * layouts are all measured.
 *
 * Every measurement after g = 1 is bounded by the best time so far: a
 * candidate known to be slower after two repetitions is not measured more
 * precisely (MPIB_measure_bound), which halves the cost of the losers.
 *
 * Noise rule: two measurements whose confidence intervals overlap count as
 * equal, and of equal ones the smaller g wins, since it is the cheaper
 * layout (fewer leaders, smaller outer communicator).  Every decision
 * depends on the results alone, which every rank shares, so every rank
 * searches alike; positions are computed in integers for the same reason. */
typedef struct {
    himpi_measure_fn measure;
    void *ctx;
    MPIB_result *results; /* by candidate */
    char *measured;       /* by candidate: the search never asks twice */
    double best;          /* the best time measured so far */
} guide;

/* A rank-block candidate: its g and its index. */
typedef struct {
    int g, i;
} block;

static int probe(guide *gd, int i)
{
    if (gd->measured[i])
        return MPI_SUCCESS;
    int rc = gd->measure(gd->ctx, i, 0, gd->best, &gd->results[i]);
    gd->measured[i] = rc == MPI_SUCCESS;
    if (gd->measured[i] && gd->results[i].T < gd->best)
        gd->best = gd->results[i].T;
    return rc;
}

/* a clearly beats b when their confidence intervals do not overlap. */
static int clearly_faster(const MPIB_result *a, const MPIB_result *b)
{
    return a->T + a->ci < b->T - b->ci;
}

static int is_block(const HiMPI_Candidate *c)
{
    return c->levels == 1 && c->groups[0] > 0;
}

/* By g, then by index: a user's subset comes in the user's order. */
static int by_groups(const void *a, const void *b)
{
    const block *x = a, *y = b;
    return x->g != y->g ? (x->g > y->g) - (x->g < y->g) : (x->i > y->i) - (x->i < y->i);
}

/* The positions [lo, hi] of the sorted blocks that may still hold the
 * fastest, and c, the best position measured among them. */
typedef struct {
    int lo, hi, c;
} bracket;

/* Whether position d beats position c under the noise rule: the larger g
 * must be clearly faster to win. */
static int beats(const guide *gd, const block *blocks, int d, int c)
{
    const MPIB_result *rd = &gd->results[blocks[d].i], *rc = &gd->results[blocks[c].i];
    return d < c ? !clearly_faster(rc, rd) : clearly_faster(rd, rc);
}

/* Narrows br by the newly measured position d != c as for a unimodal
 * curve: the loser and all beyond it leave the bracket (but stay among
 * the measured, which the best is chosen from). */
static void narrow(bracket *br, const guide *gd, const block *blocks, int d)
{
    if (beats(gd, blocks, d, br->c)) {
        if (d < br->c)
            br->hi = br->c - 1;
        else
            br->lo = br->c + 1;
        br->c = d;
    } else if (d < br->c) {
        br->lo = d + 1;
    } else {
        br->hi = d - 1;
    }
}

/* The coarse scan: g = 2, 4, 8, ..., sqrt(p) and the largest g, each the
 * first block at or above its value (position 0, g = 1, is measured
 * already).  Hockney's model puts the bottom of the linear algorithms at
 * sqrt(p); the tree algorithms can have a second dip there that the powers
 * of two step over, which the golden-section search would then never see
 * (binomial bcast on 128 ranks: g = 11 is 7 % faster than the dip around
 * g = 20 next to the scan's best, g = 16).  Stores the scanned positions
 * in points, in order, and returns how many. */
static int scan(guide *gd, const block *blocks, int nb, int *points, int *rc)
{
    long long root = 1;
    while ((root + 1) * (root + 1) <= blocks[nb - 1].g)
        root++;
    int np = 0;
    points[np++] = 0;
    for (long long pow2 = 2, k = 1; k < nb && np < 62; pow2 *= 2) {
        const long long wants[2] = {root > pow2 / 2 && root < pow2 ? root : pow2, pow2};
        for (int w = 0; w < 2; w++) {
            while (k < nb && blocks[k].g < wants[w])
                k++;
            if (k < nb && k > points[np - 1])
                points[np++] = (int)k;
        }
    }
    if (points[np - 1] != nb - 1)
        points[np++] = nb - 1;
    for (int k = 1; k < np && *rc == MPI_SUCCESS; k++)
        *rc = probe(gd, blocks[points[k]].i);
    return np;
}

static int search_blocks(guide *gd, const block *blocks, int nb)
{
    int rc = MPI_SUCCESS, points[64];
    int np = scan(gd, blocks, nb, points, &rc);
    if (rc != MPI_SUCCESS)
        return rc;
    /* The best block measured so far (scanned, or a front-runner), and the
     * scanned points around it: the bottom lies between them. */
    bracket br = {0, nb - 1, 0};
    for (int k = 1; k < nb; k++)
        if (gd->measured[blocks[k].i] && beats(gd, blocks, k, br.c))
            br.c = k;
    for (int k = 0; k < np; k++)
        if (points[k] < br.c)
            br.lo = points[k] + 1;
    for (int k = np - 1; k >= 0; k--)
        if (points[k] > br.c)
            br.hi = points[k] - 1;
    while (br.hi - br.lo + 1 > 3) {
        /* 0.382 of the longer side away from c: once the bracket is in
         * golden proportions, c and the probe are its golden points, and
         * each probe shrinks it by 0.618. */
        int left = br.c - br.lo, right = br.hi - br.c;
        int side = left >= right ? left : right;
        int step = (int)(((long long)side * 382 + 500) / 1000);
        if (step < 1)
            step = 1;
        int d = left >= right ? br.c - step : br.c + step;
        if ((rc = probe(gd, blocks[d].i)) != MPI_SUCCESS)
            return rc;
        narrow(&br, gd, blocks, d);
    }
    for (int k = br.lo; k <= br.hi && rc == MPI_SUCCESS; k++)
        rc = probe(gd, blocks[k].i);
    return rc;
}

/* The previous size's front-runners: the candidates within 3 % of its
 * best, at most 8 of them, fastest first.  Where the curve is jagged (the
 * MPI library's own collectives switch algorithms with the size of a
 * group), the few layouts that were best at one size are the likeliest
 * to be best at the next. */
static int front_runners(const MPIB_result *previous, int n, int *out)
{
    enum { MAX_RUNNERS = 8 };
    int best = -1, k = 0;
    for (int i = 0; i < n; i++)
        if (previous[i].M >= 0 && (best < 0 || previous[i].T < previous[best].T))
            best = i;
    for (int i = 0; best >= 0 && i < n; i++) {
        if (previous[i].M < 0 || previous[i].T > 1.03 * previous[best].T)
            continue;
        /* Insertion by time, the slowest dropping off the end. */
        int at = k < MAX_RUNNERS ? k++ : MAX_RUNNERS;
        while (at > 0 && previous[out[at - 1]].T > previous[i].T) {
            if (at < MAX_RUNNERS)
                out[at] = out[at - 1];
            at--;
        }
        if (at < MAX_RUNNERS)
            out[at] = i;
    }
    return k;
}

static int choose_guided(const HiMPI_Candidate *candidates, int n, const himpi_history *history,
                         himpi_measure_fn measure, void *ctx, int *best, MPIB_result *best_result)
{
    if (n < 1)
        return MPI_ERR_ARG;
    guide gd = {measure, ctx, malloc((size_t)n * sizeof *gd.results), calloc((size_t)n, 1),
                INFINITY};
    block *blocks = malloc((size_t)n * sizeof *blocks);
    int nb = 0, rc = MPI_ERR_NO_MEM;
    if (gd.results != NULL && gd.measured != NULL && blocks != NULL)
        rc = probe(&gd, 0);
    /* The first size of a sequence is swept: it is the smallest, so its
     * measurements are the cheapest, and its whole curve seeds the search
     * at the sizes above. */
    for (int i = 1; history != NULL && history->previous == NULL && i < n && rc == MPI_SUCCESS;
         i++)
        rc = probe(&gd, i);
    if (history != NULL && history->previous != NULL && rc == MPI_SUCCESS) {
        int runners[8], k = front_runners(history->previous, n, runners);
        for (int j = 0; j < k && rc == MPI_SUCCESS; j++)
            rc = probe(&gd, runners[j]);
    }
    if (rc == MPI_SUCCESS) {
        for (int i = 0; i < n; i++)
            if (is_block(&candidates[i]))
                blocks[nb++] = (block){candidates[i].groups[0], i};
        qsort(blocks, (size_t)nb, sizeof *blocks, by_groups);
        if (nb > 1)
            rc = search_blocks(&gd, blocks, nb);
    }
    for (int i = 1; i < n && rc == MPI_SUCCESS; i++)
        if (!is_block(&candidates[i]))
            rc = probe(&gd, i);
    /* The best of all measured; the first of equal times, as exhaustive. */
    for (int i = 0; i < n && rc == MPI_SUCCESS; i++)
        if (gd.measured[i] && (i == 0 || gd.results[i].T < best_result->T)) {
            *best = i;
            *best_result = gd.results[i];
        }
    free(gd.results);
    free(gd.measured);
    free(blocks);
    return rc;
}

const HiMPI_Search himpi_search_guided = {"guided", choose_guided, himpi_overlap_guided, 1};

static const HiMPI_Search *const searches[] = {
#define SEARCH(id, name) &himpi_search_##id,
    HIMPI_SEARCHES(SEARCH)
#undef SEARCH
};

const HiMPI_Search *HiMPI_Search_by_name(const char *name)
{
    for (size_t i = 0; name != NULL && i < sizeof searches / sizeof searches[0]; i++)
        if (strcmp(name, searches[i]->name) == 0)
            return searches[i];
    return NULL;
}

const char *HiMPI_Search_name(const HiMPI_Search *search)
{
    return search->name;
}

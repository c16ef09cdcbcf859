/* search.c: strategies that choose which group counts to measure. */
#include <config.h>

#include <stdlib.h>
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

/* Guided search.  The hierarchical time is roughly U-shaped in the number
 * of rank blocks g (thesis, ch. 3: g = 1 and g = p are both the flat
 * algorithm, and linear algorithms are fastest near g = sqrt(p)), so a
 * golden-section search over the blocks sorted by g finds the bottom in
 * O(log n) measurements; the few hardware layouts are all measured.
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
} guide;

/* A rank-block candidate: its g and its index. */
typedef struct {
    int g, i;
} block;

static int probe(guide *gd, int i)
{
    if (gd->measured[i])
        return MPI_SUCCESS;
    int rc = gd->measure(gd->ctx, i, &gd->results[i]);
    gd->measured[i] = rc == MPI_SUCCESS;
    return rc;
}

/* a clearly beats b when their confidence intervals do not overlap. */
static int clearly_faster(const MPIB_result *a, const MPIB_result *b)
{
    return a->T + a->ci < b->T - b->ci;
}

static int is_block(const himpi_candidate *c)
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

/* Narrows br by the newly measured position d != c as for a unimodal
 * curve: the loser and all beyond it leave the bracket (but stay among
 * the measured, which the best is chosen from). */
static void narrow(bracket *br, const guide *gd, const block *blocks, int d)
{
    const MPIB_result *rd = &gd->results[blocks[d].i], *rc = &gd->results[blocks[br->c].i];
    /* The noise rule: the larger g must be clearly faster to win. */
    int d_wins = d < br->c ? !clearly_faster(rc, rd) : clearly_faster(rd, rc);
    if (d_wins) {
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

static int search_blocks(guide *gd, const block *blocks, int nb)
{
    /* The first probe is the g nearest sqrt(largest g), where the linear
     * algorithms' optimum lies, rather than a golden point far from it. */
    long long gmax = blocks[nb - 1].g;
    int s = 0;
    for (int k = 1; k < nb; k++) {
        long long g = blocks[k].g, t = blocks[s].g;
        if (llabs(g * g - gmax) < llabs(t * t - gmax))
            s = k;
    }
    int rc = probe(gd, blocks[s].i);
    if (rc != MPI_SUCCESS)
        return rc;
    bracket br = {0, nb - 1, s};
    /* g = 1 (candidate 0, measured first) narrows the bracket for free. */
    if (s > 0 && gd->measured[blocks[0].i])
        narrow(&br, gd, blocks, 0);
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

static int choose_guided(const himpi_candidate *candidates, int n, himpi_measure_fn measure,
                         void *ctx, int *best, MPIB_result *best_result)
{
    if (n < 1)
        return MPI_ERR_ARG;
    guide gd = {measure, ctx, malloc((size_t)n * sizeof *gd.results), calloc((size_t)n, 1)};
    block *blocks = malloc((size_t)n * sizeof *blocks);
    int nb = 0, rc = MPI_ERR_NO_MEM;
    if (gd.results != NULL && gd.measured != NULL && blocks != NULL)
        rc = probe(&gd, 0);
    if (rc == MPI_SUCCESS) {
        for (int i = 0; i < n; i++)
            if (is_block(&candidates[i]))
                blocks[nb++] = (block){candidates[i].groups[0], i};
        qsort(blocks, (size_t)nb, sizeof *blocks, by_groups);
        if (nb > 0)
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

const himpi_search himpi_search_guided = {"guided", choose_guided};

static const himpi_search *const searches[] = {&himpi_search_exhaustive, &himpi_search_guided};

const himpi_search *himpi_search_by_name(const char *name)
{
    for (size_t i = 0; name != NULL && i < sizeof searches / sizeof searches[0]; i++)
        if (strcmp(name, searches[i]->name) == 0)
            return searches[i];
    return NULL;
}

/* model.c: Hockney-model costs of the flat algorithms and of one-level
 * hierarchical plans. */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_fit.h>

#include "tune/model.h"

/* ceil(log2 p): the rounds of a binomial tree or of recursive doubling. */
static double rounds(int p)
{
    int r = 0;
    while ((1LL << r) < p)
        r++;
    return r;
}

/* floor(log2 p): the height of a complete binary tree of p nodes. */
static double height(int p)
{
    int h = 0;
    while ((2LL << h) <= p)
        h++;
    return h;
}

/* The number of segments of m bytes, at least one. */
static double segments(double m, int segment)
{
    double s = segment > 0 ? segment : HIMPI_SEGMENT_DEFAULT;
    return m > s ? ceil(m / s) : 1;
}

static double bcast(HiMPI_Alg alg, int p, double m, int segment, const himpi_hockney *h)
{
    double a = h->alpha, b = h->beta, X = segments(m, segment), lg = rounds(p);
    switch (alg) {
    case HIMPI_ALG_LINEAR:
    case HIMPI_ALG_CHAIN: return (p - 1) * (a + m * b);
    case HIMPI_ALG_PIPELINE: return (X + p - 2) * (a + m / X * b);
    case HIMPI_ALG_BINARY: return 2 * (height(p) + X - 1) * (a + m / X * b);
    case HIMPI_ALG_SPLIT_BINARY: {
        if (p == 2)
            return a + m * b;
        /* Each half goes down a subtree one level shorter, then the halves
         * are exchanged between the subtrees. */
        double Xh = segments(m / 2, segment);
        return 2 * (height(p) - 1 + Xh - 1) * (a + m / 2 / Xh * b) + a + m / 2 * b;
    }
    case HIMPI_ALG_BINOMIAL: return lg * (a + m * b);
    case HIMPI_ALG_SCATTER_RING_ALLGATHER: return (lg + p - 1) * a + 2.0 * (p - 1) / p * m * b;
    case HIMPI_ALG_SCATTER_RD_ALLGATHER: return 2 * lg * a + 2.0 * (p - 1) / p * m * b;
    default: return NAN;
    }
}

static double reduce(HiMPI_Alg alg, int p, double m, int segment, const himpi_hockney *h)
{
    double a = h->alpha, b = h->beta, c = h->gamma, X = segments(m, segment), lg = rounds(p);
    switch (alg) {
    case HIMPI_ALG_LINEAR:
    case HIMPI_ALG_CHAIN: return (p - 1) * (a + m * (b + c));
    case HIMPI_ALG_PIPELINE: return (p + X - 2) * (a + m / X * (b + c));
    case HIMPI_ALG_BINARY: return 2 * (height(p) + X - 1) * (a + m / X * (b + c));
    case HIMPI_ALG_BINOMIAL: return lg * (a + m * (b + c));
    case HIMPI_ALG_RABENSEIFNER:
        return 2 * lg * a + 2.0 * (p - 1) / p * m * b + (p - 1.0) / p * m * c;
    default: return NAN;
    }
}

static double allreduce(HiMPI_Alg alg, int p, double m, int segment, const himpi_hockney *h)
{
    double a = h->alpha, b = h->beta, c = h->gamma, X = segments(m, segment), lg = rounds(p);
    switch (alg) {
    case HIMPI_ALG_LINEAR: return 2 * (p - 1) * (a + m * b) + (p - 1) * m * c;
    case HIMPI_ALG_RECURSIVE_DOUBLING: return lg * (a + m * (b + c));
    case HIMPI_ALG_RABENSEIFNER:
        return 2 * lg * a + 2.0 * (p - 1) / p * m * b + (p - 1.0) / p * m * c;
    case HIMPI_ALG_RING: return 2 * (p - 1) * (a + m / p * b) + (p - 1) * m / p * c;
    case HIMPI_ALG_SEGMENTED_RING:
        return (p + X - 2) * (a + m / X * (b + c)) + (p - 1) * (a + m / p * b);
    default: return NAN;
    }
}

/* Scatter and gather, m bytes per rank. */
static double scatter_gather(HiMPI_Op op, HiMPI_Alg alg, int p, double m,
                             const himpi_hockney *h)
{
    double a = h->alpha, b = h->beta;
    switch (alg) {
    case HIMPI_ALG_LINEAR: return (p - 1) * (a + m * b);
    case HIMPI_ALG_BINOMIAL: return rounds(p) * a + (p - 1) * m * b;
    case HIMPI_ALG_LINEAR_SYNC: return op == HIMPI_OP_GATHER ? a + (p - 1) * (2 * a + m * b) : NAN;
    default: return NAN;
    }
}

static double allgather(HiMPI_Alg alg, int p, double m, const himpi_hockney *h)
{
    double a = h->alpha, b = h->beta, lg = rounds(p);
    switch (alg) {
    case HIMPI_ALG_RING: return (p - 1) * (a + m * b);
    case HIMPI_ALG_RECURSIVE_DOUBLING: return lg * a + (p - 1) * m * b;
    case HIMPI_ALG_GATHER_BCAST: return lg * a + (p - 1) * m * b + lg * (a + p * m * b);
    default: return NAN;
    }
}

double himpi_model_flat(HiMPI_Op op, HiMPI_Alg alg, int p, double m, int segment,
                        const himpi_hockney *h)
{
    if (!HiMPI_Alg_supported(op, alg) || alg == HIMPI_ALG_NATIVE || p < 1)
        return NAN;
    if (p == 1)
        return 0;
    switch (op) {
    case HIMPI_OP_BCAST: return bcast(alg, p, m, segment, h);
    case HIMPI_OP_REDUCE: return reduce(alg, p, m, segment, h);
    case HIMPI_OP_ALLREDUCE: return allreduce(alg, p, m, segment, h);
    case HIMPI_OP_SCATTER:
    case HIMPI_OP_GATHER: return scatter_gather(op, alg, p, m, h);
    case HIMPI_OP_ALLGATHER: return allgather(alg, p, m, h);
    case HIMPI_OP_COUNT: break;
    }
    return NAN;
}

double himpi_model_hier(HiMPI_Op op, HiMPI_Alg alg_out, HiMPI_Alg alg_in, int p, int g, double m,
                        int segment, const himpi_hockney *h)
{
    if (g < 1 || g > p)
        return NAN;
    int block = (p + g - 1) / g; /* the largest group, which the others wait for */
    int uneven = p % g != 0;
    /* Leaders of scatter and gather, and the columns of allgather, move a
     * whole group's data. */
    int per_group = op == HIMPI_OP_SCATTER || op == HIMPI_OP_GATHER || op == HIMPI_OP_ALLGATHER;
    double out = g == 1 ? 0 : himpi_model_flat(op, alg_out, g, per_group ? block * m : m, segment, h);
    double in = himpi_model_flat(op, alg_in, block, m, segment, h);
    double extra = 0;
    /* Uneven groups: the ranks in the extra position get the result from
     * their group's first rank. */
    if (uneven && op == HIMPI_OP_ALLREDUCE)
        extra = h->alpha + m * h->beta;
    if (uneven && op == HIMPI_OP_ALLGATHER)
        extra = h->alpha + p * m * h->beta;
    if (g == 1)
        return in;
    if (block == 1)
        return out;
    return out + in + extra;
}

int himpi_model_best_groups(HiMPI_Op op, HiMPI_Alg alg_out, HiMPI_Alg alg_in, int p, double m,
                            int segment, const himpi_hockney *h)
{
    int best = 0;
    double best_t = INFINITY;
    for (int g = 1; g <= p; g++) {
        double t = himpi_model_hier(op, alg_out, alg_in, p, g, m, segment, h);
        if (isnan(t))
            return 0;
        if (t < best_t) {
            best_t = t;
            best = g;
        }
    }
    return best;
}

int himpi_model_fit(const double *m, const double *t, int n, himpi_hockney *h)
{
    int distinct = 0, positive = 1;
    for (int i = 0; i < n; i++) {
        distinct |= m[i] != m[0];
        positive &= t[i] > 0;
    }
    if (n < 2 || !distinct || !positive)
        return -1;
    /* Relative errors, weights 1 / t^2: sizes that span seven orders of
     * magnitude would otherwise leave alpha to the largest alone. */
    double *w = malloc((size_t)n * sizeof *w);
    if (w == NULL)
        return -1;
    for (int i = 0; i < n; i++)
        w[i] = 1 / (t[i] * t[i]);
    double c0, c1, cov00, cov01, cov11, chisq;
    int rc = gsl_fit_wlinear(m, 1, w, 1, t, 1, (size_t)n, &c0, &c1, &cov00, &cov01, &cov11,
                             &chisq);
    free(w);
    if (rc != 0)
        return -1;
    h->alpha = c0;
    h->beta = c1;
    return 0;
}

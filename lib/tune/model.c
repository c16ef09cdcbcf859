/* model.c: Hockney-model costs of the flat algorithms and of one-level
 * hierarchical plans. */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_fit.h>

#include "core/catalogue.h"
#include "himpi_tune.h"

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

/* Split-binary: the root sends one half down each subtree, every parent
 * sending to its two children in turn as in the binary tree, then the
 * halves are exchanged between the subtrees.  The thesis's eq. 2.6 counts
 * the forwarding as 2 (log2(p + 1) - 2) steps, one level short: it leaves
 * out the root's own two sends (at p = 3 it would cost a single message,
 * below any bcast's bound). */
static double split_binary_cost(int p, double m, int segment, const HiMPI_Hockney *h)
{
    if (p == 2)
        return h->alpha + m * h->beta;
    double a = h->alpha, b = h->beta, X = segments(m / 2, segment);
    return 2 * (height(p) + X - 1) * (a + m / 2 / X * b) + a + m / 2 * b;
}

/* The catalogue's cost of alg for op, on p > 1 ranks. */
static double cost(HiMPI_Op op, HiMPI_Alg alg, int p, double m, int segment,
                   const HiMPI_Hockney *h)
{
    double a = h->alpha, b = h->beta, c = h->gamma, X = segments(m, segment), lg = rounds(p),
           H = height(p);
#define COST(OP, op_, ALG, alg_, legacy, formula)                                              \
    if (op == HIMPI_OP_##OP && alg == HIMPI_ALG_##ALG)                                         \
        return formula;
    HIMPI_CATALOGUE(COST)
#undef COST
    (void)a, (void)b, (void)c, (void)X, (void)lg, (void)H;
    return NAN;
}

double HiMPI_Model_flat(HiMPI_Op op, HiMPI_Alg alg, int p, double m, int segment,
                        const HiMPI_Hockney *h)
{
    if (!HiMPI_Alg_supported(op, alg) || alg == HIMPI_ALG_NATIVE || p < 1)
        return NAN;
    return p == 1 ? 0 : cost(op, alg, p, m, segment, h);
}

double HiMPI_Model_hier(HiMPI_Op op, HiMPI_Alg alg_out, HiMPI_Alg alg_in, int p, int g, double m,
                        int segment, const HiMPI_Hockney *h)
{
    if (g < 1 || g > p)
        return NAN;
    int block = (p + g - 1) / g; /* the largest group, which the others wait for */
    int uneven = p % g != 0;
    /* Leaders of scatter and gather, and the columns of allgather, move a
     * whole group's data; so do those of their v-variants, at the mean
     * block. */
    int vector = op == HIMPI_OP_SCATTERV || op == HIMPI_OP_GATHERV || op == HIMPI_OP_ALLGATHERV;
    int per_group = vector || op == HIMPI_OP_SCATTER || op == HIMPI_OP_GATHER ||
                    op == HIMPI_OP_ALLGATHER;
    /* The scans' leaders run an exclusive scan of the groups' totals
     * (with single-rank groups, the operation itself on every rank). */
    int scan = op == HIMPI_OP_SCAN || op == HIMPI_OP_EXSCAN;
    HiMPI_Op between = scan && block > 1 ? HIMPI_OP_EXSCAN : op;
    /* The reduce-scatters' groups reduce-scatter the whole operand, each
     * rank getting its position's blocks of every group. */
    int scatters = op == HIMPI_OP_REDUCE_SCATTER_BLOCK || op == HIMPI_OP_REDUCE_SCATTER;
    double out =
        g == 1 ? 0 : HiMPI_Model_flat(between, alg_out, g, per_group ? block * m : m, segment, h);
    double in = HiMPI_Model_flat(op, alg_in, block, scatters ? (double)p / block * m : m,
                                 segment, h);
    double extra = 0;
    /* The scans: a group's last rank sends its total to the first, which
     * broadcasts the prefix (binomially) in the group, and every rank
     * combines it with its own result. */
    if (scan && block > 1)
        extra = (1 + rounds(block)) * (h->alpha + m * h->beta) + m * h->gamma;
    /* Uneven groups: the ranks in the extra position get the result from
     * their group's first rank. */
    if (uneven && op == HIMPI_OP_ALLREDUCE)
        extra = h->alpha + m * h->beta;
    if (uneven && (op == HIMPI_OP_ALLGATHER || op == HIMPI_OP_ALLGATHERV))
        extra = h->alpha + p * m * h->beta;
    /* Gatherv's and scatterv's root first sends every other group's leader
     * its group's counts, p ints in all, along the library's tree. */
    if (op == HIMPI_OP_GATHERV || op == HIMPI_OP_SCATTERV)
        extra = rounds(g) * h->alpha + p * sizeof(int) * h->beta;
    /* Barrier runs alg_in inside the groups twice, before and after the
     * leaders' barrier. */
    if (op == HIMPI_OP_BARRIER)
        extra = in;
    /* Uneven groups: the ranks past the smallest group's size get their
     * block from their column's rank. */
    if (uneven && scatters)
        extra = h->alpha + m * h->beta;
    if (g == 1)
        return in;
    if (block == 1)
        return out;
    /* Alltoall: the leaders exchange a chunk of block * block blocks with
     * each other leader between a gather of the group's p blocks a rank
     * and their scatter, counted as binomial trees (the library's). */
    if (op == HIMPI_OP_ALLTOALL)
        return HiMPI_Model_flat(op, alg_out, g, (double)block * block * m, segment, h) +
               2 * (rounds(block) * h->alpha + (block - 1.0) * p * m * h->beta);
    return out + in + extra;
}

double HiMPI_Model_bound(HiMPI_Op op, int p, double m, const HiMPI_Hockney *h)
{
    double a = h->alpha, b = h->beta, c = h->gamma, lg = rounds(p);
    if (p < 1)
        return NAN;
    if (p == 1)
        return 0;
#define BOUND(ID, op_, name, sized, rooted, reduction, send, recv, in_place, input, vector,      \
              overlaps, bound)                                                                 \
    if (op == HIMPI_OP_##ID)                                                                   \
        return bound;
    HIMPI_OPERATIONS(BOUND)
#undef BOUND
    return NAN;
}

int HiMPI_Model_best_groups(HiMPI_Op op, HiMPI_Alg alg_out, HiMPI_Alg alg_in, int p, double m,
                            int segment, const HiMPI_Hockney *h)
{
    int best = 0;
    double best_t = INFINITY;
    for (int g = 1; g <= p; g++) {
        double t = HiMPI_Model_hier(op, alg_out, alg_in, p, g, m, segment, h);
        if (isnan(t))
            return 0;
        if (t < best_t) {
            best_t = t;
            best = g;
        }
    }
    return best;
}

int HiMPI_Model_fit(const double *m, const double *t, int n, HiMPI_Hockney *h)
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

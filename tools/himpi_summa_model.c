/* himpi_summa_model.c: the thesis's HSUMMA cost (Hasanov, 2015,
 * eq. 4.1-4.4 and sec. 4.2.1.2), for any grid and any I x J groups. */
#include <config.h>

#include <math.h>

#include "himpi_summa_model.h"

const char *summa_model_bcast_name(summa_model_bcast bcast)
{
    switch (bcast) {
    case SUMMA_MODEL_PIPELINE: return "pipelined";
    case SUMMA_MODEL_BINOMIAL: return "binomial";
    default: return "scatter-allgather";
    }
}

double summa_model_latencies(const summa_model *m, int q)
{
    if (q <= 1)
        return 0;
    if (m->bcast == SUMMA_MODEL_PIPELINE)
        return m->segments + q - 1;
    if (m->bcast == SUMMA_MODEL_BINOMIAL)
        return ceil(log2(q));
    return log2(q) + q - 1;
}

double summa_model_lengths(const summa_model *m, int q)
{
    if (q <= 1)
        return 0;
    if (m->bcast == SUMMA_MODEL_PIPELINE)
        return (double)(m->segments + q - 1) / m->segments;
    if (m->bcast == SUMMA_MODEL_BINOMIAL)
        return ceil(log2(q));
    return 2.0 * (q - 1) / q;
}

summa_cost summa_model_cost(const summa_model *m, int I, int J)
{
    /* Steps, and the bytes a pivot broadcast of A (along a row of the
     * grid) and of B (along a column) moves at each level. */
    double outer = (double)m->n / m->M, inner = (double)m->n / m->b;
    double a_outer = 8.0 * m->n / m->s * m->M, b_outer = 8.0 * m->M * m->n / m->t;
    double a_inner = 8.0 * m->n / m->s * m->b, b_inner = 8.0 * m->b * m->n / m->t;
    int row_in = m->t / J, col_in = m->s / I;
    summa_cost c;
    c.latency = (outer * (summa_model_latencies(m, J) + summa_model_latencies(m, I)) +
                 inner * (summa_model_latencies(m, row_in) + summa_model_latencies(m, col_in))) *
                m->alpha;
    c.bandwidth = (outer * (a_outer * summa_model_lengths(m, J) +
                            b_outer * summa_model_lengths(m, I)) +
                   inner * (a_inner * summa_model_lengths(m, row_in) +
                            b_inner * summa_model_lengths(m, col_in))) *
                  m->beta;
    return c;
}

int summa_model_best(const summa_model *m, int *I, int *J)
{
    double best = INFINITY;
    *I = *J = 1;
    for (int i = 1; i <= m->s; i++)
        for (int j = 1; j <= m->t; j++) {
            if (m->s % i != 0 || m->t % j != 0)
                continue;
            summa_cost c = summa_model_cost(m, i, j);
            double time = c.latency + c.bandwidth;
            /* Relative margin: sums in another order round differently. */
            if (time < best * (1 - 1e-12) ||
                (time <= best * (1 + 1e-12) && i * j < *I * *J)) {
                best = time;
                *I = i;
                *J = j;
            }
        }
    return *I * *J;
}

/* compare.c: two operations timed interleaved, and the median of their
 * paired ratios with its distribution-free interval.  Measured one after
 * the other, two operations meet different moments of a machine whose
 * speed drifts (other jobs, frequency, the network's load); alternated
 * repetition by repetition, each pair shares the moment, and a ratio
 * within a pair cancels what the moment did to both. */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "timer.h"

int MPIB_compare_samples(double cl, int n, const double *A, const double *B,
                         MPIB_comparison *c)
{
    if (n < 1 || A == NULL || B == NULL || c == NULL || !(cl > 0.0 && cl < 1.0))
        return MPI_ERR_ARG;
    for (int i = 0; i < n; i++)
        if (!(A[i] > 0.0 && B[i] > 0.0))
            return MPI_ERR_ARG;
    double *r = malloc((size_t)n * sizeof *r);
    if (r == NULL)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < n; i++)
        r[i] = A[i] / B[i];
    *c = (MPIB_comparison){.pairs = n, .a = MPIB_median(n, A), .b = MPIB_median(n, B),
                           .ratio = MPIB_median(n, r)};
    c->coverage = MPIB_median_ci(cl, n, r, &c->lo, &c->hi);
    free(r);
    return MPI_SUCCESS;
}

int MPIB_measure_pair(MPIB_method method, MPIB_coll_container *a, MPIB_coll_container *b,
                      MPI_Comm comm, int root, int M, int pairs, double span, double cl,
                      MPIB_comparison *result)
{
    if (comm == MPI_COMM_NULL)
        return MPI_ERR_COMM;
    int size, rank;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    if (root < 0 || root >= size)
        return MPI_ERR_ROOT;
    if (a == NULL || b == NULL || result == NULL || M < 0 || pairs < 1 ||
        MPIB_method_name(method) == NULL || !(cl > 0.0 && cl < 1.0) || !(span >= 0.0) ||
        !isfinite(span))
        return MPI_ERR_ARG;
    MPIB_precision precision = MPIB_precision_default();
    mpib_timer timer;
    int rc = mpib_timer_setup(&timer, method, comm, root, &precision);
    if (rc != MPI_SUCCESS)
        return rc;
    double *T = malloc(2 * (size_t)pairs * sizeof *T);
    rc = mpib_agree(T == NULL ? MPI_ERR_NO_MEM : MPI_SUCCESS, comm);
    if (rc != MPI_SUCCESS) {
        free(T);
        return rc;
    }
    int init_a = a->initialize(a, comm, root, M), init_b = b->initialize(b, comm, root, M);
    rc = mpib_agree(init_a != MPI_SUCCESS ? init_a : init_b, comm);
    /* A B, then B A: within two pairs each comes first once, so a drift
     * within a pair favours neither.  Every rank waits out the same
     * schedule on its own clock; the sample's own synchronisation then
     * starts the pair together. */
    double start = MPI_Wtime();
    for (int i = 0; rc == MPI_SUCCESS && i < pairs; i++) {
        mpib_sleep_until(start + i * span / pairs);
        int first = i % 2;
        rc = mpib_sample(&timer, first ? b : a, comm, root, M, &T[2 * i + first]);
        if (rc == MPI_SUCCESS)
            rc = mpib_sample(&timer, first ? a : b, comm, root, M, &T[2 * i + !first]);
    }
    int fin_a = a->finalize(a, comm, root), fin_b = b->finalize(b, comm, root);
    rc = mpib_agree(rc != MPI_SUCCESS ? rc : fin_a != MPI_SUCCESS ? fin_a : fin_b, comm);
    double summary[7] = {0};
    if (rc == MPI_SUCCESS && rank == root) {
        double *B = malloc((size_t)pairs * sizeof *B);
        for (int i = 0; B != NULL && i < pairs; i++) {
            B[i] = T[2 * i + 1];
            T[i] = T[2 * i];
        }
        MPIB_comparison c;
        int crc = B == NULL ? MPI_ERR_NO_MEM : MPIB_compare_samples(cl, pairs, T, B, &c);
        summary[0] = crc;
        if (crc == MPI_SUCCESS) {
            double v[6] = {c.a, c.b, c.ratio, c.lo, c.hi, c.coverage};
            for (int i = 0; i < 6; i++)
                summary[i + 1] = v[i];
        }
        free(B);
    }
    free(T);
    if (rc == MPI_SUCCESS)
        rc = MPIB_Bcast(summary, 7, MPI_DOUBLE, root, comm);
    if (rc == MPI_SUCCESS)
        rc = (int)summary[0];
    if (rc == MPI_SUCCESS)
        *result = (MPIB_comparison){.M = M, .pairs = pairs, .a = summary[1], .b = summary[2],
                                    .ratio = summary[3], .lo = summary[4], .hi = summary[5],
                                    .coverage = summary[6]};
    return rc;
}

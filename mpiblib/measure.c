/* measure.c: the repetition loop shared by the timing methods. */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_statistics_double.h>

#include "timer.h"

static const char *const method_names[] = {"max", "root", "global"};

int MPIB_method_parse(const char *name, MPIB_method *method)
{
    for (int i = 0; name != NULL && i < 3; i++)
        if (strcmp(name, method_names[i]) == 0) {
            *method = (MPIB_method)i;
            return MPI_SUCCESS;
        }
    return MPI_ERR_ARG;
}

const char *MPIB_method_name(MPIB_method method)
{
    if (method < MPIB_METHOD_MAX || method > MPIB_METHOD_GLOBAL)
        return NULL;
    return method_names[method];
}

int mpib_agree(int rc, MPI_Comm comm)
{
    int worst = rc;
    int rc2 = MPIB_Allreduce(&rc, &worst, 1, MPI_INT, MPI_MAX, comm);
    return rc2 != MPI_SUCCESS ? rc2 : worst;
}

int mpib_sample(mpib_timer *timer, MPIB_coll_container *container, MPI_Comm comm, int root,
                int M, double *t)
{
    int rc = MPIB_Barrier(comm);
    if (rc != MPI_SUCCESS)
        return rc;
    int err;
    double mine[2], worst[2];
    mine[0] = mpib_timer_rep(timer, container, comm, root, M, &err);
    mine[1] = err;
    rc = MPIB_Allreduce(mine, worst, 2, MPI_DOUBLE, MPI_MAX, comm);
    if (rc == MPI_SUCCESS)
        rc = (int)worst[1];
    *t = mpib_timer_sample(timer, worst[0]);
    return rc;
}

/* Repeats the container under a set-up timer until precision is met or
 * the time is known to lie above bound. */
static int repeat(mpib_timer *timer, MPIB_coll_container *container, MPI_Comm comm, int root,
                  int M, const MPIB_precision *precision, double bound, MPIB_result *result)
{
    int rank;
    MPI_Comm_rank(comm, &rank);
    /* Only the root keeps the samples and decides when to stop. */
    double *T = NULL;
    int rc = MPI_SUCCESS;
    if (rank == root && (T = malloc((size_t)precision->max_reps * sizeof *T)) == NULL)
        rc = MPI_ERR_NO_MEM;
    int init = container->initialize(container, comm, root, M);
    rc = mpib_agree(rc != MPI_SUCCESS ? rc : init, comm);

    int n = 0, stop = MPIB_CONTINUE;
    while (rc == MPI_SUCCESS && stop == MPIB_CONTINUE) {
        double t;
        rc = mpib_sample(timer, container, comm, root, M, &t);
        if (rc == MPI_SUCCESS && rank == root) {
            T[n++] = t;
            stop = MPIB_stop_rule_bound(precision, n, T, bound, NULL);
        }
        if (rc == MPI_SUCCESS)
            rc = MPIB_Bcast(&stop, 1, MPI_INT, root, comm);
    }

    int fin = container->finalize(container, comm, root);
    rc = mpib_agree(rc != MPI_SUCCESS ? rc : fin, comm);
    if (rc == MPI_SUCCESS) {
        /* The root's verdict, identical on every rank. */
        double summary[8] = {0};
        if (rank == root) {
            double ci;
            summary[0] = gsl_stats_mean(T, 1, (size_t)n);
            summary[3] = MPIB_stop_rule(precision, n, T, &ci) == MPIB_CONVERGED;
            summary[1] = ci;
            summary[2] = n;
            summary[4] = MPIB_median(n, T);
            MPIB_median_ci(precision->cl, n, T, &summary[5], &summary[6]);
            /* In place: T is not needed after this. */
            int kept = MPIB_outliers_remove(n, T, T);
            summary[7] = kept < 0 ? -1 : n - kept;
        }
        double wtick = MPI_Wtick();
        rc = MPIB_Bcast(summary, 8, MPI_DOUBLE, root, comm);
        if (rc == MPI_SUCCESS)
            rc = MPIB_Allreduce(MPI_IN_PLACE, &wtick, 1, MPI_DOUBLE, MPI_MAX, comm);
        *result = (MPIB_result){.M = M, .T = summary[0], .wtick = wtick, .reps = (int)summary[2],
                                .ci = summary[1], .converged = (int)summary[3],
                                .median = summary[4], .median_lo = summary[5],
                                .median_hi = summary[6], .outliers = (int)summary[7]};
    }
    free(T);
    return rc;
}

int MPIB_measure(MPIB_method method, MPIB_coll_container *container, MPI_Comm comm, int root,
                 int M, const MPIB_precision *precision, MPIB_result *result)
{
    return MPIB_measure_bound(method, container, comm, root, M, precision, INFINITY, result);
}

int MPIB_measure_bound(MPIB_method method, MPIB_coll_container *container, MPI_Comm comm,
                       int root, int M, const MPIB_precision *precision, double bound,
                       MPIB_result *result)
{
    if (comm == MPI_COMM_NULL)
        return MPI_ERR_COMM;
    int size;
    MPI_Comm_size(comm, &size);
    if (root < 0 || root >= size)
        return MPI_ERR_ROOT;
    if (container == NULL || result == NULL || M < 0 || MPIB_method_name(method) == NULL ||
        MPIB_precision_check(precision) != MPI_SUCCESS || isnan(bound))
        return MPI_ERR_ARG;
    mpib_timer timer;
    int rc = mpib_timer_setup(&timer, method, comm, root, precision);
    if (rc != MPI_SUCCESS)
        return rc;
    return repeat(&timer, container, comm, root, M, precision, bound, result);
}

int MPIB_measure_max(MPIB_coll_container *container, MPI_Comm comm, int root, int M,
                     const MPIB_precision *precision, MPIB_result *result)
{
    return MPIB_measure(MPIB_METHOD_MAX, container, comm, root, M, precision, result);
}

int MPIB_measure_root(MPIB_coll_container *container, MPI_Comm comm, int root, int M,
                      const MPIB_precision *precision, MPIB_result *result)
{
    return MPIB_measure(MPIB_METHOD_ROOT, container, comm, root, M, precision, result);
}

int MPIB_measure_global(MPIB_coll_container *container, MPI_Comm comm, int root, int M,
                        const MPIB_precision *precision, MPIB_result *result)
{
    return MPIB_measure(MPIB_METHOD_GLOBAL, container, comm, root, M, precision, result);
}

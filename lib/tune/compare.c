/* compare.c: two plans timed against each other in interleaved pairs: a
 * row's plan against the MPI library's flat call, and the verdict the
 * plain calls follow. */
#include <config.h>

#include <limits.h>
#include <math.h>

#include "tune/tune.h"

int himpi_compare_plans(MPI_Comm comm, const HiMPI_Tuner *tuner, HiMPI_Op op, int msg_size,
                        const HiMPI_Plan *a, const HiMPI_Plan *b, MPIB_comparison *cmp)
{
    /* The plans' sub-communicators are made on the work communicator: the
     * tuner's, or one of this call's own, freed with them. */
    MPI_Comm own = MPI_COMM_NULL;
    int rc = tuner->work != NULL ? MPI_SUCCESS : MPI_Comm_dup(comm, &own);
    MPI_Comm work = tuner->work != NULL ? *tuner->work : own;
    MPIB_coll_container *ca = HiMPI_Container_alloc_plan(op, a);
    MPIB_coll_container *cb = HiMPI_Container_alloc_plan(op, b);
    if (rc == MPI_SUCCESS)
        rc = ca != NULL && cb != NULL
                 ? MPIB_measure_pair(MPIB_METHOD_MAX, ca, cb, work, 0, msg_size, tuner->pairs,
                                     tuner->pair_span, tuner->precision.cl, cmp)
                 : MPI_ERR_NO_MEM;
    MPIB_coll_container_free(ca);
    MPIB_coll_container_free(cb);
    if (own != MPI_COMM_NULL)
        MPI_Comm_free(&own);
    return rc;
}

int HiMPI_Compare(MPI_Comm comm, const HiMPI_Tuner *tuner, HiMPI_Row *row)
{
    int p;
    MPI_Comm_size(comm, &p);
    if (row->procs != p || row->msg_size < 0 || row->msg_size > INT_MAX || tuner->pairs < 1 ||
        !HiMPI_Alg_supported(row->op, row->alg_out) || !HiMPI_Alg_supported(row->op, row->alg_in))
        return MPI_ERR_ARG;
    if (row->levels == 1 && row->groups[0] == 1 && row->alg_in == HIMPI_ALG_NATIVE) {
        row->ratio = row->ratio_lo = row->ratio_hi = 1.0;
        row->verdict = HIMPI_VERDICT_NATIVE;
        return MPI_SUCCESS;
    }
    HiMPI_Plan plan, native = {.nlevels = 1, .alg_in = HIMPI_ALG_NATIVE};
    native.level[0] = (HiMPI_Level){1, HIMPI_HW_NODE, HIMPI_ALG_NATIVE};
    HiMPI_Row_plan(row, &plan);
    MPIB_comparison cmp;
    int rc = himpi_compare_plans(comm, tuner, row->op, (int)row->msg_size, &plan, &native, &cmp);
    if (rc != MPI_SUCCESS)
        return rc;
    row->ratio = cmp.ratio;
    row->ratio_lo = isfinite(cmp.lo) ? cmp.lo : -1.0;
    row->ratio_hi = isfinite(cmp.hi) ? cmp.hi : -1.0;
    row->verdict = HiMPI_Decide(&cmp, tuner->min_effect);
    return MPI_SUCCESS;
}

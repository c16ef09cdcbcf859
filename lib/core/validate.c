/* validate.c: argument checks shared by the collectives. */
#include <config.h>

#include <stddef.h>

#include "core/ops.h"
#include "core/validate.h"

int himpi_check_comm(MPI_Comm comm, int *size, int *rank)
{
    int inter;
    if (comm == MPI_COMM_NULL)
        return MPI_ERR_COMM;
    MPI_Comm_test_inter(comm, &inter);
    if (inter)
        return MPI_ERR_COMM;
    MPI_Comm_size(comm, size);
    MPI_Comm_rank(comm, rank);
    return MPI_SUCCESS;
}

int himpi_check_root(int root, int size)
{
    return root >= 0 && root < size ? MPI_SUCCESS : MPI_ERR_ROOT;
}

int himpi_check_buffer(int count, MPI_Datatype datatype)
{
    if (count < 0)
        return MPI_ERR_COUNT;
    return datatype == MPI_DATATYPE_NULL ? MPI_ERR_TYPE : MPI_SUCCESS;
}

int himpi_check_userbuf(const void *buf, long long count, MPI_Datatype datatype)
{
    if (buf != NULL || count <= 0)
        return MPI_SUCCESS;
    MPI_Aint true_lb, true_extent;
    int size;
    MPI_Type_get_true_extent(datatype, &true_lb, &true_extent);
    MPI_Type_size(datatype, &size);
    return true_lb == 0 && size > 0 ? MPI_ERR_BUFFER : MPI_SUCCESS;
}

int himpi_check_op(MPI_Op op)
{
    return op == MPI_OP_NULL ? MPI_ERR_OP : MPI_SUCCESS;
}

int himpi_check_params(HiMPI_Op operation, const HiMPI_Params *params, int size)
{
    if (params == NULL || params->groups < 1 || params->groups > size ||
        params->segment_size < 0 || params->overlap < 0 ||
        !HiMPI_Alg_supported(operation, params->alg_out) ||
        !HiMPI_Alg_supported(operation, params->alg_in))
        return MPI_ERR_ARG;
    return MPI_SUCCESS;
}

int himpi_check_plan(HiMPI_Op operation, const HiMPI_Plan *plan)
{
    if (plan == NULL || plan->nlevels < 0 || plan->nlevels > HIMPI_MAX_LEVELS ||
        plan->segment_size < 0 || plan->overlap < 0 ||
        !HiMPI_Alg_supported(operation, plan->alg_in))
        return MPI_ERR_ARG;
    for (int i = 0; i < plan->nlevels; i++) {
        const HiMPI_Level *level = &plan->level[i];
        if (level->groups < 0 || !HiMPI_Alg_supported(operation, level->alg) ||
            (level->groups == 0 && HiMPI_Hwlevel_name(level->hw) == NULL))
            return MPI_ERR_ARG;
    }
    return MPI_SUCCESS;
}

void himpi_plan_of_params(const HiMPI_Params *params, HiMPI_Plan *plan)
{
    *plan = (HiMPI_Plan){.nlevels = 1, .alg_in = params->alg_in,
                         .segment_size = params->segment_size, .overlap = params->overlap};
    plan->level[0] = (HiMPI_Level){params->groups, HIMPI_HW_NODE, params->alg_out};
}

int himpi_plan_flat(const HiMPI_Plan *plan, int p)
{
    for (int i = 0; i < plan->nlevels; i++) {
        int g = plan->level[i].groups;
        if (g != 1)
            return g >= p;
    }
    return 1;
}

int himpi_plan_overlap(HiMPI_Op operation, const HiMPI_Plan *plan, int p)
{
    const himpi_op_info *info = himpi_op_info_of(operation);
    return info != NULL && info->overlaps && !himpi_plan_flat(plan, p) ? plan->overlap : 0;
}

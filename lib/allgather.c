/* allgather.c: HiMPI_Allgather, hierarchical: inside every group first,
 * each group's blocks landing in place in recvbuf, then among the ranks at
 * the same position in every group, each bringing its group's blocks.
 * Where groups are uneven, the ranks in the extra position of the larger
 * groups get the whole result from their group's first rank. */
#include <config.h>

#include "algorithms.h"
#include "levels.h"
#include "plan.h"
#include "validate.h"

static const himpi_allgather_fn table[HIMPI_ALG_COUNT] = {
    [HIMPI_ALG_NATIVE] = himpi_allgather_native,
    [HIMPI_ALG_RING] = himpi_allgather_ring,
    [HIMPI_ALG_RECURSIVE_DOUBLING] = himpi_allgather_recursive_doubling,
    [HIMPI_ALG_GATHER_BCAST] = himpi_allgather_gather_bcast,
};

himpi_allgather_fn himpi_allgather_algorithm(HiMPI_Alg alg)
{
    return alg >= 0 && alg < HIMPI_ALG_COUNT ? table[alg] : NULL;
}

int HiMPI_Allgather_params(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                           const HiMPI_Params *params)
{
    int p, rank, rc;
    himpi_comm *state;
    if ((rc = himpi_check_comm(comm, &p, &rank)) != MPI_SUCCESS ||
        (sendbuf != MPI_IN_PLACE &&
         (rc = himpi_check_buffer(sendcount, sendtype)) != MPI_SUCCESS) ||
        (rc = himpi_check_buffer(recvcount, recvtype)) != MPI_SUCCESS ||
        (rc = himpi_check_params(HIMPI_OP_ALLGATHER, params, p)) != MPI_SUCCESS ||
        (rc = himpi_comm_get(comm, &state)) != MPI_SUCCESS)
        return rc;
    int g = params->groups, seg = params->segment_size;
    himpi_allgather_fn out = table[params->alg_out], in = table[params->alg_in];
    HiMPI_Alg flat = himpi_flat_algorithm(params, p);
    if (flat != HIMPI_ALG_COUNT)
        return table[flat](sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                           himpi_comm_private(state), NULL, seg);

    himpi_levels l;
    if ((rc = himpi_levels_get(state, p, rank, g, -1, &l)) != MPI_SUCCESS)
        return rc;
    rc = in(sendbuf, sendcount, sendtype,
            himpi_at(recvbuf, (MPI_Aint)l.start * recvcount, recvtype), recvcount, recvtype,
            l.inner, NULL, seg);
    if (rc == MPI_SUCCESS && l.outer != MPI_COMM_NULL)
        rc = out(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, recvbuf, recvcount, recvtype, l.outer,
                 l.sizes, seg);
    return rc == MPI_SUCCESS ? himpi_levels_share(&l, p, g, rank, recvbuf, p * recvcount, recvtype)
                             : rc;
}

int HiMPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int own = sendbuf != MPI_IN_PLACE;
    HiMPI_Params plan;
    int rc = himpi_plan_choose(HIMPI_OP_ALLGATHER, comm, own ? sendcount : recvcount,
                               own ? sendtype : recvtype, &plan);
    return rc != MPI_SUCCESS ? rc
                             : HiMPI_Allgather_params(sendbuf, sendcount, sendtype, recvbuf,
                                                      recvcount, recvtype, comm, &plan);
}

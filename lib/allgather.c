/* allgather.c: HiMPI_Allgather, hierarchical: inside every group first,
 * each group's blocks landing in place in recvbuf, then among the ranks at
 * the same position in every group, each bringing its group's blocks.
 * Where groups are uneven, the ranks in the extra position of the larger
 * groups get the whole result from their group's first rank. */
#include <config.h>

#include "algorithms.h"
#include "cache.h"
#include "validate.h"
#include "layout.h"

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
    MPI_Comm flat = himpi_comm_private(state);
    if (g == 1)
        return in(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, flat, NULL, seg);
    if (g == p)
        return out(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, flat, NULL, seg);

    MPI_Comm inner, columns;
    const int *sizes = himpi_comm_group_sizes(state, g);
    if (sizes == NULL)
        return MPI_ERR_NO_MEM;
    if ((rc = himpi_comm_inner(state, g, &inner)) != MPI_SUCCESS ||
        (rc = himpi_comm_columns(state, g, &columns)) != MPI_SUCCESS)
        return rc;
    int mine = himpi_group_of(p, g, rank), start = himpi_group_start(p, g, mine);
    rc = in(sendbuf, sendcount, sendtype, himpi_at(recvbuf, (MPI_Aint)start * recvcount, recvtype),
            recvcount, recvtype, inner, NULL, seg);
    if (rc == MPI_SUCCESS && columns != MPI_COMM_NULL)
        rc = out(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, recvbuf, recvcount, recvtype, columns, sizes,
                 seg);
    int extra = p / g, position = rank - start;
    if (rc == MPI_SUCCESS && sizes[mine] > extra) {
        if (position == 0)
            rc = himpi_send(recvbuf, p * recvcount, recvtype, extra, inner);
        else if (position == extra)
            rc = himpi_recv(recvbuf, p * recvcount, recvtype, 0, inner);
    }
    return rc;
}

int HiMPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const HiMPI_Params flat = {1, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 0};
    return HiMPI_Allgather_params(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                  comm, &flat);
}

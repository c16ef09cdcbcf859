/* allreduce.c: HiMPI_Allreduce, hierarchical: inside every group first,
 * then among the ranks at the same position in every group.  Where groups
 * are uneven, the ranks in the extra position of the larger groups take no
 * part in the second step and get the result from their group's first
 * rank. */
#include <config.h>

#include "algorithms.h"
#include "cache.h"
#include "validate.h"
#include "layout.h"

static const himpi_allreduce_fn table[HIMPI_ALG_COUNT] = {
    [HIMPI_ALG_NATIVE] = himpi_allreduce_native,
    [HIMPI_ALG_LINEAR] = himpi_allreduce_linear,
    [HIMPI_ALG_RECURSIVE_DOUBLING] = himpi_allreduce_recursive_doubling,
    [HIMPI_ALG_RING] = himpi_allreduce_ring,
    [HIMPI_ALG_SEGMENTED_RING] = himpi_allreduce_segmented_ring,
    [HIMPI_ALG_RABENSEIFNER] = himpi_allreduce_rabenseifner,
};

himpi_allreduce_fn himpi_allreduce_algorithm(HiMPI_Alg alg)
{
    return alg >= 0 && alg < HIMPI_ALG_COUNT ? table[alg] : NULL;
}

int HiMPI_Allreduce_params(const void *sendbuf, void *recvbuf, int count,
                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                           const HiMPI_Params *params)
{
    int p, rank, rc;
    himpi_comm *state;
    if ((rc = himpi_check_comm(comm, &p, &rank)) != MPI_SUCCESS ||
        (rc = himpi_check_buffer(count, datatype)) != MPI_SUCCESS ||
        (rc = himpi_check_op(op)) != MPI_SUCCESS ||
        (rc = himpi_check_params(HIMPI_OP_ALLREDUCE, params, p)) != MPI_SUCCESS ||
        (rc = himpi_comm_get(comm, &state)) != MPI_SUCCESS)
        return rc;
    int g = params->groups, seg = params->segment_size;
    himpi_allreduce_fn out = table[params->alg_out], in = table[params->alg_in];
    if (g == 1)
        return in(sendbuf, recvbuf, count, datatype, op, himpi_comm_private(state), seg);
    if (g == p)
        return out(sendbuf, recvbuf, count, datatype, op, himpi_comm_private(state), seg);

    MPI_Comm inner, columns;
    if ((rc = himpi_comm_inner(state, g, &inner)) != MPI_SUCCESS ||
        (rc = himpi_comm_columns(state, g, &columns)) != MPI_SUCCESS)
        return rc;
    if ((rc = in(sendbuf, recvbuf, count, datatype, op, inner, seg)) != MPI_SUCCESS)
        return rc;
    if (columns != MPI_COMM_NULL &&
        (rc = out(MPI_IN_PLACE, recvbuf, count, datatype, op, columns, seg)) != MPI_SUCCESS)
        return rc;
    int mine = himpi_group_of(p, g, rank), position = rank - himpi_group_start(p, g, mine);
    int extra = p / g; /* the position only larger groups have */
    if (himpi_group_size(p, g, mine) > extra) {
        if (position == 0)
            rc = himpi_send(recvbuf, count, datatype, extra, inner);
        else if (position == extra)
            rc = himpi_recv(recvbuf, count, datatype, 0, inner);
    }
    return rc;
}

int HiMPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                    MPI_Op op, MPI_Comm comm)
{
    const HiMPI_Params flat = {1, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 0};
    return HiMPI_Allreduce_params(sendbuf, recvbuf, count, datatype, op, comm, &flat);
}

/* ops.c: the operations' rows, and the checks that follow from them. */
#include <config.h>

#include <stddef.h>

#include "core/catalogue.h"
#include "core/ops.h"
#include "core/validate.h"

static const himpi_op_info ops[HIMPI_OP_COUNT] = {
#define ROW(ID, op, name, sized, rooted, reduction, send, recv, in_place, bound)                \
    [HIMPI_OP_##ID] = {name, sized, rooted, reduction, HIMPI_SIDE_##send, HIMPI_SIDE_##recv,    \
                       HIMPI_IN_PLACE_##in_place},
    HIMPI_OPERATIONS(ROW)
#undef ROW
};

const himpi_op_info *himpi_op_info_of(HiMPI_Op op)
{
    return op >= 0 && op < HIMPI_OP_COUNT ? &ops[op] : NULL;
}

/* 1 if this rank's blocks on a side are described by the call's count and
 * datatype there and the buffer is not MPI_IN_PLACE. */
static int described(const himpi_op_info *info, himpi_side side, himpi_in_place in_place,
                     const void *buffer, int at_root)
{
    if (side == HIMPI_SIDE_NONE || (side == HIMPI_SIDE_ROOT && !at_root))
        return 0;
    return !(info->in_place == in_place && buffer == MPI_IN_PLACE);
}

static int send_described(const himpi_op_info *info, const himpi_coll_args *a, int rank)
{
    return described(info, info->send, HIMPI_IN_PLACE_SEND, a->sendbuf, rank == a->root);
}

static int recv_described(const himpi_op_info *info, const himpi_coll_args *a, int rank)
{
    return described(info, info->recv, HIMPI_IN_PLACE_RECV, a->recvbuf, rank == a->root);
}

int himpi_check_args(HiMPI_Op op, const himpi_coll_args *a, int p, int rank)
{
    const himpi_op_info *info = &ops[op];
    int rc;
    if ((info->rooted && (rc = himpi_check_root(a->root, p)) != MPI_SUCCESS) ||
        (send_described(info, a, rank) &&
         (rc = himpi_check_buffer(a->sendcount, a->sendtype)) != MPI_SUCCESS) ||
        (recv_described(info, a, rank) &&
         (rc = himpi_check_buffer(a->recvcount, a->recvtype)) != MPI_SUCCESS) ||
        (info->reduction && (rc = himpi_check_op(a->op)) != MPI_SUCCESS))
        return rc;
    return MPI_SUCCESS;
}

void himpi_args_share(HiMPI_Op op, const himpi_coll_args *a, int rank, int *count,
                      MPI_Datatype *datatype)
{
    int send = send_described(&ops[op], a, rank);
    if (!ops[op].sized) {
        *count = 0;
        *datatype = MPI_BYTE;
        return;
    }
    *count = send ? a->sendcount : a->recvcount;
    *datatype = send ? a->sendtype : a->recvtype;
}

int himpi_args_ordered(HiMPI_Op op, const himpi_coll_args *a)
{
    /* Not a reduction (0), or a prefix reduction (2), whatever the op. */
    if (ops[op].reduction != 1)
        return ops[op].reduction != 0;
    int commute = 1;
    MPI_Op_commutative(a->op, &commute);
    return !commute;
}

/* ops.c: the operations' rows, and the checks that follow from them. */
#include <config.h>

#include <stddef.h>

#include "core/catalogue.h"
#include "core/ops.h"
#include "core/validate.h"

static const himpi_op_info ops[HIMPI_OP_COUNT] = {
#define ROW(ID, op, name, sized, rooted, reduction, send, recv, in_place, input, overlaps, bound) \
    [HIMPI_OP_##ID] = {name,                                                                     \
                       sized,                                                                    \
                       rooted,                                                                   \
                       reduction,                                                                \
                       HIMPI_SIDE_##send,                                                        \
                       HIMPI_SIDE_##recv,                                                        \
                       HIMPI_IN_PLACE_##in_place,                                                \
                       HIMPI_INPUT_##input,                                                      \
                       overlaps},
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

/* This rank's receive count: recvcount, or its entry of a vector of
 * counts whose every entry is checked (an invalid one anywhere is an
 * error on every rank, as the vector is the same on every rank). */
static int recv_count(const himpi_op_info *info, const himpi_coll_args *a, int p, int rank,
                      int *count)
{
    *count = a->recvcount;
    if (info->input != HIMPI_INPUT_COUNTS)
        return MPI_SUCCESS;
    if (a->recvcounts == NULL)
        return MPI_ERR_ARG;
    for (int i = 0; i < p; i++)
        if (a->recvcounts[i] < 0)
            return MPI_ERR_COUNT;
    *count = a->recvcounts[rank];
    return MPI_SUCCESS;
}

int himpi_check_args(HiMPI_Op op, const himpi_coll_args *a, int p, int rank)
{
    const himpi_op_info *info = &ops[op];
    int rc, count;
    if ((info->rooted && (rc = himpi_check_root(a->root, p)) != MPI_SUCCESS) ||
        (send_described(info, a, rank) &&
         (rc = himpi_check_buffer(a->sendcount, a->sendtype)) != MPI_SUCCESS) ||
        (recv_described(info, a, rank) &&
         ((rc = recv_count(info, a, p, rank, &count)) != MPI_SUCCESS ||
          (rc = himpi_check_buffer(count, a->recvtype)) != MPI_SUCCESS)) ||
        (info->reduction && (rc = himpi_check_op(a->op)) != MPI_SUCCESS))
        return rc;
    return MPI_SUCCESS;
}

void himpi_args_share(HiMPI_Op op, const himpi_coll_args *a, int p, int rank,
                      long long *count, MPI_Datatype *datatype)
{
    int send = send_described(&ops[op], a, rank);
    if (!ops[op].sized) {
        *count = 0;
        *datatype = MPI_BYTE;
        return;
    }
    *count = send ? a->sendcount : a->recvcount;
    *datatype = send ? a->sendtype : a->recvtype;
    /* A vector of counts: the mean block, as every count equal to it. */
    if (ops[op].input == HIMPI_INPUT_COUNTS) {
        for (int i = *count = 0; i < p; i++)
            *count += a->recvcounts[i];
        *count /= p;
    }
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

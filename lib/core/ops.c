/* ops.c: the operations' rows, and the checks that follow from them. */
#include <config.h>

#include <stddef.h>

#include "core/catalogue.h"
#include "core/ops.h"
#include "core/validate.h"

static const himpi_op_info ops[HIMPI_OP_COUNT] = {
#define ROW(ID, op, name, sized, rooted, reduction, send, recv, in_place, input, vector,       \
            overlaps, bound)                                                                     \
    [HIMPI_OP_##ID] = {name,                                                                     \
                       sized,                                                                    \
                       rooted,                                                                   \
                       reduction,                                                                \
                       HIMPI_SIDE_##send,                                                        \
                       HIMPI_SIDE_##recv,                                                        \
                       HIMPI_IN_PLACE_##in_place,                                                \
                       HIMPI_INPUT_##input,                                                      \
                       HIMPI_VECTOR_##vector,                                                    \
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

/* Checks every count of a vector of p and, with displacements (displaced),
 * that they are given; *elements is their sum.  An invalid entry anywhere
 * is an error on every rank that holds the vector, as they all hold the
 * same one. */
static int check_vector(const int *counts, const int *displs, int displaced, int p,
                        long long *elements)
{
    if (counts == NULL)
        return MPI_ERR_ARG;
    *elements = 0;
    for (int i = 0; i < p; i++) {
        if (counts[i] < 0)
            return MPI_ERR_COUNT;
        *elements += counts[i];
    }
    return displaced && displs == NULL ? MPI_ERR_ARG : MPI_SUCCESS;
}

/* Checks a side this rank's arguments describe: count elements of
 * datatype in buf, or a vector of counts (counts, with displs: one block
 * per rank), or, where the receive counts are a vector of which this rank
 * gets one (reduce_scatter's input), that vector's entry for rank. */
static int check_side(const void *buf, int count, MPI_Datatype datatype, const int *counts,
                      const int *displs, int vector, int entry, int p, int rank)
{
    long long elements = count;
    int rc = MPI_SUCCESS;
    if (vector || entry) {
        rc = check_vector(counts, displs, vector, p, &elements);
        if (rc == MPI_SUCCESS && entry)
            elements = counts[rank];
        count = 0; /* the vector's counts are checked: the datatype is left */
    }
    if (rc == MPI_SUCCESS)
        rc = himpi_check_buffer(count, datatype);
    return rc == MPI_SUCCESS ? himpi_check_userbuf(buf, elements, datatype) : rc;
}

/* The buffer the receive side's count and datatype describe at rank: a
 * reduction's one count describes both of its buffers, and a rooted one's
 * receive buffer matters at the root alone (MPI lets the others pass NULL,
 * as mpi4py does), so elsewhere the one that holds the operand is checked,
 * the send buffer. */
static const void *recv_side_buffer(const himpi_op_info *info, const himpi_coll_args *a,
                                    int rank)
{
    return info->reduction && info->rooted && rank != a->root ? a->sendbuf : a->recvbuf;
}

int himpi_check_args(HiMPI_Op op, const himpi_coll_args *a, int p, int rank)
{
    const himpi_op_info *info = &ops[op];
    int rc;
    if ((info->rooted && (rc = himpi_check_root(a->root, p)) != MPI_SUCCESS) ||
        (send_described(info, a, rank) &&
         (rc = check_side(a->sendbuf, a->sendcount, a->sendtype, a->sendcounts, a->displs,
                          info->vector == HIMPI_VECTOR_SEND, 0, p, rank)) != MPI_SUCCESS) ||
        (recv_described(info, a, rank) &&
         (rc = check_side(recv_side_buffer(info, a, rank), a->recvcount, a->recvtype,
                          a->recvcounts, a->displs, info->vector == HIMPI_VECTOR_RECV,
                          info->input == HIMPI_INPUT_COUNTS, p, rank)) != MPI_SUCCESS) ||
        (info->reduction && (rc = himpi_check_op(a->op)) != MPI_SUCCESS))
        return rc;
    return MPI_SUCCESS;
}

int himpi_args_share(HiMPI_Op op, const himpi_coll_args *a, int p, int rank, long long *count,
                     MPI_Datatype *datatype)
{
    const himpi_op_info *info = &ops[op];
    if (!info->sized) {
        *count = 0;
        *datatype = MPI_BYTE;
        return 1;
    }
    int send = send_described(info, a, rank);
    *count = send ? a->sendcount : a->recvcount;
    *datatype = send ? a->sendtype : a->recvtype;
    const int *counts = info->input == HIMPI_INPUT_COUNTS ? a->recvcounts : NULL;
    int alike = 1;
    if (info->vector != HIMPI_VECTOR_NONE) {
        int on_send = info->vector == HIMPI_VECTOR_SEND;
        /* Where the root alone holds the vector, the others know their
         * own block, which the defaults above give. */
        alike = (on_send ? info->send : info->recv) != HIMPI_SIDE_ROOT;
        if (!alike && rank != a->root)
            return 0;
        counts = on_send ? a->sendcounts : a->recvcounts;
        *datatype = on_send ? a->sendtype : a->recvtype;
    }
    /* A vector of counts: the mean block, as every count equal to it. */
    if (counts != NULL) {
        for (int i = *count = 0; i < p; i++)
            *count += counts[i];
        *count /= p;
    }
    return alike;
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

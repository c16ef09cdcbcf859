/* ops.h: what HiMPI knows of each operation (catalogue.h lists them), and
 * the checks and sizes that follow from it for a call's arguments. */
#ifndef HIMPI_CORE_OPS_H
#define HIMPI_CORE_OPS_H

#include "himpi.h"
#include "core/args.h"

typedef enum himpi_side { HIMPI_SIDE_NONE, HIMPI_SIDE_ALL, HIMPI_SIDE_ROOT } himpi_side;
typedef enum himpi_in_place {
    HIMPI_IN_PLACE_NONE,
    HIMPI_IN_PLACE_SEND,
    HIMPI_IN_PLACE_RECV
} himpi_in_place;

typedef enum himpi_input {
    HIMPI_INPUT_NONE,
    HIMPI_INPUT_ONE,
    HIMPI_INPUT_BLOCKS,
    HIMPI_INPUT_COUNTS
} himpi_input;

typedef enum himpi_vector {
    HIMPI_VECTOR_NONE,
    HIMPI_VECTOR_SEND,
    HIMPI_VECTOR_RECV
} himpi_vector;

typedef struct himpi_op_info {
    const char *name;
    int sized; /* 0 for an operation that carries no message (catalogue.h) */
    int rooted;
    int reduction; /* 0, 1, or 2 for a prefix reduction (catalogue.h) */
    himpi_side send, recv;
    himpi_in_place in_place;
    himpi_input input;
    himpi_vector vector;
    int overlaps; /* its levels can overlap (catalogue.h) */
} himpi_op_info;

/* The row of op, or NULL for an invalid op. */
const himpi_op_info *himpi_op_info_of(HiMPI_Op op);

/* Checks a call of op on p ranks with this rank's arguments: the root,
 * the counts, datatypes and buffers the call describes on this rank (every
 * count of a vector the rank holds, catalogue.h's input and vector), the
 * MPI_Op; MPI_SUCCESS or the error class of the first problem
 * (MPI_ERR_ROOT, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP;
 * MPI_ERR_ARG for a NULL vector of counts or displacements). */
int himpi_check_args(HiMPI_Op op, const himpi_coll_args *args, int p, int rank);

/* This rank's share of the message on p ranks, as the containers and the
 * tables count it: its send block, or its receive block where it has no
 * send block of its own (or sends in place); where the counts are a
 * vector (catalogue.h's input and vector), their mean; 0 bytes (MPI_BYTE)
 * for an operation that carries no message.  Gives the count and
 * datatype, and returns 1 if every rank gives the same share, 0 (on every
 * rank) if only the root can: a vector the root alone holds (gatherv,
 * scatterv), where the other ranks give their own block. */
int himpi_args_share(HiMPI_Op op, const himpi_coll_args *args, int p, int rank,
                     long long *count, MPI_Datatype *datatype);

/* 1 if a call of op with args must keep its groups in rank order: a
 * reduction whose MPI_Op does not commute, or a prefix reduction. */
int himpi_args_ordered(HiMPI_Op op, const himpi_coll_args *args);

#endif /* HIMPI_CORE_OPS_H */

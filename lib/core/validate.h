/* validate.h: argument checks shared by the collectives.  Each returns
 * MPI_SUCCESS or the MPI error class for the first problem found. */
#ifndef HIMPI_VALIDATE_H
#define HIMPI_VALIDATE_H

#include "himpi.h"

/* comm must be an intra-communicator; gives its size and this rank. */
int himpi_check_comm(MPI_Comm comm, int *size, int *rank);

/* Typical checks of a rooted collective: root, count and datatype. */
int himpi_check_root(int root, int size);
int himpi_check_buffer(int count, MPI_Datatype datatype);

/* A buffer of count elements of datatype (a valid one) must not be NULL,
 * as MPICH checks it: unless count is 0, or the datatype's addresses are
 * absolute (a true lower bound other than 0), or it holds no data: it may
 * then be MPI_BOTTOM.  MPI_ERR_BUFFER otherwise. */
int himpi_check_userbuf(const void *buf, long long count, MPI_Datatype datatype);

/* op must not be MPI_OP_NULL. */
int himpi_check_op(MPI_Op op);

/* params must exist, with 1 <= groups <= size, both algorithms existing for
 * operation and a non-negative segment size and overlap. */
int himpi_check_params(HiMPI_Op operation, const HiMPI_Params *params, int size);

/* plan must exist, with 0 <= nlevels <= HIMPI_MAX_LEVELS, levels of
 * groups >= 0 (a valid hardware level for 0), algorithms existing for
 * operation and a non-negative segment size and overlap.  A positive
 * overlap passes whatever the operation and the plan: where they cannot
 * overlap it is ignored (himpi_plan_overlap), as segment_size is by the
 * algorithms that do not pipeline. */
int himpi_check_plan(HiMPI_Op operation, const HiMPI_Plan *plan);

/* The plan of HiMPI_Params: one level of g rank blocks. */
void himpi_plan_of_params(const HiMPI_Params *params, HiMPI_Plan *plan);

/* 1 if plan (a checked one) is flat on p ranks by its levels alone: its
 * first level of more than one group (a hardware level counting as more)
 * has p groups or more, every group then a single rank, or it has none.
 * A flat plan has no levels to overlap. */
int himpi_plan_flat(const HiMPI_Plan *plan, int p);

/* The overlap a call of operation on p ranks runs plan with: plan->overlap
 * where the operation's levels can overlap (catalogue.h's overlaps) and
 * the plan is not flat, 0 otherwise.  The plain calls' plans come with it
 * applied (select/plan.c); a driver applies it to an explicit plan. */
int himpi_plan_overlap(HiMPI_Op operation, const HiMPI_Plan *plan, int p);

#endif /* HIMPI_VALIDATE_H */

/* native.h: the MPI library's own collectives, by operation. */
#ifndef HIMPI_COLL_NATIVE_H
#define HIMPI_COLL_NATIVE_H

#include "himpi.h"
#include "core/args.h"

/* The MPI library's collective op with args on comm, as the native
 * algorithm runs it (under the wait policy). */
int himpi_native_call(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm);

/* 1 if the MPI library's reduce-scatters would overrun their temporary
 * buffers for op on datatype (coll/native.c), where the native algorithm
 * and the persistent request run HiMPI's order-keeping one instead. */
int himpi_native_reduce_scatter_overruns(MPI_Op op, MPI_Datatype datatype);

/* The MPI library's persistent collective op with args on comm: MPI-4's MPI_<op>_init or Open MPI's
 * MPIX_<op>_init; *request is MPI_REQUEST_NULL if the library has
 * neither. */
int himpi_native_init(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm, MPI_Info info,
                      MPI_Request *request);

#endif /* HIMPI_COLL_NATIVE_H */

/* native.h: the MPI library's own collectives, by operation. */
#ifndef HIMPI_COLL_NATIVE_H
#define HIMPI_COLL_NATIVE_H

#include "himpi.h"
#include "core/args.h"

/* The MPI library's collective op with args on comm, as the native
 * algorithm's blocking call runs it. */
int himpi_native_call(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm);

/* The MPI library's persistent collective op with args on comm: MPI-4's
 * MPI_<op>_init or Open MPI's MPIX_<op>_init; *request is
 * MPI_REQUEST_NULL if the library has neither, or the native algorithm is
 * not the library's collective. */
int himpi_native_init(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm, MPI_Info info,
                      MPI_Request *request);

#endif /* HIMPI_COLL_NATIVE_H */

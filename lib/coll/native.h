/* native.h: the MPI library's own collectives, by operation. */
#ifndef HIMPI_COLL_NATIVE_H
#define HIMPI_COLL_NATIVE_H

#include "himpi.h"
#include "core/args.h"

/* The MPI library's collective op with args on comm, as the native
 * algorithm's blocking call runs it. */
int himpi_native_call(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm);

#endif /* HIMPI_COLL_NATIVE_H */

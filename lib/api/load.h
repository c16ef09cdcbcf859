/* load.h: the runtime of plain calls (config/runtime.h), loaded on a
 * communicator and checked against the job: a table tuned on another
 * machine, MPI library or job shape is reported (HIMPI_STRICT=1 refuses
 * it). */
#ifndef HIMPI_API_LOAD_H
#define HIMPI_API_LOAD_H

#include "config/runtime.h"

/* himpi_runtime_load, then the fingerprint check.  Collective over comm. */
int himpi_load(MPI_Comm comm, himpi_runtime **rt);

#endif /* HIMPI_API_LOAD_H */

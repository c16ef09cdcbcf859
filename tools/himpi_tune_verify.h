/* himpi_tune_verify.h: himpi-tune --verify, a table's rows timed again
 * against the MPI library's call on this machine, and --fix. */
#ifndef HIMPI_TUNE_VERIFY_H
#define HIMPI_TUNE_VERIFY_H

#include "himpi_tune_options.h"

/* Every row of the table o->verify whose process count this run has,
 * compared again with the MPI library's flat call (HiMPI_Compare), a line
 * each and a summary on rank 0; with o->fix the table is written back with
 * the new comparisons.  Collective over MPI_COMM_WORLD.  Returns the exit
 * status: 0, 1 if the table could not be read, measured or written, 3 if
 * a row the table runs is no longer faster and o->fix is not set. */
int tune_verify(const options *o);

#endif /* HIMPI_TUNE_VERIFY_H */

/* himpi_tune_explain.h: himpi-tune --explain OP SIZE, how a plain call
 * decides with the table and the HIMPI_* variables. */
#ifndef HIMPI_TUNE_EXPLAIN_H
#define HIMPI_TUNE_EXPLAIN_H

#include "himpi_tune_options.h"

/* Prints on rank 0 the decision of a plain call of o->explain_op moving
 * o->explain_size bytes on o->procs.list[0] processes with the table
 * o->settings.conf_file: whether the table's fingerprint matches this
 * job's, the row taken, every plan measured there, the margin over the
 * MPI library's call, the overrides and the plan the call runs.
 * Collective over MPI_COMM_WORLD (the job's fingerprint).  Returns the exit
 * status: 0, 1 if the table cannot be read, 2 for an invalid HIMPI_*
 * setting. */
int tune_explain(const options *o);

#endif /* HIMPI_TUNE_EXPLAIN_H */

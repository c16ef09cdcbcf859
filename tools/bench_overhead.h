/* bench_overhead.h: himpi-bench's per-call overhead of HiMPI over MPI. */
#ifndef HIMPI_BENCH_OVERHEAD_H
#define HIMPI_BENCH_OVERHEAD_H

#include "cli.h"

/* Prints in the run's format (bench_format.h), for each of the nops
 * operations ops (HiMPI_Op values), what a call on 8 bytes costs on
 * MPI_COMM_SELF through MPI, through HiMPI_<op>_params (one group, native)
 * and through the plain HiMPI_<op> (which looks its plan up), and both
 * calls on all ranks measured as m says.  Collective over MPI_COMM_WORLD:
 * 0, or 1 after a failed measurement. */
int bench_overhead(const cli_measure *m, const int *ops, int nops);

#endif /* HIMPI_BENCH_OVERHEAD_H */

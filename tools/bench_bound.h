/* bench_bound.h: the alpha and beta of the bound columns of himpi-bench
 * and himpi-overlap, read from the output of himpi-model --fit or fitted to a ping-pong measured
 * on the spot. */
#ifndef HIMPI_BENCH_BOUND_H
#define HIMPI_BENCH_BOUND_H

#include "cli.h"

/* Reads alpha and beta from the last line of the output of
 * himpi-model --fit at path (read on rank 0, broadcast to the others): 0,
 * or 2 after reporting an unreadable or malformed file. */
int bench_bound_read(const char *path, HiMPI_Hockney *h);

/* Fits alpha and beta to a ping-pong between the root and the next rank,
 * 1 B to 1 MiB, measured as m says: 0, or 1 after reporting a failed
 * measurement or fit. */
int bench_bound_measure(const cli_measure *m, HiMPI_Hockney *h);

#endif /* HIMPI_BENCH_BOUND_H */

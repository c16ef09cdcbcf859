/* himpi_overlap_levels.h: himpi-overlap's default mode: for each operation
 * and size, the MPI library's collective, the best flat algorithm, the
 * best plan with its levels one after the other, the best with them
 * overlapped, that plan's stages alone, the overlap's efficiency and
 * whether it is faster with significance. */
#ifndef HIMPI_OVERLAP_LEVELS_H
#define HIMPI_OVERLAP_LEVELS_H

#include "himpi_overlap_options.h"

/* Measures and prints the table of o's operations and sizes: 0, or 1
 * after reporting a failed measurement.  Collective over
 * MPI_COMM_WORLD. */
int overlap_levels(const overlap_options *o);

#endif /* HIMPI_OVERLAP_LEVELS_H */

/* himpi_overlap_compute.h: himpi-overlap's compute mode (--compute): how
 * much of a nonblocking collective a computation hides.  A rank posts the
 * collective, computes for a set time, testing it now and then, and waits
 * for it; the same with the MPI library's nonblocking collective, side by
 * side in one run. */
#ifndef HIMPI_OVERLAP_COMPUTE_H
#define HIMPI_OVERLAP_COMPUTE_H

#include "himpi_overlap_options.h"

/* The part of a collective of T_coll seconds (posted and waited for at
 * once) that a computation of T_compute seconds hides, when the
 * collective posted before the computation and waited for after it take
 * T_total in all: (T_coll + T_compute - T_total) / T_coll, from 0 (the
 * two one after the other, or worse) to 1 (the collective wholly
 * hidden). */
double overlap_hidden(double coll, double compute, double total);

/* Measures and prints the table of o's operations, sizes and
 * computations (o->compute): 0, or 1 after reporting a failed
 * measurement.  Collective over MPI_COMM_WORLD. */
int overlap_compute(const overlap_options *o);

#endif /* HIMPI_OVERLAP_COMPUTE_H */

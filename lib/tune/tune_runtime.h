/* tune_runtime.h: tuning the runtime's table (config/runtime.h) where the
 * HIMPI_TUNE setting asks for it: in HiMPI_Init, or at a size's first
 * plain call.  Both are collective and add the rows they tune to the
 * table, its index and the table file. */
#ifndef HIMPI_TUNE_RUNTIME_H
#define HIMPI_TUNE_RUNTIME_H

#include "config/runtime.h"

/* Tunes what HIMPI_TUNE=init asks for on comm: every operation of
 * HIMPI_OPID at every size of [HIMPI_MIN_MSG, HIMPI_MAX_MSG], skipping
 * rows the table has, and adds the rows. */
int himpi_runtime_tune_init(himpi_runtime *rt, MPI_Comm comm);

/* With HIMPI_TUNE=lazy, tunes op at bytes on comm if the table lacks that
 * size for the algorithms plain calls use, and adds the row; *tuned is
 * then 1.  Every rank gets there alike, since their tables are alike. */
int himpi_runtime_tune_lazily(himpi_runtime *rt, HiMPI_Op op, MPI_Comm comm, long long bytes,
                              int *tuned);

/* HIMPI_OVERLAP, where set, as the one overlap tuner measures (0: none);
 * unset, the search's own (HiMPI_Tuner's overlaps).  tuner keeps a pointer
 * into env. */
void himpi_tuner_overlap(HiMPI_Tuner *tuner, const himpi_env *env);

/* Adds the n rows a tuning run on comm measured to rt (himpi_runtime_add),
 * under a header of comm's job: its hosts and fingerprint, rt's precision
 * and the date. */
int himpi_runtime_keep(himpi_runtime *rt, MPI_Comm comm, const HiMPI_Row *rows, int n);

#endif /* HIMPI_TUNE_RUNTIME_H */

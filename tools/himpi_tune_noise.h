/* himpi_tune_noise.h: the machine's noise, measured and reported before
 * tuning, so that a reader of the summary knows how much to trust it. */
#ifndef HIMPI_TUNE_NOISE_H
#define HIMPI_TUNE_NOISE_H

#include "himpi_tune_options.h"

/* Times NOISE_REPS barriers on MPI_COMM_WORLD with o's timing method and
 * prints on rank 0 (unless o->quiet) their median, mean, interval, the
 * samples beyond Tukey's fences, and, when the spread is wider than o's
 * precision allows, about how many repetitions a measurement would need.
 * Collective over MPI_COMM_WORLD.  Returns MPI_SUCCESS or the measurement's
 * error. */
int tune_noise_report(const options *o);

#endif /* HIMPI_TUNE_NOISE_H */

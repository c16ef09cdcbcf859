/* himpi_tune_trace.h: where himpi-tune's measurements go as the tuner
 * reports them: the text trace (--trace), the CSV (--csv) and the list
 * the plot is drawn from (--plot), all on rank 0 and all fed from one
 * record per measurement, so that they cannot disagree. */
#ifndef HIMPI_TUNE_TRACE_H
#define HIMPI_TUNE_TRACE_H

#include <stdio.h>

#include "himpi_tune_options.h"

/* One measurement. */
typedef struct {
    HiMPI_Op op;
    int procs;
    int msg_size;
    HiMPI_Alg alg_out, alg_in;
    char layout[HIMPI_LAYOUT_MAX]; /* as in a table: "4", "node", "node/2" */
    int groups; /* g of a layout of one level of rank blocks; 0 for any other,
                   which is not a number of groups */
    int overlap; /* bytes per overlap segment it ran with, 0 for none */
    double time, ci; /* seconds: the mean and its interval's half-width */
    int reps;
    double seconds; /* what the measurement took, set-up included (MPI_Wtime) */
} tune_record;

struct tune_plot;

/* The sinks of a run: NULL where not asked for, and on ranks other than 0. */
typedef struct {
    FILE *trace;
    FILE *csv;
    struct tune_plot *plot;
    int procs; /* the process count being tuned, which the callback cannot see */
} tune_sinks;

/* Opens the sinks o asks for on rank 0 and writes the files' headers.
 * Collective over MPI_COMM_WORLD: 0, or 1 on every rank after rank 0 has
 * said why. */
int tune_sinks_open(const options *o, tune_sinks *s);

/* The tuner's trace callback, whose context is s; NULL where s has no
 * sink. */
HiMPI_Trace_fn tune_sinks_callback(const tune_sinks *s);

/* Ends the text trace with the run's count of measurements, its search
 * and its seconds, and closes the files; the plot's list stays. */
void tune_sinks_close(tune_sinks *s, long long measured, const HiMPI_Search *search,
                      double seconds, int failed);

#endif /* HIMPI_TUNE_TRACE_H */

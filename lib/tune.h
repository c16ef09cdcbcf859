/* tune.h: measuring the best number of groups.
 *
 * The tuner times a hierarchical collective with libmpib's max method for
 * candidate group counts and keeps the fastest.  g = 1 (the flat
 * algorithm) is always measured, so a tuned plan never loses to flat
 * beyond noise, and its time goes into the row next to the best one.
 * Which candidates are measured is up to a search strategy (search.c).
 * Every function here is collective over comm and gives identical results
 * on every rank, since libmpib hands every rank the root's measurement. */
#ifndef HIMPI_TUNE_H
#define HIMPI_TUNE_H

#include "himpi.h"
#include "mpib.h"
#include "table.h"

/* What to tune: one operation, size and algorithm pair. */
typedef struct himpi_tune_task {
    HiMPI_Op op;
    int msg_size; /* bytes, as the containers count them (himpi.h) */
    HiMPI_Alg alg_out;
    HiMPI_Alg alg_in;
    int segment_size;
} himpi_tune_task;

/* Measures the task at g groups; MPI_SUCCESS or an MPI error class. */
typedef int (*himpi_measure_fn)(void *ctx, int g, MPIB_result *result);

/* A search strategy: chooses the best of the candidates (increasing, the
 * first is 1) by calling measure for some of them, and stores the best g
 * and its result.  Must decide alike on every rank given alike results. */
typedef struct himpi_search {
    const char *name;
    int (*choose)(const int *candidates, int n, himpi_measure_fn measure, void *ctx, int *best,
                  MPIB_result *best_result);
} himpi_search;

/* Measures every candidate. */
extern const himpi_search himpi_search_exhaustive;

/* The search strategy called name, or NULL. */
const himpi_search *himpi_search_by_name(const char *name);

/* How to tune. */
typedef struct himpi_tuner {
    MPIB_precision precision;
    const int *groups; /* candidate g values, or NULL for 1..p; values > p are skipped */
    int ngroups;
    const himpi_search *search;
} himpi_tuner;

/* Tunes task on comm and fills row (procs = the size of comm, levels 1).
 * The sub-communicators of every layout are created before its timed
 * repetitions.  *measured, if not NULL, receives the number of g values
 * measured. */
int himpi_tune(MPI_Comm comm, const himpi_tuner *tuner, const himpi_tune_task *task,
               himpi_row *row, int *measured);

#endif /* HIMPI_TUNE_H */

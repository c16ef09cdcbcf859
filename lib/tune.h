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

/* A candidate layout: levels of rank blocks (groups >= 1) or hardware
 * levels (groups == 0), as in a table row. */
typedef struct himpi_candidate {
    int levels;
    int groups[HIMPI_MAX_LEVELS];
    HiMPI_Hwlevel hw[HIMPI_MAX_LEVELS];
} himpi_candidate;

/* Measures candidate i; MPI_SUCCESS or an MPI error class. */
typedef int (*himpi_measure_fn)(void *ctx, int i, MPIB_result *result);

/* A search strategy: chooses the best of n candidates (the first is g = 1,
 * then rank blocks by increasing g, then hardware layouts) by calling
 * measure for some of them, and stores the best index and its result.
 * Must decide alike on every rank given alike results. */
typedef struct himpi_search {
    const char *name;
    int (*choose)(const himpi_candidate *candidates, int n, himpi_measure_fn measure, void *ctx,
                  int *best, MPIB_result *best_result);
} himpi_search;

/* Measures every candidate. */
extern const himpi_search himpi_search_exhaustive;

/* Golden-section search over the rank blocks by g, then every hardware
 * layout: O(log n) measurements (doc/search.md). */
extern const himpi_search himpi_search_guided;

/* The search strategy called name, or NULL. */
const himpi_search *himpi_search_by_name(const char *name);

/* How to tune. */
typedef struct himpi_tuner {
    MPIB_precision precision;
    const int *groups; /* rank-block candidates, or NULL for 1..p; values > p are skipped */
    int ngroups;
    int levels;        /* hardware layouts of up to this many levels are candidates too
                          (HIMPI_NUM_LEVELS); 0 for rank blocks only */
    const himpi_search *search;
} himpi_tuner;

/* The candidates for comm: g = 1, the rank blocks asked for, then every
 * hardware layout of up to tuner->levels levels whose groups differ from
 * every candidate before it (a level that groups the ranks as an earlier
 * candidate does, or not at all, adds nothing).  Collective over comm
 * (hardware levels ask the topology).  *candidates is malloc'ed. */
int himpi_candidates(MPI_Comm comm, const himpi_tuner *tuner, himpi_candidate **candidates,
                     int *n);

/* Tunes task on comm and fills row (procs = the size of comm) with the
 * fastest candidate's layout.  The sub-communicators of every layout are
 * created before its timed repetitions.  *measured, if not NULL, receives
 * the number of candidates measured. */
int himpi_tune(MPI_Comm comm, const himpi_tuner *tuner, const himpi_tune_task *task,
               himpi_row *row, int *measured);

#endif /* HIMPI_TUNE_H */

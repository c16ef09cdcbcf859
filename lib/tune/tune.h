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
#include "config/table.h"

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

/* Measures candidate i; MPI_SUCCESS or an MPI error class.  Repetitions
 * may stop early once the candidate is known to be slower than bound
 * (MPIB_measure_bound); +INFINITY measures it to full precision. */
typedef int (*himpi_measure_fn)(void *ctx, int i, double bound, MPIB_result *result);

/* What a search knows of the sizes tuned before this one in a sequence of
 * increasing sizes of one operation and algorithm pair on one
 * communicator (himpi_tune_memory keeps it). */
typedef struct himpi_history {
    /* The previous size's result of every candidate (M < 0 where it was
     * not measured), or NULL at the first size of the sequence. */
    const MPIB_result *previous;
} himpi_history;

/* A search strategy: chooses the best of n candidates (the first is g = 1,
 * then rank blocks by increasing g, then hardware layouts) by calling
 * measure for some of them, and stores the best index and its result.
 * history is NULL when the size is tuned on its own (no sequence).  Must
 * decide alike on every rank given alike results. */
typedef struct himpi_search {
    const char *name;
    int (*choose)(const himpi_candidate *candidates, int n, const himpi_history *history,
                  himpi_measure_fn measure, void *ctx, int *best, MPIB_result *best_result);
} himpi_search;

/* Measures every candidate. */
extern const himpi_search himpi_search_exhaustive;

/* A coarse scan and a golden-section search over the rank blocks by g,
 * the previous size's front-runners, then every hardware layout: O(log n)
 * measurements, the losers' cut short; every candidate at the first size
 * of a sequence (doc/search.md). */
extern const himpi_search himpi_search_guided;

/* The search strategy called name, or NULL. */
const himpi_search *himpi_search_by_name(const char *name);

/* Called on every rank after each measurement a tuning run takes, with
 * the candidate, its result and the seconds (MPI_Wtime, so simulated
 * seconds under SimGrid) the measurement took, set-up included. */
typedef void (*himpi_trace_fn)(void *ctx, const himpi_tune_task *task,
                               const himpi_candidate *candidate, const MPIB_result *result,
                               double seconds);

/* What the tuner remembers of the sizes tuned so far, so that a guided
 * search can follow a sequence of increasing sizes (one sequence per
 * process count, operation, algorithm pair and segment size). */
typedef struct himpi_tune_memory himpi_tune_memory;

/* An empty memory, or NULL if memory runs out. */
himpi_tune_memory *himpi_tune_memory_new(void);
void himpi_tune_memory_free(himpi_tune_memory *memory);

/* The results of the last size tuned for task's sequence on procs
 * processes with n candidates (M < 0 where not measured), or NULL. */
const MPIB_result *himpi_tune_memory_previous(const himpi_tune_memory *memory,
                                              const himpi_tune_task *task, int procs, int n);

/* Remembers results as the last size of task's sequence. */
int himpi_tune_memory_keep(himpi_tune_memory *memory, const himpi_tune_task *task, int procs,
                           int n, const MPIB_result *results);

/* How to tune. */
typedef struct himpi_tuner {
    MPIB_precision precision;
    const int *groups; /* rank-block candidates, or NULL for 1..p; values > p are skipped */
    int ngroups;
    int levels;        /* hardware layouts of up to this many levels are candidates too
                          (HIMPI_NUM_LEVELS); 0 for rank blocks only */
    const himpi_search *search;
    himpi_trace_fn trace; /* NULL: no trace */
    void *trace_ctx;
    himpi_tune_memory *memory; /* sizes tuned in increasing order; NULL: each on its own */
    /* The run's own duplicate of the communicator tuned, which the
     * candidates' sub-communicators are created on: kept for the run, so
     * that each layout is created once rather than at every size, and
     * freed by the caller when the run ends, which hands them back to the
     * MPI library (the application's communicator keeps none).  NULL: each
     * himpi_tune call duplicates the communicator for itself. */
    MPI_Comm *work;
    /* When *work holds this many sub-communicators (himpi_comm_held), it
     * is duplicated anew before the next measurement; 0 for
     * HIMPI_TUNE_MAX_COMMS. */
    int max_comms;
} himpi_tuner;

/* MPICH gives a process 2046 communicators.  Every g from 1 to p as
 * candidates on p processes means up to 3p sub-communicators (inner,
 * leaders and columns of each layout), which would run out of them from
 * about 680 processes, so a run keeps at most this many at a time: all of
 * them for one operation on up to 767 processes, and room left for the
 * application's own. */
#define HIMPI_TUNE_MAX_COMMS 1536

/* The candidates for comm: g = 1, the rank blocks asked for, then every
 * hardware layout of up to tuner->levels levels whose groups differ from
 * every candidate before it (a level that groups the ranks as an earlier
 * candidate does, or not at all, adds nothing).  Collective over comm
 * (hardware levels ask the topology).  *candidates is malloc'ed. */
int himpi_candidates(MPI_Comm comm, const himpi_tuner *tuner, himpi_candidate **candidates,
                     int *n);

/* Tunes task on comm and fills row (procs = the size of comm) with the
 * fastest candidate's layout.  The measurements run on tuner->work (or a
 * duplicate of comm), and the sub-communicators of every layout are
 * created before its timed repetitions.  *measured, if not NULL, receives
 * the number of candidates measured. */
int himpi_tune(MPI_Comm comm, const himpi_tuner *tuner, const himpi_tune_task *task,
               himpi_row *row, int *measured);

#endif /* HIMPI_TUNE_H */

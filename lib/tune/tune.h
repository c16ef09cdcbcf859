/* tune.h: the tuner's insides, beyond what himpi_tune.h makes public (the
 * tasks, candidates, tuner and HiMPI_Tune): the search strategies
 * (search.c), the memory of a sequence of sizes (tune_memory.c) and the
 * candidates (candidates.c). */
#ifndef HIMPI_TUNE_H
#define HIMPI_TUNE_H

#include "himpi.h"
#include "himpi_tune.h"
#include "mpib.h"
#include "config/table.h"

/* Measures candidate i; MPI_SUCCESS or an MPI error class.  Repetitions
 * may stop early once the candidate is known to be slower than bound
 * (MPIB_measure_bound); +INFINITY measures it to full precision. */
typedef int (*himpi_measure_fn)(void *ctx, int i, double bound, MPIB_result *result);

/* What a search knows of the sizes tuned before this one in a sequence of
 * increasing sizes of one operation and algorithm pair on one
 * communicator (HiMPI_Tune_memory keeps it). */
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
struct HiMPI_Search {
    const char *name;
    int (*choose)(const HiMPI_Candidate *candidates, int n, const himpi_history *history,
                  himpi_measure_fn measure, void *ctx, int *best, MPIB_result *best_result);
};

/* Measures every candidate. */
extern const HiMPI_Search himpi_search_exhaustive;

/* A coarse scan and a golden-section search over the rank blocks by g,
 * the previous size's front-runners, then every hardware layout: O(log n)
 * measurements, the losers' cut short; every candidate at the first size
 * of a sequence (doc/search.md). */
extern const HiMPI_Search himpi_search_guided;

/* The results of the last size tuned for task's sequence on procs
 * processes with n candidates (M < 0 where not measured), or NULL. */
const MPIB_result *himpi_tune_memory_previous(const HiMPI_Tune_memory *memory,
                                              const HiMPI_Tune_task *task, int procs, int n);

/* Remembers results as the last size of task's sequence. */
int himpi_tune_memory_keep(HiMPI_Tune_memory *memory, const HiMPI_Tune_task *task, int procs,
                           int n, const MPIB_result *results);

/* The candidates for comm: g = 1, the rank blocks asked for, then every
 * hardware layout of up to tuner->levels levels whose groups differ from
 * every candidate before it (a level that groups the ranks as an earlier
 * candidate does, or not at all, adds nothing).  Collective over comm
 * (hardware levels ask the topology).  *candidates is malloc'ed. */
int himpi_candidates(MPI_Comm comm, const HiMPI_Tuner *tuner, HiMPI_Candidate **candidates,
                     int *n);

#endif /* HIMPI_TUNE_H */

/* tune.h: the tuner's insides, beyond what himpi_tune.h makes public (the
 * tasks, candidates, tuner and HiMPI_Tune): the search strategies
 * (search.c) and their overlap step (search_overlap.c), the memory of a
 * sequence of sizes (tune_memory.c), the candidates (candidates.c) and
 * the comparison of two plans in interleaved pairs (compare.c). */
#ifndef HIMPI_TUNE_H
#define HIMPI_TUNE_H

#include "himpi.h"
#include "himpi_tune.h"
#include "mpib.h"
#include "config/table.h"

/* Measures candidate i running with overlap bytes (0: its levels one
 * after the other); MPI_SUCCESS or an MPI error class.  Repetitions may
 * stop early once the candidate is known to be slower than bound
 * (MPIB_measure_bound); +INFINITY measures it to full precision. */
typedef int (*himpi_measure_fn)(void *ctx, int i, int overlap, double bound,
                                MPIB_result *result);

/* What a search knows of the sizes tuned before this one in a sequence of
 * increasing sizes of one operation and algorithm pair on one
 * communicator (HiMPI_Tune_memory keeps it). */
typedef struct himpi_history {
    /* The previous size's result of every candidate (M < 0 where it was
     * not measured), or NULL at the first size of the sequence. */
    const MPIB_result *previous;
} himpi_history;

/* The overlap dimension of one size's search (doc/search.md). */
typedef struct himpi_overlaps {
    const int *sizes;    /* the overlaps worth measuring, bytes, increasing */
    int n;               /* how many; 0: nothing is measured overlapped */
    const char *allowed; /* by candidate: 1 where it can overlap (the operation
                            can, and the candidate is not flat) */
    double margin;       /* how much faster an overlap must be: its whole
                            interval at or below 1 - margin times the low end
                            of the best time without (the tuner's min_effect) */
} himpi_overlaps;

/* What an overlap step chose: the candidate, its overlap (0: none was
 * significantly faster, and the candidate is the one the search chose
 * without) and its result. */
typedef struct himpi_overlap_choice {
    int best;
    int overlap;
    MPIB_result result;
} himpi_overlap_choice;

/* A search strategy: chooses the best of n candidates (the first is g = 1,
 * then rank blocks by increasing g, then hardware layouts) without
 * overlap by calling measure for some of them (overlap 0), and stores the
 * best index and its result; history is NULL when the size is tuned on
 * its own (no sequence).  Then its overlap step, given that choice, may
 * measure candidates overlapped and chooses an overlap only where it is
 * significantly faster (ov->margin).  default_overlaps says whether the
 * strategy measures overlaps the tuner did not list (himpi_overlap_sizes).
 * Must decide alike on every rank given alike results. */
struct HiMPI_Search {
    const char *name;
    int (*choose)(const HiMPI_Candidate *candidates, int n, const himpi_history *history,
                  himpi_measure_fn measure, void *ctx, int *best, MPIB_result *best_result);
    int (*overlap)(const HiMPI_Candidate *candidates, int n, const himpi_overlaps *ov, int best,
                   const MPIB_result *best_result, himpi_measure_fn measure, void *ctx,
                   himpi_overlap_choice *choice);
    int default_overlaps;
};

/* Measures every candidate; overlapped, every candidate that can overlap
 * at every overlap the tuner lists, none by default. */
extern const HiMPI_Search himpi_search_exhaustive;

/* A coarse scan and a golden-section search over the rank blocks by g,
 * the previous size's front-runners, then every hardware layout: O(log n)
 * measurements, the losers' cut short; every candidate at the first size
 * of a sequence (doc/search.md).  Overlapped: every overlap at the layout
 * chosen, then its neighbouring g at the best overlap. */
extern const HiMPI_Search himpi_search_guided;

/* The overlap steps of the two strategies (search_overlap.c). */
int himpi_overlap_exhaustive(const HiMPI_Candidate *candidates, int n, const himpi_overlaps *ov,
                             int best, const MPIB_result *best_result, himpi_measure_fn measure,
                             void *ctx, himpi_overlap_choice *choice);
int himpi_overlap_guided(const HiMPI_Candidate *candidates, int n, const himpi_overlaps *ov,
                         int best, const MPIB_result *best_result, himpi_measure_fn measure,
                         void *ctx, himpi_overlap_choice *choice);

/* The overlaps worth measuring for a message of msg_size bytes, into
 * sizes (room for HIMPI_OVERLAP_SIZES_MAX), increasing and each once: the
 * listed ones (n of them, list not NULL), or where list is NULL and
 * by_default is set, the powers of two from 8 KiB to half the message
 * (none below 16 KiB), or none.  Only overlaps that cut the message into
 * two segments at least are kept: a larger one runs the levels one after
 * the other.  Returns how many. */
enum { HIMPI_OVERLAP_MIN = 8192, HIMPI_OVERLAP_SIZES_MAX = 64 };
int himpi_overlap_sizes(long long msg_size, const int *list, int n, int by_default, int *sizes);

/* a is faster than b by the fraction margin at least, with significance:
 * a's whole confidence interval lies at or below 1 - margin times the low
 * end of b's.  An infinite interval is never significant. */
int himpi_significantly_faster(const MPIB_result *a, const MPIB_result *b, double margin);

/* Times plan a against plan b of op at msg_size bytes on comm in
 * tuner->pairs interleaved pairs of repetitions (MPIB_measure_pair, at
 * tuner->precision.cl, spread over tuner->pair_span) on tuner->work, or on
 * a duplicate of comm made and freed here. */
int himpi_compare_plans(MPI_Comm comm, const HiMPI_Tuner *tuner, HiMPI_Op op, int msg_size,
                        const HiMPI_Plan *a, const HiMPI_Plan *b, MPIB_comparison *cmp);

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

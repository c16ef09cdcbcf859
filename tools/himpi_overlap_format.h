/* himpi_overlap_format.h: himpi-overlap's table of overlapped levels, as
 * aligned text for people or as CSV for scripts (--csv). */
#ifndef HIMPI_OVERLAP_FORMAT_H
#define HIMPI_OVERLAP_FORMAT_H

#include "himpi_overlap_search.h"

/* One operation at one size; times in seconds, results with T < 0 not
 * measured. */
typedef struct overlap_row {
    HiMPI_Op op;
    int bytes;
    MPIB_result native;
    overlap_best flat; /* g = 1; g = 0: no algorithm but native */
    overlap_best plan; /* the best plan with overlap 0 */
    overlap_best ovl;  /* the best overlapped plan; g = 0: no overlap fits the message */
    /* The stages of ovl's layout and algorithm alone (plan's when there is
     * no ovl). */
    MPIB_result between, inside;
    /* ovl (A) against plan (B) in interleaved pairs, and HiMPI_Decide's
     * verdict (HIMPI_VERDICT_UNKNOWN: not compared). */
    MPIB_comparison cmp;
    HiMPI_Verdict verdict;
    double bound; /* the bandwidth bound, with --bound */
} overlap_row;

/* Issue 26's overlap efficiency: the time the overlap saves on the
 * stages run one after the other, over the smaller stage's time, which
 * is the most an overlap of two stages can hide: 1 when it hides all of
 * it, 0 when it hides nothing, below 0 when the overlapped plan is slower
 * than its stages added up. */
double overlap_efficiency(double between, double inside, double overlapped);

/* Starts the table: the text's legend and column names, or the CSV
 * header; the bound columns with bound. */
void overlap_format_start(int csv, int bound);

/* A row of the table. */
void overlap_format_row(const overlap_row *r);

#endif /* HIMPI_OVERLAP_FORMAT_H */

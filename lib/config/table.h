/* table.h: configuration tables, the tuned plans HiMPI reads at run time,
 * beyond what himpi_tune.h makes public (the rows, the tables, formatting).
 *
 * doc/config-format.md is the reference for the text format.  Everything
 * here is pure (no MPI communication), so the unit tests and the fuzz
 * target exercise it without ranks; table_file.c does the file system part
 * (reading, and the locked, atomic, merging write, with table_lock.c and
 * table_target.c). */
#ifndef HIMPI_TABLE_H
#define HIMPI_TABLE_H

#include <stddef.h>

#include "himpi.h"
#include "himpi_tune.h"

/* Parses text (len bytes, need not be NUL-terminated) into t, which must be
 * initialised and is replaced.  Accepts this format and the original
 * HiMPI's 7-column one.  On error returns -1, leaves t empty and writes
 * "NAME:LINE: reason" into err (NAME is name, the file's name for messages);
 * returns 0 on success.  Every row is checked: known operation and
 * algorithms that exist for it, a layout of `levels` levels (each a g in
 * 1..procs, or a hardware level name from version 2 on), sizes >= 0,
 * (version 3) a ratio inside its interval and a known verdict; version 2
 * files (no verdicts), version 1 files (one g per row) and the original
 * 7-column format read too. */
int himpi_table_parse(const char *text, size_t len, const char *name, HiMPI_Table *t,
                      char *err, size_t errlen);

/* The row with exactly this key, or NULL. */
const HiMPI_Row *himpi_table_find(const HiMPI_Table *t, HiMPI_Op op, int procs,
                                  long long msg_size, HiMPI_Alg alg_out, HiMPI_Alg alg_in);

/* Merges src into dst: rows of src replace dst's rows with the same key,
 * others are added; dst takes src's header.  Returns 0, or -1 if memory runs
 * out. */
int himpi_table_merge(HiMPI_Table *dst, const HiMPI_Table *src);

/* ------------------------------------------------------------------------ */
/* Run-time lookup                                                           */
/* ------------------------------------------------------------------------ */

/* A plan chosen by lookup. */
typedef struct himpi_plan {
    HiMPI_Plan plan;          /* the row's layout, algorithms, segment size and overlap */
    int table_procs;          /* the tabulated process count used */
    long long table_msg_size; /* the tabulated message size used */
    /* The row that decided: its own plan, its verdict and comparison with
     * the MPI library (HiMPI_Row).  With any verdict but UNKNOWN and
     * FASTER, plan is the MPI library's flat call, and row the best of the
     * plans that lost to it. */
    HiMPI_Plan row;
    HiMPI_Verdict verdict;
    double ratio, ratio_lo, ratio_hi;
} himpi_plan;


/* An index over a table, built once, for lookups in O(log n) without
 * allocation: for every operation, the tabulated process counts in order;
 * for every count, the tabulated sizes in order, each with its plan:
 *   - where rows of the size were compared with the MPI library (a
 *     verdict), the FASTER one with the smallest ratio, or the MPI
 *     library's flat call when none is FASTER;
 *   - otherwise (a version 1 or 2 table) the fastest algorithm pair by
 *     time (the first row in file order if times are unknown). */
typedef struct himpi_index himpi_index;

/* Builds the index of t (which it does not keep).  NULL if memory runs out. */
himpi_index *himpi_index_build(const HiMPI_Table *t);
void himpi_index_free(himpi_index *ix);

/* Looks up the plan for op on p processes with msg_size bytes (its
 * overlap as himpi_plan_overlap leaves it: 0 where op or the plan, after
 * the scaling below, cannot overlap):
 *   - process count: p itself if tabulated, otherwise the nearest
 *     tabulated count (the smaller one on a tie); a one-level rank-block
 *     layout's g is then scaled as g * sqrt(p / table_procs), rounded
 *     (at an exact count this only clamps g to 1..p),
 *     within 1..p, since the model's best g grows as sqrt(p); g = 1 stays
 *     1 and g = table_procs becomes p (both are the flat algorithm);
 *     other layouts are used as they are (hardware levels do not depend
 *     on p, and the collectives clamp block counts to group sizes);
 *   - message size: the largest tabulated size <= msg_size, or the smallest
 *     tabulated size when msg_size is below the table's range.
 * Returns 1 and fills plan if op has rows, 0 otherwise. */
int himpi_index_lookup(const himpi_index *ix, HiMPI_Op op, int p, long long msg_size,
                       himpi_plan *plan);

/* 1 if the plan himpi_index_lookup gives for op on p processes depends on
 * the message size: the sizes tabulated at the process count it looks up
 * hold more than one plan. */
int himpi_index_by_size(const himpi_index *ix, HiMPI_Op op, int p);

#endif /* HIMPI_TABLE_H */

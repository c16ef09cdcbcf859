/* table.h: configuration tables, the tuned plans HiMPI reads at run time.
 *
 * doc/config-format.md is the reference for the text format.  Everything
 * here is pure (no MPI communication), so the unit tests and the fuzz
 * target exercise it without ranks; table_file.c does the file system part
 * (reading, and the locked, atomic, merging write). */
#ifndef HIMPI_TABLE_H
#define HIMPI_TABLE_H

#include <stddef.h>

#include "himpi.h"
#include "mpib.h"

/* The current version of the text format ("himpi-table 2"; version 1,
 * whose layouts are a single g, is read too). */
#define HIMPI_TABLE_VERSION 2

/* What a table is valid for.  Strings are empty when unknown (and always in
 * a table read from the original HiMPI format). */
typedef struct himpi_table_header {
    char hosts[256];          /* hostnames, comma-separated, or a cluster name */
    char mpi[128];            /* MPI library and version */
    int ppn;                  /* processes per node, 0 if unknown */
    MPIB_precision precision; /* how the times were measured; zeros if unknown */
    char date[32];            /* when the table was written, ISO 8601 UTC */
} himpi_table_header;

/* One row: the best layout for an operation on procs processes at
 * msg_size bytes with one algorithm pair.  A row's key is (op, procs,
 * msg_size, alg_out, alg_in).  The layout has `levels` levels, each g
 * balanced rank blocks (groups[i] >= 1) or a hardware level (groups[i] ==
 * 0, hw[i]), as in HiMPI_Level; alg_out runs among the groups at every
 * level and alg_in inside the last level's groups.  In the text the
 * layout is one field, the levels separated by '/': "4", "node",
 * "node/2", "2/3". */
typedef struct himpi_row {
    HiMPI_Op op;
    int procs;
    long long msg_size; /* bytes, as the containers count them (himpi.h) */
    HiMPI_Alg alg_out;
    HiMPI_Alg alg_in;
    int levels;                         /* 1 .. HIMPI_MAX_LEVELS */
    int groups[HIMPI_MAX_LEVELS];       /* per level: g, 1 <= g <= procs, or 0 */
    HiMPI_Hwlevel hw[HIMPI_MAX_LEVELS]; /* per level whose groups is 0; 0 elsewhere */
    /* Entries from `levels` on are zero: rows are compared and broadcast as
     * bytes. */
    int segment_size; /* bytes, 0 = the default */
    double time;      /* seconds at the best layout; negative if unknown (legacy) */
    double flat_time; /* seconds at g = 1; negative if unknown */
    double ci;        /* half-width of time's confidence interval; negative if unknown */
} himpi_row;

typedef struct himpi_table {
    himpi_table_header header;
    himpi_row *rows; /* in file order */
    size_t nrows;
    size_t cap;
    int legacy; /* read from the original 7-column format */
} himpi_table;

/* An empty table with an empty header. */
void himpi_table_init(himpi_table *t);
void himpi_table_free(himpi_table *t);

/* Parses text (len bytes, need not be NUL-terminated) into t, which must be
 * initialised and is replaced.  Accepts this format and the original
 * HiMPI's 7-column one.  On error returns -1, leaves t empty and writes
 * "NAME:LINE: reason" into err (NAME is name, the file's name for messages);
 * returns 0 on success.  Every row is checked: known operation and
 * algorithms that exist for it, a layout of `levels` levels (each a g in
 * 1..procs, or a hardware level name in version 2), sizes >= 0; version 1
 * files (one g per row) and the original 7-column format read too. */
int himpi_table_parse(const char *text, size_t len, const char *name, himpi_table *t,
                      char *err, size_t errlen);

/* The table as text in the current format (always, even for a legacy
 * table), rows sorted by key.  Returns a malloc'ed NUL-terminated string,
 * or NULL if memory runs out. */
char *himpi_table_format(const himpi_table *t);

/* Adds row, replacing the row with the same key if there is one.  Returns 0,
 * or -1 if memory runs out. */
int himpi_table_put(himpi_table *t, const himpi_row *row);

/* The row with exactly this key, or NULL. */
const himpi_row *himpi_table_find(const himpi_table *t, HiMPI_Op op, int procs,
                                  long long msg_size, HiMPI_Alg alg_out, HiMPI_Alg alg_in);

/* Merges src into dst: rows of src replace dst's rows with the same key,
 * others are added; dst takes src's header.  Returns 0, or -1 if memory runs
 * out. */
int himpi_table_merge(himpi_table *dst, const himpi_table *src);

/* ------------------------------------------------------------------------ */
/* Run-time lookup                                                           */
/* ------------------------------------------------------------------------ */

/* A plan chosen by lookup. */
typedef struct himpi_plan {
    HiMPI_Plan plan;          /* the row's layout, algorithms and segment size */
    int table_procs;          /* the tabulated process count used */
    long long table_msg_size; /* the tabulated message size used */
} himpi_plan;

/* The plan of row: its levels with alg_out at each, alg_in, segment. */
void himpi_row_plan(const himpi_row *row, HiMPI_Plan *plan);

/* The longest layout text, with its NUL. */
#define HIMPI_LAYOUT_MAX 128

/* Writes row's layout as text ("node/2") into buf (len bytes; "invalid"
 * for a row that would not parse).  Returns the length, as snprintf
 * does. */
int himpi_row_layout_format(const himpi_row *row, char *buf, size_t len);

/* An index over a table, built once, for lookups in O(log n) without
 * allocation: for every operation, the tabulated process counts in order;
 * for every count, the tabulated sizes in order with the plan of the
 * fastest algorithm pair at that size (the first row in file order if times
 * are unknown). */
typedef struct himpi_index himpi_index;

/* Builds the index of t (which it does not keep).  NULL if memory runs out. */
himpi_index *himpi_index_build(const himpi_table *t);
void himpi_index_free(himpi_index *ix);

/* Looks up the plan for op on p processes with msg_size bytes:
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

#endif /* HIMPI_TABLE_H */

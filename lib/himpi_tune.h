/*
 * himpi_tune.h: HiMPI's tuning API (libhimpi): configuration tables, the
 * tuner that measures them, and the Hockney model that predicts them.
 *
 * Applications need only himpi.h, whose plain collectives read the tables
 * this API writes.  This header is for programs that tune, check or study
 * tables: himpi-tune, himpi-model and himpi-pcoll-bench are built on it
 * alone.  Functions return MPI_SUCCESS or an MPI error class unless said
 * otherwise.
 *
 * Copyright (c) 2026, the HiMPI developers.  BSD 3-Clause licence.
 */
#ifndef HIMPI_TUNE_API_H
#define HIMPI_TUNE_API_H

#include <stddef.h>

#include "himpi.h"
#include "mpib.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------- */
/* Configuration tables (doc/config-format.md describes the text)          */
/* ---------------------------------------------------------------------- */

/* The current version of the text format ("himpi-table 5"; version 4,
 * whose rows have no overlap, version 3, whose header has no fingerprint
 * either, version 2, whose rows have no verdict either, version 1, whose
 * layouts are a single g, and the original HiMPI's 7-column format are
 * read too, with overlap 0). */
#define HIMPI_TABLE_VERSION 5

/* How a row's plan compared with the MPI library's own collective, flat,
 * timed interleaved with it (HiMPI_Decide).  Only a plan FASTER than it
 * is ever run by a plain call: with any other verdict the call is the
 * MPI library's. */
typedef enum HiMPI_Verdict {
    HIMPI_VERDICT_UNKNOWN, /* "-": not compared (a version 1 or 2 table, or a
                              tuning run that did not compare) */
    HIMPI_VERDICT_FASTER,  /* "faster": faster with significance, by at least
                              the minimum effect */
    HIMPI_VERDICT_NS,      /* "n.s.": no significant difference */
    HIMPI_VERDICT_SMALL,   /* "small": faster with significance, by less than
                              the minimum effect */
    HIMPI_VERDICT_SLOWER,  /* "slower": slower with significance */
    HIMPI_VERDICT_NATIVE,  /* "native": the plan is the MPI library's flat
                              call itself */
    HIMPI_VERDICT_COUNT
} HiMPI_Verdict;

/* Verdict <-> its name in a table ("-", "faster", "n.s.", "small",
 * "slower", "native").  HiMPI_Verdict_name gives NULL for an invalid
 * value; HiMPI_Verdict_from_name MPI_ERR_ARG for an unknown name. */
const char *HiMPI_Verdict_name(HiMPI_Verdict verdict);
int HiMPI_Verdict_from_name(const char *name, HiMPI_Verdict *verdict);

/* What a table was tuned on, so that a job can tell a table made for
 * another machine, library or job shape (doc/config-format.md,
 * "Fingerprint").  Strings are empty and numbers 0 when unknown: the
 * fields that are unknown on either side are not compared. */
typedef struct HiMPI_Fingerprint {
    char mpi[128];      /* MPI library and version (the first line of
                           MPI_Get_library_version) */
    char himpi[32];     /* HiMPI's version; empty in a table that predates
                           fingerprints (format 3 and older) */
    int nodes;          /* nodes of the job */
    int ppn;            /* processes per node, if every node runs as many */
    char placement[16]; /* how ranks sit on the nodes: "block" (consecutive
                           ranks share a node), "cyclic" (rank r on node
                           r mod nodes) or "mixed" */
    char topology[96];  /* one node's hardware topology as hwloc sees it:
                           a digest (16 hex digits), then a summary */
} HiMPI_Fingerprint;

/* The fields of a fingerprint, as bits of HiMPI_Fingerprint_compare's
 * answer. */
enum {
    HIMPI_FP_MPI = 1 << 0,
    HIMPI_FP_HIMPI = 1 << 1,
    HIMPI_FP_NODES = 1 << 2,
    HIMPI_FP_PPN = 1 << 3,
    HIMPI_FP_PLACEMENT = 1 << 4,
    HIMPI_FP_TOPOLOGY = 1 << 5
};

/* The fingerprint of the job comm belongs to: the MPI library, HiMPI's
 * version and this node's topology (HIMPI_TOPOLOGY's pretend one if set),
 * and, when comm has as many processes as MPI_COMM_WORLD, its nodes,
 * processes per node and placement (unknown otherwise: a part of the job
 * does not have the job's shape).  What cannot be learned (a topology
 * hwloc cannot read, an invalid HIMPI_TOPOLOGY, which is reported) stays
 * unknown.  Collective over comm. */
void HiMPI_Fingerprint_get(MPI_Comm comm, HiMPI_Fingerprint *fp);

/* The fields in which a table's fingerprint differs from a job's, as
 * HIMPI_FP_* bits (0: they agree wherever both are known), and a
 * description of each difference in what ("nodes 4, here 2; ..."; may be
 * NULL).  Local. */
unsigned HiMPI_Fingerprint_compare(const HiMPI_Fingerprint *table, const HiMPI_Fingerprint *job,
                                   char *what, size_t len);

/* What a table is valid for.  Strings are empty when unknown (and always in
 * a table read from the original HiMPI format). */
typedef struct HiMPI_Table_header {
    char hosts[256];          /* hostnames, comma-separated, or a cluster name */
    HiMPI_Fingerprint fp;     /* what it was tuned on */
    MPIB_precision precision; /* how the times were measured; zeros if unknown */
    char date[32];            /* when the table was written, ISO 8601 UTC */
} HiMPI_Table_header;

/* One row: the best layout for an operation on procs processes at
 * msg_size bytes with one algorithm pair.  A row's key is (op, procs,
 * msg_size, alg_out, alg_in).  The layout has `levels` levels, each g
 * balanced rank blocks (groups[i] >= 1) or a hardware level (groups[i] ==
 * 0, hw[i]), as in HiMPI_Level; alg_out runs among the groups at every
 * level and alg_in inside the last level's groups.  In the text the
 * layout is one field, the levels separated by '/': "4", "node",
 * "node/2", "2/3". */
typedef struct HiMPI_Row {
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
    double flat_ci;   /* half-width of flat_time's; negative if unknown */
    /* The plan against the MPI library's flat call, timed interleaved: the
     * median of the paired ratios plan / native and its interval
     * (MPIB_comparison), negative where unknown, and the verdict the plain
     * calls follow. */
    double ratio, ratio_lo, ratio_hi;
    HiMPI_Verdict verdict;
    /* Bytes per overlap segment (HiMPI_Plan's overlap), 0 = the levels one
     * after the other.  Last, so that rows initialised in order before it
     * came mean what they meant; in the text it follows the segment. */
    int overlap;
} HiMPI_Row;

/* A table: its header and rows.  Initialise it with HiMPI_Table_init and
 * release it with HiMPI_Table_free. */
typedef struct HiMPI_Table {
    HiMPI_Table_header header;
    HiMPI_Row *rows; /* in file order */
    size_t nrows;
    size_t cap;
    int legacy; /* read from the original 7-column format */
} HiMPI_Table;

/* An empty table with an empty header; freeing releases its rows. */
void HiMPI_Table_init(HiMPI_Table *t);
void HiMPI_Table_free(HiMPI_Table *t);

/* Adds row, replacing the row with the same key if there is one.  Returns
 * 0, or -1 if memory runs out. */
int HiMPI_Table_put(HiMPI_Table *t, const HiMPI_Row *row);

/* The table as text in the current format (always, even for a legacy
 * table), rows sorted by key.  Returns a malloc'ed NUL-terminated string,
 * or NULL if memory runs out. */
char *HiMPI_Table_format(const HiMPI_Table *t);

/* The longest layout text, with its NUL. */
#define HIMPI_LAYOUT_MAX 128

/* Writes row's layout as text ("node/2") into buf (len bytes; "invalid"
 * for a row that would not parse).  Returns the length, as snprintf
 * does. */
int HiMPI_Row_layout(const HiMPI_Row *row, char *buf, size_t len);

/* Whether row's times reached the precision they were measured at, eps
 * (the header's precision.eps): 1 if the half-widths of both intervals are
 * within eps of their times, 0 if one is wider (the measurement stopped at
 * max_reps with the interval still too wide, so its time is the mean of
 * max_reps noisy samples), -1 if a time, a half-width or eps is unknown. */
int HiMPI_Row_precise(const HiMPI_Row *row, double eps);

/* The plan of row, as the HiMPI_*_plan collectives take it: its levels
 * with alg_out at each, alg_in, the segment size and the overlap; the
 * unused levels zero. */
void HiMPI_Row_plan(const HiMPI_Row *row, HiMPI_Plan *plan);

/* A plan as text, as HIMPI_DEBUG prints it: the layout ("node/2", "4"),
 * then "out=ALG in=ALG segment=BYTES overlap=BYTES" (len bytes at most,
 * cut short if need be). */
void HiMPI_Plan_describe(const HiMPI_Plan *plan, char *text, size_t len);

/* How a plain call decides (doc/config-format.md, "Lookup"): the entry
 * of a table it takes for op on p processes moving msg_size bytes, and the
 * plan it runs once this process's HIMPI_* variables have had their say
 * (HiMPI_Table_decide).  Plans are as the HiMPI_*_plan collectives take
 * them. */
typedef struct HiMPI_Decision {
    int in_table;             /* the table has rows of op; if not, the rest of
                                 the table's part is zero */
    int table_procs;          /* the tabulated process count taken: p, or the
                                 nearest */
    long long table_msg_size; /* the tabulated size taken: the largest <=
                                 msg_size, or the smallest */
    HiMPI_Plan best;          /* the best row there, its own plan (as
                                 HiMPI_Row_plan gives it) */
    HiMPI_Plan table_plan;    /* what the table gives: best, g scaled to p,
                                 if its verdict is FASTER (or unknown, in a
                                 table without comparisons), otherwise the
                                 MPI library's flat call */
    HiMPI_Verdict verdict;    /* best's verdict against the MPI library */
    double ratio, ratio_lo, ratio_hi; /* its ratio and interval; negative if
                                         unknown */
    HiMPI_Plan plan;          /* what the call runs */
    /* The variables that force part of plan (an algorithm only where
     * HiMPI_Alg_supported says op has it; the calls ignore it elsewhere): */
    int forced_groups;        /* HIMPI_GROUPS, 0 if unset */
    HiMPI_Alg forced_alg_out; /* HIMPI_ALG_OUT, HIMPI_ALG_COUNT if unset */
    HiMPI_Alg forced_alg_in;  /* HIMPI_ALG_IN, HIMPI_ALG_COUNT if unset */
    int forced_segment;       /* HIMPI_SEGMENT_SIZE, -1 if unset */
    int forced_overlap;       /* HIMPI_OVERLAP, -1 if unset (applied only where op
                                 overlaps and the plan is not flat) */
} HiMPI_Decision;

/* The decision of a plain call of op on p processes moving msg_size bytes
 * with the table t, as HiMPI makes it.  Local:
 * reads this process's environment.  MPI_ERR_ARG for an invalid argument
 * or an invalid HIMPI_* setting (its reason in err), MPI_ERR_NO_MEM. */
int HiMPI_Table_decide(const HiMPI_Table *t, HiMPI_Op op, int p, long long msg_size,
                       HiMPI_Decision *d, char *err, size_t errlen);

/* Reads and checks the table at path into t (initialised by the caller).
 * A missing file gives an empty table and 0; anything but a regular file
 * of at most 16 MiB is refused.  Returns 0, or -1 with the reason in err
 * ("path:line: reason" for a malformed file).  Local. */
int HiMPI_Table_load(const char *path, HiMPI_Table *t, char *err, size_t errlen);

/* Writing is safe against the three ways a table can be lost: it holds an
 * exclusive lock on PATH.lock meanwhile (waiting at most HIMPI_LOCK_TIMEOUT
 * seconds, 30 by default, for another holder), so two tuning runs writing
 * one file lose no rows; it writes a temporary file in the same directory
 * and renames it over PATH, so an interrupted run leaves the previous file
 * intact; and HiMPI_Table_save merges.  A symbolic link at PATH is
 * followed (the file it leads to is replaced and locked), and the file
 * keeps its mode and, where the caller may give it, its owner
 * (doc/config-format.md).  Both return 0, or -1 with the reason in err.
 * Local.
 *   HiMPI_Table_save:  merges t into the file (t's rows replace rows with
 *                      the same key, the others are kept); a malformed
 *                      existing file is not overwritten;
 *   HiMPI_Table_write: replaces what the file holds with t. */
int HiMPI_Table_save(const char *path, const HiMPI_Table *t, char *err, size_t errlen);
int HiMPI_Table_write(const char *path, const HiMPI_Table *t, char *err, size_t errlen);

/* The header of a table measured on comm with precision: the hosts of
 * comm, the fingerprint (HiMPI_Fingerprint_get) and the date.
 * Collective over comm. */
void HiMPI_Table_header_fill(MPI_Comm comm, const MPIB_precision *precision,
                             HiMPI_Table_header *header);

/* ---------------------------------------------------------------------- */
/* Tuning                                                                   */
/* ---------------------------------------------------------------------- */

/* The tuner times a hierarchical collective with libmpib's max method for
 * candidate layouts and keeps the fastest.  g = 1 (the flat algorithm) is
 * always measured, so a tuned plan never loses to flat beyond noise, and
 * its time goes into the row next to the best one.  Which candidates are
 * measured is up to a search strategy.  Every function of this part that
 * takes a communicator is collective over it and gives identical results
 * on every rank, since libmpib hands every rank the root's measurement. */

/* What to tune: one operation, size and algorithm pair. */
typedef struct HiMPI_Tune_task {
    HiMPI_Op op;
    int msg_size; /* bytes, as the containers count them (himpi.h); 0 for an
                     operation without a message (HiMPI_Op_has_size) */
    HiMPI_Alg alg_out;
    HiMPI_Alg alg_in;
    int segment_size; /* 0: HIMPI_SEGMENT_DEFAULT */
} HiMPI_Tune_task;

/* A candidate layout: levels of rank blocks (groups >= 1) or hardware
 * levels (groups == 0), as in a table row, and the overlap it runs with
 * (bytes; 0: the levels one after the other). */
typedef struct HiMPI_Candidate {
    int levels;
    int groups[HIMPI_MAX_LEVELS];
    HiMPI_Hwlevel hw[HIMPI_MAX_LEVELS];
    int overlap;
} HiMPI_Candidate;

/* A search strategy: "guided" (the default: a scan and a golden-section
 * search over g that follows the sizes, then the overlaps at the layout
 * found, doc/search.md) or "exhaustive" (every candidate, and every
 * candidate at every overlap the tuner lists).  HiMPI_Search_by_name gives
 * NULL for another name. */
typedef struct HiMPI_Search HiMPI_Search;
const HiMPI_Search *HiMPI_Search_by_name(const char *name);
const char *HiMPI_Search_name(const HiMPI_Search *search);

/* Called on every rank after each measurement a tuning run takes, with
 * the candidate (and the overlap it ran with), its result and the seconds
 * (MPI_Wtime, so simulated seconds under SimGrid) the measurement took,
 * set-up included. */
typedef void (*HiMPI_Trace_fn)(void *ctx, const HiMPI_Tune_task *task,
                               const HiMPI_Candidate *candidate, const MPIB_result *result,
                               double seconds);

/* What the tuner remembers of the sizes tuned so far, so that a guided
 * search can follow a sequence of increasing sizes (one sequence per
 * process count, operation, algorithm pair and segment size).  NULL if
 * memory runs out. */
typedef struct HiMPI_Tune_memory HiMPI_Tune_memory;
HiMPI_Tune_memory *HiMPI_Tune_memory_new(void);
void HiMPI_Tune_memory_free(HiMPI_Tune_memory *memory);

/* MPICH gives a process 2046 communicators.  Every g from 1 to p as
 * candidates on p processes means up to 3p sub-communicators (inner,
 * leaders and columns of each layout), which would run out of them from
 * about 680 processes, so a run keeps at most this many at a time: all of
 * them for one operation on up to 767 processes, and room left for the
 * application's own. */
#define HIMPI_TUNE_MAX_COMMS 1536

/* The verdict on a plan compared with the MPI library's flat call (c: the
 * plan as A, the call as B, MPIB_measure_pair): FASTER when the ratio's
 * whole interval lies at or below 1 - min_effect (faster, at the
 * comparison's confidence, by at least the margin that makes a plan worth
 * its risk: a table outlives the moment it was measured in); SMALL when
 * the interval lies below 1 but not below the margin; SLOWER when the
 * interval lies above 1; NS otherwise, and when there is no interval (too
 * few pairs).  Pure. */
HiMPI_Verdict HiMPI_Decide(const MPIB_comparison *c, double min_effect);

/* The tuner's defaults: pairs of repetitions in a comparison with the MPI
 * library, and the smallest gain a plan must show (3 %). */
#define HIMPI_TUNE_PAIRS 30
/* ... the seconds the pairs are spread over at least (MPIB_measure_pair):
 * long enough for a load that comes and goes to be met in more than one
 * of its states, short enough for a table of tens of rows to cost
 * seconds more, not minutes */
#define HIMPI_TUNE_PAIR_SPAN 0.5
#define HIMPI_TUNE_MIN_EFFECT 0.03

/* How to tune. */
typedef struct HiMPI_Tuner {
    MPIB_precision precision;
    const int *groups; /* rank-block candidates, or NULL for 1..p; values > p are skipped */
    int ngroups;
    int levels;        /* hardware layouts of up to this many levels are candidates too
                          (HIMPI_NUM_LEVELS); 0 for rank blocks only */
    const HiMPI_Search *search;
    HiMPI_Trace_fn trace; /* NULL: no trace */
    void *trace_ctx;
    HiMPI_Tune_memory *memory; /* sizes tuned in increasing order; NULL: each on its own */
    /* The run's own duplicate of the communicator tuned, which the
     * candidates' sub-communicators are created on: kept for the run, so
     * that each layout is created once rather than at every size, and
     * freed by the caller when the run ends, which hands them back to the
     * MPI library (the application's communicator keeps none).  NULL: each
     * HiMPI_Tune call duplicates the communicator for itself. */
    MPI_Comm *work;
    /* When *work holds this many sub-communicators, it is duplicated anew
     * before the next measurement; 0 for HIMPI_TUNE_MAX_COMMS. */
    int max_comms;
    /* The fastest candidate is timed against the MPI library's flat call
     * in this many interleaved pairs of repetitions (MPIB_measure_pair, at
     * precision.cl) and the row gets HiMPI_Decide's verdict with
     * min_effect; 0 compares nothing (the verdict is UNKNOWN).  The
     * pairs are spread over at least pair_span seconds. */
    int pairs;
    double min_effect;
    double pair_span;
    /* The overlaps (bytes per overlap segment, HiMPI_Plan) measured where
     * the operation's levels can overlap (HiMPI_Op_overlaps), at the
     * candidates that are not flat; those above half the message are
     * skipped, and 64 at most are kept.  NULL: the search's own, which
     * for "guided" are the powers of two from 8 KiB to half the message
     * (none below 16 KiB), and for "exhaustive" none; a list of
     * noverlaps = 0, or of zeros, measures none.  "guided" descends them
     * at its best layout from the largest while each is clearly faster,
     * then walks along g at the best one (doc/search.md); "exhaustive"
     * measures every candidate that can overlap at every one.
     * An overlap is chosen only when its candidate's whole confidence
     * interval lies at or below 1 - min_effect times the low end of the
     * best time without, and, with pairs > 0, when it then beats the same
     * layout without in two comparisons of pairs interleaved pairs
     * (HiMPI_Decide FASTER both times); otherwise the row's overlap is
     * 0. */
    const int *overlaps;
    int noverlaps;
} HiMPI_Tuner;

/* Tunes task on comm and fills row (procs = the size of comm) with the
 * fastest candidate's layout and overlap (tuner->overlaps), and its
 * comparison with the MPI library's flat call (tuner->pairs; a FASTER
 * verdict must be found twice, by two HiMPI_Compare calls one after the
 * other): candidates are g = 1, the rank blocks asked for, then every
 * hardware layout of up to tuner->levels levels whose groups differ from
 * every candidate before it.  The measurements run on tuner->work (or a
 * duplicate of comm), and the sub-communicators of every layout are
 * created before its timed repetitions.  *measured, if not NULL, receives
 * the number of measurements, overlapped ones included.  MPI_ERR_ARG for
 * a negative size, a size other than 0 for an operation without a
 * message, or an algorithm the operation lacks. */
int HiMPI_Tune(MPI_Comm comm, const HiMPI_Tuner *tuner, const HiMPI_Tune_task *task,
               HiMPI_Row *row, int *measured);

/* Times row's plan against the MPI library's flat call on comm, whose
 * size must be row->procs: tuner->pairs interleaved pairs of repetitions
 * (MPIB_measure_pair, at tuner->precision.cl) on tuner->work, or on a
 * duplicate of comm made and freed here; then sets row's ratio, its
 * interval and the verdict (HiMPI_Decide with tuner->min_effect).  A row
 * whose plan is that call itself gets the verdict NATIVE and ratio 1
 * without a measurement.  MPI_ERR_ARG for another process count, pairs
 * < 1, or an algorithm the operation lacks.  HiMPI_Tune calls it when
 * tuner->pairs > 0; himpi-tune --verify calls it on every row of a
 * table. */
int HiMPI_Compare(MPI_Comm comm, const HiMPI_Tuner *tuner, HiMPI_Row *row);

/* The tuning settings of the HIMPI_* environment (himpi-env(7)), for a
 * program that tunes as HiMPI_Init would and lets options override them. */
typedef struct HiMPI_Tune_settings {
    char conf_file[4096];      /* HIMPI_CONF_FILE */
    unsigned ops;              /* HIMPI_OPID: bit (1u << op) per operation */
    long long min_msg;         /* HIMPI_MIN_MSG, bytes */
    long long max_msg;         /* HIMPI_MAX_MSG, >= min_msg */
    int msg_stride;            /* HIMPI_MSG_STRIDE, >= 2 */
    int num_levels;            /* HIMPI_NUM_LEVELS */
    const HiMPI_Search *search; /* HIMPI_SEARCH */
    int segment_size;          /* HIMPI_SEGMENT_SIZE, bytes; 0 = the default */
    MPIB_precision precision;  /* HIMPI_MIN_REPS, HIMPI_MAX_REPS, HIMPI_CL, HIMPI_EPS */
    int pairs;                 /* HIMPI_PAIRS (HiMPI_Tuner's pairs) */
    double min_effect;         /* HIMPI_MIN_EFFECT (HiMPI_Tuner's min_effect) */
    double pair_span;          /* HIMPI_PAIR_SPAN (HiMPI_Tuner's pair_span) */
    int overlap;               /* HIMPI_OVERLAP, bytes; -1 if unset.  Set, it is the
                                  one overlap tuning measures (HiMPI_Tuner's
                                  overlaps; 0: none) */
} HiMPI_Tune_settings;

/* Reads the settings from this process's environment.  Returns 0, or -1
 * with one message in err naming the variable, its value and what is
 * accepted.  Local. */
int HiMPI_Tune_settings_from_env(HiMPI_Tune_settings *settings, char *err, size_t errlen);

/* The wait policy of HIMPI_WAIT ("blocking" when unset), for a program
 * that measures or runs collectives without HiMPI_Init, which sets it
 * itself.  The variable is read alone: other HIMPI_* variables do not
 * matter.  Returns 0, or -1 with a message in err.  Local. */
int HiMPI_Wait_policy_from_env(MPIB_wait_policy *policy, char *err, size_t errlen);

/* The zeroed buffers of op at size M on comm with root, as HiMPI's and
 * libmpib's containers size them (M bytes for bcast, M / 8 doubles for
 * reduce, allreduce, scan and exscan, M bytes per rank for scatter, gather
 * and allgather, M / 8 doubles per rank for the reduce-scatters, whose
 * operand is p times that, M bytes per pair of ranks for alltoall, none
 * for barrier, which ignores M), and the count to pass: bytes, or doubles
 * for the reductions (the reduce-scatters: every rank's count, equal for
 * reduce_scatter too; 0 for barrier).
 * For programs that write containers of their own.  MPI_ERR_NO_MEM if
 * memory runs out (free both buffers either way).  Local. */
int HiMPI_Container_buffers(HiMPI_Op op, MPI_Comm comm, int root, int M, void **sendbuf,
                            void **recvbuf, int *count);

/* ---------------------------------------------------------------------- */
/* The Hockney model of the algorithms, flat and hierarchical              */
/* ---------------------------------------------------------------------- */

/* Sending m bytes costs alpha + m * beta (Hockney, 1994); reducing m bytes
 * costs m * gamma.  The flat costs are the thesis's (Hasanov, 2015, ch. 2);
 * a hierarchical plan of g balanced rank blocks costs one level among g
 * groups plus one inside the largest block, ceil(p / g) ranks, with the
 * data each level of HiMPI's drivers moves.  The model predicts where the
 * optimum g lies and what it gains; it knows nothing of contention or
 * topology, which is what the measurements are for.  All of it is pure. */

/* Seconds, seconds per byte, seconds per byte. */
typedef struct HiMPI_Hockney {
    double alpha;
    double beta;
    double gamma;
} HiMPI_Hockney;

/* The time of algorithm alg of op on p ranks for a message of m bytes,
 * meant as in HiMPI's containers, with segments of segment bytes (0:
 * HIMPI_SEGMENT_DEFAULT) for the algorithms that pipeline.  NaN for the
 * native algorithm, whose choices belong to the MPI library, and for an
 * algorithm op lacks; 0 for p = 1. */
double HiMPI_Model_flat(HiMPI_Op op, HiMPI_Alg alg, int p, double m, int segment,
                        const HiMPI_Hockney *h);

/* The time of the one-level plan {g, alg_out, alg_in, segment} on p ranks
 * (1 <= g <= p; g = 1 is alg_in flat, g = p alg_out flat).  NaN as for
 * HiMPI_Model_flat. */
double HiMPI_Model_hier(HiMPI_Op op, HiMPI_Alg alg_out, HiMPI_Alg alg_in, int p, int g, double m,
                        int segment, const HiMPI_Hockney *h);

/* The lower bound of op's time on p ranks for m bytes (as the containers
 * count them) in the model: ceil(log2 p) latencies, and the bytes the
 * busiest process must move (bcast, reduce, scan, exscan: m; allreduce:
 * 2 (p - 1) / p m; scatter, gather, allgather, alltoall: (p - 1) m;
 * barrier: none) and reduce (the reductions: (p - 1) / p m, exscan's
 * (p - 2) / p m).
 * No algorithm's modelled time is below it; a measured time can be, on a
 * machine where a process sends to several others less than alpha apart
 * (LogP).  0 for p = 1, NaN for an invalid op or p < 1. */
double HiMPI_Model_bound(HiMPI_Op op, int p, double m, const HiMPI_Hockney *h);

/* The g in 1..p with the lowest modelled time (the smallest such g on a
 * tie), or 0 if the model has no formula for the plan. */
int HiMPI_Model_best_groups(HiMPI_Op op, HiMPI_Alg alg_out, HiMPI_Alg alg_in, int p, double m,
                            int segment, const HiMPI_Hockney *h);

/* Fits alpha and beta to n one-way times t[i] > 0 of messages of m[i]
 * bytes by least squares on the relative errors (GSL's weighted fit with
 * weights 1 / t[i]^2); n >= 2 with two distinct sizes.  Returns 0, or -1
 * if the fit is undetermined.  gamma is left alone. */
int HiMPI_Model_fit(const double *m, const double *t, int n, HiMPI_Hockney *h);

#ifdef __cplusplus
}
#endif

#endif /* HIMPI_TUNE_API_H */

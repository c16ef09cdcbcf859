/* bench_format.h: how himpi-bench writes its tables: aligned text for
 * people (the default), or CSV for scripts (--csv).  Under --osu neither
 * table is written (bench_osu.h writes the blocks instead). */
#ifndef HIMPI_BENCH_FORMAT_H
#define HIMPI_BENCH_FORMAT_H

#include "himpi.h"

typedef enum { BENCH_TEXT, BENCH_CSV, BENCH_OSU } bench_format;

/* What a run prints, which decides the CSV header's columns. */
typedef struct bench_tables {
    bench_format format;
    int plain;    /* the plain table instead of the algorithm table */
    int hw;       /* the HiMPI_Hwlevel of the algorithm table's hw columns, or -1 */
    int bound;    /* the bound columns */
    int overhead; /* the overhead table follows */
} bench_tables;

/* One row of the algorithm table; times in seconds. */
typedef struct bench_alg_row {
    HiMPI_Op op;
    HiMPI_Alg alg;
    int bytes;
    double native, flat;
    int best_g;   /* the fastest number of groups; 0: there was no candidate */
    double hier;  /* the time at best_g */
    double hw;    /* the hardware layout's time (tables.hw >= 0) */
    double bound; /* the model's bound (tables.bound) */
} bench_alg_row;

/* One row of the plain table; times in seconds. */
typedef struct bench_plain_row {
    HiMPI_Op op;
    int bytes;
    double native;
    double flat; /* the fastest algorithm flat, flat_alg */
    HiMPI_Alg flat_alg;
    double plain;
    double bound; /* the model's bound (tables.bound) */
} bench_plain_row;

/* Starts the output of a run as t says: the text's legend and column
 * names of its table, or the CSV header every line of the run shares. */
void bench_format_start(const bench_tables *t);

/* A row of the algorithm table, of the plain table; nothing under --osu. */
void bench_format_alg_row(const bench_alg_row *r);
void bench_format_plain_row(const bench_plain_row *r);

/* The text's legend and column names of the overhead table. */
void bench_format_overhead_header(void);

/* The overhead of op: self[0..2] the per-call times of MPI's call,
 * HiMPI's with an explicit plan and HiMPI's plain call on MPI_COMM_SELF;
 * all_mpi and all_params the first two on all ranks (seconds). */
void bench_format_overhead_row(HiMPI_Op op, const double self[3], double all_mpi,
                               double all_params);

#endif /* HIMPI_BENCH_FORMAT_H */

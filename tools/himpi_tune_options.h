/* himpi_tune_options.h: himpi-tune's command line: its options, their
 * defaults from the HIMPI_* environment, and their checks. */
#ifndef HIMPI_TUNE_OPTIONS_H
#define HIMPI_TUNE_OPTIONS_H

#include "cli.h"
#include "himpi_tune.h"

enum { MAX_LIST = 64 };

typedef struct {
    int list[MAX_LIST];
    int n;
} int_list;

typedef struct {
    HiMPI_Tune_settings settings; /* defaults from HIMPI_*; options override */
    int_list algs_out; /* of HiMPI_Alg; empty: native */
    int_list algs_in;
    int_list algs;  /* --algs: the same algorithm between and inside groups */
    int_list procs; /* empty: the whole MPI_COMM_WORLD */
    int *groups, ngroups;
    int_list overlaps; /* --overlap, or HIMPI_OVERLAP's one */
    int overlaps_set;  /* 0: the search's own overlaps */
    const HiMPI_Search *search;
    cli_measure measure;
    int merge, quiet;
    const char *trace; /* --trace: file of every measurement, or NULL */
    const char *csv;   /* --csv: the same as CSV, or NULL */
    const char *plot;  /* --plot: the SVG of time against g, or NULL */
    const char *verify; /* --verify: the table to time again, or NULL */
    int fix;            /* --fix: write the verified table back */
    int explain;        /* --explain OP SIZE: the plain call's decision */
    HiMPI_Op explain_op;
    long long explain_size;
} options;

/* The usage text (cli_init's). */
void tune_usage(void);

/* Fills o from the command line and the environment: 0 to go on,
 * otherwise the exit status (-1: stop successfully, as after --help or
 * --check). */
int tune_options_parse(int argc, char **argv, options *o);

#endif /* HIMPI_TUNE_OPTIONS_H */

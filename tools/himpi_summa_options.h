/* himpi_summa_options.h: himpi-summa's command line, and its check
 * against the number of processes.  Pure: every rank parses the same
 * arguments and reaches the same verdict, with no communication. */
#ifndef HIMPI_SUMMA_OPTIONS_H
#define HIMPI_SUMMA_OPTIONS_H

#include "himpi_summa_kernel.h"
#include "himpi_summa_model.h"

enum { SUMMA_MAX_SPECS = 32, SUMMA_MAX_LAYOUTS = 256 };

/* One element of --groups. */
typedef enum summa_spec_kind {
    SUMMA_SPEC_LAYOUT, /* IxJ */
    SUMMA_SPEC_COUNT,  /* G: the most square I x J */
    SUMMA_SPEC_AUTO,   /* the model's best */
    SUMMA_SPEC_SQRT,   /* the G nearest sqrt(p) the grid allows */
    SUMMA_SPEC_ALL     /* every I x J the grid allows */
} summa_spec_kind;

typedef struct summa_spec {
    summa_spec_kind kind;
    int I, J, G;
} summa_spec;

typedef struct summa_options {
    int n, b, M;     /* M = 0: b */
    int s, t;        /* --grid; 0: the most square */
    summa_spec specs[SUMMA_MAX_SPECS];
    int nspecs;
    int reps;
    int warmup;      /* untimed runs before the timed ones */
    int check;
    int compute;     /* 0: --no-compute, the products skipped */
    int summa;       /* 0: --no-summa, HSUMMA alone */
    int model_only;  /* --model: print the model's prediction, run nothing */
    int procs;       /* --procs, for --model; 0: the processes running */
    summa_sources src;
    summa_model model; /* its n, b, M, s, t are filled by summa_options_resolve */
} summa_options;

/* Parses the command line into o: 0 to go on, -1 to stop successfully
 * (--help, --version), 2 after a message on an invalid option. */
int summa_options_parse(int argc, char **argv, summa_options *o);

/* Checks o against p processes (--procs under --model): the grid, the
 * blocks' divisibility, the groups; chooses the grid if none was given and
 * lists the I x J layouts to run, each once, in out (layouts[k][0] = I,
 * [1] = J).  0, or 2 after a message. */
int summa_options_resolve(summa_options *o, int p, int layouts[][2], int *count);

/* The usage text, on rank 0. */
void summa_usage(void);

#endif /* HIMPI_SUMMA_OPTIONS_H */

/* himpi_overlap_options.h: himpi-overlap's command line: the operations,
 * sizes and candidate plans, the comparison's settings, the bound. */
#ifndef HIMPI_OVERLAP_OPTIONS_H
#define HIMPI_OVERLAP_OPTIONS_H

#include "cli.h"
#include "himpi_tune.h"

enum { OVERLAP_MAX_SIZES = 32, OVERLAP_MAX_LIST = 64 };

typedef struct {
    int ops[HIMPI_OP_COUNT], nops; /* operations whose levels can overlap */
    int algs[HIMPI_ALG_COUNT], nalgs; /* 0: every algorithm of the operation but native */
    int sizes[OVERLAP_MAX_SIZES], nsizes;
    int groups[OVERLAP_MAX_LIST], ngroups;     /* 0: the powers of two from 2 to p/2 */
    int overlaps[OVERLAP_MAX_LIST], noverlaps; /* 0: powers of two from 64 KiB to half
                                                  the message */
    cli_measure measure;
    int pairs;         /* interleaved pairs of the overlapped plan against the plan
                          without; 0: no comparison */
    double min_effect; /* HiMPI_Decide's */
    double pair_span;  /* seconds the pairs spread over */
    int bound;         /* --bound: the bandwidth bound beside the times */
    const char *model; /* --bound=FILE: alpha and beta from FILE; NULL: a ping-pong */
    HiMPI_Hockney net;
    int csv, quiet;
    int compute[OVERLAP_MAX_SIZES], ncompute; /* --compute: microseconds; none: the levels */
    int test_every; /* --test-every: microseconds between tests; 0: never */
} overlap_options;

/* The usage text (cli_init's). */
void overlap_usage(void);

/* Fills o from the command line, the comparison's defaults from the
 * HIMPI_* environment (HIMPI_PAIRS, HIMPI_MIN_EFFECT, HIMPI_PAIR_SPAN):
 * 0 to go on, otherwise the exit status (-1: stop successfully, as after
 * --help). */
int overlap_options_parse(int argc, char **argv, overlap_options *o);

/* The algorithms o lets op run: o->algs, or every one op has but
 * native; their number. */
int overlap_algs(const overlap_options *o, HiMPI_Op op, HiMPI_Alg *algs);

#endif /* HIMPI_OVERLAP_OPTIONS_H */

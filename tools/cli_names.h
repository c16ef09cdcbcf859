/* cli_names.h: lists of HiMPI's names on the command line, for the tools
 * that link libhimpi. */
#ifndef HIMPI_CLI_NAMES_H
#define HIMPI_CLI_NAMES_H

#include "himpi.h"

/* Reads a comma-separated list of algorithm names into algs (room for
 * HIMPI_ALG_COUNT) and their number into n; 0 if a name is unknown or
 * there are too many. */
int cli_alg_list(const char *text, int *algs, int *n);

/* Reads a comma-separated list of operation names into ops (room for
 * HIMPI_OP_COUNT) and their number into n; 0 if a name is unknown or
 * there are too many. */
int cli_op_list(const char *text, int *ops, int *n);

/* How many sizes of a list of n op is timed at, and the s-th of them: the
 * list, or 0 bytes alone for an operation that carries no message
 * (HiMPI_Op_has_size). */
int cli_op_nsizes(HiMPI_Op op, int n);
int cli_op_size(HiMPI_Op op, const int *sizes, int s);

/* prefix followed by the names of HiMPI's operations, as cli_join. */
const char *cli_op_names(const char *prefix, int width);

#endif /* HIMPI_CLI_NAMES_H */

/* cli_alg.h: algorithm lists for the tools that link libhimpi. */
#ifndef HIMPI_CLI_ALG_H
#define HIMPI_CLI_ALG_H

/* Reads a comma-separated list of algorithm names into algs (room for
 * HIMPI_ALG_COUNT) and their number into n; 0 if a name is unknown or
 * there are too many. */
int cli_alg_list(const char *text, int *algs, int *n);

#endif /* HIMPI_CLI_ALG_H */

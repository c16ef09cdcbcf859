/* cli.h: what HiMPI's command-line tools share: output from rank 0 only,
 * number and list parsing, and the measurement options every tool takes. */
#ifndef HIMPI_CLI_H
#define HIMPI_CLI_H

#include <getopt.h>
#include <stdio.h>

#include "himpi_tune.h"
#include "mpib.h"

/* The options for precision and waiting, and their help text. */
enum { CLI_MIN_REPS = 1000, CLI_MAX_REPS, CLI_CL, CLI_EPS, CLI_WAIT };
#define CLI_PRECISION_LONGOPTS                                                      \
    {"min-reps", required_argument, NULL, CLI_MIN_REPS},                            \
        {"max-reps", required_argument, NULL, CLI_MAX_REPS},                        \
        {"cl", required_argument, NULL, CLI_CL}, {"eps", required_argument, NULL, CLI_EPS}, \
        {"wait", required_argument, NULL, CLI_WAIT},                                \
        {"help", no_argument, NULL, 'h'}, {"version", no_argument, NULL, 'V'}
/* The short options of CLI_PRECISION_LONGOPTS, for getopt_long. */
#define CLI_PRECISION_SHORTOPTS "hV"
#define CLI_PRECISION_HELP                                                          \
    "      --min-reps=N      repeat each measurement at least N times (default 5)\n"  \
    "      --max-reps=N      repeat it at most N times (default 100)\n"             \
    "      --cl=X            confidence level of the interval (default 0.95)\n"     \
    "      --eps=X           stop when the interval's half-width is within X of\n"  \
    "                        the mean (default 0.025)\n"                            \
    "      --wait=POLICY     how to wait: blocking or yield (default: HIMPI_WAIT,\n" \
    "                        or blocking)\n"

/* The end of the help of the tools that take --sizes, after their options. */
#define CLI_TAIL_HELP                                                               \
    "  -q, --quiet           no progress report\n"                                   \
    "  -h, --help            show this help and exit\n"                              \
    "  -V, --version         show the version and exit\n"                            \
    "\n"                                                                            \
    "LIST is comma-separated; sizes take K, M and G suffixes.  Sizes are bytes per\n" \
    "process (alltoall: per pair of processes; the v-variants: every count equal):\n" \
    "reduce, allreduce, scan and exscan sum doubles (sizes round down to 8 bytes).\n"

/* The precision options plus the timing method and the root. */
#define CLI_MEASURE_LONGOPTS                                                        \
    CLI_PRECISION_LONGOPTS, {"method", required_argument, NULL, 't'},              \
        {"root", required_argument, NULL, 'r'}
#define CLI_MEASURE_SHORTOPTS "t:r:" CLI_PRECISION_SHORTOPTS
#define CLI_MEASURE_HELP                                                            \
    "  -t, --method=NAME     timing method: max (default), root or global\n"        \
    "  -r, --root=RANK       root of rooted collectives (default 0)\n"             \
    CLI_PRECISION_HELP

typedef struct cli_measure {
    MPIB_precision precision;
    MPIB_wait_policy wait;
    MPIB_method method; /* -t, --method */
    int root;           /* -r, --root */
} cli_measure;

/* Starts a tool: MPI_Init, the rank, the program name for messages, its
 * usage text, and the measurement defaults (the wait policy from HIMPI_WAIT,
 * read by libhimpi; 2 if it is invalid). */
int cli_init(int *argc, char ***argv, const char *program, void (*usage)(void),
             cli_measure *m);

/* Names a tool that does not start MPI (no cli_init), for messages. */
void cli_name(const char *program);

/* The tool's name, for messages. */
const char *cli_program(void);

/* This process's rank in MPI_COMM_WORLD. */
int cli_rank(void);

/* Prints on rank 0 only: every rank parses the same command line and
 * reaches the same verdict, so one copy of each message is enough. */
void cli_say(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Reports an invalid value ("PROGRAM: invalid OPTION 'VALUE' (accepted:
 * ACCEPTED)") and returns 2, the exit status for usage errors. */
int cli_bad(const char *option, const char *value, const char *accepted);

/* Parses an integer >= min, with an optional K, M or G suffix. */
int cli_int(const char *text, int min, int *out);

/* Parses a floating-point number. */
int cli_double(const char *text, double *out);

/* Parses a finite number >= 0 of units (1e-6 for microseconds, 1e-9 for
 * nanoseconds) into seconds: the Hockney model's --alpha and --beta. */
int cli_seconds(const char *text, double unit, double *out);

/* Handles c if it is one of CLI_MEASURE_LONGOPTS (or of
 * CLI_PRECISION_LONGOPTS), or getopt's report of an
 * unknown option: 1 handled, 0 not one of them, -1 to stop successfully
 * (--help, --version), 2 invalid (reported). */
int cli_measure_option(int c, const char *arg, cli_measure *m);

/* Checks what single options cannot (no operands left, the root a rank,
 * min_reps <= max_reps): 0, or 2 after reporting. */
int cli_measure_check(int argc, char **argv, const cli_measure *m);

/* prefix followed by names[0 .. n-1] (up to the first NULL if n < 0)
 * separated by ", ", for help texts and messages; lines longer than width
 * columns break before a name (width 0: never).  In a buffer that the next
 * call overwrites. */
const char *cli_join(const char *prefix, const char *const *names, int n, int width);

/* Calls item on every comma-separated element of text; 0 if text is empty
 * or any item returns 0, 1 otherwise. */
int cli_list(const char *text, int (*item)(const char *element, void *ctx), void *ctx);

/* Reads a comma-separated list of at most room integers from min to max
 * (K, M, G suffixes allowed) into out and their number into n; 0 if one
 * is invalid or there are too many. */
int cli_int_list(const char *text, int min, int max, int room, int *out, int *n);

/* Times container at size M on MPI_COMM_WORLD as m says and leaves it to
 * the caller: 0 and libmpib's result in *r, or -1 after reporting why the
 * measurement failed (a NULL container: memory ran out). */
int cli_result(const cli_measure *m, MPIB_coll_container *container, int M, MPIB_result *r);

/* cli_result's mean time, or -1, and frees the container. */
double cli_time(const cli_measure *m, MPIB_coll_container *container, int M);

/* "PROGRAM: WHAT failed: " and the MPI library's text of error rc, on
 * standard error from rank 0. */
void cli_mpi_error(const char *what, int rc);

/* A time in seconds and its confidence interval's half-width as
 * microseconds, "12.30 +- 0.40": without the half-width if it is unknown
 * (negative), "-" for an unknown time. */
void cli_time_text(double t, double ci, char *buf, size_t len);

/* The MPI library's version string, on one line. */
const char *cli_mpi_library(void);

/* The comments a benchmark's text output starts with: the tool, its
 * version, the processes, root, timing method and wait policy, the MPI
 * library, and the precision of m.  On rank 0. */
void cli_preamble(const cli_measure *m);

#endif /* HIMPI_CLI_H */

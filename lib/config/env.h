/* env.h: the HIMPI_* environment variables, parsed and validated.
 *
 * Parsing is pure: variables are read through a getter, so the unit tests
 * and the fuzz target feed their own values.  The defaults of the
 * variables marked (configure) come from configure options
 * (--with-himpi-conf-file and friends, as HIMPI_DEFAULT_* macros in
 * config.h); a variable that is set always overrides them.
 * doc/man/himpi-env.7 documents every variable. */
#ifndef HIMPI_ENV_H
#define HIMPI_ENV_H

#include <stddef.h>

#include "himpi.h"
#include "mpib.h"

/* When HiMPI tunes. */
typedef enum himpi_tune_mode {
    HIMPI_TUNE_OFF,  /* never: use the table, or the default plan */
    HIMPI_TUNE_INIT, /* in HiMPI_Init, the sizes and operations asked for */
    HIMPI_TUNE_LAZY  /* at the first call of an (operation, size) pair */
} himpi_tune_mode;

/* Every setting, plain data: it is broadcast from rank 0 as bytes so that
 * all ranks decide alike. */
typedef struct himpi_env {
    char conf_file[4096];   /* HIMPI_CONF_FILE (configure) */
    himpi_tune_mode tune;   /* HIMPI_TUNE off|init|lazy (configure);
                               HIMPI_GENERATE_CONFIG=1 means init */
    unsigned ops;           /* HIMPI_OPID: bit (1u << op) per operation to tune
                               at init; 0-4 as in the original HiMPI, 5 = all,
                               names, or a comma-separated list (configure) */
    long long min_msg;      /* HIMPI_MIN_MSG, bytes, K/M/G suffixes (configure) */
    long long max_msg;      /* HIMPI_MAX_MSG, >= min_msg (configure) */
    int msg_stride;         /* HIMPI_MSG_STRIDE, multiplicative, >= 2 (configure) */
    int num_levels;         /* HIMPI_NUM_LEVELS: tuning also measures hardware layouts of
                               up to this many levels (0: rank blocks only) */
    char search[16];        /* HIMPI_SEARCH: the tuning search strategy's name (guided) */
    int groups;             /* HIMPI_GROUPS: force g everywhere; 0 = not forced */
    HiMPI_Alg alg_in;       /* HIMPI_ALG_IN;  HIMPI_ALG_COUNT = not forced */
    HiMPI_Alg alg_out;      /* HIMPI_ALG_OUT; HIMPI_ALG_COUNT = not forced */
    int segment_size;       /* HIMPI_SEGMENT_SIZE, bytes; -1 = not forced */
    int overlap;            /* HIMPI_OVERLAP, bytes per overlap segment (0: none);
                               -1 = not forced */
    MPIB_precision precision; /* HIMPI_MIN_REPS, HIMPI_MAX_REPS, HIMPI_CL, HIMPI_EPS */
    int pairs;              /* HIMPI_PAIRS: pairs of repetitions comparing a tuned plan
                               with the MPI library's call; 0 = no comparison */
    double min_effect;      /* HIMPI_MIN_EFFECT: the smallest gain that lets a plan
                               replace the MPI library's call, 0 <= x < 1 */
    double pair_span;       /* HIMPI_PAIR_SPAN: seconds the pairs are spread over,
                               0 <= x <= 60 */
    MPIB_wait_policy wait;  /* HIMPI_WAIT */
    int debug;              /* HIMPI_DEBUG: 0 or 1 */
    int strict;             /* HIMPI_STRICT: 0 or 1 */
    int native_calls;       /* HIMPI_NATIVE_CALLS: plain calls a communicator makes through
                               the MPI library before HiMPI sets it up (api/native_calls.h) */
} himpi_env;

/* Returns the value of variable name, or NULL if it is unset. */
typedef const char *(*himpi_env_getter)(const char *name, void *ctx);

/* Parses every variable through get into env.  Unset and empty variables
 * take their defaults.  Returns 0, or -1 with one message in err naming the
 * variable, its value and what is accepted, e.g.
 *   HIMPI_GROUPS='0' is not valid: expected an integer >= 1
 * (the first invalid variable in the order of the struct, with
 * HIMPI_LOCK_TIMEOUT, which is checked but not kept, after
 * HIMPI_CONF_FILE). */
int himpi_env_parse(himpi_env_getter get, void *ctx, himpi_env *env, char *err, size_t errlen);

/* HIMPI_NATIVE_CALLS when it is unset: about the set-up of a new
 * communicator in calls of the MPI library's own collective (himpi-env(7)
 * gives the measurement). */
#define HIMPI_NATIVE_CALLS_DEFAULT 32

/* How long a table save waits for the table's lock, seconds, when
 * HIMPI_LOCK_TIMEOUT is unset. */
#define HIMPI_LOCK_TIMEOUT_DEFAULT 30

/* HIMPI_LOCK_TIMEOUT through get, the same parser himpi_env_parse runs:
 * table saves (table_file.c) read it each time, since HiMPI_Table_save and
 * _write have no settings to take it from.  Returns 0 with *seconds set,
 * or -1 with the message of himpi_env_parse. */
int himpi_env_lock_timeout(himpi_env_getter get, void *ctx, int *seconds, char *err,
                           size_t errlen);

/* Checks the names of the entries of envp (NAME=VALUE strings,
 * NULL-terminated, like environ) that start with HIMPI_ in any case.
 * Returns 0 if all are known, or -1 for the first that is not, which is
 * most likely a misspelling, with
 *   HIMPI_X is not a HiMPI variable (known: ...)
 * or, for a known name in another case (names are case-sensitive),
 *   HiMPI_GROUPS is not a HiMPI variable (did you mean HIMPI_GROUPS? ...) */
int himpi_env_check_names(char *const *envp, char *err, size_t errlen);

/* The algorithm plain calls of op use between groups (outer = 1) or inside
 * them when the table has no say: the one HIMPI_ALG_OUT or HIMPI_ALG_IN
 * names if it exists for op, native otherwise. */
HiMPI_Alg himpi_env_alg(const himpi_env *env, HiMPI_Op op, int outer);

#endif /* HIMPI_ENV_H */

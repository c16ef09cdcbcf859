/* env.c: the HIMPI_* environment variables, parsed and validated. */
#include <config.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/decimal.h"
#include "config/env.h"
#include "config/env_parser.h"
#include "core/names.h"
#include "himpi_tune.h"

static const char *const tune_modes[] = {"off", "init", "lazy"};
static const char *const flags[] = {"0", "1"};

#define BYTES_ACCEPTED \
    "expected a number of bytes from 0 to 2147483647 with an optional suffix K, M or G " \
    "(1K = 1024)"

/* The decimal digits s[0 .. len-1] as a number no larger than max: no sign,
 * blank or other character, which strtol would let through. */
static int parse_digits(const char *s, size_t len, long long max, long long *value)
{
    long long v = 0;
    if (len == 0)
        return -1;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9' || v > max / 10 || v * 10 > max - (s[i] - '0'))
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    *value = v;
    return 0;
}

/* An integer variable in min .. max; *out keeps its default if unset. */
static int integer(const parser *p, enum var var, int min, int max, const char *accepted,
                   int *out)
{
    text t = himpi_env_read(p, var);
    long long v;
    if (t.value == NULL)
        return 0;
    if (parse_digits(t.value, strlen(t.value), max, &v) != 0 || v < min)
        return himpi_env_invalid(p, t, "%s", accepted);
    *out = (int)v;
    return 0;
}

static int size(const parser *p, enum var var, const char *accepted, long long *out)
{
    text t = himpi_env_read(p, var);
    if (t.value != NULL && MPIB_parse_size(t.value, INT_MAX, out) != MPI_SUCCESS)
        return himpi_env_invalid(p, t, "%s", accepted);
    return 0;
}

/* The index in words of the value of var; *index keeps its default if
 * var is unset. */
static int keyword(const parser *p, enum var var, const char *const *words, int n,
                   const char *accepted, int *index)
{
    text t = himpi_env_read(p, var);
    if (t.value == NULL)
        return 0;
    for (int i = 0; i < n; i++)
        if (strcmp(t.value, words[i]) == 0) {
            *index = i;
            return 0;
        }
    return himpi_env_invalid(p, t, "%s", accepted);
}

/* A real in (0, 1), or [0, 1) if zero is allowed, in the decimal form. */
/* A decimal real of var from lo to hi, either end excluded if said so, or
 * the message expected. */
static int real_in(const parser *p, enum var var, double lo, int lo_open, double hi,
                   int hi_open, const char *expected, double *out)
{
    text t = himpi_env_read(p, var);
    if (t.value == NULL)
        return 0;
    char *end;
    errno = 0;
    double v = strtod(t.value, &end);
    if (!himpi_is_decimal_real(t.value) || *end != '\0' || errno == ERANGE ||
        !(lo_open ? v > lo : v >= lo) || !(hi_open ? v < hi : v <= hi))
        return himpi_env_invalid(p, t, "%s", expected);
    *out = v + 0.0; /* -0 is 0 */
    return 0;
}

/* A span of time in seconds, 0 to a minute (more would be a mistake, not
 * a wish for more care). */
static int seconds(const parser *p, enum var var, double *out)
{
    return real_in(p, var, 0.0, 0, 60.0, 0, "expected seconds, a real number from 0 to 60", out);
}

static int fraction(const parser *p, enum var var, int zero, double *out)
{
    return real_in(p, var, 0.0, !zero, 1.0, 1,
                   zero ? "expected a real number from 0 to 1, 1 excluded"
                        : "expected a real number between 0 and 1, both excluded",
                   out);
}

static int parse_lock_timeout(const parser *p, int *seconds)
{
    *seconds = HIMPI_LOCK_TIMEOUT_DEFAULT;
    return integer(p, LOCK_TIMEOUT, 0, INT_MAX, "expected a number of seconds from 0 to 2147483647",
                   seconds);
}

int himpi_env_lock_timeout(himpi_env_getter get, void *ctx, int *seconds, char *err,
                           size_t errlen)
{
    const parser p = {get, ctx, err, errlen};
    if (errlen > 0)
        err[0] = '\0';
    return parse_lock_timeout(&p, seconds);
}

static int parse_conf_file(const parser *p, char *conf_file, size_t len)
{
    text t = himpi_env_read(p, CONF_FILE);
    if (t.value[0] == '\0')
        return himpi_env_invalid(p, t, "expected a non-empty path");
    if (strlen(t.value) >= len)
        return himpi_env_invalid(p, t, "path too long (at most %zu bytes)", len - 1);
    strcpy(conf_file, t.value);
    return 0;
}

static int conflict(const parser *p, int generate, int tune)
{
    himpi_env_say(p,
                  "HIMPI_GENERATE_CONFIG=%d conflicts with HIMPI_TUNE=%s: %s; set only one of them",
                  generate, tune_modes[tune],
                  generate ? "HIMPI_GENERATE_CONFIG=1 means HIMPI_TUNE=init"
                           : "HIMPI_GENERATE_CONFIG=0 means no tuning at init");
    return -1;
}

/* HIMPI_GENERATE_CONFIG is the original HiMPI's switch for tuning at init;
 * it overrides the configure default but must agree with HIMPI_TUNE. */
static int parse_tune(const parser *p, himpi_tune_mode *tune)
{
    int mode = HIMPI_TUNE_OFF, generate = -1;
    if (keyword(p, TUNE, tune_modes, 3, "expected off, init or lazy", &mode) != 0 ||
        keyword(p, GENERATE_CONFIG, flags, 2, "expected 0 or 1", &generate) != 0)
        return -1;
    int tune_set = !himpi_env_read(p, TUNE).configured;
    if (tune_set && generate >= 0 && (mode == HIMPI_TUNE_INIT) != generate)
        return conflict(p, generate, mode);
    if (generate == 1)
        mode = HIMPI_TUNE_INIT;
    else if (generate == 0 && mode == HIMPI_TUNE_INIT)
        mode = HIMPI_TUNE_OFF;
    *tune = (himpi_tune_mode)mode;
    return 0;
}

static int span_is(const char *s, size_t len, const char *word)
{
    return strlen(word) == len && memcmp(s, word, len) == 0;
}

/* The operations one HIMPI_OPID item selects, 0 if it is not an item.  The
 * original HiMPI numbered bcast .. gather 0 .. 4, as HiMPI_Op does, and
 * all of them 5, which now takes in every later operation too (allgather,
 * scan, exscan, barrier, alltoall); those have names only, since 5 is taken. */
static unsigned op_item(const char *item, size_t len)
{
    const unsigned all = (1u << HIMPI_OP_COUNT) - 1;
    long long n;
    if (parse_digits(item, len, INT_MAX, &n) == 0)
        return n < 5 ? 1u << n : n == 5 ? all : 0;
    if (span_is(item, len, "all"))
        return all;
    for (int op = 0; op < HIMPI_OP_COUNT; op++)
        if (span_is(item, len, HiMPI_Op_name((HiMPI_Op)op)))
            return 1u << op;
    return 0;
}

static int parse_ops(const parser *p, unsigned *ops)
{
    text t = himpi_env_read(p, OPID);
    unsigned mask = 0;
    for (const char *item = t.value;; item++) {
        size_t len = strcspn(item, ",");
        unsigned bits = op_item(item, len);
        if (bits == 0) {
            himpi_env_invalid(p, t, "%s", len == 0 ? "empty item" : "item '");
            if (len > 0) {
                himpi_env_say_cut(p, item, len);
                himpi_env_say(p, "' unknown");
            }
            himpi_env_say(p, "; expected a comma-separated list of 0-4 (bcast, reduce, "
                "allreduce, scatter, gather), 5 or all (every operation), or the names ");
            for (int op = 0; op < HIMPI_OP_COUNT; op++)
                himpi_env_say(p, "%s%s", op > 0 ? ", " : "", HiMPI_Op_name((HiMPI_Op)op));
            return -1;
        }
        mask |= bits;
        item += len;
        if (*item == '\0')
            break;
    }
    *ops = mask;
    return 0;
}

/* Reports lower > upper, naming both with their values. */
static int disorder(const parser *p, text lower, long long lower_value, text upper,
                    long long upper_value)
{
    himpi_env_say_value(p, upper, upper_value);
    himpi_env_say(p, " is less than ");
    himpi_env_say_value(p, lower, lower_value);
    himpi_env_say(p, ": expected %s >= %s", himpi_env_variables[upper.var].name,
                  himpi_env_variables[lower.var].name);
    return -1;
}

static int parse_msg_range(const parser *p, long long *min_msg, long long *max_msg)
{
    if (size(p, MIN_MSG, BYTES_ACCEPTED, min_msg) != 0 ||
        size(p, MAX_MSG, BYTES_ACCEPTED, max_msg) != 0)
        return -1;
    if (*max_msg < *min_msg)
        return disorder(p, himpi_env_read(p, MIN_MSG), *min_msg, himpi_env_read(p, MAX_MSG),
                        *max_msg);
    return 0;
}

static int parse_alg(const parser *p, enum var var, HiMPI_Alg *alg)
{
    text t = himpi_env_read(p, var);
    *alg = HIMPI_ALG_COUNT;
    if (t.value == NULL || HiMPI_Alg_from_name(t.value, alg) == MPI_SUCCESS)
        return 0;
    himpi_env_invalid(p, t, "expected an algorithm:");
    for (int a = 0; a < HIMPI_ALG_COUNT; a++)
        himpi_env_say(p, "%s %s", a > 0 ? "," : "", HiMPI_Alg_name((HiMPI_Alg)a));
    return -1;
}

/* A byte count of var that forces a plan's field, -1 when unset. */
static int forced_bytes(const parser *p, enum var var, const char *zero, int *out)
{
    long long bytes = -1;
    if (size(p, var, zero, &bytes) != 0)
        return -1;
    *out = (int)bytes;
    return 0;
}

static int parse_precision(const parser *p, MPIB_precision *precision)
{
    const MPIB_precision builtin = MPIB_precision_default();
    *precision = builtin;
    if (integer(p, MIN_REPS, 1, INT_MAX, "expected an integer >= 1", &precision->min_reps) != 0 ||
        integer(p, MAX_REPS, 1, INT_MAX, "expected an integer >= 1", &precision->max_reps) != 0)
        return -1;
    if (precision->max_reps < precision->min_reps)
        return disorder(p, himpi_env_read(p, MIN_REPS), builtin.min_reps,
                        himpi_env_read(p, MAX_REPS), builtin.max_reps);
    if (fraction(p, CL, 0, &precision->cl) != 0 || fraction(p, EPS, 0, &precision->eps) != 0)
        return -1;
    return 0;
}

static int parse_search(const parser *p, char *search, size_t len)
{
    text t = himpi_env_read(p, SEARCH);
    const char *name = t.value != NULL ? t.value : himpi_search_default();
    if (!himpi_search_known(name))
        return himpi_env_invalid(p, t, "expected guided or exhaustive");
    snprintf(search, len, "%s", name);
    return 0;
}

static int parse_wait(const parser *p, MPIB_wait_policy *wait)
{
    text t = himpi_env_read(p, WAIT);
    *wait = MPIB_WAIT_BLOCKING;
    if (t.value == NULL || MPIB_wait_policy_parse(t.value, wait) == MPI_SUCCESS)
        return 0;
    return himpi_env_invalid(p, t, "expected blocking or yield");
}

int himpi_env_parse(himpi_env_getter get, void *ctx, himpi_env *env, char *err, size_t errlen)
{
    const parser p = {get, ctx, err, errlen};
    /* Zeroed, padding included, because the struct travels as bytes and
     * ranks compare what they receive. */
    himpi_env e;
    memset(&e, 0, sizeof e);
    e.num_levels = 1;
    e.native_calls = HIMPI_NATIVE_CALLS_DEFAULT;
    e.pairs = HIMPI_TUNE_PAIRS;
    e.min_effect = HIMPI_TUNE_MIN_EFFECT;
    e.pair_span = HIMPI_TUNE_PAIR_SPAN;
    if (errlen > 0)
        err[0] = '\0';
    /* Only saves use the lock's time-out, and they read it themselves; a
     * bad one is reported here so that it stops HiMPI_Init and himpi-tune
     * before they tune, not when they save. */
    int lock_timeout;
    if (parse_conf_file(&p, e.conf_file, sizeof e.conf_file) != 0 ||
        parse_lock_timeout(&p, &lock_timeout) != 0 ||
        parse_tune(&p, &e.tune) != 0 || parse_ops(&p, &e.ops) != 0 ||
        parse_msg_range(&p, &e.min_msg, &e.max_msg) != 0 ||
        integer(&p, MSG_STRIDE, 2, 1024, "expected an integer from 2 to 1024",
                &e.msg_stride) != 0 ||
        integer(&p, NUM_LEVELS, 0, HIMPI_MAX_LEVELS, "expected an integer from 0 to 8",
                &e.num_levels) != 0 ||
        parse_search(&p, e.search, sizeof e.search) != 0 ||
        integer(&p, GROUPS, 1, INT_MAX, "expected an integer >= 1", &e.groups) != 0 ||
        parse_alg(&p, ALG_IN, &e.alg_in) != 0 || parse_alg(&p, ALG_OUT, &e.alg_out) != 0 ||
        forced_bytes(&p, SEGMENT_SIZE, BYTES_ACCEPTED ", 0 for the default segment size",
                     &e.segment_size) != 0 ||
        forced_bytes(&p, OVERLAP, BYTES_ACCEPTED ", 0 for levels one after the other",
                     &e.overlap) != 0 ||
        parse_precision(&p, &e.precision) != 0 ||
        integer(&p, PAIRS, 0, 1000000, "expected an integer from 0 to 1000000", &e.pairs) != 0 ||
        fraction(&p, MIN_EFFECT, 1, &e.min_effect) != 0 ||
        seconds(&p, PAIR_SPAN, &e.pair_span) != 0 || parse_wait(&p, &e.wait) != 0 ||
        keyword(&p, DEBUG, flags, 2, "expected 0 or 1", &e.debug) != 0 ||
        keyword(&p, STRICT, flags, 2, "expected 0 or 1", &e.strict) != 0 ||
        integer(&p, NATIVE_CALLS, 0, INT_MAX, "expected an integer >= 0", &e.native_calls) != 0)
        return -1;
    memcpy(env, &e, sizeof e); /* not an assignment, which may skip the padding */
    return 0;
}

static int known(const char *name, size_t len)
{
    for (int v = 0; v < VAR_COUNT; v++)
        if (span_is(name, len, himpi_env_variables[v].name))
            return 1;
    return 0;
}

/* s[0 .. len-1] is word in any case, compared in ASCII whatever the
 * locale (in a Turkish one, 'i' is not the lower case of 'I'). */
static int span_is_nocase(const char *s, size_t len, const char *word)
{
    if (strlen(word) != len)
        return 0;
    for (size_t i = 0; i < len; i++) {
        char a = s[i] >= 'a' && s[i] <= 'z' ? (char)(s[i] - 'a' + 'A') : s[i];
        if (a != word[i])
            return 0;
    }
    return 1;
}

/* The known variable that name[0 .. len-1] spells in another case, or -1. */
static int known_in_other_case(const char *name, size_t len)
{
    for (int v = 0; v < VAR_COUNT; v++)
        if (span_is_nocase(name, len, himpi_env_variables[v].name))
            return v;
    return -1;
}

int himpi_env_check_names(char *const *envp, char *err, size_t errlen)
{
    const parser p = {NULL, NULL, err, errlen};
    if (errlen > 0)
        err[0] = '\0';
    for (; envp != NULL && *envp != NULL; envp++) {
        size_t len = strcspn(*envp, "=");
        /* Names are case-sensitive: HiMPI_GROUPS would be ignored as
         * silently as HIMPI_GROUP. */
        if (len < 6 || !span_is_nocase(*envp, 6, "HIMPI_") || known(*envp, len))
            continue;
        himpi_env_say_cut(&p, *envp, len);
        int meant = known_in_other_case(*envp, len);
        if (meant >= 0) {
            himpi_env_say(&p, " is not a HiMPI variable (did you mean %s? the names are "
                              "case-sensitive)",
                          himpi_env_variables[meant].name);
            return -1;
        }
        himpi_env_say(&p, " is not a HiMPI variable (known:");
        for (int v = 0; v < VAR_COUNT; v++)
            himpi_env_say(&p, "%s %s", v > 0 ? "," : "", himpi_env_variables[v].name);
        himpi_env_say(&p, ")");
        return -1;
    }
    return 0;
}

HiMPI_Alg himpi_env_alg(const himpi_env *env, HiMPI_Op op, int outer)
{
    HiMPI_Alg forced = outer ? env->alg_out : env->alg_in;
    return forced != HIMPI_ALG_COUNT && HiMPI_Alg_supported(op, forced) ? forced
                                                                       : HIMPI_ALG_NATIVE;
}

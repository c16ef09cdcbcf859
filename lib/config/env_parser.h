/* env_parser.h: what the parser of the HIMPI_* variables (env.c) and its
 * messages (env_messages.c) share: the variables, the parser's state and
 * the messages that name a variable, its value and what is accepted. */
#ifndef HIMPI_CONFIG_ENV_PARSER_H
#define HIMPI_CONFIG_ENV_PARSER_H

#include <stdarg.h>
#include <stddef.h>

#include "config/env.h"

enum var {
    CONF_FILE, TUNE, GENERATE_CONFIG, OPID, MIN_MSG, MAX_MSG, MSG_STRIDE, NUM_LEVELS, SEARCH, GROUPS,
    ALG_IN, ALG_OUT, SEGMENT_SIZE, OVERLAP, MIN_REPS, MAX_REPS, CL, EPS, PAIRS, MIN_EFFECT, PAIR_SPAN, WAIT, DEBUG,
    STRICT,
    NATIVE_CALLS, LOCK_TIMEOUT, TOPOLOGY, BINDING, DISABLE, TEST_ALGS, TEST_TIMEOUT,
    TEST_SAMPLE, VAR_COUNT
};

/* A variable named HIMPI_*, with its configure default (NULL if it has no
 * configure option). */
typedef struct himpi_env_variable {
    const char *name;
    const char *configured;
} himpi_env_variable;

/* Every variable named HIMPI_*, so that himpi_env_check_names can tell a
 * misspelling from a real variable. */
extern const himpi_env_variable himpi_env_variables[VAR_COUNT];

typedef struct parser {
    himpi_env_getter get;
    void *ctx;
    char *err;
    size_t errlen;
} parser;

/* Where a value came from.  value is NULL when the variable is unset and
 * has no configure default, so that the caller applies the built-in one. */
typedef struct text {
    enum var var;
    const char *value;
    int configured;
} text;

/* The variable's value, or its configure default if it is unset or empty. */
text himpi_env_read(const parser *p, enum var var);

/* Append to the message (vsnprintf cuts it at errlen, NUL included):
 * text; s[0 .. len-1] cut short so that what is accepted still fits; a
 * value with its origin (the environment, the configure option, or the
 * built-in default for an unset variable); and "VALUE is not valid: ...",
 * which returns -1. */
void himpi_env_vsay(const parser *p, const char *fmt, va_list ap);
void himpi_env_say(const parser *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void himpi_env_say_cut(const parser *p, const char *s, size_t len);
void himpi_env_say_value(const parser *p, text t, long long builtin);
int himpi_env_invalid(const parser *p, text t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif /* HIMPI_CONFIG_ENV_PARSER_H */

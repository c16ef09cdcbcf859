/* env_messages.c: the HIMPI_* variables, reading them, and the messages
 * that name a variable, its value and what is accepted. */
#include <config.h>

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "config/env_parser.h"

/* Every variable named HIMPI_*, so that check_names can tell a misspelling
 * from a real variable, with the configure default of those that have one. */
const himpi_env_variable himpi_env_variables[VAR_COUNT] = {
    [CONF_FILE] = {"HIMPI_CONF_FILE", HIMPI_DEFAULT_CONF_FILE},
    [TUNE] = {"HIMPI_TUNE", HIMPI_DEFAULT_TUNE},
    [GENERATE_CONFIG] = {"HIMPI_GENERATE_CONFIG", NULL},
    [OPID] = {"HIMPI_OPID", HIMPI_DEFAULT_OPID},
    [MIN_MSG] = {"HIMPI_MIN_MSG", HIMPI_DEFAULT_MIN_MSG},
    [MAX_MSG] = {"HIMPI_MAX_MSG", HIMPI_DEFAULT_MAX_MSG},
    [MSG_STRIDE] = {"HIMPI_MSG_STRIDE", HIMPI_DEFAULT_MSG_STRIDE},
    [NUM_LEVELS] = {"HIMPI_NUM_LEVELS", NULL},
    [SEARCH] = {"HIMPI_SEARCH", NULL},
    [GROUPS] = {"HIMPI_GROUPS", NULL},
    [ALG_IN] = {"HIMPI_ALG_IN", NULL},
    [ALG_OUT] = {"HIMPI_ALG_OUT", NULL},
    [SEGMENT_SIZE] = {"HIMPI_SEGMENT_SIZE", NULL},
    [OVERLAP] = {"HIMPI_OVERLAP", NULL},
    [MIN_REPS] = {"HIMPI_MIN_REPS", NULL},
    [MAX_REPS] = {"HIMPI_MAX_REPS", NULL},
    [CL] = {"HIMPI_CL", NULL},
    [EPS] = {"HIMPI_EPS", NULL},
    [PAIRS] = {"HIMPI_PAIRS", NULL},
    [MIN_EFFECT] = {"HIMPI_MIN_EFFECT", NULL},
    [PAIR_SPAN] = {"HIMPI_PAIR_SPAN", NULL},
    [WAIT] = {"HIMPI_WAIT", NULL},
    [DEBUG] = {"HIMPI_DEBUG", NULL},
    [STRICT] = {"HIMPI_STRICT", NULL},
    [NATIVE_CALLS] = {"HIMPI_NATIVE_CALLS", NULL},
    /* Read by a table save (table_file.c) when it takes the lock; checked
     * here with the others. */
    [LOCK_TIMEOUT] = {"HIMPI_LOCK_TIMEOUT", NULL},
    /* Read by the topology (topo.c) at its first use, not parsed here. */
    [TOPOLOGY] = {"HIMPI_TOPOLOGY", NULL},
    [BINDING] = {"HIMPI_BINDING", NULL},
    /* Read by libhimpi-pmpi (interpose.c) in every process at MPI_Init,
     * before there is anything to broadcast. */
    [DISABLE] = {"HIMPI_DISABLE", NULL},
    /* Read by the test suite, not by the library. */
    [TEST_ALGS] = {"HIMPI_TEST_ALGS", NULL},
    [TEST_TIMEOUT] = {"HIMPI_TEST_TIMEOUT", NULL},
    [TEST_SAMPLE] = {"HIMPI_TEST_SAMPLE", NULL},
};

text himpi_env_read(const parser *p, enum var var)
{
    text t = {var, p->get(himpi_env_variables[var].name, p->ctx), 0};
    if (t.value == NULL || t.value[0] == '\0') {
        t.value = himpi_env_variables[var].configured;
        t.configured = t.value != NULL;
    }
    return t;
}

/* Appends to the message; vsnprintf cuts it at errlen, NUL included. */
void himpi_env_vsay(const parser *p, const char *fmt, va_list ap)
{
    if (p->errlen == 0)
        return;
    size_t used = strlen(p->err);
    vsnprintf(p->err + used, p->errlen - used, fmt, ap);
}

void himpi_env_say(const parser *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    himpi_env_vsay(p, fmt, ap);
    va_end(ap);
}

/* Says s[0 .. len-1], cut so that a long value cannot push what is
 * accepted out of the message.  The cut backs off the continuation bytes
 * of a UTF-8 character, at most 3 so that invalid UTF-8 is still shown. */
void himpi_env_say_cut(const parser *p, const char *s, size_t len)
{
    size_t shown = len < 64 ? len : 64;
    for (int k = 0; k < 3 && shown < len && ((unsigned char)s[shown] & 0xc0) == 0x80; k++)
        shown--;
    himpi_env_say(p, "%.*s%s", (int)shown, s, shown < len ? "..." : "");
}

/* Names a value with its origin: the environment, the configure option
 * (--with- and the variable's name in lower case with dashes) or, for an
 * unset variable without one, the built-in default. */
void himpi_env_say_value(const parser *p, text t, long long builtin)
{
    const char *name = himpi_env_variables[t.var].name;
    if (t.value == NULL) {
        himpi_env_say(p, "%s (default %lld)", name, builtin);
        return;
    }
    if (t.configured) {
        char option[32];
        size_t i = 0;
        for (; name[i] != '\0' && i < sizeof option - 1; i++)
            option[i] = name[i] == '_' ? '-' : (char)tolower((unsigned char)name[i]);
        option[i] = '\0';
        himpi_env_say(p, "configure default --with-%s", option);
    } else {
        himpi_env_say(p, "%s", name);
    }
    himpi_env_say(p, "='");
    himpi_env_say_cut(p, t.value, strlen(t.value));
    himpi_env_say(p, "'");
}

int himpi_env_invalid(const parser *p, text t, const char *fmt, ...)
{
    himpi_env_say_value(p, t, 0);
    himpi_env_say(p, " is not valid: ");
    va_list ap;
    va_start(ap, fmt);
    himpi_env_vsay(p, fmt, ap);
    va_end(ap);
    return -1;
}

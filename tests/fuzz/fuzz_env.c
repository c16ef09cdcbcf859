/* fuzz_env: libFuzzer target for the HIMPI_* environment.  The input is
 * lines NAME=VALUE, served through the getter (the first line of a name
 * wins, as with getenv) and passed as envp to the name check.  Whatever
 * the input, a successful parse must yield settings the library can use
 * without further checks, and a failed one a message that fits errlen. */
#include <config.h>

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config/env.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *get(const char *name, void *ctx)
{
    size_t len = strlen(name);
    for (char *const *entry = ctx; *entry != NULL; entry++)
        if (strncmp(*entry, name, len) == 0 && (*entry)[len] == '=')
            return *entry + len + 1;
    return NULL;
}

/* The value of name if set and not empty, as the parser sees it. */
static const char *set(char *const *envp, const char *name)
{
    const char *value = get(name, (void *)envp);
    return value != NULL && value[0] != '\0' ? value : NULL;
}

static void require(int condition)
{
    if (!condition)
        abort();
}

static void check_settings(const himpi_env *e, char *const *envp)
{
    const char *generate = set(envp, "HIMPI_GENERATE_CONFIG"), *tune = set(envp, "HIMPI_TUNE");
    const char *const modes[] = {"off", "init", "lazy"};
    require(memchr(e->conf_file, '\0', sizeof e->conf_file) != NULL && e->conf_file[0] != '\0');
    require(e->tune >= HIMPI_TUNE_OFF && e->tune <= HIMPI_TUNE_LAZY);
    require(tune == NULL || strcmp(tune, modes[e->tune]) == 0);
    require(generate == NULL || (strcmp(generate, "1") == 0) == (e->tune == HIMPI_TUNE_INIT));
    require(e->ops != 0 && e->ops >> HIMPI_OP_COUNT == 0);
    require(e->min_msg >= 0 && e->min_msg <= e->max_msg && e->max_msg <= INT_MAX);
    require(e->msg_stride >= 2 && e->msg_stride <= 1024);
    require(e->num_levels >= 0 && e->num_levels <= HIMPI_MAX_LEVELS);
    require(set(envp, "HIMPI_GROUPS") == NULL ? e->groups == 0 : e->groups >= 1);
    require(set(envp, "HIMPI_ALG_IN") == NULL ? e->alg_in == HIMPI_ALG_COUNT
                                              : HiMPI_Alg_name(e->alg_in) != NULL);
    require(set(envp, "HIMPI_ALG_OUT") == NULL ? e->alg_out == HIMPI_ALG_COUNT
                                               : HiMPI_Alg_name(e->alg_out) != NULL);
    require(set(envp, "HIMPI_SEGMENT_SIZE") == NULL ? e->segment_size == -1
                                                    : e->segment_size >= 0);
    require(set(envp, "HIMPI_OVERLAP") == NULL ? e->overlap == -1 : e->overlap >= 0);
    require(MPIB_precision_check(&e->precision) == MPI_SUCCESS && e->precision.eps < 1.0);
    require(MPIB_wait_policy_name(e->wait) != NULL);
    require((e->debug == 0 || e->debug == 1) && (e->strict == 0 || e->strict == 1));
    require(set(envp, "HIMPI_NATIVE_CALLS") == NULL ? e->native_calls == HIMPI_NATIVE_CALLS_DEFAULT
                                                    : e->native_calls >= 0);
}

/* A message cut at errlen is NUL-terminated within it and the start of the
 * whole message; errlen 0 leaves err alone. */
static void check_cut(const char *full, const char *cut, size_t errlen)
{
    if (errlen == 0) {
        require(cut[0] == '#');
        return;
    }
    size_t len = strlen(cut);
    require(len < errlen && strncmp(full, cut, len) == 0);
    require(len == errlen - 1 || strcmp(full, cut) == 0);
}

static void check_parse(char *const *envp, size_t small)
{
    char full[1024], *cut = malloc(small > 0 ? small : 1);
    himpi_env a, b;
    cut[0] = '#';
    int rc = himpi_env_parse(get, (void *)envp, &a, full, sizeof full);
    require(rc == himpi_env_parse(get, (void *)envp, &b, cut, small));
    require(rc == 0 || rc == -1);
    if (rc == 0) {
        require(full[0] == '\0');
        require(memcmp(&a, &b, sizeof a) == 0); /* ranks decide alike */
        check_settings(&a, envp);
    } else {
        require(strlen(full) > 0 && strlen(full) < sizeof full - 1); /* never cut */
        require(strncmp(full, "HIMPI_", 6) == 0 ||
                strncmp(full, "configure default --with-himpi-", 31) == 0);
        check_cut(full, cut, small);
    }
    free(cut);
}

static void check_names(char *const *envp, size_t small)
{
    char full[1024], *cut = malloc(small > 0 ? small : 1);
    cut[0] = '#';
    int rc = himpi_env_check_names(envp, full, sizeof full);
    require(rc == himpi_env_check_names(envp, cut, small));
    if (rc == -1) {
        int any = 0;
        for (char *const *entry = envp; *entry != NULL; entry++)
            any |= strncasecmp(*entry, "HIMPI_", 6) == 0;
        require(any && strncasecmp(full, "HIMPI_", 6) == 0 && strlen(full) < sizeof full - 1);
        require(strstr(full, " is not a HiMPI variable (known: HIMPI_CONF_FILE, ") != NULL ||
                strstr(full, " is not a HiMPI variable (did you mean HIMPI_") != NULL);
        check_cut(full, cut, small);
    } else {
        require(rc == 0);
    }
    free(cut);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    size_t lines = 1;
    memcpy(text, data, size);
    text[size] = '\0';
    for (size_t i = 0; i < size; i++)
        lines += text[i] == '\n';
    char **envp = malloc((lines + 1) * sizeof *envp);
    size_t n = 0;
    for (char *line = text; line != NULL; n++) {
        envp[n] = line;
        line = strchr(line, '\n');
        if (line != NULL)
            *line++ = '\0';
    }
    envp[n] = NULL;
    /* Small buffers, 0 included, from the input so that the fuzzer varies
     * them too. */
    check_parse(envp, size % 48);
    check_names(envp, size % 40);
    free(envp);
    free(text);
    return 0;
}

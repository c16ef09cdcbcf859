/* settings.c: the tuning settings and the wait policy of the HIMPI_*
 * environment, for programs that tune or measure as HiMPI_Init would. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "config/env.h"
#include "himpi_tune.h"
#include "tune/tune_runtime.h"

static const char *from_environ(const char *name, void *ctx)
{
    (void)ctx;
    return getenv(name);
}

_Static_assert(sizeof ((HiMPI_Tune_settings *)0)->conf_file == sizeof ((himpi_env *)0)->conf_file,
               "the settings hold any HIMPI_CONF_FILE the environment does");

void himpi_tuner_overlap(HiMPI_Tuner *tuner, const himpi_env *env)
{
    tuner->overlaps = env->overlap >= 0 ? &env->overlap : NULL;
    tuner->noverlaps = env->overlap >= 0;
}

int HiMPI_Tune_settings_from_env(HiMPI_Tune_settings *s, char *err, size_t errlen)
{
    himpi_env env;
    if (himpi_env_parse(from_environ, NULL, &env, err, errlen) != 0)
        return -1;
    *s = (HiMPI_Tune_settings){.ops = env.ops, .min_msg = env.min_msg, .max_msg = env.max_msg,
                               .msg_stride = env.msg_stride, .num_levels = env.num_levels,
                               .search = HiMPI_Search_by_name(env.search),
                               .segment_size = env.segment_size > 0 ? env.segment_size : 0,
                               .precision = env.precision, .pairs = env.pairs,
                               .min_effect = env.min_effect, .pair_span = env.pair_span,
                               .overlap = env.overlap};
    memcpy(s->conf_file, env.conf_file, sizeof s->conf_file);
    return 0;
}

/* The environment's HIMPI_WAIT alone: every other variable reads as unset. */
static const char *wait_only(const char *name, void *ctx)
{
    (void)ctx;
    return strcmp(name, "HIMPI_WAIT") == 0 ? getenv(name) : NULL;
}

int HiMPI_Wait_policy_from_env(MPIB_wait_policy *policy, char *err, size_t errlen)
{
    himpi_env env;
    if (himpi_env_parse(wait_only, NULL, &env, err, errlen) != 0)
        return -1;
    *policy = env.wait;
    return 0;
}

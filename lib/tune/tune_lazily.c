/* tune_lazily.c: the tuning a plain call does when HIMPI_TUNE=lazy asks
 * for it and the table lacks its size. */
#include <config.h>

#include "tune/tune.h"
#include "tune/tune_runtime.h"

int himpi_runtime_tune_lazily(himpi_runtime *rt, HiMPI_Op op, MPI_Comm comm, long long bytes,
                              int *tuned)
{
    const himpi_env *env = &rt->env;
    int p;
    MPI_Comm_size(comm, &p);
    HiMPI_Tune_task task = {op, (int)bytes, himpi_env_alg(env, op, 1), himpi_env_alg(env, op, 0),
                            env->segment_size > 0 ? env->segment_size : 0};
    *tuned = 0;
    if (env->tune != HIMPI_TUNE_LAZY || p == 1 ||
        himpi_table_find(&rt->table, op, p, bytes, task.alg_out, task.alg_in) != NULL)
        return MPI_SUCCESS;
    HiMPI_Tuner tuner = {.precision = env->precision, .levels = env->num_levels,
                         .search = HiMPI_Search_by_name(env->search), .pairs = env->pairs,
                         .min_effect = env->min_effect, .pair_span = env->pair_span};
    himpi_tuner_overlap(&tuner, env);
    HiMPI_Row row;
    int rc = HiMPI_Tune(comm, &tuner, &task, &row, NULL);
    *tuned = rc == MPI_SUCCESS;
    return rc != MPI_SUCCESS ? rc : himpi_runtime_keep(rt, comm, &row, 1);
}

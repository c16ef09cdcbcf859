/* plan.c: plain calls look up their plan. */
#include <config.h>

#include <stdio.h>

#include "hier/cache.h"
#include "hier/levels.h"
#include "select/plan.h"
#include "config/runtime.h"
#include "tune/tune.h"
#include "core/validate.h"

HiMPI_Alg himpi_plan_alg(const himpi_env *env, HiMPI_Op op, int outer)
{
    HiMPI_Alg forced = outer ? env->alg_out : env->alg_in;
    return forced != HIMPI_ALG_COUNT && HiMPI_Alg_supported(op, forced) ? forced
                                                                       : HIMPI_ALG_NATIVE;
}

int himpi_plan_is_root(MPI_Comm comm, int root)
{
    int p, rank;
    return himpi_check_comm(comm, &p, &rank) == MPI_SUCCESS && rank == root;
}

/* With HIMPI_TUNE=lazy, the first call of a size the table lacks tunes it
 * on comm; every rank gets there alike since their tables are alike. */
static int tune_lazily(himpi_runtime *rt, HiMPI_Op op, MPI_Comm comm, int p, long long bytes,
                       int *tuned)
{
    const himpi_env *env = &rt->env;
    himpi_tune_task task = {op, (int)bytes, himpi_plan_alg(env, op, 1), himpi_plan_alg(env, op, 0),
                            env->segment_size > 0 ? env->segment_size : 0};
    if (env->tune != HIMPI_TUNE_LAZY || p == 1 ||
        himpi_table_find(&rt->table, op, p, bytes, task.alg_out, task.alg_in) != NULL)
        return 0;
    himpi_tuner tuner = {.precision = env->precision, .levels = env->num_levels,
                         .search = himpi_search_by_name(env->search)};
    himpi_row row;
    int rc = himpi_tune(comm, &tuner, &task, &row, NULL);
    *tuned = rc == MPI_SUCCESS;
    return rc != MPI_SUCCESS ? rc : himpi_runtime_add(rt, comm, &row, 1);
}

/* The plan as text: "node/2 out=binomial in=native segment=0". */
static void describe(const HiMPI_Plan *plan, char *text, size_t len)
{
    size_t n = 0;
    for (int i = 0; i < plan->nlevels && n < len; i++) {
        const HiMPI_Level *l = &plan->level[i];
        n += (size_t)(l->groups > 0
                          ? snprintf(text + n, len - n, "%s%d", i > 0 ? "/" : "", l->groups)
                          : snprintf(text + n, len - n, "%s%s", i > 0 ? "/" : "",
                                     HiMPI_Hwlevel_name(l->hw)));
    }
    if (n < len)
        snprintf(text + n, len - n, "%s out=%s in=%s segment=%d", plan->nlevels > 0 ? "" : "1",
                 plan->nlevels > 0 ? HiMPI_Alg_name(plan->level[0].alg) : "-",
                 HiMPI_Alg_name(plan->alg_in), plan->segment_size);
}

static void say(const himpi_env *env, HiMPI_Op op, int p, long long bytes,
                const HiMPI_Plan *plan, const char *source, const himpi_plan *found)
{
    char text[256];
    describe(plan, text, sizeof text);
    fprintf(stderr, "himpi: %s p=%d size=%lld: g=%s (%s", HiMPI_Op_name(op), p, bytes, text,
            source);
    if (found != NULL)
        fprintf(stderr, ": p=%d size=%lld", found->table_procs, found->table_msg_size);
    if (env->groups > 0)
        fprintf(stderr, "; g forced by HIMPI_GROUPS");
    if (env->alg_out != HIMPI_ALG_COUNT)
        fprintf(stderr, "; HIMPI_ALG_OUT=%s %s", HiMPI_Alg_name(env->alg_out),
                HiMPI_Alg_supported(op, env->alg_out) ? "applied"
                                                      : "ignored: not for this operation");
    if (env->alg_in != HIMPI_ALG_COUNT)
        fprintf(stderr, "; HIMPI_ALG_IN=%s %s", HiMPI_Alg_name(env->alg_in),
                HiMPI_Alg_supported(op, env->alg_in) ? "applied"
                                                     : "ignored: not for this operation");
    if (env->segment_size >= 0)
        fprintf(stderr, "; segment forced by HIMPI_SEGMENT_SIZE");
    fprintf(stderr, ")\n");
}

/* What the HIMPI_* variables force on plan. */
static void override(const himpi_env *env, HiMPI_Op op, int p, HiMPI_Plan *plan)
{
    if (env->groups > 0) {
        HiMPI_Alg out = plan->nlevels > 0 ? plan->level[0].alg : HIMPI_ALG_NATIVE;
        plan->nlevels = 1;
        plan->level[0] = (HiMPI_Level){env->groups < p ? env->groups : p, HIMPI_HW_NODE, out};
    }
    if (env->alg_out != HIMPI_ALG_COUNT && HiMPI_Alg_supported(op, env->alg_out))
        for (int i = 0; i < plan->nlevels; i++)
            plan->level[i].alg = env->alg_out;
    if (env->alg_in != HIMPI_ALG_COUNT && HiMPI_Alg_supported(op, env->alg_in))
        plan->alg_in = env->alg_in;
    if (env->segment_size >= 0)
        plan->segment_size = env->segment_size;
}

int himpi_plan_choose(HiMPI_Op op, MPI_Comm comm, int count, MPI_Datatype datatype,
                      HiMPI_Plan *plan)
{
    const HiMPI_Params flat = {1, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 0};
    himpi_plan_of_params(&flat, plan);
    int p, rank, size, rc;
    himpi_comm *state;
    himpi_runtime *rt;
    if (himpi_check_comm(comm, &p, &rank) != MPI_SUCCESS ||
        himpi_check_buffer(count, datatype) != MPI_SUCCESS)
        return MPI_SUCCESS;
    if ((rc = himpi_comm_get(comm, &state)) != MPI_SUCCESS ||
        (rc = himpi_comm_runtime(state, &rt)) != MPI_SUCCESS)
        return rc;
    MPI_Type_size(datatype, &size);
    long long bytes = (long long)count * size;
    int tuned = 0;
    if ((rc = tune_lazily(rt, op, comm, p, bytes, &tuned)) != MPI_SUCCESS)
        return rc;

    const himpi_env *env = &rt->env;
    himpi_plan found;
    int in_table = himpi_index_lookup(rt->index, op, p, bytes, &found);
    const char *source = "default";
    if (in_table) {
        *plan = found.plan;
        source = tuned                    ? "tuned now"
                 : found.table_procs == p ? "table"
                                          : "table, nearest process count";
    }
    override(env, op, p, plan);
    if (env->debug && rank == 0)
        say(env, op, p, bytes, plan, source, in_table ? &found : NULL);
    return MPI_SUCCESS;
}

/* plan.c: the plan of a plain call, looked up. */
#include <config.h>

#include <stdio.h>

#include "core/text.h"
#include "core/validate.h"
#include "select/plan.h"

void HiMPI_Plan_describe(const HiMPI_Plan *plan, char *text, size_t len)
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
        snprintf(text + n, len - n, "%s out=%s in=%s segment=%d overlap=%d",
                 plan->nlevels > 0 ? "" : "1",
                 plan->nlevels > 0 ? HiMPI_Alg_name(plan->level[0].alg) : "-",
                 HiMPI_Alg_name(plan->alg_in), plan->segment_size, plan->overlap);
}

/* The decision as one line, written with one call: threads and
 * communicators deciding at once must not interleave their lines. */
static void say(const himpi_env *env, HiMPI_Op op, int p, long long bytes,
                const HiMPI_Plan *plan, const char *source, const himpi_plan *found)
{
    char text[256], line[768];
    size_t n = 0;
    HiMPI_Plan_describe(plan, text, sizeof text);
    himpi_append(line, sizeof line, &n, "himpi: %s p=%d size=%lld: g=%s (%s", HiMPI_Op_name(op), p,
           bytes, text, source);
    if (found != NULL) {
        himpi_append(line, sizeof line, &n, ": p=%d size=%lld", found->table_procs,
               found->table_msg_size);
        const char *v = HiMPI_Verdict_name(found->verdict);
        if (found->verdict == HIMPI_VERDICT_FASTER) {
            himpi_append(line, sizeof line, &n, ", faster than MPI's");
        } else if (found->verdict != HIMPI_VERDICT_UNKNOWN) {
            HiMPI_Plan_describe(&found->row, text, sizeof text);
            himpi_append(line, sizeof line, &n, "; MPI's own: the best row, g=%s, is %s", text,
                   found->verdict == HIMPI_VERDICT_NATIVE ? "MPI's call itself" : v);
        }
        if (found->ratio >= 0)
            himpi_append(line, sizeof line, &n, ", ratio %.3f", found->ratio);
        if (found->ratio_lo >= 0 && found->ratio_hi >= 0)
            himpi_append(line, sizeof line, &n, " [%.3f, %.3f]", found->ratio_lo, found->ratio_hi);
    }
    if (env->groups > 0)
        himpi_append(line, sizeof line, &n, "; g forced by HIMPI_GROUPS");
    if (env->alg_out != HIMPI_ALG_COUNT)
        himpi_append(line, sizeof line, &n, "; HIMPI_ALG_OUT=%s %s", HiMPI_Alg_name(env->alg_out),
               HiMPI_Alg_supported(op, env->alg_out) ? "applied"
                                                     : "ignored: not for this operation");
    if (env->alg_in != HIMPI_ALG_COUNT)
        himpi_append(line, sizeof line, &n, "; HIMPI_ALG_IN=%s %s", HiMPI_Alg_name(env->alg_in),
               HiMPI_Alg_supported(op, env->alg_in) ? "applied"
                                                    : "ignored: not for this operation");
    if (env->segment_size >= 0)
        himpi_append(line, sizeof line, &n, "; segment forced by HIMPI_SEGMENT_SIZE");
    if (env->overlap >= 0)
        himpi_append(line, sizeof line, &n, "; HIMPI_OVERLAP=%d %s", env->overlap,
                     !HiMPI_Op_overlaps(op)     ? "ignored: not for this operation"
                     : himpi_plan_flat(plan, p) ? "ignored: the plan is flat"
                                                : "applied");
    fprintf(stderr, "%s)\n", line);
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
    if (env->overlap >= 0)
        plan->overlap = env->overlap;
    plan->overlap = himpi_plan_overlap(op, plan, p);
}

void himpi_plan_decide(const himpi_env *env, const himpi_index *ix, HiMPI_Op op, int p,
                       long long bytes, himpi_plan *found, HiMPI_Plan *plan)
{
    *plan = (HiMPI_Plan){.nlevels = 1, .alg_in = HIMPI_ALG_NATIVE};
    plan->level[0] = (HiMPI_Level){1, HIMPI_HW_NODE, HIMPI_ALG_NATIVE};
    int in_table = himpi_index_lookup(ix, op, p, bytes, found);
    if (in_table)
        *plan = found->plan;
    else
        found->table_procs = 0;
    override(env, op, p, plan);
}

void himpi_plan_select(const himpi_runtime *rt, HiMPI_Op op, int p, int rank, long long bytes,
                       int tuned, HiMPI_Plan *plan)
{
    himpi_plan found;
    himpi_plan_decide(&rt->env, rt->index, op, p, bytes, &found, plan);
    if (!rt->env.debug || rank != 0)
        return;
    int in_table = found.table_procs > 0;
    const char *source = !in_table                ? "default"
                         : tuned                  ? "tuned now"
                         : found.table_procs == p ? "table"
                                                  : "table, nearest process count";
    say(&rt->env, op, p, bytes, plan, source, in_table ? &found : NULL);
}

int himpi_plan_by_size(const himpi_runtime *rt, HiMPI_Op op, int p)
{
    return rt->env.tune == HIMPI_TUNE_LAZY || himpi_index_by_size(rt->index, op, p);
}

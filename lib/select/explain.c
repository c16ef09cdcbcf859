/* explain.c: a plain call's decision, taken apart for people
 * (HiMPI_Table_decide, which himpi-tune --explain prints). */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "select/plan.h"

static const char *from_environ(const char *name, void *ctx)
{
    (void)ctx;
    return getenv(name);
}

int HiMPI_Table_decide(const HiMPI_Table *t, HiMPI_Op op, int p, long long msg_size,
                       HiMPI_Decision *d, char *err, size_t errlen)
{
    if (t == NULL || d == NULL || HiMPI_Op_name(op) == NULL || p < 1 || msg_size < 0) {
        snprintf(err, errlen, "invalid argument");
        return MPI_ERR_ARG;
    }
    himpi_env env;
    if (himpi_env_parse(from_environ, NULL, &env, err, errlen) != 0)
        return MPI_ERR_ARG;
    himpi_index *ix = himpi_index_build(t);
    if (ix == NULL) {
        snprintf(err, errlen, "out of memory for the table's index");
        return MPI_ERR_NO_MEM;
    }
    himpi_plan found;
    *d = (HiMPI_Decision){0};
    himpi_plan_decide(&env, ix, op, p, msg_size, &found, &d->plan);
    himpi_index_free(ix);
    d->ratio = d->ratio_lo = d->ratio_hi = -1;
    if ((d->in_table = found.table_procs > 0)) {
        d->table_procs = found.table_procs;
        d->table_msg_size = found.table_msg_size;
        d->table_plan = found.plan;
        d->best = found.row;
        d->verdict = found.verdict;
        d->ratio = found.ratio;
        d->ratio_lo = found.ratio_lo;
        d->ratio_hi = found.ratio_hi;
    }
    d->forced_groups = env.groups;
    d->forced_alg_out = env.alg_out;
    d->forced_alg_in = env.alg_in;
    d->forced_segment = env.segment_size;
    d->forced_overlap = env.overlap;
    return MPI_SUCCESS;
}

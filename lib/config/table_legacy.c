/* table_legacy.c: a row of the original HiMPI's 7-column format, its
 * operation and algorithm ids translated into HiMPI's.  Such a table has
 * one level of groups and no times.  No MPI communication. */
#include <config.h>

#include <limits.h>
#include <string.h>

#include "config/table.h"
#include "core/names.h"
#include "config/table_parse.h"

/* The original's op_id values 0..4 (op_all = 5 names no operation). */
static const HiMPI_Op legacy_ops[] = {HIMPI_OP_BCAST, HIMPI_OP_REDUCE, HIMPI_OP_ALLREDUCE,
                                      HIMPI_OP_SCATTER, HIMPI_OP_GATHER};

/* The original's algorithm ids are the catalogue's legacy column (it ran
 * its own algorithms for bcast only; the other operations ignored the ids
 * and called MPI, so 0, native, is their only id).  Its binomial_mpich
 * ran the same tree as its binomial, and the catalogue holds one id a
 * row. */
enum { LEGACY_BINOMIAL = 4, LEGACY_BINOMIAL_MPICH = 7 };

static int legacy_alg(parser *ps, HiMPI_Op op, long long id, HiMPI_Alg *alg)
{
    if (op == HIMPI_OP_BCAST && id == LEGACY_BINOMIAL_MPICH)
        id = LEGACY_BINOMIAL;
    if (id > INT_MAX || !himpi_alg_of_legacy(op, (int)id, alg))
        return himpi_table_fail(ps, ps->line, "unknown algorithm id %lld for %s", id,
                                HiMPI_Op_name(op));
    return 0;
}

int himpi_table_legacy_row(parser *ps, const fields *f)
{
    static const char *const what[LEGACY_FIELDS] = {
        "num_procs", "num_groups", "num_levels", "msg_size", "alg_in", "alg_out", "op_id"};
    static const long long min[LEGACY_FIELDS] = {1, 1, 0, 0, 0, 0, 0};
    if (f->n != LEGACY_FIELDS)
        return himpi_table_fail(ps, ps->line,
                                "row has %d fields, expected %d (num_procs num_groups "
                                "num_levels msg_size alg_in alg_out op_id)",
                                f->n, LEGACY_FIELDS);
    long long v[LEGACY_FIELDS] = {0};
    for (int i = 0; i < LEGACY_FIELDS; i++)
        if (himpi_table_parse_int(ps, f->v[i], what[i], min[i], INT_MAX, &v[i]) != 0)
            return -1;
    long long nops = (long long)(sizeof legacy_ops / sizeof legacy_ops[0]);
    if (v[6] == nops)
        return himpi_table_fail(ps, ps->line, "op_id %lld means all operations, which is not a row",
                                v[6]);
    if (v[6] > nops)
        return himpi_table_fail(ps, ps->line,
                                "unknown op_id %lld (0..4: bcast reduce allreduce scatter gather)",
                                v[6]);
    HiMPI_Row r;
    memset(&r, 0, sizeof r); /* a one-level layout: the other levels zero */
    r.op = legacy_ops[v[6]];
    r.procs = (int)v[0];
    r.msg_size = v[3];
    r.levels = 1;
    r.groups[0] = (int)v[1];
    r.time = r.flat_time = r.ci = r.flat_ci = r.ratio = r.ratio_lo = r.ratio_hi = -1.0;
    if (legacy_alg(ps, r.op, v[4], &r.alg_in) != 0 ||
        legacy_alg(ps, r.op, v[5], &r.alg_out) != 0)
        return -1;
    if (v[1] > v[0])
        return himpi_table_fail(ps, ps->line, "groups %lld > procs %lld", v[1], v[0]);
    if (v[2] != 1)
        return himpi_table_fail(ps, ps->line,
                                "levels %lld not supported in the original format "
                                "(one level of groups)", v[2]);
    return himpi_table_add_row(ps, &r);
}

/* himpi_tune_explain.c: himpi-tune --explain, one plain call's decision
 * taken apart: fingerprint, row, alternatives, margin, overrides, plan. */
#include <config.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "himpi_tune_explain.h"

static void fingerprint(const HiMPI_Table *t, const HiMPI_Fingerprint *job)
{
    const HiMPI_Fingerprint *fp = &t->header.fp;
    char what[1024];
    if (fp->himpi[0] == '\0')
        printf("fingerprint: none (a table of format 3 or older): nothing tells what it was "
               "tuned on\n");
    else if (HiMPI_Fingerprint_compare(fp, job, what, sizeof what) != 0)
        printf("fingerprint: tuned elsewhere: %s (the plain calls warn and use the plans; "
               "HIMPI_STRICT=1 refuses the table)\n",
               what);
    else
        printf("fingerprint: tuned on a job like this one (%s, HiMPI %s, %d node(s), %d a "
               "node, %s, topology %.16s)\n",
               fp->mpi, fp->himpi, fp->nodes, fp->ppn, fp->placement, fp->topology);
}

/* The tabulated process counts of op, in the table's order. */
static void counts(const HiMPI_Table *t, HiMPI_Op op)
{
    int seen[64], n = 0;
    for (size_t i = 0; i < t->nrows && n < 64; i++) {
        int k = 0;
        while (k < n && seen[k] != t->rows[i].procs)
            k++;
        if (t->rows[i].op == op && k == n)
            seen[n++] = t->rows[i].procs;
    }
    for (int k = 0; k < n; k++)
        printf("%s%d", k > 0 ? ", " : "", seen[k]);
}

static void row_taken(const HiMPI_Table *t, HiMPI_Op op, int p, long long m,
                      const HiMPI_Decision *d)
{
    printf("row: %d processes ", d->table_procs);
    if (d->table_procs == p)
        printf("(the call's own)");
    else {
        printf("(the nearest tabulated count to %d of ", p);
        counts(t, op);
        printf(")");
    }
    printf(", %lld bytes (%s)\n", d->table_msg_size,
           d->table_msg_size <= m ? "the largest tabulated size up to the call's"
                                  : "the call's is below the table: its smallest size");
}

/* Every row measured at the entry taken, the best one marked. */
static void alternatives(const HiMPI_Table *t, HiMPI_Op op, const HiMPI_Decision *d)
{
    printf("measured there (us; ratio: the plan's time over the MPI library's call's, timed "
           "in interleaved pairs):\n");
    printf("  %-14s %-14s %-10s %-9s %-18s %-18s %-8s %-24s %s\n", "alg_out", "alg_in",
           "layout", "overlap", "time", "flat", "precise", "ratio [interval]", "verdict");
    for (size_t i = 0; i < t->nrows; i++) {
        const HiMPI_Row *r = &t->rows[i];
        if (r->op != op || r->procs != d->table_procs || r->msg_size != d->table_msg_size)
            continue;
        char layout[HIMPI_LAYOUT_MAX], time[48], flat[48], ratio[64] = "-";
        HiMPI_Row_layout(r, layout, sizeof layout);
        cli_time_text(r->time, r->ci, time, sizeof time);
        cli_time_text(r->flat_time, r->flat_ci, flat, sizeof flat);
        if (r->ratio >= 0)
            snprintf(ratio, sizeof ratio, "%.3f [%.3f, %.3f]", r->ratio, r->ratio_lo,
                     r->ratio_hi);
        HiMPI_Plan own;
        HiMPI_Row_plan(r, &own);
        int precise = HiMPI_Row_precise(r, t->header.precision.eps);
        printf("  %-14s %-14s %-10s %-9d %-18s %-18s %-8s %-24s %s%s\n",
               HiMPI_Alg_name(r->alg_out), HiMPI_Alg_name(r->alg_in), layout, r->overlap, time,
               flat, precise > 0 ? "yes" : precise == 0 ? "no" : "-", ratio,
               HiMPI_Verdict_name(r->verdict),
               memcmp(&own, &d->best, sizeof own) == 0 ? "  <- the best" : "");
    }
}

static void margin(const HiMPI_Decision *d)
{
    char best[256];
    HiMPI_Plan_describe(&d->best, best, sizeof best);
    if (d->verdict == HIMPI_VERDICT_UNKNOWN)
        printf("margin: unknown: the table has no comparison with the MPI library (format 2 or "
               "older), so the fastest plan by time is taken\n");
    else if (d->verdict == HIMPI_VERDICT_FASTER)
        printf("margin: %.1f %% faster than the MPI library's call (ratio %.3f, interval %.3f "
               "to %.3f)\n",
               100 * (1 - d->ratio), d->ratio, d->ratio_lo, d->ratio_hi);
    else if (d->verdict == HIMPI_VERDICT_NATIVE)
        printf("margin: none: the best plan there is the MPI library's call itself\n");
    else
        printf("margin: none: the best plan there, %s, is %s against the MPI library's call "
               "(ratio %.3f, interval %.3f to %.3f), so the call is the MPI library's\n",
               best, HiMPI_Verdict_name(d->verdict), d->ratio, d->ratio_lo, d->ratio_hi);
}

static void forced_alg(const char *name, HiMPI_Op op, HiMPI_Alg alg, int *any)
{
    if (alg == HIMPI_ALG_COUNT)
        return;
    printf("%s%s=%s %s", *any ? "; " : "", name, HiMPI_Alg_name(alg),
           HiMPI_Alg_supported(op, alg) ? "applied"
                                        : "ignored: not an algorithm of this operation");
    *any = 1;
}

static void overrides(HiMPI_Op op, const HiMPI_Decision *d)
{
    int any = 0;
    printf("overrides: ");
    if (d->forced_groups > 0) {
        printf("HIMPI_GROUPS=%d: one level of that many groups", d->forced_groups);
        any = 1;
    }
    forced_alg("HIMPI_ALG_OUT", op, d->forced_alg_out, &any);
    forced_alg("HIMPI_ALG_IN", op, d->forced_alg_in, &any);
    if (d->forced_segment >= 0) {
        printf("%sHIMPI_SEGMENT_SIZE=%d", any ? "; " : "", d->forced_segment);
        any = 1;
    }
    /* The decision's overlap is 0 where the forced one has no effect. */
    if (d->forced_overlap >= 0) {
        printf("%sHIMPI_OVERLAP=%d %s", any ? "; " : "", d->forced_overlap,
               !HiMPI_Op_overlaps(op)                 ? "ignored: not for this operation"
               : d->plan.overlap == d->forced_overlap ? "applied"
                                                      : "ignored: the plan is flat");
        any = 1;
    }
    printf("%s\n", any ? "" : "none");
}

int tune_explain(const options *o)
{
    /* Collective: every rank takes part, rank 0 alone reads and prints. */
    HiMPI_Fingerprint job;
    HiMPI_Fingerprint_get(MPI_COMM_WORLD, &job);
    if (cli_rank() != 0)
        return 0;
    const char *path = o->settings.conf_file;
    HiMPI_Op op = o->explain_op;
    int p = o->procs.list[0];
    long long m = o->explain_size;
    char err[4352];
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    if (HiMPI_Table_load(path, &t, err, sizeof err) != 0) {
        fprintf(stderr, "himpi-tune: %s\n", err);
        return 1;
    }
    HiMPI_Decision d;
    int rc = HiMPI_Table_decide(&t, op, p, m, &d, err, sizeof err);
    if (rc != MPI_SUCCESS) {
        fprintf(stderr, "himpi-tune: %s\n", err);
        HiMPI_Table_free(&t);
        return rc == MPI_ERR_ARG ? 2 : 1;
    }
    printf("%s of %lld bytes on %d process%s, with the table %s%s\n", HiMPI_Op_name(op), m, p,
           p == 1 ? "" : "es",
           path, access(path, F_OK) == 0 ? "" : " (missing: no rows)");
    if (t.nrows > 0)
        fingerprint(&t, &job);
    if (d.in_table) {
        row_taken(&t, op, p, m, &d);
        alternatives(&t, op, &d);
        margin(&d);
        char text[256];
        HiMPI_Plan_describe(&d.table_plan, text, sizeof text);
        printf("the table gives: %s", text);
        int runs_best = d.verdict == HIMPI_VERDICT_FASTER || d.verdict == HIMPI_VERDICT_UNKNOWN;
        if (runs_best && d.best.nlevels == 1 && d.best.level[0].groups > 1 &&
            d.table_plan.level[0].groups != d.best.level[0].groups)
            printf(" (g = %d on %d processes, scaled by the square root of %d / %d)",
                   d.best.level[0].groups, d.table_procs, p, d.table_procs);
        printf("\n");
    } else {
        printf("row: none: the table has no rows of %s, so the call is the MPI library's\n",
               HiMPI_Op_name(op));
    }
    overrides(op, &d);
    char text[256];
    HiMPI_Plan_describe(&d.plan, text, sizeof text);
    printf("the call runs: %s\n", text);
    HiMPI_Table_free(&t);
    return 0;
}

/* himpi-tune: measures the best number of groups of HiMPI's collectives on
 * this platform and writes the configuration table that HiMPI's plain
 * calls look their plans up in. */
#include <config.h>

#include <stdlib.h>
#include <unistd.h>

#include "himpi_tune_options.h"
#include "himpi_tune_explain.h"
#include "himpi_tune_verify.h"

/* ------------------------------------------------------------- tuning */

/* The tasks of one process count: operation x size x algorithm pair. */
typedef struct {
    HiMPI_Tune_task *tasks;
    int n;
} task_list;

static int make_tasks(const options *o, const int *sizes, int nsizes, task_list *l)
{
    l->n = 0;
    l->tasks = malloc((size_t)HIMPI_OP_COUNT * (size_t)nsizes *
                      (size_t)(o->algs.n + o->algs_out.n * o->algs_in.n) * sizeof *l->tasks);
    if (l->tasks == NULL)
        return MPI_ERR_NO_MEM;
    int seg = o->settings.segment_size;
    /* --algs pairs each algorithm with itself; otherwise every pair. */
    int same = o->algs.n > 0;
    const int_list *outs = same ? &o->algs : &o->algs_out, *ins = same ? &o->algs : &o->algs_in;
    for (int op = 0; op < HIMPI_OP_COUNT; op++)
        for (int s = 0; (o->settings.ops & (1u << op)) && s < nsizes; s++)
            for (int a = 0; a < outs->n; a++)
                for (int b = same ? a : 0; b < (same ? a + 1 : ins->n); b++) {
                    HiMPI_Alg out = (HiMPI_Alg)outs->list[a];
                    HiMPI_Alg in = (HiMPI_Alg)ins->list[b];
                    if (HiMPI_Alg_supported((HiMPI_Op)op, out) &&
                        HiMPI_Alg_supported((HiMPI_Op)op, in))
                        l->tasks[l->n++] = (HiMPI_Tune_task){(HiMPI_Op)op, sizes[s], out, in, seg};
                }
    return MPI_SUCCESS;
}

/* Progress on rank 0: rewritten in place on a terminal; elsewhere (a log,
 * or a launcher that pipes rank 0's stderr, as Open MPI does) a line at
 * most every 10 seconds. */
typedef struct {
    double start, last;
    long long done, total; /* rows */
    long long measured;    /* layouts measured, for the summary */
    int show, tty;
} progress;

static void report(progress *pr, const HiMPI_Row *row)
{
    double now = MPI_Wtime();
    if (!pr->show || (!pr->tty && now - pr->last < 10.0 && pr->done < pr->total))
        return;
    pr->last = now;
    double elapsed = now - pr->start;
    double left = pr->done > 0 ? elapsed * (double)(pr->total - pr->done) / (double)pr->done : 0;
    fprintf(stderr, "%shimpi-tune: %3.0f%% done, about %.0f s left (%s p=%d size=%lld)%s",
            pr->tty ? "\r" : "", 100.0 * (double)pr->done / (double)pr->total, left,
            HiMPI_Op_name(row->op), row->procs, row->msg_size, pr->tty ? "   " : "\n");
    fflush(stderr);
}

/* Where the trace goes: rank 0's file, and the process count tuned. */
typedef struct {
    FILE *file;
    int procs;
} tracer;

/* One line of the trace per measurement, on rank 0. */
static void trace(void *ctx, const HiMPI_Tune_task *task, const HiMPI_Candidate *c,
                  const MPIB_result *r, double seconds)
{
    HiMPI_Row row = {.levels = c->levels};
    for (int i = 0; i < c->levels; i++) {
        row.groups[i] = c->groups[i];
        row.hw[i] = c->groups[i] == 0 ? c->hw[i] : HIMPI_HW_NODE;
    }
    char layout[HIMPI_LAYOUT_MAX];
    HiMPI_Row_layout(&row, layout, sizeof layout);
    const tracer *t = ctx;
    fprintf(t->file, "%-9s %6d %10d %-22s %-22s %-10s %14.3f %12.3f %5d %12.6f\n",
            HiMPI_Op_name(task->op), t->procs, task->msg_size, HiMPI_Alg_name(task->alg_out),
            HiMPI_Alg_name(task->alg_in), layout, r->T * 1e6, r->ci * 1e6, r->reps, seconds);
    fflush(t->file);
}

/* Tunes every task on the first n processes (collective over them). */
static int tune_procs(const options *o, MPI_Comm comm, const task_list *l, progress *pr,
                      HiMPI_Table *out, FILE *tracefile)
{
    tracer tr = {tracefile, 0};
    MPI_Comm_size(comm, &tr.procs);
    MPI_Comm work = MPI_COMM_NULL;
    HiMPI_Tuner tuner = {o->measure.precision, o->groups, o->ngroups, o->settings.num_levels,
                         o->search, tracefile != NULL ? trace : NULL, &tr,
                         HiMPI_Tune_memory_new(), &work, 0, o->settings.pairs,
                         o->settings.min_effect};
    if (tuner.memory == NULL)
        return MPI_ERR_NO_MEM;
    int rc = MPI_Comm_dup(comm, &work);
    for (int i = 0; rc == MPI_SUCCESS && i < l->n; i++) {
        HiMPI_Row row;
        int measured = 0;
        rc = HiMPI_Tune(comm, &tuner, &l->tasks[i], &row, &measured);
        pr->measured += measured;
        if (rc == MPI_SUCCESS && HiMPI_Table_put(out, &row) != 0)
            rc = MPI_ERR_NO_MEM;
        if (rc == MPI_SUCCESS) {
            pr->done++;
            report(pr, &row);
        }
    }
    if (work != MPI_COMM_NULL)
        MPI_Comm_free(&work);
    HiMPI_Tune_memory_free(tuner.memory);
    return rc;
}

/* Each row with its comparison with the MPI library's call: the ratio
 * only where the difference is significant; then how many rows run a
 * plan instead of the MPI library's call, and why the others do not. */
static void summary(const HiMPI_Table *t)
{
    printf("%-10s %6s %10s %-34s %-12s %18s %18s %-22s %s\n", "operation", "procs", "size",
           "algorithms (between/inside)", "best layout", "time (us)", "flat (us)",
           "plan / MPI's call", "verdict");
    int count[HIMPI_VERDICT_COUNT] = {0};
    for (size_t i = 0; i < t->nrows; i++) {
        const HiMPI_Row *r = &t->rows[i];
        char algs[64], layout[128], time[40], flat[40], ratio[48] = "-";
        snprintf(algs, sizeof algs, "%s/%s", HiMPI_Alg_name(r->alg_out), HiMPI_Alg_name(r->alg_in));
        HiMPI_Row_layout(r, layout, sizeof layout);
        cli_time_text(r->time, r->ci, time, sizeof time);
        cli_time_text(r->flat_time, r->flat_ci, flat, sizeof flat);
        if (r->verdict == HIMPI_VERDICT_FASTER || r->verdict == HIMPI_VERDICT_SMALL ||
            r->verdict == HIMPI_VERDICT_SLOWER)
            snprintf(ratio, sizeof ratio, "%.3f [%.3f, %.3f]", r->ratio, r->ratio_lo,
                     r->ratio_hi);
        printf("%-10s %6d %10lld %-34s %-12s %18s %18s %-22s %s\n", HiMPI_Op_name(r->op),
               r->procs, r->msg_size, algs, layout, time, flat, ratio,
               HiMPI_Verdict_name(r->verdict));
        count[r->verdict]++;
    }
    if (count[HIMPI_VERDICT_UNKNOWN] == (int)t->nrows) {
        printf("himpi-tune: no row was compared with the MPI library's call (--pairs 0): the "
               "plain calls take the fastest mean\n");
        return;
    }
    printf("himpi-tune: %d of %zu rows run a plan instead of the MPI library's call; the others "
           "keep it (%d n.s., %d small, %d slower, %d are the call itself",
           count[HIMPI_VERDICT_FASTER], t->nrows, count[HIMPI_VERDICT_NS],
           count[HIMPI_VERDICT_SMALL], count[HIMPI_VERDICT_SLOWER], count[HIMPI_VERDICT_NATIVE]);
    if (count[HIMPI_VERDICT_UNKNOWN] > 0)
        printf(", %d not compared", count[HIMPI_VERDICT_UNKNOWN]);
    printf(")\n");
}

/* Rank 0 writes the table; every rank learns whether it worked. */
static int write_table(const options *o, HiMPI_Table *t, const progress *pr)
{
    HiMPI_Table_header_fill(MPI_COMM_WORLD, &o->measure.precision, &t->header);
    int ok = 1;
    if (cli_rank() == 0) {
        char err[4352];
        int rc = o->merge ? HiMPI_Table_save(o->settings.conf_file, t, err, sizeof err)
                          : HiMPI_Table_write(o->settings.conf_file, t, err, sizeof err);
        if (rc != 0) {
            fprintf(stderr, "himpi-tune: %s\n", err);
            ok = 0;
        } else if (!o->quiet) {
            /* Which statistics decided what. */
            double cl = o->measure.precision.cl;
            printf("himpi-tune: the search compares mean times (Student-t intervals at %g)", cl);
            if (o->settings.pairs > 0)
                printf("; each row's plan is judged against the MPI library's call by the "
                       "median of %d interleaved pairs' ratios (sign-test interval at %g, "
                       "smallest gain %g %%)", o->settings.pairs, cl,
                       100 * o->settings.min_effect);
            printf("\n");
            summary(t);
            printf("himpi-tune: wrote %zu rows to %s; %lld layouts measured (%s search) in "
                   "%.1f s\n",
                   t->nrows, o->settings.conf_file, pr->measured, HiMPI_Search_name(o->search),
                   MPI_Wtime() - pr->start);
        }
    }
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return ok ? 0 : 1;
}

/* Opens the trace on rank 0 and writes its header; every rank learns
 * whether that worked: 0, or 1 after reporting. */
static int open_trace(const options *o, FILE **file)
{
    int ok = 1;
    if (o->trace != NULL && cli_rank() == 0) {
        *file = fopen(o->trace, "w");
        ok = *file != NULL;
        if (ok)
            fprintf(*file, "# himpi-tune %s trace: one line per measurement (times in us, "
                           "seconds by MPI_Wtime)\n# %-7s %6s %10s %-22s %-22s %-10s %14s "
                           "%12s %5s %12s\n",
                    PACKAGE_VERSION, "op", "procs", "size", "alg_out", "alg_in", "layout",
                    "time_us", "ci_us", "reps", "seconds");
        else
            perror(o->trace);
    }
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return ok ? 0 : 1;
}

static int run(const options *o)
{
    MPIB_msgset set = {(int)o->settings.min_msg, (int)o->settings.max_msg,
                       o->settings.msg_stride};
    int nsizes, sizes[64];
    MPIB_msgset_sizes(&set, &nsizes, NULL);
    if (nsizes > 64) {
        cli_say(stderr, "himpi-tune: %d message sizes are too many (at most 64)\n", nsizes);
        return 2;
    }
    MPIB_msgset_sizes(&set, &nsizes, sizes);
    FILE *tracefile = NULL;
    if (open_trace(o, &tracefile) != 0)
        return 1;
    task_list l;
    if (make_tasks(o, sizes, nsizes, &l) != MPI_SUCCESS) {
        cli_say(stderr, "himpi-tune: out of memory\n");
        if (tracefile != NULL)
            fclose(tracefile);
        return 1;
    }
    progress pr = {MPI_Wtime(), MPI_Wtime(), 0, 0, 0, !o->quiet && cli_rank() == 0,
                   isatty(STDERR_FILENO)};
    for (int i = 0; i < o->procs.n; i++)
        pr.total += l.n;
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    int rank = cli_rank(), rc = MPI_SUCCESS;
    for (int i = 0; i < o->procs.n && rc == MPI_SUCCESS; i++) {
        MPI_Comm comm;
        MPI_Comm_split(MPI_COMM_WORLD, rank < o->procs.list[i] ? 0 : MPI_UNDEFINED, rank, &comm);
        if (comm != MPI_COMM_NULL) {
            rc = tune_procs(o, comm, &l, &pr, &t, tracefile);
            MPI_Comm_free(&comm);
        }
        /* Ranks outside the sub-communicator learn how it went. */
        MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    if (pr.show && pr.tty)
        fprintf(stderr, "\n");
    if (tracefile != NULL) {
        fprintf(tracefile, "# %lld measurements (%s search) in %.6f s%s\n", pr.measured,
                HiMPI_Search_name(o->search), MPI_Wtime() - pr.start,
                rc == MPI_SUCCESS ? "" : ", failed");
        fclose(tracefile);
    }
    free(l.tasks);
    int status = 1;
    if (rc != MPI_SUCCESS) {
        cli_mpi_error("tuning", rc);
    } else {
        status = write_table(o, &t, &pr);
    }
    HiMPI_Table_free(&t);
    return status;
}

int main(int argc, char **argv)
{
    options o = {0};
    int status = cli_init(&argc, &argv, "himpi-tune", tune_usage, &o.measure);
    if (status == 0)
        status = tune_options_parse(argc, argv, &o);
    if (status == 0) {
        MPIB_set_wait_policy(o.measure.wait);
        status = o.explain ? tune_explain(&o) : o.verify != NULL ? tune_verify(&o) : run(&o);
    }
    free(o.groups);
    /* Releases HiMPI's communicators while MPI still runs: SimGrid's SMPI
     * refuses MPI calls from the attribute callbacks of MPI_Finalize. */
    HiMPI_Finalize();
    MPI_Finalize();
    return status < 0 ? 0 : status;
}

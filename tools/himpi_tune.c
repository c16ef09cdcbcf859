/* himpi-tune: measures the best number of groups of HiMPI's collectives on
 * this platform and writes the configuration table that HiMPI's plain
 * calls look their plans up in. */
#include <config.h>

#include <stdlib.h>
#include <unistd.h>

#include "cli_names.h"
#include "himpi_tune_options.h"
#include "himpi_tune_explain.h"
#include "himpi_tune_noise.h"
#include "himpi_tune_plot.h"
#include "himpi_tune_trace.h"
#include "himpi_tune_verify.h"

/* The exit status of a run whose table was written but whose plot was
 * not. */
enum { STATUS_NO_PLOT = 4 };

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
    /* An operation without a message (barrier) has one row, at 0 bytes. */
    for (int op = 0; op < HIMPI_OP_COUNT; op++)
        for (int s = 0; (o->settings.ops & (1u << op)) && s < cli_op_nsizes(op, nsizes); s++)
            for (int a = 0; a < outs->n; a++)
                for (int b = same ? a : 0; b < (same ? a + 1 : ins->n); b++) {
                    HiMPI_Alg out = (HiMPI_Alg)outs->list[a];
                    HiMPI_Alg in = (HiMPI_Alg)ins->list[b];
                    if (HiMPI_Alg_supported((HiMPI_Op)op, out) &&
                        HiMPI_Alg_supported((HiMPI_Op)op, in))
                        l->tasks[l->n++] = (HiMPI_Tune_task){
                            (HiMPI_Op)op, cli_op_size(op, sizes, s), out, in, seg};
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

/* Tunes every task on the first n processes (collective over them). */
static int tune_procs(const options *o, MPI_Comm comm, const task_list *l, progress *pr,
                      HiMPI_Table *out, tune_sinks *sinks)
{
    MPI_Comm_size(comm, &sinks->procs);
    MPI_Comm work = MPI_COMM_NULL;
    HiMPI_Tuner tuner = {o->measure.precision, o->groups, o->ngroups, o->settings.num_levels,
                         o->search, tune_sinks_callback(sinks), sinks,
                         HiMPI_Tune_memory_new(), &work, 0, o->settings.pairs,
                         o->settings.min_effect, o->settings.pair_span,
                         o->overlaps_set ? o->overlaps.list : NULL, o->overlaps.n};
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
static void summary(const HiMPI_Table *t, double eps)
{
    printf("%-10s %6s %10s %-34s %-12s %9s %18s %18s %-22s %-8s %s\n", "operation", "procs",
           "size", "algorithms (between/inside)", "best layout", "overlap", "time (us)",
           "flat (us)", "plan / MPI's call", "verdict", "precise");
    int count[HIMPI_VERDICT_COUNT] = {0}, imprecise = 0;
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
        int precise = HiMPI_Row_precise(r, eps);
        printf("%-10s %6d %10lld %-34s %-12s %9d %18s %18s %-22s %-8s %s\n",
               HiMPI_Op_name(r->op), r->procs, r->msg_size, algs, layout, r->overlap, time, flat,
               ratio, HiMPI_Verdict_name(r->verdict),
               precise > 0 ? "yes" : precise == 0 ? "no" : "-");
        count[r->verdict]++;
        imprecise += precise == 0;
    }
    if (imprecise > 0)
        printf("himpi-tune: %d rows did not reach the precision (an interval wider than %g of "
               "the time after the most repetitions allowed): their times are means of noisy "
               "samples; the verdicts rest on the interleaved pairs alone\n",
               imprecise, eps);
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
            summary(t, o->measure.precision.eps);
            printf("himpi-tune: wrote %zu rows to %s; %lld layouts measured (%s search) in "
                   "%.1f s\n",
                   t->nrows, o->settings.conf_file, pr->measured, HiMPI_Search_name(o->search),
                   MPI_Wtime() - pr->start);
        }
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
    tune_sinks sinks;
    if (tune_sinks_open(o, &sinks) != 0)
        return 1;
    task_list l;
    if (make_tasks(o, sizes, nsizes, &l) != MPI_SUCCESS) {
        cli_say(stderr, "himpi-tune: out of memory\n");
        tune_sinks_close(&sinks, 0, o->search, 0, 1);
        tune_plot_free(sinks.plot);
        return 1;
    }
    progress pr = {MPI_Wtime(), MPI_Wtime(), 0, 0, 0, !o->quiet && cli_rank() == 0,
                   isatty(STDERR_FILENO)};
    for (int i = 0; i < o->procs.n; i++)
        pr.total += l.n;
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    int rank = cli_rank(), rc = tune_noise_report(o);
    for (int i = 0; i < o->procs.n && rc == MPI_SUCCESS; i++) {
        MPI_Comm comm;
        MPI_Comm_split(MPI_COMM_WORLD, rank < o->procs.list[i] ? 0 : MPI_UNDEFINED, rank, &comm);
        if (comm != MPI_COMM_NULL) {
            rc = tune_procs(o, comm, &l, &pr, &t, &sinks);
            MPI_Comm_free(&comm);
        }
        /* Ranks outside the sub-communicator learn how it went. */
        MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    if (pr.show && pr.tty)
        fprintf(stderr, "\n");
    tune_sinks_close(&sinks, pr.measured, o->search, MPI_Wtime() - pr.start, rc != MPI_SUCCESS);
    free(l.tasks);
    int status = 1;
    if (rc != MPI_SUCCESS) {
        cli_mpi_error("tuning", rc);
    } else {
        status = write_table(o, &t, &pr);
        /* The table stands whatever becomes of the plot: a status of its
         * own tells a script that only the plot is missing. */
        int drawn = sinks.plot == NULL || tune_plot_draw(sinks.plot, &t) == 0;
        if (o->plot != NULL)
            MPI_Bcast(&drawn, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (status == 0 && !drawn)
            status = STATUS_NO_PLOT;
    }
    tune_plot_free(sinks.plot);
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

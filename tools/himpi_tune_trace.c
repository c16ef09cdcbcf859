/* himpi_tune_trace.c: himpi-tune's sinks of measurements. */
#include <config.h>

#include "himpi_tune_csv.h"
#include "himpi_tune_plot.h"
#include "himpi_tune_trace.h"

/* The overlap comes last, so that scripts that read traces written before
 * it by their columns read the ones written since alike. */
static void trace_line(FILE *f, const tune_record *r)
{
    fprintf(f, "%-9s %6d %10d %-22s %-22s %-10s %14.3f %12.3f %5d %12.6f %10d\n",
            HiMPI_Op_name(r->op), r->procs, r->msg_size, HiMPI_Alg_name(r->alg_out),
            HiMPI_Alg_name(r->alg_in), r->layout, r->time * 1e6, r->ci * 1e6, r->reps,
            r->seconds, r->overlap);
}

/* Each line is flushed: a run stopped midway keeps what it measured. */
static void sink(void *ctx, const HiMPI_Tune_task *task, const HiMPI_Candidate *c,
                 const MPIB_result *result, double seconds)
{
    const tune_sinks *s = ctx;
    HiMPI_Row row = {.levels = c->levels};
    for (int i = 0; i < c->levels; i++) {
        row.groups[i] = c->groups[i];
        row.hw[i] = c->groups[i] == 0 ? c->hw[i] : HIMPI_HW_NODE;
    }
    tune_record r = {.op = task->op, .procs = s->procs, .msg_size = task->msg_size,
                     .alg_out = task->alg_out, .alg_in = task->alg_in,
                     .groups = c->levels == 1 ? c->groups[0] : 0, .overlap = c->overlap,
                     .time = result->T, .ci = result->ci, .reps = result->reps,
                     .seconds = seconds};
    HiMPI_Row_layout(&row, r.layout, sizeof r.layout);
    if (s->trace != NULL) {
        trace_line(s->trace, &r);
        fflush(s->trace);
    }
    if (s->csv != NULL) {
        tune_csv_line(s->csv, &r);
        fflush(s->csv);
    }
    /* The plot draws time against g, which an overlap would run twice. */
    if (s->plot != NULL && r.overlap == 0)
        tune_plot_add(s->plot, &r);
}

HiMPI_Trace_fn tune_sinks_callback(const tune_sinks *s)
{
    return s->trace != NULL || s->csv != NULL || s->plot != NULL ? sink : NULL;
}

static FILE *create(const char *path)
{
    FILE *f = fopen(path, "w");
    if (f == NULL)
        perror(path);
    return f;
}

static void close_files(tune_sinks *s)
{
    if (s->trace != NULL)
        fclose(s->trace);
    if (s->csv != NULL)
        fclose(s->csv);
    s->trace = s->csv = NULL;
}

int tune_sinks_open(const options *o, tune_sinks *s)
{
    *s = (tune_sinks){NULL, NULL, NULL, 0};
    int ok = 1;
    if (cli_rank() == 0) {
        if (o->trace != NULL && (ok = (s->trace = create(o->trace)) != NULL))
            fprintf(s->trace, "# himpi-tune %s trace: one line per measurement (times in us, "
                              "seconds by MPI_Wtime, overlap in bytes)\n# %-7s %6s %10s %-22s "
                              "%-22s %-10s %14s %12s %5s %12s %10s\n",
                    PACKAGE_VERSION, "op", "procs", "size", "alg_out", "alg_in", "layout",
                    "time_us", "ci_us", "reps", "seconds", "overlap");
        if (ok && o->csv != NULL && (ok = (s->csv = create(o->csv)) != NULL))
            tune_csv_header(s->csv);
        /* The plot's file is created now rather than after a tuning of
         * hours: a path that cannot be written fails at once. */
        if (ok && o->plot != NULL)
            ok = (s->plot = tune_plot_open(o->plot)) != NULL;
    }
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!ok)
        close_files(s);
    return ok ? 0 : 1;
}

void tune_sinks_close(tune_sinks *s, long long measured, const HiMPI_Search *search,
                      double seconds, int failed)
{
    if (s->trace != NULL)
        fprintf(s->trace, "# %lld measurements (%s search) in %.6f s%s\n", measured,
                HiMPI_Search_name(search), seconds, failed ? ", failed" : "");
    close_files(s);
}

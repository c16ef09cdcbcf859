/* himpi-summa: C = A B on a grid of processes with SUMMA and with HSUMMA,
 * the hierarchical SUMMA of Hasanov's thesis (2015, ch. 4), side by side:
 * total, communication and computation times, GFLOP/s, and the speedup of
 * each run over SUMMA.  The pivot broadcasts go through the MPI library
 * (MPI_Bcast), HiMPI's tuned table (HiMPI_Bcast) or an explicit HiMPI plan
 * (HiMPI_Bcast_plan): the program is also an example of an application
 * calling HiMPI. */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "himpi_summa_check.h"
#include "himpi_summa_options.h"

/* Rank 0's figures of one algorithm: each the largest over the ranks,
 * averaged over the timed runs. */
typedef struct result {
    summa_times t;
    long wrong; /* elements of C that differ from the reference, over all ranks */
} result;

static void print_model(const summa_options *o, int p, int layouts[][2], int count)
{
    const summa_model *m = &o->model;
    summa_cost flat = summa_model_cost(m, 1, 1);
    double summa = flat.latency + flat.bandwidth;
    int bi, bj;
    summa_model_best(m, &bi, &bj);
    printf("# himpi-summa %s --model: n=%d b=%d M=%d, %d processes as %dx%d, %s broadcast, "
           "alpha %g us, beta %g ns/B\n",
           PACKAGE_VERSION, o->n, o->b, o->M, p, o->s, o->t,
           summa_model_bcast_name(m->bcast), m->alpha * 1e6,
           m->beta * 1e9);
    printf("# %-7s %6s %14s %14s %14s %8s\n", "groups", "G", "latency(s)", "bandwidth(s)",
           "comm(s)", "speedup");
    for (int k = 0; k < count; k++) {
        summa_cost c = summa_model_cost(m, layouts[k][0], layouts[k][1]);
        double time = c.latency + c.bandwidth;
        printf("  %3dx%-3d %6d %14.6g %14.6g %14.6g %8.3f%s\n", layouts[k][0], layouts[k][1],
               layouts[k][0] * layouts[k][1], c.latency, c.bandwidth, time,
               time > 0 ? summa / time : 1.0,
               layouts[k][0] == bi && layouts[k][1] == bj ? "  best" : "");
    }
    printf("# the model's best: %dx%d (G = %d)\n", bi, bj, bi * bj);
}

/* o->warmup untimed runs, then o->reps timed ones; the first run's C is
 * checked if asked.  layout NULL is SUMMA.  An MPI error code. */
static int measure(const summa_options *o, const summa_grid *g, const summa_groups *h,
                   summa_matrices *m, result *r)
{
    summa_times t, sum = {0, 0, 0};
    int rc = MPI_SUCCESS;
    r->wrong = 0;
    for (int run = 0; run < o->warmup + o->reps && rc == MPI_SUCCESS; run++) {
        MPI_Barrier(MPI_COMM_WORLD);
        rc = h == NULL ? summa_run(g, &o->src, o->b, m, &t)
                       : hsumma_run(g, h, &o->src, o->M, o->b, m, &t);
        if (rc != MPI_SUCCESS)
            break;
        if (run == 0 && o->check) {
            long wrong = summa_check(m, g->row, g->col);
            MPI_Allreduce(&wrong, &r->wrong, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        }
        if (run < o->warmup)
            continue;
        double mine[3] = {t.total, t.comm, t.comp}, most[3];
        MPI_Allreduce(mine, most, 3, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        sum.total += most[0];
        sum.comm += most[1];
        sum.comp += most[2];
    }
    r->t = (summa_times){sum.total / o->reps, sum.comm / o->reps, sum.comp / o->reps};
    return rc;
}

/* summa NULL: SUMMA did not run (--no-summa), and the speedups print -. */
static void print_row(const summa_options *o, const char *name, int I, int J, const result *r,
                      const result *summa)
{
    summa_cost c = summa_model_cost(&o->model, I, J);
    char check[16] = "-";
    if (o->check)
        snprintf(check, sizeof check, r->wrong == 0 ? "ok" : "WRONG %ld", r->wrong);
    double flops = 2.0 * o->n * o->n * (double)o->n;
    char comp[16] = "-", rate[16] = "-";
    if (o->compute) {
        snprintf(comp, sizeof comp, "%.6f", r->t.comp);
        snprintf(rate, sizeof rate, "%.3f", r->t.total > 0 ? flops / r->t.total * 1e-9 : 0.0);
    }
    char speedup[16] = "-", comm_x[16] = "-";
    if (summa != NULL) {
        snprintf(speedup, sizeof speedup, "%.3f",
                 r->t.total > 0 ? summa->t.total / r->t.total : 1.0);
        snprintf(comm_x, sizeof comm_x, "%.3f", r->t.comm > 0 ? summa->t.comm / r->t.comm : 1.0);
    }
    cli_say(stdout, "  %-7s %3dx%-3d %5d %12.6f %12.6f %12s %9s %8s %8s %12.6f  %s\n", name, I, J,
            I * J, r->t.total, r->t.comm, comp, rate, speedup, comm_x, c.latency + c.bandwidth,
            check);
    if (cli_rank() == 0) /* a row as soon as it is measured, in a pipe too */
        fflush(stdout);
}

static int run(const summa_options *o, int p, int layouts[][2], int count)
{
    summa_grid g;
    summa_matrices m;
    int rc = summa_grid_create(MPI_COMM_WORLD, o->s, o->t, &g), failed = 0;
    if (summa_matrices_alloc(&m, o->n, o->s, o->t, o->M) != 0) {
        fprintf(stderr, "himpi-summa: out of memory for n = %d on rank %d\n", o->n, cli_rank());
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    summa_fill(&m, g.row, g.col);
    m.compute = o->compute;
    const char *blas = o->compute ? summa_blas_init() : "none, the products skipped (--no-compute)";
    char summa_src[64], outer[64], inner[64];
    summa_source_name(&o->src.summa, summa_src, sizeof summa_src);
    summa_source_name(&o->src.outer, outer, sizeof outer);
    summa_source_name(&o->src.inner, inner, sizeof inner);
    cli_say(stdout,
            "# himpi-summa %s: n=%d b=%d M=%d on %d processes as a %dx%d grid, %d timed "
            "run%s each after %d untimed\n# %s; dgemm: %s\n"
            "# broadcasts: SUMMA %s, HSUMMA between groups %s, inside %s\n"
            "# model: %s, alpha %g us, beta %g ns/B\n"
            "# %-7s %7s %5s %12s %12s %12s %9s %8s %8s %12s  %s\n",
            PACKAGE_VERSION, o->n, o->b, o->M, p, o->s, o->t, o->reps, o->reps == 1 ? "" : "s",
            o->warmup, cli_mpi_library(), blas, summa_src, outer, inner,
            summa_model_bcast_name(o->model.bcast),
            o->model.alpha * 1e6, o->model.beta * 1e9, "alg", "groups", "G", "total(s)",
            "comm(s)", "comp(s)", "GFLOP/s", "speedup", "comm-x", "model-comm", "check");
    result summa;
    if (rc == MPI_SUCCESS && o->summa) {
        rc = measure(o, &g, NULL, &m, &summa);
        if (rc == MPI_SUCCESS) {
            print_row(o, "summa", 1, 1, &summa, &summa);
            failed |= summa.wrong != 0;
        }
    }
    for (int k = 0; k < count && rc == MPI_SUCCESS; k++) {
        summa_groups h;
        result r;
        rc = summa_groups_create(MPI_COMM_WORLD, &g, layouts[k][0], layouts[k][1], &h);
        if (rc != MPI_SUCCESS)
            break;
        rc = measure(o, &g, &h, &m, &r);
        if (rc == MPI_SUCCESS) {
            print_row(o, "hsumma", layouts[k][0], layouts[k][1], &r, o->summa ? &summa : NULL);
            failed |= r.wrong != 0;
        }
        summa_groups_free(&h);
    }
    summa_matrices_free(&m);
    summa_grid_free(&g);
    if (rc != MPI_SUCCESS) {
        cli_mpi_error("a pivot broadcast", rc);
        return 1;
    }
    return failed;
}

int main(int argc, char **argv)
{
    cli_measure unused;
    summa_options o;
    int p, status = cli_init(&argc, &argv, "himpi-summa", summa_usage, &unused);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (status == 0)
        status = summa_options_parse(argc, argv, &o);
    static int layouts[SUMMA_MAX_LAYOUTS][2];
    int count = 0;
    if (status == 0 && o.model_only) {
        /* Every layout of the grid, whatever --groups says. */
        o.nspecs = 1;
        o.specs[0].kind = SUMMA_SPEC_ALL;
        status = summa_options_resolve(&o, o.procs > 0 ? o.procs : p, layouts, &count);
        if (status == 0 && cli_rank() == 0)
            print_model(&o, o.procs > 0 ? o.procs : p, layouts, count);
        status = status == 0 ? -1 : status;
    } else if (status == 0) {
        status = summa_options_resolve(&o, p, layouts, &count);
    }
    if (status == 0)
        status = run(&o, p, layouts, count);
    MPI_Finalize();
    return status < 0 ? 0 : status;
}

/* himpi-overlap: times, side by side in one run, the MPI library's
 * collective, the best flat algorithm, the best hierarchical plan with its
 * levels one after the other and the best with them overlapped on
 * segments, each stage of that plan alone, the overlap's efficiency and
 * whether it gains with significance, beside the bandwidth bound if
 * asked (issue 26's table, doc/schedules.md). */
#include <config.h>

#include "bench_bound.h"
#include "himpi_overlap_compute.h"
#include "himpi_overlap_levels.h"
#include "himpi_overlap_options.h"

/* What the run measured with, as comments: CSV has none, so that every
 * line of it is data. */
static void preamble(const overlap_options *o)
{
    if (o->csv)
        return;
    cli_preamble(&o->measure);
    if (o->ncompute > 0)
        return;
    if (o->pairs > 0)
        cli_say(stdout, "# comparison: %d interleaved pairs over %g s, minimum effect %g\n",
                o->pairs, o->pair_span, o->min_effect);
    else
        cli_say(stdout, "# comparison: none (--pairs=0)\n");
    if (o->bound)
        cli_say(stdout, "# bound: beta %.6f ns/B (%s)\n", o->net.beta * 1e9,
                o->model != NULL ? o->model : "ping-pong");
}

int main(int argc, char **argv)
{
    overlap_options o = {.sizes = {1 << 20, 4 << 20, 16 << 20}, .nsizes = 3, .test_every = 100};
    int status = cli_init(&argc, &argv, "himpi-overlap", overlap_usage, &o.measure);
    for (int op = 0; op < HIMPI_OP_COUNT; op++)
        if (HiMPI_Op_overlaps((HiMPI_Op)op))
            o.ops[o.nops++] = op;
    if (status == 0)
        status = overlap_options_parse(argc, argv, &o);
    if (status == 0) {
        MPIB_set_wait_policy(o.measure.wait);
        if (o.bound)
            status = o.model != NULL ? bench_bound_read(o.model, &o.net)
                                     : bench_bound_measure(&o.measure, &o.net);
    }
    if (status == 0) {
        preamble(&o);
        status = o.ncompute > 0 ? overlap_compute(&o) : overlap_levels(&o);
    }
    /* Releases HiMPI's communicators while MPI still runs: SimGrid's SMPI
     * refuses MPI calls from the attribute callbacks of MPI_Finalize. */
    HiMPI_Finalize();
    MPI_Finalize();
    return status < 0 ? 0 : status;
}

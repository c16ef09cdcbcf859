/* himpi_overlap_search.c: the candidate plans of himpi-overlap, timed. */
#include <config.h>

#include <unistd.h>

#include "himpi_overlap_search.h"

/* The smallest default overlap: below it, a segment's latency weighs on
 * every stage more than the overlap can hide (the tuner starts at 8 KiB,
 * and its guided search rarely goes below 64 KiB on the simulated
 * clusters). */
enum { SMALLEST_OVERLAP = 64 * 1024 };

int overlap_groups(const overlap_options *o, int p, int *groups)
{
    if (o->ngroups > 0) {
        for (int i = 0; i < o->ngroups; i++)
            groups[i] = o->groups[i];
        return o->ngroups;
    }
    int n = 0;
    for (int g = 2; g <= p / 2 && n < OVERLAP_MAX_LIST; g *= 2)
        groups[n++] = g;
    return n;
}

int overlap_overlaps(const overlap_options *o, int M, int *overlaps)
{
    int n = 0;
    if (o->noverlaps > 0) {
        for (int i = 0; i < o->noverlaps; i++)
            if (o->overlaps[i] <= M / 2)
                overlaps[n++] = o->overlaps[i];
        return n;
    }
    for (long long s = SMALLEST_OVERLAP; s <= M / 2 && n < OVERLAP_MAX_LIST; s *= 2)
        overlaps[n++] = (int)s;
    return n;
}

HiMPI_Params overlap_params(const overlap_best *best)
{
    return (HiMPI_Params){.groups = best->g, .alg_out = best->alg, .alg_in = best->alg,
                          .overlap = best->overlap};
}

int overlap_time(const overlap_options *o, MPIB_coll_container *container, int M,
                 MPIB_result *r)
{
    int rc = cli_result(&o->measure, container, M, r);
    MPIB_coll_container_free(container);
    return rc == 0 ? 0 : 1;
}

int overlap_fastest(const overlap_options *o, HiMPI_Op op, int M, const int *groups,
                    int ngroups, const int *overlaps, int noverlaps, overlap_best *best)
{
    HiMPI_Alg algs[HIMPI_ALG_COUNT];
    int nalgs = overlap_algs(o, op, algs), show = !o->quiet && isatty(STDERR_FILENO);
    int total = nalgs * ngroups * noverlaps, done = 0;
    *best = (overlap_best){.g = 0};
    for (int i = 0; i < ngroups; i++)
        for (int a = 0; a < nalgs; a++)
            for (int v = 0; v < noverlaps; v++) {
                overlap_best c = {groups[i], algs[a], overlaps[v], {0}};
                if (show)
                    cli_say(stderr, "\rhimpi-overlap: %s, %d bytes: g = %d, %s, overlap %d "
                                    "(%d of %d)        ", HiMPI_Op_name(op), M, c.g,
                            HiMPI_Alg_name(c.alg), c.overlap, ++done, total);
                HiMPI_Params params = overlap_params(&c);
                if (overlap_time(o, HiMPI_Container_alloc(op, &params), M, &c.r) != 0)
                    return 1;
                if (best->g == 0 || c.r.T < best->r.T)
                    *best = c;
            }
    if (show)
        cli_say(stderr, "\r%*s\r", 79, "");
    return 0;
}

/* bench_osu.c: himpi-bench's --osu blocks, and the per-rank times they
 * need.  libmpib's result has none: a repetition gives it one sample (the
 * slowest rank's time, under --method=max), so each rank times its own
 * calls as well, within the repetitions libmpib runs. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "bench_osu.h"

/* A container around another: each call libmpib times is timed again on
 * the calling rank alone. */
typedef struct {
    MPIB_coll_container base;
    MPIB_coll_container *inner;
    double busy; /* seconds in the inner container's calls */
    long calls;
} rank_clock;

static int clock_initialize(void *self, MPI_Comm comm, int root, int M)
{
    MPIB_coll_container *inner = ((rank_clock *)self)->inner;
    return inner->initialize(inner, comm, root, M);
}

static int clock_execute(void *self, MPI_Comm comm, int root, int M)
{
    rank_clock *c = self;
    double start = MPI_Wtime();
    int rc = c->inner->execute(c->inner, comm, root, M);
    c->busy += MPI_Wtime() - start;
    c->calls++;
    return rc;
}

static int clock_finalize(void *self, MPI_Comm comm, int root)
{
    MPIB_coll_container *inner = ((rank_clock *)self)->inner;
    return inner->finalize(inner, comm, root);
}

typedef struct {
    char title[96]; /* the operation and the variant */
    int bytes, reps;
    double avg, min, max; /* seconds */
} osu_line;

static osu_line *lines;
static int nlines;

double bench_osu_time(const cli_measure *m, MPIB_coll_container *container, HiMPI_Op op,
                      const char *variant, int M)
{
    rank_clock clock = {{container == NULL ? NULL : container->operation, clock_initialize,
                         clock_execute, clock_finalize},
                        container, 0, 0};
    MPIB_result r;
    int rc = cli_result(m, container == NULL ? NULL : &clock.base, M, &r);
    MPIB_coll_container_free(container);
    if (rc != 0)
        return -1;
    osu_line *more = realloc(lines, (size_t)(nlines + 1) * sizeof *lines);
    if (more != NULL)
        lines = more;
    /* The smallest and, negated, the largest of the ranks' means, and
     * whether every rank has room to keep them; then their sum. */
    double mean = clock.busy / (double)clock.calls, sum;
    double least[3] = {mean, -mean, more != NULL};
    rc = MPIB_Allreduce(MPI_IN_PLACE, least, 3, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    if (rc == MPI_SUCCESS)
        rc = MPIB_Allreduce(&mean, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (rc == MPI_SUCCESS && least[2] == 0)
        rc = MPI_ERR_NO_MEM;
    if (rc != MPI_SUCCESS) {
        cli_mpi_error("measurement", rc);
        return -1;
    }
    int p;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    osu_line *l = &lines[nlines++];
    snprintf(l->title, sizeof l->title, "%s: %s", HiMPI_Op_name(op), variant);
    l->bytes = M;
    l->reps = r.reps;
    l->min = least[0];
    l->max = -least[1];
    /* The sum's rounding could put the mean a hair outside its range. */
    double avg = sum / p;
    l->avg = avg < l->min ? l->min : avg > l->max ? l->max : avg;
    return r.T;
}

void bench_osu_print(void)
{
    for (int i = 0; i < nlines; i++) {
        int seen = 0;
        for (int k = 0; k < i && !seen; k++)
            seen = strcmp(lines[k].title, lines[i].title) == 0;
        if (seen)
            continue;
        /* OSU's columns: the size in 10 characters, each latency in 18
         * with 2 decimals, the iterations in 12. */
        cli_say(stdout, "\n# himpi-bench %s\n%-10s%18s%18s%18s%12s\n", lines[i].title, "# Size",
                "Avg Latency(us)", "Min Latency(us)", "Max Latency(us)", "Iterations");
        for (int k = i; k < nlines; k++)
            if (strcmp(lines[k].title, lines[i].title) == 0)
                cli_say(stdout, "%-10d%18.2f%18.2f%18.2f%12d\n", lines[k].bytes,
                        lines[k].avg * 1e6, lines[k].min * 1e6, lines[k].max * 1e6,
                        lines[k].reps);
    }
    free(lines);
    lines = NULL;
    nlines = 0;
}

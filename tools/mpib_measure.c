/* mpib-measure: times a native MPI collective over a range of message sizes
 * with libmpib, and prints one line per size. */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

typedef struct {
    const char *operation;
    MPIB_msgset msgset;
    cli_measure measure;
    int quiet;
} options;

static void usage(void)
{
    cli_say(stdout,
            "Usage: mpiexec -n P mpib-measure [OPTION]...\n"
            "Time a native MPI collective with libmpib, one line per message size.\n"
            "\n"
            "  -o, --op=NAME         a collective, below (default: bcast), or pingpong (a\n"
            "                        round trip between the root and the next rank)\n"
            "  -m, --min-msg=SIZE    smallest message size in bytes (default 1K)\n"
            "  -M, --max-msg=SIZE    largest message size (default 1M)\n"
            "  -S, --stride=N        each size is N times the previous one (default 2)\n"
            CLI_MEASURE_HELP
            "  -q, --quiet           no progress report\n"
            "  -h, --help            show this help and exit\n"
            "  -V, --version         show the version and exit\n"
            "\n"
            "SIZE is a byte count with an optional K, M or G suffix (powers of 1024).\n"
            "Times are in microseconds; ci is the half-width of the confidence interval.\n"
            "%s.\n",
            cli_join("Collectives: ", MPIB_native_operations, -1, 80));
}

/* 0 to go on, -1 to stop successfully (help, version), else the exit status. */
static int parse(int argc, char **argv, options *o)
{
    static const struct option longopts[] = {
        {"op", required_argument, NULL, 'o'},      {"min-msg", required_argument, NULL, 'm'},
        {"max-msg", required_argument, NULL, 'M'}, {"stride", required_argument, NULL, 'S'},
        {"quiet", no_argument, NULL, 'q'},         CLI_MEASURE_LONGOPTS,
        {NULL, 0, NULL, 0}};
    int c, done;
    while ((c = getopt_long(argc, argv, "o:m:M:S:q" CLI_MEASURE_SHORTOPTS, longopts, NULL)) !=
           -1) {
        if ((done = cli_measure_option(c, optarg, &o->measure)) != 0) {
            if (done != 1)
                return done;
            continue;
        }
        switch (c) {
        case 'o':
            o->operation = optarg;
            break;
        case 'm':
            if (!cli_int(optarg, 0, &o->msgset.min_size))
                return cli_bad("--min-msg", optarg, "a byte count below 2G, e.g. 512, 4K, 1M");
            break;
        case 'M':
            if (!cli_int(optarg, 0, &o->msgset.max_size))
                return cli_bad("--max-msg", optarg, "a byte count below 2G, e.g. 512, 4K, 1M");
            break;
        case 'S':
            if (!cli_int(optarg, 2, &o->msgset.stride))
                return cli_bad("--stride", optarg, "an integer >= 2");
            break;
        case 'q':
            o->quiet = 1;
            break;
        }
    }
    if (o->msgset.max_size < o->msgset.min_size) {
        cli_say(stderr, "mpib-measure: --max-msg %d is smaller than --min-msg %d\n",
                o->msgset.max_size, o->msgset.min_size);
        return 2;
    }
    return cli_measure_check(argc, argv, &o->measure);
}

static void progress(const MPIB_result *r, int done, int total)
{
    cli_say(stderr, "\rmpib-measure: %d of %d sizes done (last: %d bytes)%s", done, total, r->M,
            done == total ? "\n" : "");
}

static void print_results(const options *o, int count, const MPIB_result *res)
{
    int p;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    const MPIB_precision *pr = &o->measure.precision;
    cli_say(stdout, "# mpib-measure %s: %s on %d processes, root %d, %s timing, %s waits\n",
            PACKAGE_VERSION, o->operation, p, o->measure.root,
            MPIB_method_name(o->measure.method), MPIB_wait_policy_name(o->measure.wait));
    cli_say(stdout, "# MPI: %s\n", cli_mpi_library());
    cli_say(stdout, "# precision: %d to %d repetitions, %g confidence, eps %g\n", pr->min_reps,
            pr->max_reps, pr->cl, pr->eps);
    cli_say(stdout, "# %10s %12s %12s %8s %6s %9s\n", "bytes", "time(us)", "ci(us)", "ci/T",
            "reps", "converged");
    for (int i = 0; i < count; i++)
        cli_say(stdout, "  %10d %12.3f %12.3f %8.4f %6d %9s\n", res[i].M, res[i].T * 1e6,
                res[i].ci * 1e6, res[i].T > 0 ? res[i].ci / res[i].T : NAN, res[i].reps,
                res[i].converged ? "yes" : "no");
}

int main(int argc, char **argv)
{
    options o = {"bcast", {1024, 1 << 20, 2}, {{0, 0, 0, 0}, 0, 0, 0}, 0};
    int status = cli_init(&argc, &argv, "mpib-measure", usage, &o.measure);
    if (status == 0)
        status = parse(argc, argv, &o);
    MPIB_coll_container *container = NULL;
    if (status == 0 && strcmp(o.operation, "pingpong") == 0)
        container = MPIB_Pingpong_container_alloc();
    else if (status == 0)
        container = MPIB_native_container_alloc(o.operation);
    if (status == 0 && container == NULL) {
        char accepted[512];
        snprintf(accepted, sizeof accepted, "%s, pingpong",
                 cli_join("", MPIB_native_operations, -1, 0));
        status = cli_bad("--op", o.operation, accepted);
    }
    if (status == 0) {
        MPIB_set_wait_policy(o.measure.wait);
        int count;
        MPIB_result *results;
        int show = !o.quiet && isatty(STDERR_FILENO);
        int rc = MPIB_measure_msgset(o.measure.method, container, MPI_COMM_WORLD,
                                     o.measure.root, &o.msgset,
                                     &o.measure.precision, show ? progress : NULL, &count,
                                     &results);
        if (rc == MPI_SUCCESS) {
            print_results(&o, count, results);
            free(results);
        } else {
            cli_mpi_error("measurement", rc);
            status = 1;
        }
    }
    MPIB_coll_container_free(container);
    MPI_Finalize();
    return status < 0 ? 0 : status;
}

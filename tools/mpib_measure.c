/* mpib-measure: times a native MPI collective over a range of message sizes
 * with libmpib, and prints one line per size. */
#include <config.h>

#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mpib.h"

typedef struct {
    const char *operation;
    MPIB_method method;
    MPIB_msgset msgset;
    int root;
    MPIB_precision precision;
    MPIB_wait_policy wait;
    int quiet;
} options;

static int rank;

/* Prints on rank 0 only: every rank parses the same command line and
 * reaches the same verdict, so one copy of each message is enough. */
static void say(FILE *f, const char *fmt, ...)
{
    if (rank != 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
}

static void usage(FILE *f)
{
    say(f,
        "Usage: mpiexec -n P mpib-measure [OPTION]...\n"
        "Time a native MPI collective with libmpib, one line per message size.\n"
        "\n"
        "  -o, --op=NAME         bcast (default), reduce, allreduce, scatter, gather,\n"
        "                        allgather, alltoall or barrier\n"
        "  -t, --method=NAME     timing method: max (default), root or global\n"
        "  -m, --min-msg=SIZE    smallest message size in bytes (default 1K)\n"
        "  -M, --max-msg=SIZE    largest message size (default 1M)\n"
        "  -S, --stride=N        each size is N times the previous one (default 2)\n"
        "  -r, --root=RANK       root of rooted collectives (default 0)\n"
        "      --min-reps=N      repeat at least N times (default 5)\n"
        "      --max-reps=N      repeat at most N times (default 100)\n"
        "      --cl=X            confidence level of the interval (default 0.95)\n"
        "      --eps=X           stop when the interval's half-width is within X\n"
        "                        of the mean (default 0.025)\n"
        "  -w, --wait=POLICY     how to wait: blocking or yield (default: HIMPI_WAIT,\n"
        "                        or blocking)\n"
        "  -q, --quiet           no progress report\n"
        "  -h, --help            show this help and exit\n"
        "  -V, --version         show the version and exit\n"
        "\n"
        "SIZE is a byte count with an optional K, M or G suffix (powers of 1024).\n"
        "Times are in microseconds; ci is the half-width of the confidence interval.\n");
}

static int bad(const char *option, const char *value, const char *accepted)
{
    say(stderr, "mpib-measure: invalid %s '%s' (accepted: %s)\n", option, value, accepted);
    return 2;
}

static int parse_int(const char *text, int min, int *out)
{
    long long v;
    if (MPIB_parse_size(text, INT_MAX, &v) != MPI_SUCCESS || v < min)
        return 0;
    *out = (int)v;
    return 1;
}

static int parse_double(const char *text, double *out)
{
    char *end;
    *out = strtod(text, &end);
    return end != text && *end == '\0';
}

/* 0 to go on, otherwise the exit status. */
static int parse(int argc, char **argv, options *o)
{
    static const struct option longopts[] = {
        {"op", required_argument, NULL, 'o'},      {"method", required_argument, NULL, 't'},
        {"min-msg", required_argument, NULL, 'm'}, {"max-msg", required_argument, NULL, 'M'},
        {"stride", required_argument, NULL, 'S'},  {"root", required_argument, NULL, 'r'},
        {"min-reps", required_argument, NULL, 1},  {"max-reps", required_argument, NULL, 2},
        {"cl", required_argument, NULL, 3},        {"eps", required_argument, NULL, 4},
        {"wait", required_argument, NULL, 'w'},    {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},          {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0}};
    /* getopt reports unknown options itself; keep that to rank 0. */
    opterr = rank == 0;
    int c;
    while ((c = getopt_long(argc, argv, "o:t:m:M:S:r:w:qhV", longopts, NULL)) != -1) {
        switch (c) {
        case 'o':
            o->operation = optarg;
            break;
        case 't':
            if (MPIB_method_parse(optarg, &o->method) != MPI_SUCCESS)
                return bad("--method", optarg, "max, root, global");
            break;
        case 'm':
            if (!parse_int(optarg, 0, &o->msgset.min_size))
                return bad("--min-msg", optarg, "a byte count below 2G, e.g. 512, 4K, 1M");
            break;
        case 'M':
            if (!parse_int(optarg, 0, &o->msgset.max_size))
                return bad("--max-msg", optarg, "a byte count below 2G, e.g. 512, 4K, 1M");
            break;
        case 'S':
            if (!parse_int(optarg, 2, &o->msgset.stride))
                return bad("--stride", optarg, "an integer >= 2");
            break;
        case 'r':
            if (!parse_int(optarg, 0, &o->root))
                return bad("--root", optarg, "a rank of MPI_COMM_WORLD");
            break;
        case 1:
            if (!parse_int(optarg, 1, &o->precision.min_reps))
                return bad("--min-reps", optarg, "an integer >= 1");
            break;
        case 2:
            if (!parse_int(optarg, 1, &o->precision.max_reps))
                return bad("--max-reps", optarg, "an integer >= 1");
            break;
        case 3:
            if (!parse_double(optarg, &o->precision.cl) || !(o->precision.cl > 0) ||
                !(o->precision.cl < 1))
                return bad("--cl", optarg, "a number between 0 and 1, e.g. 0.95");
            break;
        case 4:
            if (!parse_double(optarg, &o->precision.eps) || !(o->precision.eps > 0))
                return bad("--eps", optarg, "a positive number, e.g. 0.025");
            break;
        case 'w':
            if (MPIB_wait_policy_parse(optarg, &o->wait) != MPI_SUCCESS)
                return bad("--wait", optarg, "blocking, yield");
            break;
        case 'q':
            o->quiet = 1;
            break;
        case 'h':
            usage(stdout);
            return -1;
        case 'V':
            say(stdout, "mpib-measure (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
            return -1;
        default:
            say(stderr, "Try 'mpib-measure --help' for more information.\n");
            return 2;
        }
    }
    if (optind < argc) {
        say(stderr, "mpib-measure: unexpected argument '%s'\n", argv[optind]);
        return 2;
    }
    int p;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (o->root >= p) {
        say(stderr, "mpib-measure: --root %d is not a rank of the %d processes\n", o->root, p);
        return 2;
    }
    if (o->msgset.max_size < o->msgset.min_size) {
        say(stderr, "mpib-measure: --max-msg %d is smaller than --min-msg %d\n",
            o->msgset.max_size, o->msgset.min_size);
        return 2;
    }
    if (o->precision.max_reps < o->precision.min_reps) {
        say(stderr, "mpib-measure: --max-reps %d is smaller than --min-reps %d\n",
            o->precision.max_reps, o->precision.min_reps);
        return 2;
    }
    return 0;
}

static void progress(const MPIB_result *r, int done, int total)
{
    if (rank == 0)
        fprintf(stderr, "\rmpib-measure: %d of %d sizes done (last: %d bytes)%s", done, total,
                r->M, done == total ? "\n" : "");
}

static void print_results(const options *o, int count, const MPIB_result *res)
{
    char library[MPI_MAX_LIBRARY_VERSION_STRING];
    int len, p;
    MPI_Get_library_version(library, &len);
    library[strcspn(library, "\n")] = '\0';
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    say(stdout, "# mpib-measure %s: %s on %d processes, root %d, %s timing, %s waits\n",
        PACKAGE_VERSION, o->operation, p, o->root, MPIB_method_name(o->method),
        MPIB_wait_policy_name(o->wait));
    say(stdout, "# MPI: %s\n", library);
    say(stdout, "# precision: %d to %d repetitions, %g confidence, eps %g\n",
        o->precision.min_reps, o->precision.max_reps, o->precision.cl, o->precision.eps);
    say(stdout, "# %10s %12s %12s %8s %6s %9s\n", "bytes", "time(us)", "ci(us)", "ci/T", "reps",
        "converged");
    for (int i = 0; i < count; i++)
        say(stdout, "  %10d %12.3f %12.3f %8.4f %6d %9s\n", res[i].M, res[i].T * 1e6,
            res[i].ci * 1e6, res[i].T > 0 ? res[i].ci / res[i].T : NAN, res[i].reps,
            res[i].converged ? "yes" : "no");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    options o = {"bcast", MPIB_METHOD_MAX, {1024, 1 << 20, 2}, 0, MPIB_precision_default(),
                 MPIB_WAIT_BLOCKING, 0};
    int status = 0;
    if (MPIB_wait_policy_from_env(&o.wait) != MPI_SUCCESS)
        status = bad("HIMPI_WAIT", getenv("HIMPI_WAIT"), "blocking, yield");
    if (status == 0)
        status = parse(argc, argv, &o);
    MPIB_coll_container *container = NULL;
    if (status == 0 && (container = MPIB_native_container_alloc(o.operation)) == NULL)
        status = bad("--op", o.operation,
                     "bcast, reduce, allreduce, scatter, gather, allgather, alltoall, barrier");
    if (status == 0) {
        MPIB_set_wait_policy(o.wait);
        int count;
        MPIB_result *results;
        int show = !o.quiet && isatty(STDERR_FILENO);
        int rc = MPIB_measure_msgset(o.method, container, MPI_COMM_WORLD, o.root, &o.msgset,
                                     &o.precision, show ? progress : NULL, &count, &results);
        if (rc == MPI_SUCCESS) {
            print_results(&o, count, results);
            free(results);
        } else {
            char text[MPI_MAX_ERROR_STRING];
            int len;
            MPI_Error_string(rc, text, &len);
            say(stderr, "mpib-measure: measurement failed: %s\n", text);
            status = 1;
        }
    }
    MPIB_coll_container_free(container);
    MPI_Finalize();
    return status < 0 ? 0 : status;
}

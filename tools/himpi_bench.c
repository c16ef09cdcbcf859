/* himpi-bench: times, side by side in one run, each operation's native MPI
 * collective, every HiMPI algorithm flat (one group) and hierarchical at
 * its best group count, and the per-call overhead of HiMPI over MPI; or
 * the plain calls, with the plans their table gives, against MPI's; with
 * the model's lower bound beside them if asked; as tables, as CSV or as
 * the OSU micro-benchmarks print their latencies. */
#include <config.h>

#include <float.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_bound.h"
#include "bench_format.h"
#include "bench_osu.h"
#include "bench_overhead.h"
#include "cli.h"
#include "cli_names.h"
#include "himpi.h"
#include "pcoll_container.h"

enum { MAX_SIZES = 32, MAX_GROUPS = 4096 };

typedef struct {
    int ops[HIMPI_OP_COUNT], nops;
    int algs[HIMPI_ALG_COUNT], nalgs; /* 0: every algorithm of the operation */
    int sizes[MAX_SIZES], nsizes;
    int *groups, ngroups; /* NULL: 2 .. p-1 */
    cli_measure measure;
    int overhead, quiet;
    int hw;            /* a HiMPI_Hwlevel to compare too, or -1 */
    int plain;         /* --plain: the plain calls instead of the algorithms */
    int bound;         /* --bound: the model's lower bound beside the times */
    const char *model; /* --bound=FILE: alpha and beta from FILE; NULL: a ping-pong */
    HiMPI_Hockney net;
    bench_format format; /* --csv, --osu */
} options;

static int p;

static void usage(void)
{
    cli_say(stdout,
            "Usage: mpiexec -n P himpi-bench [OPTION]...\n"
            "Time each operation's native MPI collective, every HiMPI algorithm flat (one\n"
            "group) and hierarchical at its best number of groups, side by side, and the\n"
            "per-call overhead of HiMPI's calls over MPI's; or, with --plain, HiMPI's\n"
            "plain calls, which take their plans from the table, against MPI's and the\n"
            "best flat algorithm.\n"
            "\n"
            "  -o, --ops=LIST        operations, below (default: all of them)\n"
            "  -a, --algs=LIST       algorithms (default: all of each operation's)\n"
            "  -s, --sizes=LIST      message sizes (default: 8,1K,64K,1M)\n"
            "  -g, --groups=LIST     candidate numbers of groups (default: 2 to P-1)\n"
            "      --hw=LEVEL        also time the hardware layout of LEVEL (node,\n"
            "                        package, numa, l3cache, l2cache, l1cache, core):\n"
            "                        its groups are the ranks sharing one, wherever the\n"
            "                        ranks are placed\n"
            CLI_MEASURE_HELP
            "      --no-overhead     skip the overhead measurement\n"
            "      --plain           time the plain calls (HiMPI_<op>, the plan from the\n"
            "                        table: HIMPI_CONF_FILE) against the native ones and\n"
            "                        the best of the algorithms flat\n"
            "      --bound[=FILE]    print the model's lower bound of each time: alpha\n"
            "                        and beta from FILE (the output of himpi-model\n"
            "                        --fit), or fitted to a ping-pong measured first\n"
            "      --csv             the tables as CSV: one header, then a line for each\n"
            "                        row, its table named in the first column\n"
            "      --osu             the latencies as the OSU micro-benchmarks print them:\n"
            "                        a block for each operation and variant timed, with\n"
            "                        the mean, smallest and largest of the ranks' mean\n"
            "                        times; no overhead table, no --bound\n"
            CLI_TAIL_HELP
            "%s.\n",
            cli_op_names("Operations: ", 80));
}

/* 0 to go on, -1 to stop successfully (help, version), else the exit status. */
static int parse(int argc, char **argv, options *o)
{
    static const struct option longopts[] = {
        {"ops", required_argument, NULL, 'o'},   {"algs", required_argument, NULL, 'a'},
        {"sizes", required_argument, NULL, 's'}, {"groups", required_argument, NULL, 'g'},
        {"no-overhead", no_argument, NULL, 'n'}, {"quiet", no_argument, NULL, 'q'},
        {"hw", required_argument, NULL, 'H'},    {"plain", no_argument, NULL, 'P'},
        {"bound", optional_argument, NULL, 'B'}, {"csv", no_argument, NULL, 'C'},
        {"osu", no_argument, NULL, 'U'},
        CLI_MEASURE_LONGOPTS,                    {NULL, 0, NULL, 0}};
    int c, done, csv = 0, osu = 0;
    while ((c = getopt_long(argc, argv, "o:a:s:g:q" CLI_MEASURE_SHORTOPTS, longopts, NULL)) !=
           -1) {
        if ((done = cli_measure_option(c, optarg, &o->measure)) != 0) {
            if (done != 1)
                return done;
            continue;
        }
        switch (c) {
        case 'o':
            if (!cli_op_list(optarg, o->ops, &o->nops))
                return cli_bad("--ops", optarg, cli_op_names("a list of ", 0));
            break;
        case 'a':
            if (!cli_alg_list(optarg, o->algs, &o->nalgs))
                return cli_bad("--algs", optarg, "a list of algorithm names, see himpi-bench(1)");
            break;
        case 's':
            if (!cli_int_list(optarg, 0, INT_MAX, MAX_SIZES, o->sizes, &o->nsizes))
                return cli_bad("--sizes", optarg, "a list of at most 32 byte counts, e.g. 8,1K");
            break;
        case 'g':
            if (!cli_int_list(optarg, 1, p, MAX_GROUPS, o->groups, &o->ngroups))
                return cli_bad("--groups", optarg, "a list of group counts from 1 to P");
            break;
        case 'n':
            o->overhead = 0;
            break;
        case 'q':
            o->quiet = 1;
            break;
        case 'P':
            o->plain = 1;
            break;
        case 'B':
            o->bound = 1;
            o->model = optarg;
            break;
        case 'C':
            csv = 1;
            break;
        case 'U':
            osu = 1;
            break;
        case 'H': {
            HiMPI_Hwlevel hw;
            if (HiMPI_Hwlevel_from_name(optarg, &hw) != MPI_SUCCESS)
                return cli_bad("--hw", optarg,
                               "node, package, numa, l3cache, l2cache, l1cache, core");
            o->hw = (int)hw;
            break;
        }
        }
    }
    int rc = cli_measure_check(argc, argv, &o->measure);
    const char *conflict = NULL;
    if (csv && osu)
        conflict = "--csv and --osu exclude each other";
    else if (osu && o->bound)
        conflict = "--osu has no column for --bound (the text and --csv have)";
    else if (o->bound && o->model == NULL && p < 2)
        conflict = "--bound needs 2 processes for its ping-pong, or --bound=FILE";
    if (rc == 0 && conflict != NULL) {
        cli_say(stderr, "himpi-bench: %s\n", conflict);
        return 2;
    }
    o->format = csv ? BENCH_CSV : osu ? BENCH_OSU : BENCH_TEXT;
    /* The overhead table has no sizes to make OSU's lines of. */
    o->overhead = o->overhead && !osu;
    return rc;
}

/* The model's bound of op at M bytes (0 without --bound). */
static double bound(const options *o, HiMPI_Op op, int M)
{
    return o->bound ? HiMPI_Model_bound(op, p, M, &o->net) : 0;
}

/* Times container at M bytes and frees it: the mean time, or -1.  Under
 * --osu, each rank's calls are timed too, for the block of op's variant. */
static double timed(const options *o, MPIB_coll_container *container, HiMPI_Op op,
                    const char *variant, int M)
{
    return o->format == BENCH_OSU ? bench_osu_time(&o->measure, container, op, variant, M)
                                  : cli_time(&o->measure, container, M);
}

static double time_native(const options *o, HiMPI_Op op, int M)
{
    return timed(o, MPIB_native_container_alloc(HiMPI_Op_name(op)), op,
                 "the MPI library's own", M);
}

static double time_params(const options *o, HiMPI_Op op, HiMPI_Alg alg, int g, int M)
{
    HiMPI_Params params = {.groups = g, .alg_out = alg, .alg_in = alg};
    char variant[64];
    if (g == 1)
        snprintf(variant, sizeof variant, "%s, flat", HiMPI_Alg_name(alg));
    else
        snprintf(variant, sizeof variant, "%s, %d groups", HiMPI_Alg_name(alg), g);
    return timed(o, HiMPI_Container_alloc(op, &params), op, variant, M);
}

/* The hardware layout of o->hw with alg between and inside its groups. */
static double time_hw(const options *o, HiMPI_Op op, HiMPI_Alg alg, int M)
{
    HiMPI_Plan plan = {.nlevels = 1, .level = {{0, (HiMPI_Hwlevel)o->hw, alg}}, .alg_in = alg};
    char variant[64];
    snprintf(variant, sizeof variant, "%s, %s layout", HiMPI_Alg_name(alg),
             HiMPI_Hwlevel_name((HiMPI_Hwlevel)o->hw));
    return timed(o, HiMPI_Container_alloc_plan(op, &plan), op, variant, M);
}

/* One row: native, flat, and the best hierarchical layout of alg (and
 * the hardware layout asked for). */
static int bench_row(const options *o, HiMPI_Op op, HiMPI_Alg alg, int M, double native)
{
    double flat = time_params(o, op, alg, 1, M), best = DBL_MAX;
    int best_g = 0;
    for (int i = 0; i < (o->groups ? o->ngroups : p - 2); i++) {
        int g = o->groups ? o->groups[i] : i + 2;
        double t = time_params(o, op, alg, g, M);
        if (t < 0)
            return 1;
        if (t < best)
            best = t, best_g = g;
    }
    double hw = flat < 0 || o->hw < 0 ? 0 : time_hw(o, op, alg, M);
    if (flat < 0 || hw < 0)
        return 1;
    bench_alg_row row = {op, alg, M, native, flat, best_g, best, hw, bound(o, op, M)};
    bench_format_alg_row(&row);
    return 0;
}

static int bench(const options *o)
{
    int total = 0, done = 0;
    for (int i = 0; i < o->nops; i++)
        for (int a = 0; a < HIMPI_ALG_COUNT; a++)
            total += HiMPI_Alg_supported((HiMPI_Op)o->ops[i], (HiMPI_Alg)a) *
                     cli_op_nsizes((HiMPI_Op)o->ops[i], o->nsizes);
    int show = !o->quiet && isatty(STDERR_FILENO);
    for (int i = 0; i < o->nops; i++) {
        HiMPI_Op op = (HiMPI_Op)o->ops[i];
        for (int s = 0; s < cli_op_nsizes(op, o->nsizes); s++) {
            int M = cli_op_size(op, o->sizes, s);
            double native = time_native(o, op, M);
            if (native < 0)
                return 1;
            for (int a = 0; a < (o->nalgs ? o->nalgs : HIMPI_ALG_COUNT); a++) {
                HiMPI_Alg alg = (HiMPI_Alg)(o->nalgs ? o->algs[a] : a);
                if (!HiMPI_Alg_supported(op, alg))
                    continue;
                if (show)
                    cli_say(stderr, "\rhimpi-bench: %s %s, %d bytes (%d of %d)        ",
                            HiMPI_Op_name(op), HiMPI_Alg_name(alg), M, ++done, total);
                if (bench_row(o, op, alg, M, native) != 0)
                    return 1;
            }
        }
        bench_osu_print();
    }
    if (show)
        cli_say(stderr, "\n");
    return 0;
}

/* -------------------------------------------------------------- plain */

/* The best of op's algorithms (o->algs, or every one) flat at M bytes,
 * the MPI library's own left out: *best its time (-1 on failure), *alg
 * which one. */
static void best_flat(const options *o, HiMPI_Op op, int M, double *best, HiMPI_Alg *alg)
{
    *best = DBL_MAX;
    *alg = HIMPI_ALG_NATIVE;
    for (int a = 0; a < (o->nalgs ? o->nalgs : HIMPI_ALG_COUNT); a++) {
        HiMPI_Alg al = (HiMPI_Alg)(o->nalgs ? o->algs[a] : a);
        if (al == HIMPI_ALG_NATIVE || !HiMPI_Alg_supported(op, al))
            continue;
        double t = time_params(o, op, al, 1, M);
        if (t < 0) {
            *best = -1;
            return;
        }
        if (t < *best)
            *best = t, *alg = al;
    }
}

/* Each operation and size: the native call, the best flat algorithm and
 * the plain HiMPI call with the plan its table gives for that size; the
 * plain call never worse than either is what the table promises. */
static int bench_plain(const options *o)
{
    int show = !o->quiet && isatty(STDERR_FILENO);
    for (int i = 0; i < o->nops; i++) {
        HiMPI_Op op = (HiMPI_Op)o->ops[i];
        for (int s = 0; s < cli_op_nsizes(op, o->nsizes); s++) {
            int M = cli_op_size(op, o->sizes, s);
            if (show)
                cli_say(stderr, "\rhimpi-bench: %s, %d bytes        ", HiMPI_Op_name(op), M);
            double native = time_native(o, op, M);
            double flat = -1, plain = -1;
            HiMPI_Alg alg = HIMPI_ALG_NATIVE;
            if (native >= 0)
                best_flat(o, op, M, &flat, &alg);
            if (flat >= 0)
                plain = timed(o, pcoll_container_alloc(op, PCOLL_BLOCKING, NULL), op,
                              "the plain call, its table's plan", M);
            if (plain < 0)
                return 1;
            /* No algorithm but the MPI library's: the best is native. */
            if (flat == DBL_MAX)
                flat = native;
            bench_plain_row row = {op, M, native, flat, alg, plain, bound(o, op, M)};
            bench_format_plain_row(&row);
        }
        bench_osu_print();
    }
    if (show)
        cli_say(stderr, "\n");
    return 0;
}

/* What the run measured with, as comments: CSV has none, so that every
 * line of it is data. */
static void preamble(const options *o)
{
    if (o->format == BENCH_CSV)
        return;
    cli_preamble(&o->measure);
    if (o->format == BENCH_OSU)
        cli_say(stdout, "# latencies as osu_<op> --full prints them: each rank's mean time per "
                        "call over the\n# repetitions (Iterations), timed on its own clock; "
                        "Avg their mean over the ranks,\n# Min and Max the smallest and the "
                        "largest\n");
}

int main(int argc, char **argv)
{
    options o = {.sizes = {8, 1024, 65536, 1 << 20}, .nsizes = 4, .overhead = 1, .hw = -1};
    int status = cli_init(&argc, &argv, "himpi-bench", usage, &o.measure);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    for (int i = 0; i < HIMPI_OP_COUNT; i++)
        o.ops[o.nops++] = i;
    o.groups = malloc(MAX_GROUPS * sizeof *o.groups);
    if (status == 0)
        status = parse(argc, argv, &o);
    if (status == 0) {
        if (o.ngroups == 0) {
            free(o.groups);
            o.groups = NULL;
        }
        MPIB_set_wait_policy(o.measure.wait);
        preamble(&o);
        if (o.bound)
            status = o.model != NULL ? bench_bound_read(o.model, &o.net)
                                     : bench_bound_measure(&o.measure, &o.net);
        if (status == 0 && o.bound && o.format == BENCH_TEXT)
            cli_say(stdout, "# bound: the model's lower bound, alpha %.4f us and beta %.6f ns/B "
                            "(%s); below 1 is faster than it\n",
                    o.net.alpha * 1e6, o.net.beta * 1e9, o.model != NULL ? o.model : "ping-pong");
        if (status == 0) {
            bench_tables tables = {o.format, o.plain, o.hw, o.bound, o.overhead};
            bench_format_start(&tables);
            status = o.plain ? bench_plain(&o) : bench(&o);
        }
        if (status == 0 && o.overhead)
            status = bench_overhead(&o.measure, o.ops, o.nops);
    }
    free(o.groups);
    /* Releases HiMPI's communicators while MPI still runs: SimGrid's SMPI
     * refuses MPI calls from the attribute callbacks of MPI_Finalize. */
    HiMPI_Finalize();
    MPI_Finalize();
    return status < 0 ? 0 : status;
}

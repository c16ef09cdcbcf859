/* himpi-bench: times, side by side in one run, each operation's native MPI
 * collective, every HiMPI algorithm flat (one group) and hierarchical at
 * its best group count, and the per-call overhead of HiMPI over MPI; or
 * the plain calls, with the plans their table gives, against MPI's; with
 * the model's lower bound beside them if asked. */
#include <config.h>

#include <float.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_bound.h"
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
            "  -o, --ops=LIST        operations (default: bcast,reduce,allreduce,scatter,\n"
            "                        gather,allgather)\n"
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
            CLI_TAIL_HELP);
}

/* 0 to go on, -1 to stop successfully (help, version), else the exit status. */
static int parse(int argc, char **argv, options *o)
{
    static const struct option longopts[] = {
        {"ops", required_argument, NULL, 'o'},   {"algs", required_argument, NULL, 'a'},
        {"sizes", required_argument, NULL, 's'}, {"groups", required_argument, NULL, 'g'},
        {"no-overhead", no_argument, NULL, 'n'}, {"quiet", no_argument, NULL, 'q'},
        {"hw", required_argument, NULL, 'H'},    {"plain", no_argument, NULL, 'P'},
        {"bound", optional_argument, NULL, 'B'},
        CLI_MEASURE_LONGOPTS,                    {NULL, 0, NULL, 0}};
    int c, done;
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
                return cli_bad("--ops", optarg,
                               "a list of bcast, reduce, allreduce, scatter, gather, allgather");
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
    if (rc == 0 && o->bound && o->model == NULL && p < 2) {
        cli_say(stderr, "himpi-bench: --bound needs 2 processes for its ping-pong, or "
                        "--bound=FILE\n");
        return 2;
    }
    return rc;
}

/* The model's bound of op at M bytes, and a time's ratio to it, as
 * columns (nothing without --bound). */
static void bound_columns(const options *o, HiMPI_Op op, int M, double t, char *out, size_t len)
{
    if (!o->bound) {
        out[0] = '\0';
        return;
    }
    double b = HiMPI_Model_bound(op, p, M, &o->net);
    snprintf(out, len, " %10.2f %9.2f", b * 1e6, b > 0 ? t / b : 1.0);
}

static double time_params(const options *o, HiMPI_Op op, HiMPI_Alg alg, int g, int M)
{
    HiMPI_Params params = {g, alg, alg, 0};
    return cli_time(&o->measure, HiMPI_Container_alloc(op, &params), M);
}

/* The hardware layout of o->hw with alg between and inside its groups. */
static double time_hw(const options *o, HiMPI_Op op, HiMPI_Alg alg, int M)
{
    HiMPI_Plan plan = {1, {{0, (HiMPI_Hwlevel)o->hw, alg}}, alg, 0};
    return cli_time(&o->measure, HiMPI_Container_alloc_plan(op, &plan), M);
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
    if (flat < 0)
        return 1;
    char row[256], bound[64];
    bound_columns(o, op, M, best_g == 0 || flat < best ? flat : best, bound, sizeof bound);
    if (best_g == 0)
        snprintf(row, sizeof row, "%-10s %-23s %9d %10.2f %10.2f %7s %10s %9.2f %9s %9s",
                 HiMPI_Op_name(op), HiMPI_Alg_name(alg), M, native * 1e6, flat * 1e6, "-", "-",
                 flat / native, "-", "-");
    else
        snprintf(row, sizeof row, "%-10s %-23s %9d %10.2f %10.2f %7d %10.2f %9.2f %9.2f %9.2f",
                 HiMPI_Op_name(op), HiMPI_Alg_name(alg), M, native * 1e6, flat * 1e6, best_g,
                 best * 1e6, flat / native, best / flat, best / native);
    if (o->hw < 0) {
        cli_say(stdout, "%s%s\n", row, bound);
        return 0;
    }
    double hw = time_hw(o, op, alg, M);
    if (hw < 0)
        return 1;
    cli_say(stdout, "%s %10.2f %9.2f %9.2f%s\n", row, hw * 1e6, hw / native,
            best_g == 0 ? hw / flat : hw / best, bound);
    return 0;
}

static int bench(const options *o)
{
    cli_say(stdout, "# %-8s %-23s %9s %10s %10s %7s %10s %9s %9s %9s", "op", "algorithm",
            "bytes", "native", "flat", "best-g", "hier", "flat/nat", "hier/flat", "hier/nat");
    if (o->hw >= 0)
        cli_say(stdout, " %10s %9s %9s", HiMPI_Hwlevel_name((HiMPI_Hwlevel)o->hw), "hw/nat",
                "hw/hier");
    if (o->bound)
        cli_say(stdout, " %10s %9s", "bound", "best/bnd");
    cli_say(stdout, "\n");
    int total = 0, done = 0;
    for (int i = 0; i < o->nops; i++)
        for (int a = 0; a < HIMPI_ALG_COUNT; a++)
            total += HiMPI_Alg_supported((HiMPI_Op)o->ops[i], (HiMPI_Alg)a) * o->nsizes;
    int show = !o->quiet && isatty(STDERR_FILENO);
    for (int i = 0; i < o->nops; i++) {
        HiMPI_Op op = (HiMPI_Op)o->ops[i];
        for (int s = 0; s < o->nsizes; s++) {
            int M = o->sizes[s];
            double native =
                cli_time(&o->measure, MPIB_native_container_alloc(HiMPI_Op_name(op)), M);
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
    cli_say(stdout, "# %-8s %9s %10s %10s %-23s %10s %9s %9s", "op", "bytes", "native", "flat",
            "flat-alg", "plain", "plain/nat", "plain/bst");
    if (o->bound)
        cli_say(stdout, " %10s %9s %9s", "bound", "nat/bnd", "plain/bnd");
    cli_say(stdout, "\n");
    int show = !o->quiet && isatty(STDERR_FILENO);
    for (int i = 0; i < o->nops; i++) {
        HiMPI_Op op = (HiMPI_Op)o->ops[i];
        for (int s = 0; s < o->nsizes; s++) {
            int M = o->sizes[s];
            if (show)
                cli_say(stderr, "\rhimpi-bench: %s, %d bytes        ", HiMPI_Op_name(op), M);
            double native =
                cli_time(&o->measure, MPIB_native_container_alloc(HiMPI_Op_name(op)), M);
            double flat = -1, plain = -1;
            HiMPI_Alg alg = HIMPI_ALG_NATIVE;
            if (native >= 0)
                best_flat(o, op, M, &flat, &alg);
            if (flat >= 0)
                plain = cli_time(&o->measure, pcoll_container_alloc(op, PCOLL_BLOCKING, NULL), M);
            if (plain < 0)
                return 1;
            /* No algorithm but the MPI library's: the best is native. */
            if (flat == DBL_MAX)
                flat = native;
            cli_say(stdout, "%-10s %9d %10.2f %10.2f %-23s %10.2f %9.3f %9.3f", HiMPI_Op_name(op),
                    M, native * 1e6, flat * 1e6, HiMPI_Alg_name(alg), plain * 1e6, plain / native,
                    plain / (flat < native ? flat : native));
            if (o->bound) {
                double b = HiMPI_Model_bound(op, p, M, &o->net);
                cli_say(stdout, " %10.2f %9.3f %9.3f", b * 1e6, b > 0 ? native / b : 1.0,
                        b > 0 ? plain / b : 1.0);
            }
            cli_say(stdout, "\n");
        }
    }
    if (show)
        cli_say(stderr, "\n");
    return 0;
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
        const MPIB_precision *pr = &o.measure.precision;
        cli_say(stdout, "# himpi-bench %s: %d processes, root %d, %s timing, %s waits\n",
                PACKAGE_VERSION, p, o.measure.root, MPIB_method_name(o.measure.method),
                MPIB_wait_policy_name(o.measure.wait));
        cli_say(stdout, "# MPI: %s\n", cli_mpi_library());
        cli_say(stdout, "# precision: %d to %d repetitions, %g confidence, eps %g; times in "
                        "microseconds\n", pr->min_reps, pr->max_reps, pr->cl, pr->eps);
        if (o.bound)
            status = o.model != NULL ? bench_bound_read(o.model, &o.net)
                                     : bench_bound_measure(&o.measure, &o.net);
        if (status == 0 && o.bound)
            cli_say(stdout, "# bound: the model's lower bound, alpha %.4f us and beta %.6f ns/B "
                            "(%s); below 1 is faster than it\n",
                    o.net.alpha * 1e6, o.net.beta * 1e9, o.model != NULL ? o.model : "ping-pong");
        if (status == 0 && o.plain) {
            cli_say(stdout, "# native: the MPI library's collective; flat: the best of the "
                            "algorithms on all ranks (flat-alg);\n# plain: HiMPI_<op> with the plan "
                            "its table gives; bst: the better of native and flat\n");
            status = bench_plain(&o);
        } else if (status == 0) {
            cli_say(stdout, "# native: the MPI library's collective; flat: the algorithm on all "
                            "ranks; hier: the algorithm\n# on both levels at the best number of "
                            "groups (best-g) among the candidates\n");
            status = bench(&o);
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

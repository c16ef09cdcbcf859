/* himpi-pcoll-bench: times, side by side in one run, each operation's
 * native MPI collective, HiMPI's blocking call and HiMPI's persistent
 * collective on the same plan, and the set-up that persistence takes out
 * of the calls. */
#include <config.h>

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_names.h"
#include "himpi.h"
#include "pcoll_container.h"

enum { MAX_SIZES = 32, MAX_GROUPS = 32 };

typedef struct {
    int ops[HIMPI_OP_COUNT], nops;
    int sizes[MAX_SIZES], nsizes;
    int groups[MAX_GROUPS], ngroups; /* the hierarchical plans' group counts */
    HiMPI_Alg alg;                   /* their algorithm between and inside groups */
    int plain;                       /* also the plain call's plan */
    cli_measure measure;
    int quiet;
} options;

static int p;

static void usage(void)
{
    cli_say(stdout,
            "Usage: mpiexec -n P himpi-pcoll-bench [OPTION]...\n"
            "Time, side by side, each operation's native MPI collective, HiMPI's blocking\n"
            "call and HiMPI's persistent collective (HiMPI_<op>_init once, then HiMPI_Start\n"
            "and HiMPI_Wait) on the same plan, and the set-up that persistence takes out of\n"
            "the calls.\n"
            "\n"
            "  -o, --ops=LIST        operations, below (default: all of them)\n"
            "  -s, --sizes=LIST      message sizes (default: 8,64,512,4K)\n"
            "  -g, --groups=LIST     numbers of groups of the hierarchical plans (default:\n"
            "                        the integer square root of P, if it is from 2 to P-1)\n"
            "  -a, --alg=NAME        their algorithm between and inside groups (default:\n"
            "                        native)\n"
            "      --no-plain        leave out the plan the plain calls choose\n"
            CLI_MEASURE_HELP
            CLI_TAIL_HELP
            "%s.\n",
            cli_op_names("Operations: ", 80));
}

/* 0 to go on, -1 to stop successfully (help, version), else the exit status. */
static int parse(int argc, char **argv, options *o)
{
    enum { OPT_NO_PLAIN = 2000 };
    static const struct option longopts[] = {
        {"ops", required_argument, NULL, 'o'},     {"sizes", required_argument, NULL, 's'},
        {"groups", required_argument, NULL, 'g'},  {"alg", required_argument, NULL, 'a'},
        {"no-plain", no_argument, NULL, OPT_NO_PLAIN}, {"quiet", no_argument, NULL, 'q'},
        CLI_MEASURE_LONGOPTS,                      {NULL, 0, NULL, 0}};
    int c, done;
    while ((c = getopt_long(argc, argv, "o:s:g:a:q" CLI_MEASURE_SHORTOPTS, longopts, NULL)) !=
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
        case 's':
            if (!cli_int_list(optarg, 0, INT_MAX, MAX_SIZES, o->sizes, &o->nsizes))
                return cli_bad("--sizes", optarg, "a list of at most 32 byte counts, e.g. 8,1K");
            break;
        case 'g':
            if (!cli_int_list(optarg, 1, p, MAX_GROUPS, o->groups, &o->ngroups))
                return cli_bad("--groups", optarg, "a list of at most 32 group counts, 1 to P");
            break;
        case 'a':
            if (HiMPI_Alg_from_name(optarg, &o->alg) != MPI_SUCCESS)
                return cli_bad("--alg", optarg, "an algorithm name, see himpi-pcoll-bench(1)");
            break;
        case OPT_NO_PLAIN:
            o->plain = 0;
            break;
        case 'q':
            o->quiet = 1;
            break;
        }
    }
    int status = cli_measure_check(argc, argv, &o->measure);
    if (status == 0 && o->ngroups == 0 && !o->plain) {
        cli_say(stderr, "himpi-pcoll-bench: nothing to time: --no-plain and no group count "
                        "(P = %d has no default)\n", p);
        return 2;
    }
    return status;
}

/* One row: the plan (NULL: the plain call's) timed blocking, started as a
 * persistent request, and over a request's life. */
static int row(const options *o, HiMPI_Op op, int M, const HiMPI_Plan *plan, const char *name,
               double native)
{
    double t[3]; /* indexed by pcoll_kind */
    for (int k = PCOLL_BLOCKING; k <= PCOLL_LIFE; k++)
        if ((t[k] = cli_time(&o->measure, pcoll_container_alloc(op, k, plan), M)) < 0)
            return 1;
    double blocking = t[PCOLL_BLOCKING], start = t[PCOLL_START], life = t[PCOLL_LIFE];
    double saved = blocking - start, setup = life - start;
    char even[16] = "-";
    /* Only savings the table shows (0.01 us) repay anything. */
    if (saved >= 0.005e-6 && setup > 0)
        snprintf(even, sizeof even, "%.0f", ceil(setup / saved));
    cli_say(stdout, "  %-9s %8d %-16s %9.2f %9.2f %9.2f %8.2f %8.2f %8.2f %9.2f %7s\n",
            HiMPI_Op_name(op), M, name, native * 1e6, blocking * 1e6, start * 1e6,
            start / native, start / blocking, saved * 1e6, setup * 1e6, even);
    return 0;
}

static int bench(const options *o)
{
    cli_say(stdout, "# %-9s %8s %-16s %9s %9s %9s %8s %8s %8s %9s %7s\n", "op", "bytes", "plan",
            "native", "blocking", "persist", "pers/nat", "pers/blk", "saved", "set-up",
            "repaid");
    int plans = o->plain + o->ngroups, total = 0, done = 0;
    for (int i = 0; i < o->nops; i++)
        total += cli_op_nsizes((HiMPI_Op)o->ops[i], o->nsizes) * plans;
    int show = !o->quiet && isatty(STDERR_FILENO);
    for (int i = 0; i < o->nops; i++) {
        HiMPI_Op op = (HiMPI_Op)o->ops[i];
        for (int s = 0; s < cli_op_nsizes(op, o->nsizes); s++) {
            int M = cli_op_size(op, o->sizes, s);
            double native =
                cli_time(&o->measure, MPIB_native_container_alloc(HiMPI_Op_name(op)), M);
            if (native < 0)
                return 1;
            for (int k = 0; k < plans; k++) {
                if (show)
                    cli_say(stderr, "\rhimpi-pcoll-bench: %s, %d bytes (%d of %d)        ",
                            HiMPI_Op_name(op), M, ++done, total);
                int status;
                if (k < o->plain) {
                    status = row(o, op, M, NULL, "plain", native);
                } else {
                    int g = o->groups[k - o->plain];
                    HiMPI_Plan plan = {1, {{g, HIMPI_HW_NODE, o->alg}}, o->alg, 0, 0};
                    char name[32];
                    snprintf(name, sizeof name, "g=%d %s", g, HiMPI_Alg_name(o->alg));
                    status = row(o, op, M, &plan, name, native);
                }
                if (status != 0)
                    return status;
            }
        }
    }
    if (show)
        cli_say(stderr, "\n");
    return 0;
}

int main(int argc, char **argv)
{
    options o = {{0}, 0, {8, 64, 512, 4096}, 4, {0}, 0, HIMPI_ALG_NATIVE, 1,
                 {{0, 0, 0, 0}, 0, 0, 0}, 0};
    int status = cli_init(&argc, &argv, "himpi-pcoll-bench", usage, &o.measure);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    for (int i = 0; i < HIMPI_OP_COUNT; i++)
        o.ops[o.nops++] = i;
    int root = (int)sqrt((double)p);
    if (root >= 2 && root < p)
        o.groups[o.ngroups++] = root;
    if (status == 0)
        status = parse(argc, argv, &o);
    for (int i = 0; status == 0 && i < o.nops; i++)
        if (!HiMPI_Alg_supported((HiMPI_Op)o.ops[i], o.alg)) {
            cli_say(stderr, "himpi-pcoll-bench: %s has no algorithm %s\n",
                    HiMPI_Op_name((HiMPI_Op)o.ops[i]), HiMPI_Alg_name(o.alg));
            status = 2;
        }
    if (status == 0) {
        MPIB_set_wait_policy(o.measure.wait);
        cli_preamble(&o.measure);
        cli_say(stdout,
                "# native: MPI_<op>; blocking: HiMPI's call on the plan (plain: HiMPI_<op>, "
                "which chooses it);\n# persist: HiMPI_Start and HiMPI_Wait of the plan's "
                "request, made once; saved: blocking\n# less persist, what each call saves; "
                "set-up: init, one start and free of a request\n# less one start, the work "
                "persistence does once; repaid: the starts that save\n# the set-up.  Both "
                "forms make a layout's communicators once per communicator.\n");
        status = bench(&o);
    }
    /* SimGrid's SMPI refuses MPI calls from MPI_Finalize's callbacks. */
    HiMPI_Finalize();
    MPI_Finalize();
    return status < 0 ? 0 : status;
}

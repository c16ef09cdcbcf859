/* himpi_tune_options.c: himpi-tune's command line. */
#include <config.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_names.h"
#include "himpi_tune_options.h"

enum { OPT_ALG_IN = 2000, OPT_ALG_OUT, OPT_ALGS, OPT_OPS, OPT_PROCS, OPT_SEARCH, OPT_MERGE,
       OPT_CHECK, OPT_LEVELS, OPT_TRACE, OPT_PAIRS, OPT_MIN_EFFECT, OPT_VERIFY, OPT_FIX,
       OPT_EXPLAIN, OPT_CSV, OPT_PLOT, OPT_PAIR_SPAN, OPT_OVERLAP };

void tune_usage(void)
{
    cli_say(stdout,
            "Usage: mpiexec -n P himpi-tune [OPTION]...\n"
            "       himpi-tune --check FILE\n"
            "       mpiexec -n P himpi-tune --verify FILE [--fix]\n"
            "       mpiexec -n P himpi-tune --explain OP SIZE [--procs N]\n"
            "Measure, for each operation and message size, which number of groups makes\n"
            "HiMPI's hierarchical collective fastest on these P processes, print a summary\n"
            "and write the configuration table that HiMPI's calls look their plans up in.\n"
            "Defaults come from the HIMPI_* environment variables (himpi-env(7)).\n"
            "\n"
            "  -o, --output=FILE     table to write (default: HIMPI_CONF_FILE, himpi.conf)\n"
            "      --merge           keep the file's other rows (default: replace the file)\n"
            "      --ops=LIST        operations (default: HIMPI_OPID, all)\n"
            "  -m, --min-msg=SIZE    smallest message size (default: HIMPI_MIN_MSG, 1K)\n"
            "  -M, --max-msg=SIZE    largest message size (default: HIMPI_MAX_MSG, 16M)\n"
            "  -s, --stride=N        multiply the size by N each step (default:\n"
            "                        HIMPI_MSG_STRIDE, 2)\n"
            "      --alg-out=LIST    algorithms between groups (default: native)\n"
            "      --alg-in=LIST     algorithms inside groups (default: native); every\n"
            "                        pair valid for an operation is tuned\n"
            "      --algs=LIST       pairs of one algorithm between and inside groups\n"
            "                        (instead of --alg-out and --alg-in)\n"
            "  -g, --groups=LIST     candidate numbers of groups (default: 1 to P; 1 is\n"
            "                        always measured)\n"
            "      --levels=N        also measure hardware layouts (node, package, numa,\n"
            "                        caches, cores) of up to N levels (default:\n"
            "                        HIMPI_NUM_LEVELS, 1; 0: rank blocks only)\n"
            "      --procs=LIST      tune on the first N processes for each N (default: P)\n"
            "      --search=NAME     search strategy: guided (default: HIMPI_SEARCH, or a\n"
            "                        scan and golden-section search over g that follows\n"
            "                        the sizes, doc/search.md) or exhaustive (every\n"
            "                        candidate)\n"
            "      --overlap=LIST    overlaps (bytes per segment) to measure for bcast,\n"
            "                        reduce and allreduce, whose levels can work on\n"
            "                        different segments at once; 0: none (default:\n"
            "                        HIMPI_OVERLAP if set, else guided's own, the powers\n"
            "                        of two from 8K to half the message at its best\n"
            "                        layout, and none for exhaustive, which measures\n"
            "                        every candidate at every overlap listed)\n"
            CLI_PRECISION_HELP
            "      --pairs=N         time each row's best plan against the MPI library's\n"
            "                        own call in N interleaved pairs of repetitions; the\n"
            "                        plain calls run the plan only if it is faster with\n"
            "                        significance (default: HIMPI_PAIRS, 30; 0: no\n"
            "                        comparison, the fastest mean wins)\n"
            "      --min-effect=X    ... and faster by at least the fraction X, the\n"
            "                        whole interval of the ratio at most 1 - X\n"
            "                        (default: HIMPI_MIN_EFFECT, 0.03)\n"
            "      --pair-span=SEC   ... the pairs spread over at least SEC seconds, so\n"
            "                        that a load that comes and goes is met in more than\n"
            "                        one state (default: HIMPI_PAIR_SPAN, 0.5)\n"
            "      --trace=FILE      write every measurement to FILE: operation, procs,\n"
            "                        size, algorithms, layout, time, ci, repetitions and\n"
            "                        the seconds it took (simulated ones under SimGrid)\n"
            "      --csv=FILE        write every measurement to FILE as CSV: a line of\n"
            "                        column names, then the trace's fields and g where\n"
            "                        the layout is a number of groups\n"
            "      --plot=FILE       draw, with gnuplot, the time against g of each\n"
            "                        operation and algorithm pair into the SVG FILE: a\n"
            "                        curve per size, the g chosen marked; hardware\n"
            "                        layouts are left out (exit status 4 if it cannot,\n"
            "                        the table written all the same)\n"
            "  -q, --quiet           no progress report and no summary\n"
            "      --check=FILE      validate the table FILE and print it (exit status 1\n"
            "                        if it is malformed)\n"
            "      --verify=FILE     time every row of the table FILE again against the\n"
            "                        MPI library's call, in 4 x --pairs pairs and with\n"
            "                        --min-effect, and print each verdict (exit status 3\n"
            "                        if a plan the table runs is no longer faster)\n"
            "      --fix             with --verify: write the new verdicts into FILE, so\n"
            "                        that the plain calls run the MPI library's call\n"
            "                        wherever a plan is no longer faster\n"
            "      --explain OP SIZE  how a plain call of OP moving SIZE bytes on N\n"
            "                        processes (--procs, default P) decides with the table\n"
            "                        (HIMPI_CONF_FILE, or -o FILE) and the HIMPI_*\n"
            "                        variables: the row it takes, the plans measured there,\n"
            "                        the margin over the MPI library's call, the overrides\n"
            "                        and whether the table was tuned on a job like this one\n"
            "  -h, --help            show this help and exit\n"
            "  -V, --version         show the version and exit\n"
            "\n"
            "LIST is comma-separated; sizes take K, M and G suffixes.  Sizes are bytes per\n"
            "process: reduce, allreduce, scan and exscan sum doubles; the reduce-scatters\n"
            "give each process that many bytes of doubles summed.\n");
}

/* ------------------------------------------------------------ options */

static int add_op(const char *name, void *ctx)
{
    HiMPI_Op op;
    if (HiMPI_Op_from_name(name, &op) != MPI_SUCCESS)
        return 0;
    *(unsigned *)ctx |= 1u << op;
    return 1;
}

static int add_procs(const char *text, void *ctx)
{
    int_list *l = ctx;
    return l->n < MAX_LIST && cli_int(text, 1, &l->list[l->n++]);
}

static int add_group(const char *text, void *ctx)
{
    options *o = ctx;
    int g;
    if (!cli_int(text, 1, &g))
        return 0;
    int *more = realloc(o->groups, (size_t)(o->ngroups + 1) * sizeof *more);
    if (more == NULL)
        return 0;
    o->groups = more;
    o->groups[o->ngroups++] = g;
    return 1;
}

static int size_option(const char *arg, const char *name, long long *out)
{
    if (MPIB_parse_size(arg, 2147483647LL, out) == MPI_SUCCESS)
        return 1;
    cli_bad(name, arg, "a byte count with an optional K, M or G suffix");
    return 0;
}

/* --explain OP SIZE [--procs P]: the call's operation and size after the
 * options, and one process count at most, which may exceed this run's
 * (the table may hold larger ones). */
static int explain_arguments(int argc, char **argv, options *o)
{
    if (o->verify != NULL) {
        cli_say(stderr, "himpi-tune: --explain cannot be combined with --verify\n");
        return 2;
    }
    if (argc - optind != 2) {
        cli_say(stderr, "himpi-tune: --explain needs an operation and a message size, "
                        "e.g. --explain bcast 64K\n");
        return 2;
    }
    if (HiMPI_Op_from_name(argv[optind], &o->explain_op) != MPI_SUCCESS)
        return cli_bad("--explain", argv[optind], cli_op_names("", 0));
    if (!size_option(argv[optind + 1], "--explain", &o->explain_size))
        return 2;
    if (o->procs.n > 1) {
        cli_say(stderr, "himpi-tune: --explain takes one --procs\n");
        return 2;
    }
    if (o->procs.n == 0)
        MPI_Comm_size(MPI_COMM_WORLD, &o->procs.list[o->procs.n++]);
    return 0;
}

/* Validates and prints a table file: -1 (stop, successfully) if it is
 * well formed, otherwise 1. */
static int check_file(const char *path)
{
    if (cli_rank() != 0)
        return -1;
    if (access(path, R_OK) != 0) {
        fprintf(stderr, "himpi-tune: %s: cannot read it\n", path);
        return 1;
    }
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    char err[4352];
    if (HiMPI_Table_load(path, &t, err, sizeof err) != 0) {
        fprintf(stderr, "himpi-tune: %s\n", err);
        return 1;
    }
    char *text = HiMPI_Table_format(&t);
    if (text != NULL)
        fputs(text, stdout);
    free(text);
    HiMPI_Table_free(&t);
    return text != NULL ? -1 : 1;
}

int tune_options_parse(int argc, char **argv, options *o)
{
    static const struct option longopts[] = {
        {"output", required_argument, NULL, 'o'},  {"merge", no_argument, NULL, OPT_MERGE},
        {"ops", required_argument, NULL, OPT_OPS}, {"min-msg", required_argument, NULL, 'm'},
        {"max-msg", required_argument, NULL, 'M'}, {"stride", required_argument, NULL, 's'},
        {"alg-out", required_argument, NULL, OPT_ALG_OUT},
        {"alg-in", required_argument, NULL, OPT_ALG_IN},
        {"algs", required_argument, NULL, OPT_ALGS},
        {"trace", required_argument, NULL, OPT_TRACE},
        {"csv", required_argument, NULL, OPT_CSV}, {"plot", required_argument, NULL, OPT_PLOT},
        {"groups", required_argument, NULL, 'g'},  {"procs", required_argument, NULL, OPT_PROCS},
        {"search", required_argument, NULL, OPT_SEARCH},
        {"overlap", required_argument, NULL, OPT_OVERLAP},
        {"levels", required_argument, NULL, OPT_LEVELS},
        {"pairs", required_argument, NULL, OPT_PAIRS},
        {"min-effect", required_argument, NULL, OPT_MIN_EFFECT},
        {"pair-span", required_argument, NULL, OPT_PAIR_SPAN},
        {"verify", required_argument, NULL, OPT_VERIFY},
        {"fix", no_argument, NULL, OPT_FIX},
        {"explain", no_argument, NULL, OPT_EXPLAIN},
        {"quiet", no_argument, NULL, 'q'},         {"check", required_argument, NULL, OPT_CHECK},
        CLI_PRECISION_LONGOPTS,                    {NULL, 0, NULL, 0}};
    char err[4352];
    if (HiMPI_Tune_settings_from_env(&o->settings, err, sizeof err) != 0) {
        cli_say(stderr, "himpi-tune: %s\n", err);
        return 2;
    }
    o->measure.precision = o->settings.precision;
    o->search = o->settings.search;
    int c, rc;
    unsigned ops = 0;
    while ((c = getopt_long(argc, argv, "o:m:M:s:g:q" CLI_PRECISION_SHORTOPTS, longopts, NULL)) !=
           -1) {
        switch (c) {
        case 'o':
            if (strlen(optarg) == 0 || strlen(optarg) >= sizeof o->settings.conf_file)
                return cli_bad("--output", optarg, "a file name");
            strcpy(o->settings.conf_file, optarg);
            break;
        case OPT_MERGE: o->merge = 1; break;
        case OPT_OPS:
            if (!cli_list(optarg, add_op, &ops))
                return cli_bad("--ops", optarg, cli_op_names("a list of ", 0));
            break;
        case 'm':
            if (!size_option(optarg, "--min-msg", &o->settings.min_msg))
                return 2;
            break;
        case 'M':
            if (!size_option(optarg, "--max-msg", &o->settings.max_msg))
                return 2;
            break;
        case 's':
            if (!cli_int(optarg, 2, &o->settings.msg_stride))
                return cli_bad("--stride", optarg, "an integer >= 2");
            break;
        case OPT_ALG_OUT:
        case OPT_ALG_IN:
            if (!cli_alg_list(optarg, c == OPT_ALG_OUT ? o->algs_out.list : o->algs_in.list,
                              c == OPT_ALG_OUT ? &o->algs_out.n : &o->algs_in.n))
                return cli_bad(c == OPT_ALG_OUT ? "--alg-out" : "--alg-in", optarg,
                               "algorithm names, see himpi-tune(1)");
            break;
        case OPT_ALGS:
            if (!cli_alg_list(optarg, o->algs.list, &o->algs.n))
                return cli_bad("--algs", optarg, "algorithm names, see himpi-tune(1)");
            break;
        case OPT_TRACE:
        case OPT_CSV:
        case OPT_PLOT:
            if (strlen(optarg) == 0)
                return cli_bad(c == OPT_TRACE ? "--trace" : c == OPT_CSV ? "--csv" : "--plot",
                               optarg, "a file name");
            *(c == OPT_TRACE ? &o->trace : c == OPT_CSV ? &o->csv : &o->plot) = optarg;
            break;
        case 'g':
            if (!cli_list(optarg, add_group, o))
                return cli_bad("--groups", optarg, "integers >= 1");
            break;
        case OPT_PROCS:
            if (!cli_list(optarg, add_procs, &o->procs))
                return cli_bad("--procs", optarg, "integers >= 1");
            break;
        case OPT_SEARCH:
            if ((o->search = HiMPI_Search_by_name(optarg)) == NULL)
                return cli_bad("--search", optarg, "exhaustive, guided");
            break;
        case OPT_OVERLAP:
            if (!cli_int_list(optarg, 0, 2147483647, MAX_LIST, o->overlaps.list,
                              &o->overlaps.n))
                return cli_bad("--overlap", optarg,
                               "a list of at most 64 byte counts, e.g. 16K,64K (0: none)");
            o->overlaps_set = 1;
            break;
        case OPT_LEVELS:
            if (!cli_int(optarg, 0, &o->settings.num_levels) ||
                o->settings.num_levels > HIMPI_MAX_LEVELS)
                return cli_bad("--levels", optarg, "an integer from 0 to 8");
            break;
        case OPT_PAIRS:
            if (!cli_int(optarg, 0, &o->settings.pairs) || o->settings.pairs > 1000000)
                return cli_bad("--pairs", optarg, "an integer from 0 to 1000000");
            break;
        case OPT_PAIR_SPAN:
            if (!cli_double(optarg, &o->settings.pair_span) || !(o->settings.pair_span >= 0) ||
                !(o->settings.pair_span <= 60))
                return cli_bad("--pair-span", optarg, "seconds, a real number from 0 to 60");
            break;
        case OPT_MIN_EFFECT:
            if (!cli_double(optarg, &o->settings.min_effect) || !(o->settings.min_effect >= 0) ||
                !(o->settings.min_effect < 1))
                return cli_bad("--min-effect", optarg, "a real number from 0 to 1, 1 excluded");
            break;
        case OPT_VERIFY:
            if (strlen(optarg) == 0)
                return cli_bad("--verify", optarg, "a table's file name");
            o->verify = optarg;
            break;
        case OPT_FIX: o->fix = 1; break;
        case OPT_EXPLAIN: o->explain = 1; break;
        case 'q': o->quiet = 1; break;
        case OPT_CHECK: return check_file(optarg);
        default:
            if ((rc = cli_measure_option(c, optarg, &o->measure)) != 1)
                return rc == 0 ? 2 : rc;
        }
    }
    if (!o->overlaps_set && o->settings.overlap >= 0) {
        o->overlaps.list[o->overlaps.n++] = o->settings.overlap;
        o->overlaps_set = 1;
    }
    if (o->fix && o->verify == NULL) {
        cli_say(stderr, "himpi-tune: --fix needs --verify=FILE\n");
        return 2;
    }
    if (o->explain)
        return explain_arguments(argc, argv, o);
    if (ops != 0)
        o->settings.ops = ops;
    if (o->settings.max_msg < o->settings.min_msg) {
        cli_say(stderr, "himpi-tune: --max-msg %lld is smaller than --min-msg %lld\n",
                o->settings.max_msg, o->settings.min_msg);
        return 2;
    }
    int p;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    for (int i = 0; i < o->procs.n; i++)
        if (o->procs.list[i] > p) {
            cli_say(stderr, "himpi-tune: --procs %d exceeds the %d processes\n",
                    o->procs.list[i], p);
            return 2;
        }
    if (o->procs.n == 0)
        o->procs.list[o->procs.n++] = p;
    if (o->algs.n > 0 && (o->algs_out.n > 0 || o->algs_in.n > 0)) {
        cli_say(stderr, "himpi-tune: --algs cannot be combined with --alg-out or --alg-in\n");
        return 2;
    }
    if (o->algs.n == 0 && o->algs_out.n == 0)
        o->algs_out.list[o->algs_out.n++] = HIMPI_ALG_NATIVE;
    if (o->algs.n == 0 && o->algs_in.n == 0)
        o->algs_in.list[o->algs_in.n++] = HIMPI_ALG_NATIVE;
    return cli_measure_check(argc, argv, &o->measure);
}

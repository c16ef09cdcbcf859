/* himpi_overlap_options.c: himpi-overlap's command line. */
#include <config.h>

#include <limits.h>

#include "cli_names.h"
#include "himpi_overlap_options.h"

enum { OPT_PAIRS = 2000, OPT_MIN_EFFECT, OPT_PAIR_SPAN, OPT_BOUND, OPT_CSV, OPT_COMPUTE,
       OPT_TEST_EVERY };

void overlap_usage(void)
{
    cli_say(stdout,
            "Usage: mpiexec -n P himpi-overlap [OPTION]...\n"
            "Time, side by side for each operation and size, the MPI library's collective,\n"
            "the best of HiMPI's algorithms flat, the best hierarchical plan with its levels\n"
            "one after the other and the best with its levels overlapped on segments, each\n"
            "of that plan's two stages alone, and how much of the shorter stage the\n"
            "overlap hides.\n"
            "\n"
            "  -o, --ops=LIST        operations: bcast, reduce, allreduce (default: all\n"
            "                        three)\n"
            "  -a, --algs=LIST       algorithms, the same between and inside groups\n"
            "                        (default: every one of the operation's but native)\n"
            "  -s, --sizes=LIST      message sizes (default: 1M,4M,16M)\n"
            "  -g, --groups=LIST     candidate numbers of groups, 2 to P-1 (default: the\n"
            "                        powers of two from 2 to P/2)\n"
            "  -O, --overlaps=LIST   candidate overlaps, bytes per segment (default: the\n"
            "                        powers of two from 64K to half the message; larger\n"
            "                        ones are skipped)\n"
            "      --pairs=N         time the best overlapped plan against the best plan\n"
            "                        without in N interleaved pairs of repetitions\n"
            "                        (default: HIMPI_PAIRS, 30; 0: no comparison)\n"
            "      --min-effect=X    the gain the verdict 'faster' asks for, shown by the\n"
            "                        whole interval (default: HIMPI_MIN_EFFECT, 0.03)\n"
            "      --pair-span=SEC   spread the pairs over at least SEC seconds (default:\n"
            "                        HIMPI_PAIR_SPAN, 0.5)\n"
            "      --bound[=FILE]    print the bandwidth bound of each time (m beta; for\n"
            "                        allreduce 2 (P-1)/P m beta): beta from FILE (the\n"
            "                        output of himpi-model --fit), or fitted to a\n"
            "                        ping-pong measured first\n"
            "      --csv             the table as CSV: one header, then a line a row\n"
            "      --compute=LIST    instead: post each operation's nonblocking collective\n"
            "                        (HiMPI's on the best overlapped plan, or the one plan\n"
            "                        that --groups, --algs and --overlaps give; the MPI\n"
            "                        library's), compute for each time of LIST\n"
            "                        (microseconds), then wait, and print how much of the\n"
            "                        collective the computation hid\n"
            "      --test-every=US   with --compute, test the request every US\n"
            "                        microseconds of computation (default 100; 0: never)\n"
            CLI_MEASURE_HELP
            CLI_TAIL_HELP);
}

int overlap_algs(const overlap_options *o, HiMPI_Op op, HiMPI_Alg *algs)
{
    int n = 0;
    for (int a = 0; a < (o->nalgs ? o->nalgs : HIMPI_ALG_COUNT); a++) {
        HiMPI_Alg alg = (HiMPI_Alg)(o->nalgs ? o->algs[a] : a);
        if (HiMPI_Alg_supported(op, alg) && (o->nalgs || alg != HIMPI_ALG_NATIVE))
            algs[n++] = alg;
    }
    return n;
}

/* What single options cannot check: every operation has an algorithm to
 * run, and there is a layout to run it on.  0, or 2 after reporting. */
static int check(const overlap_options *o, int p)
{
    HiMPI_Alg algs[HIMPI_ALG_COUNT];
    for (int i = 0; i < o->nops; i++)
        if (overlap_algs(o, (HiMPI_Op)o->ops[i], algs) == 0) {
            cli_say(stderr, "himpi-overlap: %s has none of the algorithms --algs lists\n",
                    HiMPI_Op_name((HiMPI_Op)o->ops[i]));
            return 2;
        }
    if (o->ngroups == 0 && p < 4) {
        cli_say(stderr, "himpi-overlap: %d processes have no default numbers of groups (the "
                        "powers of two from 2 to P/2): give --groups, from 2 to P-1\n", p);
        return 2;
    }
    return 0;
}

static int parse_op(const char *text, overlap_options *o)
{
    if (!cli_op_list(text, o->ops, &o->nops))
        return 0;
    for (int i = 0; i < o->nops; i++)
        if (!HiMPI_Op_overlaps((HiMPI_Op)o->ops[i]))
            return 0;
    return 1;
}

int overlap_options_parse(int argc, char **argv, overlap_options *o)
{
    static const struct option longopts[] = {
        {"ops", required_argument, NULL, 'o'},        {"algs", required_argument, NULL, 'a'},
        {"sizes", required_argument, NULL, 's'},      {"groups", required_argument, NULL, 'g'},
        {"overlaps", required_argument, NULL, 'O'},   {"quiet", no_argument, NULL, 'q'},
        {"pairs", required_argument, NULL, OPT_PAIRS},
        {"min-effect", required_argument, NULL, OPT_MIN_EFFECT},
        {"pair-span", required_argument, NULL, OPT_PAIR_SPAN},
        {"bound", optional_argument, NULL, OPT_BOUND}, {"csv", no_argument, NULL, OPT_CSV},
        {"compute", required_argument, NULL, OPT_COMPUTE},
        {"test-every", required_argument, NULL, OPT_TEST_EVERY},
        CLI_MEASURE_LONGOPTS,                         {NULL, 0, NULL, 0}};
    int p;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    HiMPI_Tune_settings env;
    char err[512];
    if (HiMPI_Tune_settings_from_env(&env, err, sizeof err) != 0) {
        cli_say(stderr, "himpi-overlap: %s\n", err);
        return 2;
    }
    o->pairs = env.pairs;
    o->min_effect = env.min_effect;
    o->pair_span = env.pair_span;
    int c, done, test_every = 0;
    while ((c = getopt_long(argc, argv, "o:a:s:g:O:q" CLI_MEASURE_SHORTOPTS, longopts, NULL)) !=
           -1) {
        if ((done = cli_measure_option(c, optarg, &o->measure)) != 0) {
            if (done != 1)
                return done;
            continue;
        }
        switch (c) {
        case 'o':
            if (!parse_op(optarg, o))
                return cli_bad("--ops", optarg, "a list of bcast, reduce, allreduce");
            break;
        case 'a':
            if (!cli_alg_list(optarg, o->algs, &o->nalgs))
                return cli_bad("--algs", optarg, "a list of algorithm names, see himpi-overlap(1)");
            break;
        case 's':
            if (!cli_int_list(optarg, 8, INT_MAX, OVERLAP_MAX_SIZES, o->sizes, &o->nsizes))
                return cli_bad("--sizes", optarg, "at most 32 byte counts from 8, e.g. 1M,4M");
            break;
        case 'g':
            if (!cli_int_list(optarg, 2, p - 1, OVERLAP_MAX_LIST, o->groups, &o->ngroups))
                return cli_bad("--groups", optarg, "a list of group counts from 2 to P-1");
            break;
        case 'O':
            if (!cli_int_list(optarg, 1, INT_MAX, OVERLAP_MAX_LIST, o->overlaps, &o->noverlaps))
                return cli_bad("--overlaps", optarg, "a list of at most 64 byte counts, e.g. 64K");
            break;
        case 'q':
            o->quiet = 1;
            break;
        case OPT_PAIRS:
            if (!cli_int(optarg, 0, &o->pairs))
                return cli_bad("--pairs", optarg, "an integer >= 0");
            break;
        case OPT_MIN_EFFECT:
            if (!cli_double(optarg, &o->min_effect) || !(o->min_effect >= 0 && o->min_effect < 1))
                return cli_bad("--min-effect", optarg, "a number from 0 to below 1, e.g. 0.03");
            break;
        case OPT_PAIR_SPAN:
            if (!cli_seconds(optarg, 1, &o->pair_span))
                return cli_bad("--pair-span", optarg, "seconds >= 0, e.g. 0.5");
            break;
        case OPT_BOUND:
            o->bound = 1;
            o->model = optarg;
            break;
        case OPT_CSV:
            o->csv = 1;
            break;
        case OPT_COMPUTE:
            if (!cli_int_list(optarg, 1, INT_MAX, OVERLAP_MAX_SIZES, o->compute, &o->ncompute))
                return cli_bad("--compute", optarg, "a list of at most 32 times in microseconds");
            break;
        case OPT_TEST_EVERY:
            if (!cli_int(optarg, 0, &o->test_every))
                return cli_bad("--test-every", optarg, "microseconds >= 0");
            test_every = 1;
            break;
        }
    }
    int status = cli_measure_check(argc, argv, &o->measure);
    const char *conflict = NULL;
    if (test_every && o->ncompute == 0)
        conflict = "--test-every applies to --compute only";
    else if (o->bound && o->ncompute > 0)
        conflict = "--compute's table has no column for --bound";
    if (status == 0 && conflict != NULL) {
        cli_say(stderr, "himpi-overlap: %s\n", conflict);
        return 2;
    }
    return status != 0 ? status : check(o, p);
}

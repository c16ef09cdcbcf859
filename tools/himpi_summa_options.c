/* himpi_summa_options.c: himpi-summa's options (getopt_long) and their
 * check against the grid. */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "himpi_summa_grid.h"
#include "himpi_summa_options.h"

enum {
    OPT_GRID = 1000,
    OPT_CHECK,
    OPT_NO_COMPUTE,
    OPT_BCAST,
    OPT_SUMMA_BCAST,
    OPT_OUTER_BCAST,
    OPT_INNER_BCAST,
    OPT_ALPHA,
    OPT_BETA,
    OPT_MODEL_BCAST,
    OPT_SEGMENTS,
    OPT_MODEL,
    OPT_PROCS,
    OPT_WARMUP,
    OPT_NO_SUMMA
};

void summa_usage(void)
{
    cli_say(stdout,
            "Usage: mpiexec -n P himpi-summa [OPTION]...\n"
            "Multiply two n x n matrices of doubles on an s x t grid of the P processes with\n"
            "SUMMA and with HSUMMA on I x J groups, side by side: the pivot broadcasts run\n"
            "between the groups, then inside them, through the MPI library or HiMPI.\n"
            "\n"
            "  -n, --size=N          order of the matrices (default 1024)\n"
            "  -b, --block=B         inner block: the width of SUMMA's and of HSUMMA's\n"
            "                        broadcasts inside groups (default 64)\n"
            "  -M, --outer-block=M   outer block: the width of HSUMMA's broadcasts between\n"
            "                        groups, a multiple of B (default B)\n"
            "      --grid=SxT        the process grid (default: the most square)\n"
            "  -G, --groups=LIST     HSUMMA's groups, each IxJ (I divides S, J divides T), a\n"
            "                        number G (the most square IxJ), auto (the model's best),\n"
            "                        sqrt (the G nearest sqrt(P)) or all (every IxJ);\n"
            "                        default auto\n"
            "  -r, --reps=N          timed runs of each (default 3)\n"
            "      --warmup=N        untimed runs of each before them (default 1: HiMPI\n"
            "                        sets up its communicators in the first)\n"
            "      --check           compare each product with a reference (exit status 1\n"
            "                        if one differs)\n"
            "      --no-compute      skip the local products: the communication alone, as\n"
            "                        a simulation of it needs (comp and GFLOP/s print -)\n"
            "      --no-summa        run HSUMMA alone, e.g. a layout a job beside a run of\n"
            "                        SUMMA (speedup and comm-x print -)\n"
            "      --bcast=SRC       every pivot broadcast's source: mpi (MPI_Bcast, the\n"
            "                        default), table (HiMPI_Bcast: the plan of the tuned\n"
            "                        table, HIMPI_CONF_FILE), an algorithm (HiMPI's, flat:\n"
            "                        binomial, pipeline, ...) or G:OUT:IN (a plan of G\n"
            "                        groups, OUT between them, IN inside)\n"
            "      --summa-bcast=SRC SUMMA's broadcasts (default: --bcast)\n"
            "      --outer-bcast=SRC HSUMMA's broadcasts between groups (default: --bcast)\n"
            "      --inner-bcast=SRC HSUMMA's broadcasts inside groups (default: --bcast)\n"
            "      --alpha=US        the model's latency in microseconds (default 5)\n"
            "      --beta=NS         the model's time per byte in nanoseconds (default 1)\n"
            "      --model-bcast=F   the model's broadcast: sag (scatter-allgather, the\n"
            "                        default), pipeline or binomial\n"
            "      --segments=X      segments of the modelled pipeline (default 8)\n"
            "      --model           print the model's time of every IxJ, run nothing\n"
            "      --procs=P         the processes --model assumes (default: those running)\n"
            "  -h, --help            show this help and exit\n"
            "  -V, --version         show the version and exit\n"
            "\n"
            "N must be a multiple of S and T, and B and M must divide N/S and N/T.\n"
            "Invalid arguments exit with status 2 on every rank.\n");
}

/* A "SxT" pair of positive integers. */
static int pair(const char *text, int *a, int *b)
{
    char tail;
    return sscanf(text, "%dx%d%c", a, b, &tail) == 2 && *a >= 1 && *b >= 1;
}

static int add_spec(const char *text, void *ctx)
{
    summa_options *o = ctx;
    if (o->nspecs == SUMMA_MAX_SPECS)
        return 0;
    summa_spec *s = &o->specs[o->nspecs];
    if (strcmp(text, "auto") == 0)
        s->kind = SUMMA_SPEC_AUTO;
    else if (strcmp(text, "sqrt") == 0)
        s->kind = SUMMA_SPEC_SQRT;
    else if (strcmp(text, "all") == 0)
        s->kind = SUMMA_SPEC_ALL;
    else if (strchr(text, 'x') != NULL) {
        s->kind = SUMMA_SPEC_LAYOUT;
        if (!pair(text, &s->I, &s->J))
            return 0;
    } else {
        s->kind = SUMMA_SPEC_COUNT;
        if (!cli_int(text, 1, &s->G))
            return 0;
    }
    o->nspecs++;
    return 1;
}

static int source(const char *option, const char *arg, summa_source *src, int *set)
{
    if (!summa_source_parse(arg, src))
        return cli_bad(option, arg,
                       "mpi, table, a bcast algorithm of HiMPI, or G:OUT:IN, "
                       "e.g. 4:pipeline:binomial");
    *set = 1;
    return 0;
}

int summa_options_parse(int argc, char **argv, summa_options *o)
{
    static const struct option longopts[] = {
        {"size", required_argument, NULL, 'n'},
        {"block", required_argument, NULL, 'b'},
        {"outer-block", required_argument, NULL, 'M'},
        {"grid", required_argument, NULL, OPT_GRID},
        {"groups", required_argument, NULL, 'G'},
        {"reps", required_argument, NULL, 'r'},
        {"warmup", required_argument, NULL, OPT_WARMUP},
        {"check", no_argument, NULL, OPT_CHECK},
        {"no-compute", no_argument, NULL, OPT_NO_COMPUTE},
        {"no-summa", no_argument, NULL, OPT_NO_SUMMA},
        {"bcast", required_argument, NULL, OPT_BCAST},
        {"summa-bcast", required_argument, NULL, OPT_SUMMA_BCAST},
        {"outer-bcast", required_argument, NULL, OPT_OUTER_BCAST},
        {"inner-bcast", required_argument, NULL, OPT_INNER_BCAST},
        {"alpha", required_argument, NULL, OPT_ALPHA},
        {"beta", required_argument, NULL, OPT_BETA},
        {"model-bcast", required_argument, NULL, OPT_MODEL_BCAST},
        {"segments", required_argument, NULL, OPT_SEGMENTS},
        {"model", no_argument, NULL, OPT_MODEL},
        {"procs", required_argument, NULL, OPT_PROCS},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0}};
    *o = (summa_options){.n = 1024, .b = 64, .reps = 3, .warmup = 1, .compute = 1, .summa = 1,
                         .model = {.bcast = SUMMA_MODEL_SAG, .segments = 8, .alpha = 5e-6,
                                   .beta = 1e-9}};
    summa_source all = {SUMMA_SOURCE_MPI, {0}};
    int all_set = 0, summa_set = 0, outer_set = 0, inner_set = 0, c, rc = 0;
    optind = 0; /* from the start, also when called again (the unit test) */
    while (rc == 0 && (c = getopt_long(argc, argv, "n:b:M:G:r:hV", longopts, NULL)) != -1) {
        switch (c) {
        case 'n':
            if (!cli_int(optarg, 1, &o->n))
                rc = cli_bad("--size", optarg, "an integer >= 1");
            break;
        case 'b':
            if (!cli_int(optarg, 1, &o->b))
                rc = cli_bad("--block", optarg, "an integer >= 1");
            break;
        case 'M':
            if (!cli_int(optarg, 1, &o->M))
                rc = cli_bad("--outer-block", optarg, "an integer >= 1");
            break;
        case OPT_GRID:
            if (!pair(optarg, &o->s, &o->t))
                rc = cli_bad("--grid", optarg, "SxT, e.g. 2x3");
            break;
        case 'G':
            o->nspecs = 0;
            if (!cli_list(optarg, add_spec, o))
                rc = cli_bad("--groups", optarg,
                             "a list of IxJ, G, auto, sqrt or all, e.g. 2x2,4,all");
            break;
        case 'r':
            if (!cli_int(optarg, 1, &o->reps))
                rc = cli_bad("--reps", optarg, "an integer >= 1");
            break;
        case OPT_WARMUP:
            if (!cli_int(optarg, 0, &o->warmup))
                rc = cli_bad("--warmup", optarg, "an integer >= 0");
            break;
        case OPT_CHECK: o->check = 1; break;
        case OPT_NO_COMPUTE: o->compute = 0; break;
        case OPT_NO_SUMMA: o->summa = 0; break;
        case OPT_BCAST: rc = source("--bcast", optarg, &all, &all_set); break;
        case OPT_SUMMA_BCAST:
            rc = source("--summa-bcast", optarg, &o->src.summa, &summa_set);
            break;
        case OPT_OUTER_BCAST:
            rc = source("--outer-bcast", optarg, &o->src.outer, &outer_set);
            break;
        case OPT_INNER_BCAST:
            rc = source("--inner-bcast", optarg, &o->src.inner, &inner_set);
            break;
        case OPT_ALPHA:
            if (!cli_seconds(optarg, 1e-6, &o->model.alpha))
                rc = cli_bad("--alpha", optarg, "microseconds, >= 0");
            break;
        case OPT_BETA:
            if (!cli_seconds(optarg, 1e-9, &o->model.beta))
                rc = cli_bad("--beta", optarg, "nanoseconds per byte, >= 0");
            break;
        case OPT_MODEL_BCAST:
            if (strcmp(optarg, "sag") == 0)
                o->model.bcast = SUMMA_MODEL_SAG;
            else if (strcmp(optarg, "pipeline") == 0)
                o->model.bcast = SUMMA_MODEL_PIPELINE;
            else if (strcmp(optarg, "binomial") == 0)
                o->model.bcast = SUMMA_MODEL_BINOMIAL;
            else
                rc = cli_bad("--model-bcast", optarg, "sag, pipeline, binomial");
            break;
        case OPT_SEGMENTS:
            if (!cli_int(optarg, 1, &o->model.segments))
                rc = cli_bad("--segments", optarg, "an integer >= 1");
            break;
        case OPT_MODEL: o->model_only = 1; break;
        case OPT_PROCS:
            if (!cli_int(optarg, 1, &o->procs))
                rc = cli_bad("--procs", optarg, "an integer >= 1");
            break;
        case 'h': summa_usage(); return -1;
        case 'V':
            cli_say(stdout, "himpi-summa (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
            return -1;
        default: /* getopt has said what is wrong */
            cli_say(stderr, "Try 'himpi-summa --help' for more information.\n");
            rc = 2;
        }
    }
    if (rc != 0)
        return rc;
    if (optind < argc) {
        cli_say(stderr, "himpi-summa: unexpected argument '%s'\n", argv[optind]);
        return 2;
    }
    if (o->check && !o->compute) {
        cli_say(stderr, "himpi-summa: --check compares the products, which --no-compute "
                        "skips\n");
        return 2;
    }
    if (!summa_set)
        o->src.summa = all;
    if (!outer_set)
        o->src.outer = all;
    if (!inner_set)
        o->src.inner = all;
    if (o->nspecs == 0)
        o->specs[o->nspecs++] = (summa_spec){SUMMA_SPEC_AUTO, 0, 0, 0};
    if (o->M == 0)
        o->M = o->b;
    return 0;
}

static void add_layout(int layouts[][2], int *count, int I, int J)
{
    for (int k = 0; k < *count; k++)
        if (layouts[k][0] == I && layouts[k][1] == J)
            return;
    if (*count < SUMMA_MAX_LAYOUTS) {
        layouts[*count][0] = I;
        layouts[*count][1] = J;
        ++*count;
    }
}

/* The G nearest sqrt(p) that the grid allows (the smaller on a tie). */
static void nearest_sqrt(int s, int t, int *I, int *J)
{
    double root = sqrt((double)s * t), best = INFINITY;
    for (int G = 1; G <= s * t; G++) {
        int i, j;
        if (fabs(G - root) < best && summa_groups_for(s, t, G, &i, &j)) {
            best = fabs(G - root);
            *I = i;
            *J = j;
        }
    }
}

static int bad_blocks(const char *what, int value, const summa_options *o)
{
    cli_say(stderr,
            "himpi-summa: %s %d does not divide the blocks of %d x %d that -n %d gives each "
            "process of the %dx%d grid\n",
            what, value, o->n / o->s, o->n / o->t, o->n, o->s, o->t);
    return 2;
}

int summa_options_resolve(summa_options *o, int p, int layouts[][2], int *count)
{
    *count = 0;
    if (o->s == 0)
        summa_grid_shape(p, &o->s, &o->t);
    else if (o->s * o->t != p) {
        cli_say(stderr, "himpi-summa: --grid %dx%d needs %d processes, not %d\n", o->s, o->t,
                o->s * o->t, p);
        return 2;
    }
    if (o->n % o->s != 0 || o->n % o->t != 0) {
        cli_say(stderr, "himpi-summa: -n %d is not a multiple of the grid's %d rows and %d "
                        "columns (%dx%d)\n", o->n, o->s, o->t, o->s, o->t);
        return 2;
    }
    if (o->M % o->b != 0) {
        cli_say(stderr, "himpi-summa: the outer block -M %d is not a multiple of the inner "
                        "block -b %d\n", o->M, o->b);
        return 2;
    }
    if ((o->n / o->s) % o->b != 0 || (o->n / o->t) % o->b != 0)
        return bad_blocks("-b", o->b, o);
    if ((o->n / o->s) % o->M != 0 || (o->n / o->t) % o->M != 0)
        return bad_blocks("-M", o->M, o);
    summa_model *m = &o->model;
    m->n = o->n;
    m->b = o->b;
    m->M = o->M;
    m->s = o->s;
    m->t = o->t;
    for (int k = 0; k < o->nspecs; k++) {
        const summa_spec *sp = &o->specs[k];
        int I = 1, J = 1;
        switch (sp->kind) {
        case SUMMA_SPEC_LAYOUT:
            if (o->s % sp->I != 0 || o->t % sp->J != 0) {
                cli_say(stderr, "himpi-summa: groups %dx%d do not fit the %dx%d grid (I must "
                                "divide %d, J divide %d)\n", sp->I, sp->J, o->s, o->t, o->s,
                        o->t);
                return 2;
            }
            add_layout(layouts, count, sp->I, sp->J);
            break;
        case SUMMA_SPEC_COUNT:
            if (!summa_groups_for(o->s, o->t, sp->G, &I, &J)) {
                cli_say(stderr, "himpi-summa: %d groups do not fit the %dx%d grid (no IxJ = "
                                "%d with I dividing %d and J dividing %d)\n", sp->G, o->s,
                        o->t, sp->G, o->s, o->t);
                return 2;
            }
            add_layout(layouts, count, I, J);
            break;
        case SUMMA_SPEC_AUTO:
            summa_model_best(m, &I, &J);
            add_layout(layouts, count, I, J);
            break;
        case SUMMA_SPEC_SQRT:
            nearest_sqrt(o->s, o->t, &I, &J);
            add_layout(layouts, count, I, J);
            break;
        case SUMMA_SPEC_ALL:
            for (int i = 1; i <= o->s; i++)
                for (int j = 1; j <= o->t; j++)
                    if (o->s % i == 0 && o->t % j == 0)
                        add_layout(layouts, count, i, j);
            break;
        }
    }
    return 0;
}

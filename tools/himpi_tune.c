/* himpi-tune: measures the best number of groups of HiMPI's collectives on
 * this platform and writes the configuration table that HiMPI's plain
 * calls look their plans up in. */
#include <config.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "himpi.h"
#include "himpi_tune.h"

enum { MAX_LIST = 64, OPT_ALG_IN = 2000, OPT_ALG_OUT, OPT_ALGS, OPT_OPS, OPT_PROCS, OPT_SEARCH,
       OPT_MERGE, OPT_CHECK, OPT_LEVELS, OPT_TRACE };

typedef struct {
    int list[MAX_LIST];
    int n;
} int_list;

typedef struct {
    HiMPI_Tune_settings settings; /* defaults from HIMPI_*; options override */
    int_list algs_out; /* of HiMPI_Alg; empty: native */
    int_list algs_in;
    int_list algs;  /* --algs: the same algorithm between and inside groups */
    int_list procs; /* empty: the whole MPI_COMM_WORLD */
    int *groups, ngroups;
    const HiMPI_Search *search;
    cli_measure measure;
    int merge, quiet;
    const char *trace; /* --trace: file of every measurement, or NULL */
} options;

static void usage(void)
{
    cli_say(stdout,
            "Usage: mpiexec -n P himpi-tune [OPTION]...\n"
            "       himpi-tune --check FILE\n"
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
            CLI_PRECISION_HELP
            "      --trace=FILE      write every measurement to FILE: operation, procs,\n"
            "                        size, algorithms, layout, time, ci, repetitions and\n"
            "                        the seconds it took (simulated ones under SimGrid)\n"
            "  -q, --quiet           no progress report and no summary\n"
            "      --check=FILE      validate the table FILE and print it (exit status 1\n"
            "                        if it is malformed)\n"
            "  -h, --help            show this help and exit\n"
            "  -V, --version         show the version and exit\n"
            "\n"
            "LIST is comma-separated; sizes take K, M and G suffixes.  Sizes are bytes per\n"
            "process: reduce and allreduce sum doubles.\n");
}

/* ------------------------------------------------------------ options */

static int add_alg(const char *name, void *ctx)
{
    int_list *l = ctx;
    HiMPI_Alg alg;
    if (HiMPI_Alg_from_name(name, &alg) != MPI_SUCCESS || l->n == MAX_LIST)
        return 0;
    l->list[l->n++] = alg;
    return 1;
}

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
    return MPIB_parse_size(arg, 2147483647LL, out) == MPI_SUCCESS
               ? 1
               : cli_bad(name, arg, "a byte count with an optional K, M or G suffix");
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

/* 0 to go on, otherwise the exit status (-1: stop successfully). */
static int parse(int argc, char **argv, options *o)
{
    static const struct option longopts[] = {
        {"output", required_argument, NULL, 'o'},  {"merge", no_argument, NULL, OPT_MERGE},
        {"ops", required_argument, NULL, OPT_OPS}, {"min-msg", required_argument, NULL, 'm'},
        {"max-msg", required_argument, NULL, 'M'}, {"stride", required_argument, NULL, 's'},
        {"alg-out", required_argument, NULL, OPT_ALG_OUT},
        {"alg-in", required_argument, NULL, OPT_ALG_IN},
        {"algs", required_argument, NULL, OPT_ALGS},
        {"trace", required_argument, NULL, OPT_TRACE},
        {"groups", required_argument, NULL, 'g'},  {"procs", required_argument, NULL, OPT_PROCS},
        {"search", required_argument, NULL, OPT_SEARCH},
        {"levels", required_argument, NULL, OPT_LEVELS},
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
                return cli_bad("--ops", optarg,
                               "bcast, reduce, allreduce, scatter, gather, allgather");
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
            if (!cli_list(optarg, add_alg, c == OPT_ALG_OUT ? &o->algs_out : &o->algs_in))
                return cli_bad(c == OPT_ALG_OUT ? "--alg-out" : "--alg-in", optarg,
                               "algorithm names, see himpi-tune(1)");
            break;
        case OPT_ALGS:
            if (!cli_list(optarg, add_alg, &o->algs))
                return cli_bad("--algs", optarg, "algorithm names, see himpi-tune(1)");
            break;
        case OPT_TRACE:
            if (strlen(optarg) == 0)
                return cli_bad("--trace", optarg, "a file name");
            o->trace = optarg;
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
        case OPT_LEVELS:
            if (!cli_int(optarg, 0, &o->settings.num_levels) ||
                o->settings.num_levels > HIMPI_MAX_LEVELS)
                return cli_bad("--levels", optarg, "an integer from 0 to 8");
            break;
        case 'q': o->quiet = 1; break;
        case OPT_CHECK: return check_file(optarg);
        default:
            if ((rc = cli_measure_option(c, optarg, &o->measure)) != 1)
                return rc == 0 ? 2 : rc;
        }
    }
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

/* ------------------------------------------------------------- tuning */

/* The tasks of one process count: operation x size x algorithm pair. */
typedef struct {
    HiMPI_Tune_task *tasks;
    int n;
} task_list;

static int make_tasks(const options *o, const int *sizes, int nsizes, task_list *l)
{
    l->n = 0;
    l->tasks = malloc((size_t)HIMPI_OP_COUNT * (size_t)nsizes *
                      (size_t)(o->algs.n + o->algs_out.n * o->algs_in.n) * sizeof *l->tasks);
    if (l->tasks == NULL)
        return MPI_ERR_NO_MEM;
    int seg = o->settings.segment_size;
    /* --algs pairs each algorithm with itself; otherwise every pair. */
    int same = o->algs.n > 0;
    const int_list *outs = same ? &o->algs : &o->algs_out, *ins = same ? &o->algs : &o->algs_in;
    for (int op = 0; op < HIMPI_OP_COUNT; op++)
        for (int s = 0; (o->settings.ops & (1u << op)) && s < nsizes; s++)
            for (int a = 0; a < outs->n; a++)
                for (int b = same ? a : 0; b < (same ? a + 1 : ins->n); b++) {
                    HiMPI_Alg out = (HiMPI_Alg)outs->list[a];
                    HiMPI_Alg in = (HiMPI_Alg)ins->list[b];
                    if (HiMPI_Alg_supported((HiMPI_Op)op, out) &&
                        HiMPI_Alg_supported((HiMPI_Op)op, in))
                        l->tasks[l->n++] = (HiMPI_Tune_task){(HiMPI_Op)op, sizes[s], out, in, seg};
                }
    return MPI_SUCCESS;
}

/* Progress on rank 0: rewritten in place on a terminal; elsewhere (a log,
 * or a launcher that pipes rank 0's stderr, as Open MPI does) a line at
 * most every 10 seconds. */
typedef struct {
    double start, last;
    long long done, total; /* rows */
    long long measured;    /* layouts measured, for the summary */
    int show, tty;
} progress;

static void report(progress *pr, const HiMPI_Row *row)
{
    double now = MPI_Wtime();
    if (!pr->show || (!pr->tty && now - pr->last < 10.0 && pr->done < pr->total))
        return;
    pr->last = now;
    double elapsed = now - pr->start;
    double left = pr->done > 0 ? elapsed * (double)(pr->total - pr->done) / (double)pr->done : 0;
    fprintf(stderr, "%shimpi-tune: %3.0f%% done, about %.0f s left (%s p=%d size=%lld)%s",
            pr->tty ? "\r" : "", 100.0 * (double)pr->done / (double)pr->total, left,
            HiMPI_Op_name(row->op), row->procs, row->msg_size, pr->tty ? "   " : "\n");
    fflush(stderr);
}

/* Where the trace goes: rank 0's file, and the process count tuned. */
typedef struct {
    FILE *file;
    int procs;
} tracer;

/* One line of the trace per measurement, on rank 0. */
static void trace(void *ctx, const HiMPI_Tune_task *task, const HiMPI_Candidate *c,
                  const MPIB_result *r, double seconds)
{
    HiMPI_Row row = {.levels = c->levels};
    for (int i = 0; i < c->levels; i++) {
        row.groups[i] = c->groups[i];
        row.hw[i] = c->groups[i] == 0 ? c->hw[i] : HIMPI_HW_NODE;
    }
    char layout[HIMPI_LAYOUT_MAX];
    HiMPI_Row_layout(&row, layout, sizeof layout);
    const tracer *t = ctx;
    fprintf(t->file, "%-9s %6d %10d %-22s %-22s %-10s %14.3f %12.3f %5d %12.6f\n",
            HiMPI_Op_name(task->op), t->procs, task->msg_size, HiMPI_Alg_name(task->alg_out),
            HiMPI_Alg_name(task->alg_in), layout, r->T * 1e6, r->ci * 1e6, r->reps, seconds);
    fflush(t->file);
}

/* Tunes every task on the first n processes (collective over them). */
static int tune_procs(const options *o, MPI_Comm comm, const task_list *l, progress *pr,
                      HiMPI_Table *out, FILE *tracefile)
{
    tracer tr = {tracefile, 0};
    MPI_Comm_size(comm, &tr.procs);
    MPI_Comm work = MPI_COMM_NULL;
    HiMPI_Tuner tuner = {o->measure.precision, o->groups, o->ngroups, o->settings.num_levels,
                         o->search, tracefile != NULL ? trace : NULL, &tr,
                         HiMPI_Tune_memory_new(), &work, 0};
    if (tuner.memory == NULL)
        return MPI_ERR_NO_MEM;
    int rc = MPI_Comm_dup(comm, &work);
    for (int i = 0; rc == MPI_SUCCESS && i < l->n; i++) {
        HiMPI_Row row;
        int measured = 0;
        rc = HiMPI_Tune(comm, &tuner, &l->tasks[i], &row, &measured);
        pr->measured += measured;
        if (rc == MPI_SUCCESS && HiMPI_Table_put(out, &row) != 0)
            rc = MPI_ERR_NO_MEM;
        if (rc == MPI_SUCCESS) {
            pr->done++;
            report(pr, &row);
        }
    }
    if (work != MPI_COMM_NULL)
        MPI_Comm_free(&work);
    HiMPI_Tune_memory_free(tuner.memory);
    return rc;
}

static void summary(const HiMPI_Table *t)
{
    printf("%-10s %6s %10s %-34s %-14s %12s %12s %8s\n", "operation", "procs", "size",
           "algorithms (between/inside)", "best layout", "time (us)", "flat (us)", "speedup");
    for (size_t i = 0; i < t->nrows; i++) {
        const HiMPI_Row *r = &t->rows[i];
        char algs[64], layout[128];
        snprintf(algs, sizeof algs, "%s/%s", HiMPI_Alg_name(r->alg_out), HiMPI_Alg_name(r->alg_in));
        HiMPI_Row_layout(r, layout, sizeof layout);
        printf("%-10s %6d %10lld %-34s %-14s %12.2f %12.2f %8.2f\n", HiMPI_Op_name(r->op),
               r->procs, r->msg_size, algs, layout, r->time * 1e6, r->flat_time * 1e6,
               r->time > 0 ? r->flat_time / r->time : 1.0);
    }
}

/* Rank 0 writes the table; every rank learns whether it worked. */
static int write_table(const options *o, HiMPI_Table *t, const progress *pr)
{
    HiMPI_Table_header_fill(MPI_COMM_WORLD, &o->measure.precision, &t->header);
    int ok = 1;
    if (cli_rank() == 0) {
        char err[4352];
        int rc = o->merge ? HiMPI_Table_save(o->settings.conf_file, t, err, sizeof err)
                          : HiMPI_Table_write(o->settings.conf_file, t, err, sizeof err);
        if (rc != 0) {
            fprintf(stderr, "himpi-tune: %s\n", err);
            ok = 0;
        } else if (!o->quiet) {
            summary(t);
            printf("himpi-tune: wrote %zu rows to %s; %lld layouts measured (%s search) in "
                   "%.1f s\n",
                   t->nrows, o->settings.conf_file, pr->measured, HiMPI_Search_name(o->search),
                   MPI_Wtime() - pr->start);
        }
    }
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return ok ? 0 : 1;
}

/* Opens the trace on rank 0 and writes its header; every rank learns
 * whether that worked: 0, or 1 after reporting. */
static int open_trace(const options *o, FILE **file)
{
    int ok = 1;
    if (o->trace != NULL && cli_rank() == 0) {
        *file = fopen(o->trace, "w");
        ok = *file != NULL;
        if (ok)
            fprintf(*file, "# himpi-tune %s trace: one line per measurement (times in us, "
                           "seconds by MPI_Wtime)\n# %-7s %6s %10s %-22s %-22s %-10s %14s "
                           "%12s %5s %12s\n",
                    PACKAGE_VERSION, "op", "procs", "size", "alg_out", "alg_in", "layout",
                    "time_us", "ci_us", "reps", "seconds");
        else
            perror(o->trace);
    }
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return ok ? 0 : 1;
}

static int run(const options *o)
{
    MPIB_msgset set = {(int)o->settings.min_msg, (int)o->settings.max_msg,
                       o->settings.msg_stride};
    int nsizes, sizes[64];
    MPIB_msgset_sizes(&set, &nsizes, NULL);
    if (nsizes > 64) {
        cli_say(stderr, "himpi-tune: %d message sizes are too many (at most 64)\n", nsizes);
        return 2;
    }
    MPIB_msgset_sizes(&set, &nsizes, sizes);
    FILE *tracefile = NULL;
    if (open_trace(o, &tracefile) != 0)
        return 1;
    task_list l;
    if (make_tasks(o, sizes, nsizes, &l) != MPI_SUCCESS) {
        cli_say(stderr, "himpi-tune: out of memory\n");
        if (tracefile != NULL)
            fclose(tracefile);
        return 1;
    }
    progress pr = {MPI_Wtime(), MPI_Wtime(), 0, 0, 0, !o->quiet && cli_rank() == 0,
                   isatty(STDERR_FILENO)};
    for (int i = 0; i < o->procs.n; i++)
        pr.total += l.n;
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    int rank = cli_rank(), rc = MPI_SUCCESS;
    for (int i = 0; i < o->procs.n && rc == MPI_SUCCESS; i++) {
        MPI_Comm comm;
        MPI_Comm_split(MPI_COMM_WORLD, rank < o->procs.list[i] ? 0 : MPI_UNDEFINED, rank, &comm);
        if (comm != MPI_COMM_NULL) {
            rc = tune_procs(o, comm, &l, &pr, &t, tracefile);
            MPI_Comm_free(&comm);
        }
        /* Ranks outside the sub-communicator learn how it went. */
        MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    if (pr.show && pr.tty)
        fprintf(stderr, "\n");
    if (tracefile != NULL) {
        fprintf(tracefile, "# %lld measurements (%s search) in %.6f s%s\n", pr.measured,
                HiMPI_Search_name(o->search), MPI_Wtime() - pr.start,
                rc == MPI_SUCCESS ? "" : ", failed");
        fclose(tracefile);
    }
    free(l.tasks);
    int status = 1;
    if (rc != MPI_SUCCESS) {
        char msg[MPI_MAX_ERROR_STRING];
        int len;
        MPI_Error_string(rc, msg, &len);
        cli_say(stderr, "himpi-tune: tuning failed: %s\n", msg);
    } else {
        status = write_table(o, &t, &pr);
    }
    HiMPI_Table_free(&t);
    return status;
}

int main(int argc, char **argv)
{
    options o = {0};
    int status = cli_init(&argc, &argv, "himpi-tune", usage, &o.measure);
    if (status == 0)
        status = parse(argc, argv, &o);
    if (status == 0) {
        MPIB_set_wait_policy(o.measure.wait);
        status = run(&o);
    }
    free(o.groups);
    /* Releases HiMPI's communicators while MPI still runs: SimGrid's SMPI
     * refuses MPI calls from the attribute callbacks of MPI_Finalize. */
    HiMPI_Finalize();
    MPI_Finalize();
    return status < 0 ? 0 : status;
}

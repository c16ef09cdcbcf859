/* cli.c: shared parts of the command-line tools. */
#include <config.h>

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int rank;
static const char *program;
static void (*usage_text)(void);

int cli_init(int *argc, char ***argv, const char *name, void (*usage)(void), cli_measure *m)
{
    MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    program = name;
    usage_text = usage;
    *m = (cli_measure){MPIB_precision_default(), MPIB_WAIT_BLOCKING, MPIB_METHOD_MAX, 0};
    /* getopt reports unknown options itself; keep that to rank 0. */
    opterr = rank == 0;
    char err[256];
    if (HiMPI_Wait_policy_from_env(&m->wait, err, sizeof err) != 0) {
        cli_say(stderr, "%s: %s\n", program, err);
        return 2;
    }
    return 0;
}

void cli_name(const char *name)
{
    program = name;
}

const char *cli_program(void)
{
    return program;
}

int cli_rank(void)
{
    return rank;
}

void cli_say(FILE *f, const char *fmt, ...)
{
    if (rank != 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
}

const char *cli_join(const char *prefix, const char *const *names, int n, int width)
{
    static char text[512];
    size_t at = (size_t)snprintf(text, sizeof text, "%s", prefix), line = 0;
    for (int i = 0; (n < 0 || i < n) && names[i] != NULL && at < sizeof text; i++) {
        const char *gap = i == 0 ? "" : ", ";
        /* The name, its comma or full stop, on this line or the next. */
        if (width > 0 && i > 0 && at - line + strlen(names[i]) + 3 > (size_t)width) {
            gap = ",\n";
            line = at + 2;
        }
        at += (size_t)snprintf(text + at, sizeof text - at, "%s%s", gap, names[i]);
    }
    return text;
}

int cli_bad(const char *option, const char *value, const char *accepted)
{
    cli_say(stderr, "%s: invalid %s '%s' (accepted: %s)\n", program, option, value, accepted);
    return 2;
}

int cli_int(const char *text, int min, int *out)
{
    long long v;
    if (MPIB_parse_size(text, INT_MAX, &v) != MPI_SUCCESS || v < min)
        return 0;
    *out = (int)v;
    return 1;
}

int cli_double(const char *text, double *out)
{
    char *end;
    *out = strtod(text, &end);
    return end != text && *end == '\0';
}

int cli_seconds(const char *text, double unit, double *out)
{
    double v;
    if (!cli_double(text, &v) || !(v >= 0) || isinf(v))
        return 0;
    *out = v * unit;
    return 1;
}

int cli_measure_option(int c, const char *arg, cli_measure *m)
{
    MPIB_precision *p = &m->precision;
    switch (c) {
    case CLI_MIN_REPS:
        return cli_int(arg, 1, &p->min_reps) ? 1 : cli_bad("--min-reps", arg, "an integer >= 1");
    case CLI_MAX_REPS:
        return cli_int(arg, 1, &p->max_reps) ? 1 : cli_bad("--max-reps", arg, "an integer >= 1");
    case CLI_CL:
        return cli_double(arg, &p->cl) && p->cl > 0 && p->cl < 1
                   ? 1
                   : cli_bad("--cl", arg, "a number between 0 and 1, e.g. 0.95");
    case CLI_EPS:
        return cli_double(arg, &p->eps) && p->eps > 0
                   ? 1
                   : cli_bad("--eps", arg, "a positive number, e.g. 0.025");
    case CLI_WAIT:
        return MPIB_wait_policy_parse(arg, &m->wait) == MPI_SUCCESS
                   ? 1
                   : cli_bad("--wait", arg, "blocking, yield");
    case 't':
        return MPIB_method_parse(arg, &m->method) == MPI_SUCCESS
                   ? 1
                   : cli_bad("--method", arg, "max, root, global");
    case 'r':
        return cli_int(arg, 0, &m->root) ? 1 : cli_bad("--root", arg, "a rank of MPI_COMM_WORLD");
    case 'h':
        usage_text();
        return -1;
    case 'V':
        cli_say(stdout, "%s (%s) %s\n", program, PACKAGE_NAME, PACKAGE_VERSION);
        return -1;
    case '?': /* getopt has said what is wrong */
        cli_say(stderr, "Try '%s --help' for more information.\n", program);
        return 2;
    default:
        return 0;
    }
}

int cli_measure_check(int argc, char **argv, const cli_measure *m)
{
    int p;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (optind < argc)
        cli_say(stderr, "%s: unexpected argument '%s'\n", program, argv[optind]);
    else if (m->root >= p)
        cli_say(stderr, "%s: --root %d is not a rank of the %d processes\n", program, m->root,
                p);
    else if (m->precision.max_reps < m->precision.min_reps)
        cli_say(stderr, "%s: --max-reps %d is smaller than --min-reps %d\n", program,
                m->precision.max_reps, m->precision.min_reps);
    else
        return 0;
    return 2;
}

int cli_list(const char *text, int (*item)(const char *element, void *ctx), void *ctx)
{
    if (text == NULL || *text == '\0')
        return 0;
    char *copy = strdup(text), *save = NULL;
    int ok = copy != NULL;
    for (char *e = copy == NULL ? NULL : strtok_r(copy, ",", &save); ok && e != NULL;
         e = strtok_r(NULL, ",", &save))
        ok = item(e, ctx);
    free(copy);
    return ok;
}

typedef struct {
    int min, max, room, *out, n;
} int_list;

static int add_int(const char *text, void *ctx)
{
    int_list *l = ctx;
    return l->n < l->room && cli_int(text, l->min, &l->out[l->n]) && l->out[l->n++] <= l->max;
}

int cli_int_list(const char *text, int min, int max, int room, int *out, int *n)
{
    int_list l = {min, max, room, out, 0};
    int ok = cli_list(text, add_int, &l);
    *n = l.n;
    return ok;
}

int cli_result(const cli_measure *m, MPIB_coll_container *container, int M, MPIB_result *r)
{
    int rc = container == NULL ? MPI_ERR_NO_MEM
                               : MPIB_measure(m->method, container, MPI_COMM_WORLD, m->root, M,
                                              &m->precision, r);
    if (rc != MPI_SUCCESS) {
        cli_mpi_error("measurement", rc);
        return -1;
    }
    return 0;
}

double cli_time(const cli_measure *m, MPIB_coll_container *container, int M)
{
    MPIB_result r;
    int rc = cli_result(m, container, M, &r);
    MPIB_coll_container_free(container);
    return rc == 0 ? r.T : -1;
}

void cli_mpi_error(const char *what, int rc)
{
    char text[MPI_MAX_ERROR_STRING];
    int len;
    MPI_Error_string(rc, text, &len);
    cli_say(stderr, "%s: %s failed: %s\n", program, what, text);
}

const char *cli_mpi_library(void)
{
    static char library[MPI_MAX_LIBRARY_VERSION_STRING];
    int len;
    MPI_Get_library_version(library, &len);
    library[strcspn(library, "\n")] = '\0';
    return library;
}

void cli_preamble(const cli_measure *m)
{
    int p;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    const MPIB_precision *pr = &m->precision;
    cli_say(stdout, "# %s %s: %d processes, root %d, %s timing, %s waits\n", program,
            PACKAGE_VERSION, p, m->root, MPIB_method_name(m->method),
            MPIB_wait_policy_name(m->wait));
    cli_say(stdout, "# MPI: %s\n", cli_mpi_library());
    cli_say(stdout, "# precision: %d to %d repetitions, %g confidence, eps %g; times in "
                    "microseconds\n", pr->min_reps, pr->max_reps, pr->cl, pr->eps);
}

void cli_time_text(double t, double ci, char *buf, size_t len)
{
    if (t < 0)
        snprintf(buf, len, "-");
    else if (ci < 0)
        snprintf(buf, len, "%.2f", t * 1e6);
    else
        snprintf(buf, len, "%.2f +- %.2f", t * 1e6, ci * 1e6);
}

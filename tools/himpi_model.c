/* himpi-model: Hockney-model predictions for HiMPI's hierarchical
 * collectives, and the fit of the model's alpha and beta to a ping-pong.
 * A plain program: it computes, it does not communicate. */
#include <config.h>

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_names.h"
#include "himpi_tune.h"

enum { MAX_ITEMS = 64, OPT_ALPHA = 1000, OPT_BETA, OPT_GAMMA, OPT_SEGMENT, OPT_CURVE, OPT_FIT };

typedef struct {
    HiMPI_Op op;
    int algs[HIMPI_ALG_COUNT], nalgs;
    int sizes[MAX_ITEMS], nsizes;
    int procs;
    int segment;
    HiMPI_Hockney net;
    int curve;
    const char *fit; /* the ping-pong file to fit, "-" for stdin */
} options;

static void usage(void)
{
    printf("Usage: himpi-model [OPTION]...\n"
           "       himpi-model --fit=FILE\n"
           "Predict, in Hockney's model, the time of HiMPI's hierarchical collectives for\n"
           "every number of groups, the best number and the speedup over the flat\n"
           "algorithm; or fit the model's alpha and beta to a ping-pong.\n"
           "\n"
           "  -o, --op=NAME         the operation, below (default: bcast)\n"
           "  -a, --algs=LIST       algorithms, each between and inside groups (default:\n"
           "                        every one of the operation's that has a formula)\n"
           "  -p, --procs=P         number of processes (default 128)\n"
           "  -s, --sizes=LIST      message sizes in bytes, K/M/G suffixes (default:\n"
           "                        16K,16M); as in himpi-tune: per process for scatter,\n"
           "                        gather, allgather and their v-variants, per pair for\n"
           "                        alltoall\n"
           "      --alpha=US        latency in microseconds (default 5)\n"
           "      --beta=NS         time per byte in nanoseconds (default 1)\n"
           "      --gamma=NS        reduction time per byte in nanoseconds (default 0)\n"
           "      --segment=BYTES   segment size of pipelined algorithms (default 32K)\n"
           "      --curve           print the time at every number of groups\n"
           "      --fit=FILE        fit alpha and beta to the output of\n"
           "                        'mpib-measure --op pingpong' (- for standard input)\n"
           "  -h, --help            show this help and exit\n"
           "  -V, --version         show the version and exit\n"
           "\n"
           "%s.\n",
           cli_op_names("Operations: ", 80));
}

/* 0 to go on, -1 to stop successfully, otherwise the exit status. */
static int parse(int argc, char **argv, options *o)
{
    static const struct option longopts[] = {
        {"op", required_argument, NULL, 'o'},        {"algs", required_argument, NULL, 'a'},
        {"procs", required_argument, NULL, 'p'},     {"sizes", required_argument, NULL, 's'},
        {"alpha", required_argument, NULL, OPT_ALPHA},
        {"beta", required_argument, NULL, OPT_BETA}, {"gamma", required_argument, NULL, OPT_GAMMA},
        {"segment", required_argument, NULL, OPT_SEGMENT},
        {"curve", no_argument, NULL, OPT_CURVE},     {"fit", required_argument, NULL, OPT_FIT},
        {"help", no_argument, NULL, 'h'},            {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "o:a:p:s:hV", longopts, NULL)) != -1) {
        switch (c) {
        case 'o':
            if (HiMPI_Op_from_name(optarg, &o->op) != MPI_SUCCESS)
                return cli_bad("--op", optarg, cli_op_names("", 0));
            break;
        case 'a':
            if (!cli_alg_list(optarg, o->algs, &o->nalgs))
                return cli_bad("--algs", optarg, "algorithm names, see himpi-model(1)");
            break;
        case 'p':
            if (!cli_int(optarg, 1, &o->procs))
                return cli_bad("--procs", optarg, "an integer >= 1");
            break;
        case 's':
            if (!cli_int_list(optarg, 0, INT_MAX, MAX_ITEMS, o->sizes, &o->nsizes))
                return cli_bad("--sizes", optarg, "a list of at most 64 byte counts, e.g. 16K");
            break;
        case OPT_ALPHA:
            if (!cli_seconds(optarg, 1e-6, &o->net.alpha))
                return cli_bad("--alpha", optarg, "microseconds, >= 0");
            break;
        case OPT_BETA:
            if (!cli_seconds(optarg, 1e-9, &o->net.beta))
                return cli_bad("--beta", optarg, "nanoseconds per byte, >= 0");
            break;
        case OPT_GAMMA:
            if (!cli_seconds(optarg, 1e-9, &o->net.gamma))
                return cli_bad("--gamma", optarg, "nanoseconds per byte, >= 0");
            break;
        case OPT_SEGMENT:
            if (!cli_int(optarg, 1, &o->segment))
                return cli_bad("--segment", optarg, "a byte count >= 1");
            break;
        case OPT_CURVE: o->curve = 1; break;
        case OPT_FIT: o->fit = optarg; break;
        case 'h': usage(); return -1;
        case 'V': printf("himpi-model (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION); return -1;
        default: fprintf(stderr, "Try 'himpi-model --help' for more information.\n"); return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "himpi-model: unexpected argument '%s'\n", argv[optind]);
        return 2;
    }
    if (o->nalgs == 0)
        for (int a = 0; a < HIMPI_ALG_COUNT; a++)
            if (!isnan(HiMPI_Model_flat(o->op, (HiMPI_Alg)a, 2, 1, 0, &o->net)))
                o->algs[o->nalgs++] = a;
    for (int i = 0; i < o->nalgs; i++)
        if (isnan(HiMPI_Model_flat(o->op, (HiMPI_Alg)o->algs[i], 2, 1, 0, &o->net))) {
            fprintf(stderr, "himpi-model: %s has no formula for %s (see himpi-model(1))\n",
                    HiMPI_Alg_name((HiMPI_Alg)o->algs[i]), HiMPI_Op_name(o->op));
            return 2;
        }
    return 0;
}

/* ---------------------------------------------------------------- fit */

/* Reads "bytes round-trip-us ..." lines ('#' starts a comment) and fits
 * the one-way times. */
static int fit(const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "himpi-model: %s: %s\n", path, strerror(errno));
        return 1;
    }
    double m[4096], t[4096];
    int n = 0, line = 0, status = 0;
    char text[1024];
    while (status == 0 && fgets(text, sizeof text, f) != NULL) {
        line++;
        char *hash = strchr(text, '#');
        if (hash != NULL)
            *hash = '\0';
        if (strspn(text, " \t\r\n") == strlen(text))
            continue;
        double bytes, us;
        if (sscanf(text, "%lf %lf", &bytes, &us) != 2 || bytes < 0 || us < 0) {
            fprintf(stderr, "himpi-model: %s:%d: expected a size in bytes and a time in us\n",
                    path, line);
            status = 1;
        } else if (n == (int)(sizeof m / sizeof m[0])) {
            fprintf(stderr, "himpi-model: %s: more than %d sizes\n", path, n);
            status = 1;
        } else {
            m[n] = bytes;
            t[n++] = us * 1e-6 / 2;
        }
    }
    if (f != stdin)
        fclose(f);
    HiMPI_Hockney h = {0, 0, 0};
    if (status == 0 && HiMPI_Model_fit(m, t, n, &h) != 0) {
        fprintf(stderr, "himpi-model: %s: need two different sizes to fit a line\n", path);
        status = 1;
    }
    if (status != 0)
        return status;
    printf("# Hockney fit of %d ping-pong sizes from %.0f to %.0f bytes (one way: half the "
           "round trip)\n# %12s %14s %14s %9s\n",
           n, m[0], m[n - 1], "bytes", "one-way(us)", "model(us)", "residual");
    double worst = 0, worst_m = m[0];
    for (int i = 0; i < n; i++) {
        double model = h.alpha + m[i] * h.beta, r = (t[i] - model) / model;
        if (fabs(r) > fabs(worst))
            worst = r, worst_m = m[i];
        printf("# %12.0f %14.3f %14.3f %8.2f%%\n", m[i], t[i] * 1e6, model * 1e6, 100 * r);
    }
    printf("# largest residual %.2f%% at %.0f bytes\n# alpha_us beta_ns  (%.3f GB/s)\n"
           "%.4f %.6f\n",
           100 * worst, worst_m, h.beta > 0 ? 1e-9 / h.beta : INFINITY, h.alpha * 1e6,
           h.beta * 1e9);
    return 0;
}

/* ------------------------------------------------------------ predict */

static void predict(const options *o)
{
    const HiMPI_Hockney *h = &o->net;
    printf("# himpi-model %s: %s on %d processes, alpha %g us, beta %g ns/B, gamma %g ns/B, "
           "segment %d\n",
           PACKAGE_VERSION, HiMPI_Op_name(o->op), o->procs, h->alpha * 1e6, h->beta * 1e9,
           h->gamma * 1e9, o->segment);
    if (o->curve)
        printf("# %-20s %10s %6s %14s\n", "algorithm", "bytes", "g", "time(us)");
    else
        printf("# %-20s %10s %14s %6s %14s %8s %14s\n", "algorithm", "bytes", "flat(us)",
               "best-g", "hier(us)", "speedup", "bound(us)");
    for (int a = 0; a < o->nalgs; a++)
        for (int s = 0; s < cli_op_nsizes(o->op, o->nsizes); s++) {
            HiMPI_Alg alg = (HiMPI_Alg)o->algs[a];
            int p = o->procs, m = cli_op_size(o->op, o->sizes, s);
            if (o->curve) {
                for (int g = 1; g <= p; g++)
                    printf("  %-20s %10d %6d %14.3f\n", HiMPI_Alg_name(alg), m, g,
                           HiMPI_Model_hier(o->op, alg, alg, p, g, m, o->segment, h) * 1e6);
                continue;
            }
            double flat = HiMPI_Model_flat(o->op, alg, p, m, o->segment, h);
            int g = HiMPI_Model_best_groups(o->op, alg, alg, p, m, o->segment, h);
            double best = HiMPI_Model_hier(o->op, alg, alg, p, g, m, o->segment, h);
            printf("  %-20s %10d %14.3f %6d %14.3f %8.2f %14.3f\n", HiMPI_Alg_name(alg), m,
                   flat * 1e6, g, best * 1e6, best > 0 ? flat / best : 1.0,
                   HiMPI_Model_bound(o->op, p, m, h) * 1e6);
        }
}

int main(int argc, char **argv)
{
    options o = {.op = HIMPI_OP_BCAST, .sizes = {16384, 16 << 20}, .nsizes = 2, .procs = 128,
                 .segment = HIMPI_SEGMENT_DEFAULT, .net = {5e-6, 1e-9, 0}};
    cli_name("himpi-model");
    int status = parse(argc, argv, &o);
    if (status != 0)
        return status < 0 ? 0 : status;
    if (o.fit != NULL)
        return fit(o.fit);
    predict(&o);
    return 0;
}

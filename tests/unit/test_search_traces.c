/* test_search_traces: the search strategies on measured curves.  The
 * exhaustive tuning runs of the benchmark report (doc/benchmarks/data/
 * *-exhaustive.trace: every candidate of every size, measured under
 * SimGrid on the Graphene-like cluster) are replayed: a strategy asks for
 * a candidate and gets the time that run measured for it.  In every cell
 * (operation, processes, algorithms, size) the guided search must choose a
 * layout whose measured time is within 3 % of the best of all; over the
 * sizes that follow a sequence's first, where it measures every candidate
 * as the exhaustive search does, it must take at most a tenth of the
 * exhaustive search's simulated time.  Its overlap step then gets, for a
 * candidate overlapped, the time measured without, moved by up to its
 * half-width either way (the drivers that ran those traces had no
 * overlap, as a measurement of the same plan again): it must keep overlap
 * 0 in every cell.  A trace still being written (no closing
 * "# N measurements" line yet) is left out. */
#include <config.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune/tune.h"
#include "unit.h"

enum { MAX_CELL = 4096 };

/* One cell of a trace: its candidates in the order measured, which is
 * the order himpi_candidates gives. */
typedef struct {
    char key[256]; /* op procs size alg_out alg_in */
    HiMPI_Candidate c[MAX_CELL];
    char layout[MAX_CELL][128]; /* as the trace names it, for the report */
    MPIB_result r[MAX_CELL];
    double seconds[MAX_CELL];
    int n;
} cell;

/* What a replayed search asked for. */
typedef struct {
    const cell *cl;
    int measured;
    double seconds;   /* simulated, cut measurements scaled by their repetitions */
    MPIB_result *got; /* by candidate, what the search got (M < 0: not asked) */
} replay;

/* Deterministic noise in [-1, 1] for a candidate and an overlap. */
static double noise(int i, int x)
{
    unsigned v = (unsigned)i * 2654435761u ^ (unsigned)x * 40503u;
    v ^= v >> 13;
    v *= 0x5bd1e995u;
    v ^= v >> 15;
    return (v % 20001u) / 10000.0 - 1.0;
}

static int replay_measure(void *ctx, int i, int overlap, double bound, MPIB_result *r)
{
    replay *rp = ctx;
    ck_assert_int_ge(i, 0);
    ck_assert_int_lt(i, rp->cl->n);
    *r = rp->cl->r[i];
    r->T += overlap > 0 ? r->ci * noise(i, overlap) : 0;
    rp->measured++;
    /* A bound below the interval would have stopped the run after two of
     * its repetitions (and the untimed first run). */
    double share = 1;
    if (overlap == 0 && r->T - r->ci > bound && r->reps > 2) {
        share = 3.0 / (r->reps + 1);
        r->reps = 2;
        r->converged = 0;
    }
    rp->seconds += share * rp->cl->seconds[i];
    if (overlap == 0)
        rp->got[i] = *r;
    return MPI_SUCCESS;
}

static int parse_layout(const char *text, HiMPI_Candidate *c)
{
    *c = (HiMPI_Candidate){0};
    char copy[128];
    snprintf(copy, sizeof copy, "%s", text);
    for (char *save = NULL, *level = strtok_r(copy, "/", &save); level != NULL;
         level = strtok_r(NULL, "/", &save)) {
        if (c->levels == HIMPI_MAX_LEVELS)
            return 0;
        HiMPI_Hwlevel hw;
        if (strspn(level, "0123456789") == strlen(level))
            c->groups[c->levels++] = atoi(level);
        else if (HiMPI_Hwlevel_from_name(level, &hw) == MPI_SUCCESS)
            c->hw[c->levels++] = hw;
        else
            return 0;
    }
    return c->levels > 0;
}

/* Reads the next cell of f into cl; 0 at the end. */
static int next_cell(FILE *f, cell *cl, char *pending, size_t len)
{
    cl->n = 0;
    cl->key[0] = '\0';
    do {
        if (pending[0] == '#' || pending[0] == '\0')
            continue;
        char op[32], out[32], in[32], layout[128];
        int procs, size, reps;
        double us, ci_us, seconds;
        ck_assert_int_eq(sscanf(pending, "%31s %d %d %31s %31s %127s %lf %lf %d %lf", op, &procs,
                                &size, out, in, layout, &us, &ci_us, &reps, &seconds),
                         10);
        char key[256];
        snprintf(key, sizeof key, "%s %d %d %s %s", op, procs, size, out, in);
        if (cl->n > 0 && strcmp(key, cl->key) != 0)
            return 1; /* pending starts the next cell */
        ck_assert_int_lt(cl->n, MAX_CELL);
        strcpy(cl->key, key);
        ck_assert_msg(parse_layout(layout, &cl->c[cl->n]), "layout %s", layout);
        snprintf(cl->layout[cl->n], sizeof cl->layout[cl->n], "%s", layout);
        cl->r[cl->n] = (MPIB_result){.M = size, .T = us * 1e-6, .wtick = 1e-9, .reps = reps,
                                     .ci = ci_us * 1e-6, .converged = 1};
        cl->seconds[cl->n++] = seconds;
    } while (fgets(pending, (int)len, f) != NULL);
    pending[0] = '\0';
    return cl->n > 0;
}

/* Whether the run that wrote the trace at path finished: himpi-tune
 * closes a trace with a comment line "# N measurements ...". */
static int finished(const char *path)
{
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "%s", path);
    char line[1024], last[1024] = "";
    while (fgets(line, sizeof line, f) != NULL)
        strcpy(last, line);
    fclose(f);
    return strncmp(last, "# ", 2) == 0 && strstr(last, " measurements ") != NULL;
}

/* Totals over the cells of every trace. */
typedef struct {
    int cells, worse;         /* cells, and cells chosen more than 3 % off */
    int costly;               /* sequences whose later sizes took guided over a tenth */
    double worst;             /* the largest chosen / best time */
    long exhaustive, guided;  /* measurements */
    double t_exhaustive, t_guided; /* simulated seconds */
    double first_exhaustive, first_guided; /* ... of a sequence's first size */
    long overlapped;          /* the overlap step's measurements */
    double t_overlapped;      /* and their simulated seconds, bounds not applied */
    int chose_overlap;        /* cells where the overlap step chose one */
} totals;

/* Replays the guided search on cell cl; previous holds the results it
 * got at the sequence's previous size (NULL at the first), and receives
 * this size's. */
static void check_cell(const cell *cl, MPIB_result *previous, int first, totals *t)
{
    int best = 0;
    double sum = 0;
    for (int i = 0; i < cl->n; i++) {
        sum += cl->seconds[i];
        if (cl->r[i].T < cl->r[best].T)
            best = i;
    }
    replay rp = {cl, 0, 0, NULL};
    rp.got = malloc((size_t)cl->n * sizeof *rp.got);
    ck_assert(rp.got != NULL);
    for (int i = 0; i < cl->n; i++)
        rp.got[i].M = -1;
    himpi_history history = {first ? NULL : previous};
    int chosen = -1;
    MPIB_result result;
    ck_assert_int_eq(himpi_search_guided.choose(cl->c, cl->n, &history, replay_measure, &rp,
                                                &chosen, &result),
                     MPI_SUCCESS);
    memcpy(previous, rp.got, (size_t)cl->n * sizeof *previous);
    int measured = rp.measured;
    double seconds = rp.seconds;
    /* The overlap step, where the operation's levels overlap: not at a
     * flat layout (g = 1 or g = procs). */
    char op[32];
    int procs, size;
    sscanf(cl->key, "%31s %d %d", op, &procs, &size);
    HiMPI_Op operation;
    ck_assert_int_eq(HiMPI_Op_from_name(op, &operation), MPI_SUCCESS);
    int sizes[HIMPI_OVERLAP_SIZES_MAX];
    char *allowed = calloc((size_t)cl->n, 1);
    ck_assert_ptr_nonnull(allowed);
    for (int i = 0; i < cl->n; i++)
        allowed[i] = HiMPI_Op_overlaps(operation) &&
                     !(cl->c[i].levels == 1 && (cl->c[i].groups[0] == 1 ||
                                                cl->c[i].groups[0] >= procs));
    himpi_overlaps ov = {sizes, himpi_overlap_sizes(size, NULL, 0, 1, sizes), allowed,
                         HIMPI_TUNE_MIN_EFFECT};
    himpi_overlap_choice over;
    ck_assert_int_eq(himpi_search_guided.overlap(cl->c, cl->n, &ov, chosen, &result,
                                                 replay_measure, &rp, &over),
                     MPI_SUCCESS);
    free(allowed);
    t->overlapped += rp.measured - measured;
    t->t_overlapped += rp.seconds - seconds;
    t->chose_overlap += over.overlap != 0;
    rp.measured = measured;
    rp.seconds = seconds;
    free(rp.got);
    double ratio = cl->r[chosen].T / cl->r[best].T;
    t->cells++;
    t->worse += ratio > 1.03;
    t->worst = ratio > t->worst ? ratio : t->worst;
    t->exhaustive += cl->n;
    t->guided += rp.measured;
    t->t_exhaustive += sum;
    t->t_guided += rp.seconds;
    printf("# %-40s best %-4s of %4d, guided %-4s after %3d: %.4f, %5.1fx less time\n", cl->key,
           cl->layout[best], cl->n, cl->layout[chosen], rp.measured, ratio, sum / rp.seconds);
}

/* Reports a sequence and adds it to the totals: after the first size the
 * guided search must take at most a tenth of the exhaustive search's
 * simulated time (the cost of a measurement cut short is estimated from
 * its share of the repetitions, which leaves out its set-up).  The first
 * size is left out of that bound because both searches measure every
 * candidate there: over a sequence of few sizes it dominates (at p = 512,
 * three sizes, one of them every g of 512), and the whole sequence's
 * ratio is printed. */
static void sequence_done(const char *key, totals *seq, totals *t)
{
    if (seq->cells == 0)
        return;
    double less = seq->t_exhaustive / seq->t_guided;
    double later = seq->cells > 1 ? (seq->t_exhaustive - seq->first_exhaustive) /
                                        (seq->t_guided - seq->first_guided)
                                  : INFINITY;
    printf("# sequence %s: %d sizes, %ld of %ld measurements, %.1fx less simulated time, "
           "%.1fx after the first size\n",
           key, seq->cells, seq->guided, seq->exhaustive, less, later);
    t->cells += seq->cells;
    t->worse += seq->worse;
    t->worst = seq->worst > t->worst ? seq->worst : t->worst;
    t->exhaustive += seq->exhaustive;
    t->guided += seq->guided;
    t->t_exhaustive += seq->t_exhaustive;
    t->t_guided += seq->t_guided;
    t->overlapped += seq->overlapped;
    t->t_overlapped += seq->t_overlapped;
    t->chose_overlap += seq->chose_overlap;
    t->costly += later < 10;
    *seq = (totals){0};
}

START_TEST(guided_on_graphene)
{
    DIR *dir = opendir(HIMPI_BENCH_DATA);
    ck_assert_msg(dir != NULL, "no directory %s", HIMPI_BENCH_DATA);
    totals t = {0};
    static cell cl;
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len < 17 || strcmp(e->d_name + len - 17, "-exhaustive.trace") != 0)
            continue;
        char path[4096], pending[1024] = "";
        snprintf(path, sizeof path, "%s/%s", HIMPI_BENCH_DATA, e->d_name);
        if (!finished(path)) {
            printf("# %s: unfinished, left out\n", e->d_name);
            continue;
        }
        FILE *f = fopen(path, "r");
        ck_assert_msg(f != NULL, "%s", path);
        /* A trace holds one sequence of sizes per operation and pair. */
        static MPIB_result previous[MAX_CELL];
        char sequence[256] = "";
        totals seq = {0};
        while (next_cell(f, &cl, pending, sizeof pending)) {
            char op[32], out[32], in[32], key[256];
            int procs, size;
            sscanf(cl.key, "%31s %d %d %31s %31s", op, &procs, &size, out, in);
            snprintf(key, sizeof key, "%s %d %s %s %d", op, procs, out, in, cl.n);
            if (strcmp(key, sequence) != 0) {
                sequence_done(sequence, &seq, &t);
                strcpy(sequence, key);
            }
            check_cell(&cl, previous, seq.cells == 0, &seq);
            if (seq.cells == 1) {
                seq.first_exhaustive = seq.t_exhaustive;
                seq.first_guided = seq.t_guided;
            }
        }
        sequence_done(sequence, &seq, &t);
        fclose(f);
    }
    closedir(dir);
    printf("# %d cells, %d more than 3 %% off the best (worst %.4f), %d sequences with over a "
           "tenth of the simulated time after the first size; %ld of %ld measurements, %.1fx "
           "less simulated time\n",
           t.cells, t.worse, t.worst, t.costly, t.guided, t.exhaustive,
           t.t_exhaustive / t.t_guided);
    printf("# the overlap step: %ld measurements more (%.1f %% of the guided search's simulated "
           "time), an overlap chosen in %d cells\n",
           t.overlapped, 100 * t.t_overlapped / t.t_guided, t.chose_overlap);
    ck_assert_int_gt(t.cells, 0);
    ck_assert_int_eq(t.worse, 0);
    ck_assert_int_eq(t.costly, 0);
    ck_assert_int_gt(t.overlapped, 0);
    ck_assert_int_eq(t.chose_overlap, 0);
}
END_TEST

Suite *unit_suite(void)
{
    Suite *s = suite_create("search_traces");
    TCase *tc = tcase_create("search_traces");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, guided_on_graphene);
    suite_add_tcase(s, tc);
    return s;
}

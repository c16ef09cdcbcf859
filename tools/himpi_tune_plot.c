/* himpi_tune_plot.c: himpi-tune's plot, drawn by gnuplot.  The script
 * carries its data as datablocks and goes to gnuplot's standard input
 * from an anonymous temporary file, and the SVG comes back on gnuplot's
 * standard output into the file opened at the start: no path is quoted
 * into the script and no named temporary file is left behind. */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "himpi_tune_plot.h"

struct tune_plot {
    const char *path;
    int fd; /* the SVG file's, -1 once gnuplot has drawn into it */
    tune_record *list;
    size_t n, cap;
    size_t lost; /* measurements memory had no room for */
};

tune_plot *tune_plot_open(const char *path)
{
    tune_plot *p = calloc(1, sizeof *p);
    if (p == NULL) {
        fprintf(stderr, "himpi-tune: out of memory\n");
        return NULL;
    }
    p->path = path;
    p->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (p->fd < 0) {
        perror(path);
        free(p);
        return NULL;
    }
    return p;
}

void tune_plot_add(tune_plot *p, const tune_record *r)
{
    if (p->n == p->cap) {
        size_t cap = p->cap > 0 ? 2 * p->cap : 256;
        tune_record *more = realloc(p->list, cap * sizeof *more);
        if (more == NULL) {
            p->lost++;
            return;
        }
        p->list = more;
        p->cap = cap;
    }
    p->list[p->n++] = *r;
}

void tune_plot_free(tune_plot *p)
{
    if (p == NULL)
        return;
    /* An empty or partial SVG would pass for a plot. */
    if (p->fd >= 0) {
        close(p->fd);
        unlink(p->path);
    }
    free(p->list);
    free(p);
}

/* ----------------------------------------------------------- ordering */

/* A panel per process count, operation and algorithm pair (the first
 * PANEL_KEYS of a record's keys), in it a curve per size (the next), along
 * g (the last). */
enum { PANEL_KEYS = 4, CURVE_KEYS = 5, KEYS = 6 };

static int compare(const tune_record *a, const tune_record *b, int keys)
{
    const long long ka[KEYS] = {a->procs, a->op, a->alg_out, a->alg_in, a->msg_size, a->groups};
    const long long kb[KEYS] = {b->procs, b->op, b->alg_out, b->alg_in, b->msg_size, b->groups};
    for (int i = 0; i < keys; i++)
        if (ka[i] != kb[i])
            return ka[i] < kb[i] ? -1 : 1;
    return 0;
}

static int record_order(const void *a, const void *b)
{
    return compare(a, b, KEYS);
}

/* The end of the run of the sorted records from i on that share r[i]'s
 * first keys. */
static size_t run_end(const tune_record *r, size_t i, size_t n, int keys)
{
    size_t j = i + 1;
    while (j < n && compare(&r[i], &r[j], keys) == 0)
        j++;
    return j;
}

/* ------------------------------------------------------------ choices */

static const HiMPI_Row *row_of(const HiMPI_Table *t, const tune_record *r)
{
    for (size_t i = 0; i < t->nrows; i++) {
        const HiMPI_Row *w = &t->rows[i];
        if (w->op == r->op && w->procs == r->procs && w->msg_size == r->msg_size &&
            w->alg_out == r->alg_out && w->alg_in == r->alg_in)
            return w;
    }
    return NULL;
}

/* Whether the plain calls run the row's plan: where it is faster than the
 * MPI library's call, or where nothing was compared (--pairs 0: the
 * fastest mean).  Elsewhere they keep the MPI library's flat call. */
static int runs_plan(const HiMPI_Row *w)
{
    return w->verdict == HIMPI_VERDICT_FASTER || w->verdict == HIMPI_VERDICT_UNKNOWN;
}

static int plain_groups(const HiMPI_Row *w)
{
    return w->levels == 1 ? w->groups[0] : 0;
}

/* ------------------------------------------------------------- script */

static void size_text(int m, char *buf, size_t len)
{
    if (m > 0 && m % (1 << 20) == 0)
        snprintf(buf, len, "%d MiB", m >> 20);
    else if (m > 0 && m % 1024 == 0)
        snprintf(buf, len, "%d KiB", m >> 10);
    else
        snprintf(buf, len, "%d B", m);
}

/* The data of panel id (the n records from r): a datablock per curve, of
 * g, time and half-width in us, and one of the choices, of g, time and
 * whether it is the MPI library's call kept (1) or a plan run (0).
 * Returns how many measurements were left out, and counts the kinds of
 * choice in marks. */
static size_t panel_data(FILE *f, int id, const tune_record *r, size_t n, const HiMPI_Table *t,
                         int marks[2])
{
    size_t left_out = 0;
    int k = 0;
    for (size_t i = 0, e; i < n; i = e, k++) {
        e = run_end(r, i, n, CURVE_KEYS);
        fprintf(f, "$c%d_%d << EOD\n", id, k);
        for (size_t j = i; j < e; j++)
            if (r[j].groups > 0)
                fprintf(f, "%d %.3f %.3f\n", r[j].groups, r[j].time * 1e6, r[j].ci * 1e6);
            else
                left_out++;
        fputs("EOD\n", f);
    }
    fprintf(f, "$m%d << EOD\n", id);
    for (size_t i = 0; i < n; i = run_end(r, i, n, CURVE_KEYS)) {
        const HiMPI_Row *w = row_of(t, &r[i]);
        if (w != NULL && runs_plan(w) && plain_groups(w) > 0) {
            fprintf(f, "%d %.3f 0\n", plain_groups(w), w->time * 1e6);
            marks[0]++;
        } else if (w != NULL && !runs_plan(w) && w->flat_time > 0) {
            fprintf(f, "1 %.3f 1\n", w->flat_time * 1e6);
            marks[1]++;
        }
    }
    fputs("EOD\n", f);
    return left_out;
}

static void panel(FILE *f, int id, const tune_record *r, size_t n, const HiMPI_Table *t)
{
    int marks[2] = {0, 0};
    size_t left_out = panel_data(f, id, r, n, t, marks);
    fprintf(f, "set title \"%s on %d processes, %s between and %s inside groups",
            HiMPI_Op_name(r->op), r->procs, HiMPI_Alg_name(r->alg_out), HiMPI_Alg_name(r->alg_in));
    if (left_out > 0)
        fprintf(f, "\\n(%zu measurements of hardware or multi-level layouts, not a number of "
                   "groups, not drawn)",
                left_out);
    fprintf(f, "\"\nset xrange [0.8:%g]\nplot ", 1.25 * r->procs);
    int k = 0;
    for (size_t i = 0; i < n; i = run_end(r, i, n, CURVE_KEYS), k++) {
        char size[32], layout[HIMPI_LAYOUT_MAX];
        size_text(r[i].msg_size, size, sizeof size);
        fprintf(f, "%s$c%d_%d using 1:2:3 with yerrorlines lt %d title \"%s",
                k > 0 ? ", \\\n  " : "", id, k, k + 1, size);
        const HiMPI_Row *w = row_of(t, &r[i]);
        if (w != NULL && runs_plan(w) && plain_groups(w) == 0) {
            HiMPI_Row_layout(w, layout, sizeof layout);
            fprintf(f, " (chosen: %s, not drawn)", layout);
        }
        fputc('"', f);
    }
    if (marks[0] > 0)
        fprintf(f, ", \\\n  $m%d using 1:($3 == 0 ? $2 : NaN) with points pt 6 ps 2.2 lc rgb "
                   "'black' title \"chosen g: the plan the plain calls run\"",
                id);
    if (marks[1] > 0)
        fprintf(f, ", \\\n  $m%d using 1:($3 == 1 ? $2 : NaN) with points pt 4 ps 2.2 lc rgb "
                   "'black' title \"g = 1 chosen: the MPI library's call\"",
                id);
    fputc('\n', f);
}

/* Sorts the measurements into panels and curves and writes the script. */
static void script(FILE *f, tune_plot *p, const HiMPI_Table *t)
{
    static const char *const colours[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                          "#9467bd", "#8c564b", "#e377c2", "#17becf"};
    enum { NCOLOURS = sizeof colours / sizeof *colours };
    qsort(p->list, p->n, sizeof *p->list, record_order);
    int panels = 0;
    for (size_t i = 0; i < p->n; i = run_end(p->list, i, p->n, PANEL_KEYS))
        panels++;
    fprintf(f,
            "set terminal svg size 1000,%d dynamic font 'Helvetica,12' background '#ffffff'\n"
            "set multiplot layout %d,1 title \"himpi-tune: time against the number of groups g, "
            "a curve per message size (error bars: confidence intervals at %g %%)\\nwhere no "
            "plan is significantly faster than the MPI library's call, the plain calls keep "
            "that call (g = 1 chosen)\"\n"
            "set logscale x 2\nset logscale y\nset xlabel 'number of groups g'\n"
            "set ylabel 'time (\u00b5s)'\nset grid\n"
            /* A margin for the key's usual entries keeps the panels' axes
             * aligned; an entry of two lines would overlap its
             * neighbours. */
            "set key outside right top vertical Left reverse\nset rmargin 46\n",
            60 + 400 * panels, panels, 100 * t->header.precision.cl);
    for (int i = 0; i < NCOLOURS; i++)
        fprintf(f, "set linetype %d lc rgb '%s' lw 1.5 pt 7 ps 0.6\n", i + 1, colours[i]);
    fprintf(f, "set linetype cycle %d\n", NCOLOURS);
    int id = 0;
    for (size_t i = 0, e; i < p->n; i = e, id++) {
        e = run_end(p->list, i, p->n, PANEL_KEYS);
        panel(f, id, &p->list[i], e - i, t);
    }
    fputs("unset multiplot\n", f);
}

/* ------------------------------------------------------------ gnuplot */

/* Runs gnuplot with script as its input and out as its output: 0, or -1
 * after saying why. */
static int gnuplot(FILE *script, int out)
{
    if (fflush(script) != 0 || ferror(script) || fseek(script, 0, SEEK_SET) != 0) {
        perror("himpi-tune: --plot: gnuplot's script");
        return -1;
    }
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_adddup2(&files, fileno(script), STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&files, out, STDOUT_FILENO);
    char *argv[] = {"gnuplot", NULL};
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &files, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&files);
    if (rc != 0) {
        fprintf(stderr, "himpi-tune: --plot: cannot run gnuplot: %s%s\n", strerror(rc),
                rc == ENOENT ? " (it is not on PATH; Debian's package is gnuplot-nox)" : "");
        return -1;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            perror("himpi-tune: --plot: waiting for gnuplot");
            return -1;
        }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFEXITED(status))
        fprintf(stderr, "himpi-tune: --plot: gnuplot failed (exit status %d)\n",
                WEXITSTATUS(status));
    else
        fprintf(stderr, "himpi-tune: --plot: gnuplot was killed by signal %d\n",
                WTERMSIG(status));
    return -1;
}

int tune_plot_draw(tune_plot *p, const HiMPI_Table *t)
{
    int ok = 0;
    FILE *f = NULL;
    if (p->lost > 0)
        fprintf(stderr, "himpi-tune: --plot: out of memory: %zu measurements were not kept\n",
                p->lost);
    else if (p->n == 0)
        fprintf(stderr, "himpi-tune: --plot: nothing was measured\n");
    else if ((f = tmpfile()) == NULL)
        perror("himpi-tune: --plot: gnuplot's script");
    else {
        script(f, p, t);
        ok = gnuplot(f, p->fd) == 0;
        fclose(f);
    }
    if (!ok) {
        fprintf(stderr, "himpi-tune: no plot written to %s\n", p->path);
        return -1;
    }
    close(p->fd);
    p->fd = -1;
    return 0;
}

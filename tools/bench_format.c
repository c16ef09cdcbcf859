/* bench_format.c: himpi-bench's tables as aligned text or as CSV. */
#include <config.h>

#include <stdarg.h>

#include "bench_format.h"
#include "cli.h"

/* Every column a CSV line can have, in the header's order.  A run shows
 * the columns of its tables only, and each line leaves the cells of the
 * other tables' columns empty: one header then serves every line, and a
 * script selects a table by the first column without special cases. */
enum {
    COL_TABLE, COL_OP, COL_ALGORITHM, COL_BYTES, COL_NATIVE, COL_FLAT, COL_FLAT_ALG, COL_BEST_G,
    COL_HIER, COL_FLAT_NAT, COL_HIER_FLAT, COL_HIER_NAT, COL_HW_LEVEL, COL_HW, COL_HW_NAT,
    COL_HW_HIER, COL_PLAIN, COL_PLAIN_NAT, COL_PLAIN_BST, COL_BOUND, COL_BEST_BND, COL_NAT_BND,
    COL_PLAIN_BND, COL_SELF_MPI, COL_SELF_PARAMS, COL_SELF_PLAIN, COL_EXTRA, COL_LOOKUP,
    COL_ALL_MPI, COL_ALL_PARAMS, COLS
};
static const char *const names[COLS] = {
    "table", "op", "algorithm", "bytes", "native_us", "flat_us", "flat_alg", "best_g", "hier_us",
    "flat_nat", "hier_flat", "hier_nat", "hw_level", "hw_us", "hw_nat", "hw_hier", "plain_us",
    "plain_nat", "plain_bst", "bound_us", "best_bnd", "nat_bnd", "plain_bnd", "self_mpi_us",
    "self_params_us", "self_plain_us", "extra_us", "lookup_us", "all_mpi_us", "all_params_us"};

static bench_tables run = {.hw = -1};
static int shown[COLS];
static char cells[COLS][32];

static void show(int first, int last)
{
    for (int c = first; c <= last; c++)
        shown[c] = 1;
}

static void cell(int col, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void cell(int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cells[col], sizeof cells[col], fmt, ap);
    va_end(ap);
}

/* Microseconds to the nanosecond, and ratios to six digits: finer than the
 * text's rounding, and than what a measurement can tell apart. */
static void cell_us(int col, double seconds)
{
    cell(col, "%.3f", seconds * 1e6);
}

static void cell_ratio(int col, double ratio)
{
    cell(col, "%.6g", ratio);
}

/* Prints the cells of the shown columns as one line and empties them for
 * the next. */
static void csv_cells(void)
{
    const char *sep = "";
    for (int c = 0; c < COLS; c++) {
        if (shown[c]) {
            cli_say(stdout, "%s%s", sep, cells[c]);
            sep = ",";
        }
        cells[c][0] = '\0';
    }
    cli_say(stdout, "\n");
}

static void csv_line(const char *table)
{
    cell(COL_TABLE, "%s", table);
    csv_cells();
}

/* The legend and the column names of the run's table. */
static void text_header(void)
{
    if (run.plain) {
        cli_say(stdout, "# native: the MPI library's collective; flat: the best of the "
                        "algorithms on all ranks (flat-alg);\n# plain: HiMPI_<op> with the plan "
                        "its table gives; bst: the better of native and flat\n");
        cli_say(stdout, "# %-8s %9s %10s %10s %-23s %10s %9s %9s", "op", "bytes", "native",
                "flat", "flat-alg", "plain", "plain/nat", "plain/bst");
        if (run.bound)
            cli_say(stdout, " %10s %9s %9s", "bound", "nat/bnd", "plain/bnd");
    } else {
        cli_say(stdout, "# native: the MPI library's collective; flat: the algorithm on all "
                        "ranks; hier: the algorithm\n# on both levels at the best number of "
                        "groups (best-g) among the candidates\n");
        cli_say(stdout, "# %-8s %-23s %9s %10s %10s %7s %10s %9s %9s %9s", "op", "algorithm",
                "bytes", "native", "flat", "best-g", "hier", "flat/nat", "hier/flat",
                "hier/nat");
        if (run.hw >= 0)
            cli_say(stdout, " %10s %9s %9s", HiMPI_Hwlevel_name((HiMPI_Hwlevel)run.hw),
                    "hw/nat", "hw/hier");
        if (run.bound)
            cli_say(stdout, " %10s %9s", "bound", "best/bnd");
    }
    cli_say(stdout, "\n");
}

/* The columns of the run's tables, then their names as the CSV header. */
static void csv_header(void)
{
    show(COL_TABLE, COL_OP);
    show(COL_BYTES, COL_BYTES);
    if (run.plain) {
        show(COL_NATIVE, COL_FLAT_ALG);
        show(COL_PLAIN, COL_PLAIN_BST);
        if (run.bound) {
            show(COL_BOUND, COL_BOUND);
            show(COL_NAT_BND, COL_PLAIN_BND);
        }
    } else {
        show(COL_ALGORITHM, COL_ALGORITHM);
        show(COL_NATIVE, COL_FLAT);
        show(COL_BEST_G, COL_HIER_NAT);
        if (run.hw >= 0)
            show(COL_HW_LEVEL, COL_HW_HIER);
        if (run.bound)
            show(COL_BOUND, COL_BEST_BND);
    }
    if (run.overhead)
        show(COL_SELF_MPI, COL_ALL_PARAMS);
    for (int c = 0; c < COLS; c++)
        cell(c, "%s", names[c]);
    csv_cells();
}

void bench_format_start(const bench_tables *t)
{
    run = *t;
    if (run.format == BENCH_TEXT)
        text_header();
    else if (run.format == BENCH_CSV)
        csv_header();
}

static void alg_text(const bench_alg_row *r, double hw_base, double best_bnd)
{
    const char *op = HiMPI_Op_name(r->op), *alg = HiMPI_Alg_name(r->alg);
    if (r->best_g == 0)
        cli_say(stdout, "%-10s %-23s %9d %10.2f %10.2f %7s %10s %9.2f %9s %9s", op, alg, r->bytes,
                r->native * 1e6, r->flat * 1e6, "-", "-", r->flat / r->native, "-", "-");
    else
        cli_say(stdout, "%-10s %-23s %9d %10.2f %10.2f %7d %10.2f %9.2f %9.2f %9.2f", op, alg,
                r->bytes, r->native * 1e6, r->flat * 1e6, r->best_g, r->hier * 1e6,
                r->flat / r->native, r->hier / r->flat, r->hier / r->native);
    if (run.hw >= 0)
        cli_say(stdout, " %10.2f %9.2f %9.2f", r->hw * 1e6, r->hw / r->native, r->hw / hw_base);
    if (run.bound)
        cli_say(stdout, " %10.2f %9.2f", r->bound * 1e6, best_bnd);
    cli_say(stdout, "\n");
}

static void alg_csv(const bench_alg_row *r, double hw_base, double best_bnd)
{
    cell(COL_OP, "%s", HiMPI_Op_name(r->op));
    cell(COL_ALGORITHM, "%s", HiMPI_Alg_name(r->alg));
    cell(COL_BYTES, "%d", r->bytes);
    cell_us(COL_NATIVE, r->native);
    cell_us(COL_FLAT, r->flat);
    cell_ratio(COL_FLAT_NAT, r->flat / r->native);
    if (r->best_g != 0) {
        cell(COL_BEST_G, "%d", r->best_g);
        cell_us(COL_HIER, r->hier);
        cell_ratio(COL_HIER_FLAT, r->hier / r->flat);
        cell_ratio(COL_HIER_NAT, r->hier / r->native);
    }
    if (run.hw >= 0) {
        cell(COL_HW_LEVEL, "%s", HiMPI_Hwlevel_name((HiMPI_Hwlevel)run.hw));
        cell_us(COL_HW, r->hw);
        cell_ratio(COL_HW_NAT, r->hw / r->native);
        cell_ratio(COL_HW_HIER, r->hw / hw_base);
    }
    if (run.bound) {
        cell_us(COL_BOUND, r->bound);
        cell_ratio(COL_BEST_BND, best_bnd);
    }
    csv_line("algorithms");
}

void bench_format_alg_row(const bench_alg_row *r)
{
    /* The hardware layout against the best rank-block layout, and the
     * row's best time against the bound. */
    double hw_base = r->best_g == 0 ? r->flat : r->hier;
    double best = r->best_g == 0 || r->flat < r->hier ? r->flat : r->hier;
    double best_bnd = r->bound > 0 ? best / r->bound : 1.0;
    if (run.format == BENCH_TEXT)
        alg_text(r, hw_base, best_bnd);
    else if (run.format == BENCH_CSV)
        alg_csv(r, hw_base, best_bnd);
}

void bench_format_plain_row(const bench_plain_row *r)
{
    const char *op = HiMPI_Op_name(r->op), *alg = HiMPI_Alg_name(r->flat_alg);
    double plain_nat = r->plain / r->native;
    double plain_bst = r->plain / (r->flat < r->native ? r->flat : r->native);
    double nat_bnd = r->bound > 0 ? r->native / r->bound : 1.0;
    double plain_bnd = r->bound > 0 ? r->plain / r->bound : 1.0;
    if (run.format == BENCH_TEXT) {
        cli_say(stdout, "%-10s %9d %10.2f %10.2f %-23s %10.2f %9.3f %9.3f", op, r->bytes,
                r->native * 1e6, r->flat * 1e6, alg, r->plain * 1e6, plain_nat, plain_bst);
        if (run.bound)
            cli_say(stdout, " %10.2f %9.3f %9.3f", r->bound * 1e6, nat_bnd, plain_bnd);
        cli_say(stdout, "\n");
    } else if (run.format == BENCH_CSV) {
        cell(COL_OP, "%s", op);
        cell(COL_BYTES, "%d", r->bytes);
        cell_us(COL_NATIVE, r->native);
        cell_us(COL_FLAT, r->flat);
        cell(COL_FLAT_ALG, "%s", alg);
        cell_us(COL_PLAIN, r->plain);
        cell_ratio(COL_PLAIN_NAT, plain_nat);
        cell_ratio(COL_PLAIN_BST, plain_bst);
        if (run.bound) {
            cell_us(COL_BOUND, r->bound);
            cell_ratio(COL_NAT_BND, nat_bnd);
            cell_ratio(COL_PLAIN_BND, plain_bnd);
        }
        csv_line("plain");
    }
}

void bench_format_overhead_header(void)
{
    if (run.format != BENCH_TEXT)
        return;
    cli_say(stdout, "#\n# per-call overhead of HiMPI over MPI_<op>, 8 bytes (barrier: none), on "
                    "MPI_COMM_SELF:\n# params = HiMPI_<op>_params (1 group, native; target: 1 us "
                    "at most), lookup = what\n# the plain HiMPI_<op> adds to choose its plan "
                    "(target: 0.1 us at most); then both\n# calls on all ranks\n");
    cli_say(stdout, "# %-8s %10s %10s %10s %10s %10s %28s\n", "op", "MPI(us)", "params(us)",
            "plain(us)", "extra(us)", "lookup(us)", "all ranks: MPI, params (us)");
}

void bench_format_overhead_row(HiMPI_Op op, const double self[3], double all_mpi,
                               double all_params)
{
    if (run.format == BENCH_TEXT) {
        cli_say(stdout, "  %-8s %10.3f %10.3f %10.3f %10.3f %10.3f %14.2f, %12.2f\n",
                HiMPI_Op_name(op), self[0] * 1e6, self[1] * 1e6, self[2] * 1e6,
                (self[1] - self[0]) * 1e6, (self[2] - self[1]) * 1e6, all_mpi * 1e6,
                all_params * 1e6);
    } else if (run.format == BENCH_CSV) {
        cell(COL_OP, "%s", HiMPI_Op_name(op));
        cell(COL_BYTES, "%d", HiMPI_Op_has_size(op) ? 8 : 0);
        cell_us(COL_SELF_MPI, self[0]);
        cell_us(COL_SELF_PARAMS, self[1]);
        cell_us(COL_SELF_PLAIN, self[2]);
        cell_us(COL_EXTRA, self[1] - self[0]);
        cell_us(COL_LOOKUP, self[2] - self[1]);
        cell_us(COL_ALL_MPI, all_mpi);
        cell_us(COL_ALL_PARAMS, all_params);
        csv_line("overhead");
    }
}

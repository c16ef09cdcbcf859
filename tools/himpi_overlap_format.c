/* himpi_overlap_format.c: himpi-overlap's table as aligned text or CSV. */
#include <config.h>

#include <stdarg.h>

#include "himpi_overlap_format.h"

static int csv, bound;

/* The CSV line being built. */
static char line[2048];
static size_t at;

double overlap_efficiency(double between, double inside, double overlapped)
{
    double smaller = between < inside ? between : inside;
    return (between + inside - overlapped) / smaller;
}

static void put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void put(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (at < sizeof line)
        at += (size_t)vsnprintf(line + at, sizeof line - at, fmt, ap);
    va_end(ap);
}

void overlap_format_start(int as_csv, int with_bound)
{
    csv = as_csv;
    bound = with_bound;
    if (csv) {
        cli_say(stdout, "table,op,bytes,native_us,native_ci_us,flat_us,flat_ci_us,flat_alg,"
                        "plan_us,plan_ci_us,plan_g,plan_alg,ovl_us,ovl_ci_us,ovl_g,ovl_alg,"
                        "overlap,between_us,between_ci_us,inside_us,inside_ci_us,efficiency,"
                        "ovl_plan,ovl_plan_lo,ovl_plan_hi,verdict,gain%s\n",
                bound ? ",bound_us,nat_bnd,flat_bnd,plan_bnd,ovl_bnd" : "");
        return;
    }
    cli_say(stdout,
            "# native: the MPI library's collective; flat: the best algorithm on all ranks\n"
            "# (flat-alg); plan: the best number of groups (g) and algorithm (plan-alg, on\n"
            "# both levels), the levels one after the other; ovl: the best with the levels\n"
            "# overlapped on segments of overlap bytes; between, inside: ovl's two stages\n"
            "# alone (plan's where no overlap fits the message); effic: (between + inside\n"
            "# - ovl) / the smaller stage; ovl/plan: the median ratio of interleaved pairs\n"
            "# and its interval (lo, hi), its verdict, and gain = plan / ovl where the\n"
            "# verdict is significant (faster or small)%s\n",
            bound ? ";\n# bound: the bandwidth bound, and each time over it" : "");
    cli_say(stdout, "# %-8s %9s %10s %10s %-22s %10s %4s %-22s %10s %4s %-22s %8s %10s %10s %6s "
                    "%8s %6s %6s %-7s %6s",
            "op", "bytes", "native", "flat", "flat-alg", "plan", "g", "plan-alg", "ovl", "g",
            "ovl-alg", "overlap", "between", "inside", "effic", "ovl/plan", "lo", "hi", "verdict",
            "gain");
    if (bound)
        cli_say(stdout, " %10s %7s %8s %8s %7s", "bound", "nat/bnd", "flat/bnd", "plan/bnd",
                "ovl/bnd");
    cli_say(stdout, "\n");
}

/* Text cells: a number, or "-" where it is unknown, in the column's width. */
static void text_num(int width, int prec, double v, int known)
{
    if (known)
        cli_say(stdout, " %*.*f", width, prec, v);
    else
        cli_say(stdout, " %*s", width, "-");
}

static void text_plan(const overlap_best *b, int with_g)
{
    text_num(10, 2, b->r.T * 1e6, b->g > 0);
    if (with_g) {
        if (b->g > 0)
            cli_say(stdout, " %4d", b->g);
        else
            cli_say(stdout, " %4s", "-");
    }
    cli_say(stdout, " %-22s", b->g > 0 ? HiMPI_Alg_name(b->alg) : "-");
}

/* CSV cells, empty where unknown: microseconds to the nanosecond, ratios
 * to six digits. */
static void csv_us(double seconds, int known)
{
    if (known)
        put(",%.3f", seconds * 1e6);
    else
        put(",");
}

static void csv_ratio(double v, int known)
{
    if (known)
        put(",%.6g", v);
    else
        put(",");
}

static void csv_plan(const overlap_best *b, int with_g)
{
    csv_us(b->r.T, b->g > 0);
    csv_us(b->r.ci, b->g > 0);
    if (with_g) {
        if (b->g > 0)
            put(",%d", b->g);
        else
            put(",");
    }
    put(",%s", b->g > 0 ? HiMPI_Alg_name(b->alg) : "");
}

void overlap_format_row(const overlap_row *r)
{
    const overlap_best *ovl = &r->ovl;
    int staged = r->between.T >= 0 && r->inside.T >= 0;
    int has_eff = staged && ovl->g > 0, compared = r->verdict != HIMPI_VERDICT_UNKNOWN;
    int gained = r->verdict == HIMPI_VERDICT_FASTER || r->verdict == HIMPI_VERDICT_SMALL;
    double eff = has_eff ? overlap_efficiency(r->between.T, r->inside.T, ovl->r.T) : 0;
    const char *verdict = HiMPI_Verdict_name(r->verdict);
    if (!csv) {
        cli_say(stdout, "%-10s %9d", HiMPI_Op_name(r->op), r->bytes);
        text_num(10, 2, r->native.T * 1e6, 1);
        text_plan(&r->flat, 0);
        text_plan(&r->plan, 1);
        text_plan(ovl, 1);
        if (ovl->g > 0)
            cli_say(stdout, " %8d", ovl->overlap);
        else
            cli_say(stdout, " %8s", "-");
        text_num(10, 2, r->between.T * 1e6, staged);
        text_num(10, 2, r->inside.T * 1e6, staged);
        text_num(6, 2, eff, has_eff);
        text_num(8, 3, r->cmp.ratio, compared);
        text_num(6, 3, r->cmp.lo, compared);
        text_num(6, 3, r->cmp.hi, compared);
        cli_say(stdout, " %-7s", verdict);
        if (gained)
            cli_say(stdout, " %5.2fx", 1 / r->cmp.ratio);
        else
            cli_say(stdout, " %6s", verdict);
        if (bound) {
            text_num(10, 2, r->bound * 1e6, 1);
            text_num(7, 2, r->native.T / r->bound, 1);
            text_num(8, 2, r->flat.r.T / r->bound, r->flat.g > 0);
            text_num(8, 2, r->plan.r.T / r->bound, r->plan.g > 0);
            text_num(7, 2, ovl->r.T / r->bound, ovl->g > 0);
        }
        cli_say(stdout, "\n");
        return;
    }
    at = 0;
    put("levels,%s,%d", HiMPI_Op_name(r->op), r->bytes);
    csv_us(r->native.T, 1);
    csv_us(r->native.ci, 1);
    csv_plan(&r->flat, 0);
    csv_plan(&r->plan, 1);
    csv_plan(ovl, 1);
    if (ovl->g > 0)
        put(",%d", ovl->overlap);
    else
        put(",");
    csv_us(r->between.T, staged);
    csv_us(r->between.ci, staged);
    csv_us(r->inside.T, staged);
    csv_us(r->inside.ci, staged);
    csv_ratio(eff, has_eff);
    csv_ratio(r->cmp.ratio, compared);
    csv_ratio(r->cmp.lo, compared);
    csv_ratio(r->cmp.hi, compared);
    put(",%s", compared ? verdict : "");
    csv_ratio(1 / r->cmp.ratio, gained);
    if (bound) {
        csv_us(r->bound, 1);
        csv_ratio(r->native.T / r->bound, 1);
        csv_ratio(r->flat.r.T / r->bound, r->flat.g > 0);
        csv_ratio(r->plan.r.T / r->bound, r->plan.g > 0);
        csv_ratio(ovl->r.T / r->bound, ovl->g > 0);
    }
    cli_say(stdout, "%s\n", line);
}

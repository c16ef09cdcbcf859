/* table_parse_row.c: a row of the current text format (versions 5 to
 * 1; 4's rows are 3's): its operation, sizes and algorithms, its layout of
 * group counts and hardware levels, its levels, (version 5) overlap and
 * times, and (version 3 on) its comparison with the MPI library, each
 * checked before the row is added.  No MPI communication. */
#include <config.h>

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "config/table.h"
#include "config/table_parse.h"

/* A time: a finite number >= 0, or '-' for unknown (stored as -1). */
static int parse_time(parser *ps, const char *field, const char *what, double *out)
{
    if (strcmp(field, "-") == 0) {
        *out = -1.0;
        return 0;
    }
    if (himpi_table_parse_real(ps, field, what, out) != 0)
        return -1;
    if (*out < 0)
        return himpi_table_fail(ps, ps->line, "%s '" QUOTE "': out of range (seconds >= 0, or '-')",
                                what, field);
    *out += 0.0; /* -0 becomes +0, which formats as a plain zero */
    return 0;
}

static int parse_alg(parser *ps, HiMPI_Op op, const char *field, const char *what,
                     HiMPI_Alg *alg)
{
    if (HiMPI_Alg_from_name(field, alg) != MPI_SUCCESS)
        return himpi_table_fail(ps, ps->line, "%s: unknown algorithm '" QUOTE "'", what, field);
    if (!HiMPI_Alg_supported(op, *alg))
        return himpi_table_fail(ps, ps->line, "%s: algorithm '%s' does not exist for %s", what,
                                field, HiMPI_Op_name(op));
    return 0;
}

/* The names of the hardware levels, "node, package, ..., core". */
static void hw_names(char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int k = 0; k < HIMPI_HW_COUNT && n < len; k++) {
        const char *name = HiMPI_Hwlevel_name((HiMPI_Hwlevel)k);
        int m = snprintf(buf + n, len - n, "%s%s", k > 0 ? ", " : "", name ? name : "?");
        if (m < 0)
            break;
        n += (size_t)m;
    }
}

/* One level of a layout: the part s[0 .. len) of field, level k (from 0)
 * of nparts.  Sets r->groups[k] and r->hw[k]. */
static int parse_level(parser *ps, const char *field, const char *s, size_t len, int k,
                       int nparts, HiMPI_Row *r)
{
    int shown = len < 64 ? (int)len : 64;
    if (len == 0)
        return himpi_table_fail(ps, ps->line, "groups '" QUOTE "': level %d is empty", field,
                                k + 1);
    int negative = s[0] == '-';
    if (strspn(s + negative, "0123456789") == len - (size_t)negative && len > (size_t)negative) {
        long long v = 0;
        for (size_t i = (size_t)negative; i < len && v <= INT_MAX; i++)
            v = v * 10 + (s[i] - '0');
        int in_int = !negative && v >= 1 && v <= INT_MAX;
        if (nparts == 1 && in_int && v > r->procs)
            return himpi_table_fail(ps, ps->line, "groups %lld > procs %d", v, r->procs);
        if (nparts == 1 && !in_int)
            return himpi_table_fail(ps, ps->line, "groups '" QUOTE "': out of range (1..%d)", field,
                                    r->procs);
        if (!in_int || v > r->procs)
            return himpi_table_fail(ps, ps->line,
                                    "groups '" QUOTE "': level %d: %.*s out of range (1..%d)",
                                    field, k + 1, shown, s, r->procs);
        r->groups[k] = (int)v;
        r->hw[k] = (HiMPI_Hwlevel)0;
        return 0;
    }
    char name[16];
    HiMPI_Hwlevel hw;
    if (len < sizeof name) {
        memcpy(name, s, len);
        name[len] = '\0';
    }
    if (len >= sizeof name || HiMPI_Hwlevel_from_name(name, &hw) != MPI_SUCCESS) {
        char names[128];
        hw_names(names, sizeof names);
        return himpi_table_fail(ps, ps->line,
                                "groups '" QUOTE "': unknown level '%.*s' (a group count or "
                                "one of %s)", field, shown, s, names);
    }
    r->groups[k] = 0;
    r->hw[k] = hw;
    return 0;
}

/* The layout field (called groups): levels separated by '/', each a group
 * count 1..r->procs or a hardware level's name.  A version 1 file allows a
 * single group count only.  Sets r's levels, groups and hw; the entries
 * beyond the layout's levels stay zero. */
static int parse_layout(parser *ps, const char *field, HiMPI_Row *r)
{
    int nparts = 1;
    for (const char *s = field; *s != '\0'; s++)
        nparts += *s == '/';
    if (ps->version < 2 && !himpi_table_integer_like(field)) {
        HiMPI_Hwlevel hw;
        if (nparts > 1)
            return himpi_table_fail(ps, ps->line,
                                    "groups '" QUOTE "': a layout of several levels needs "
                                    "format version 2 (this file is version %d)",
                                    field, ps->version);
        if (HiMPI_Hwlevel_from_name(field, &hw) == MPI_SUCCESS)
            return himpi_table_fail(ps, ps->line,
                                    "groups '" QUOTE "': a hardware level needs format "
                                    "version 2 (this file is version %d)",
                                    field, ps->version);
        return himpi_table_fail(ps, ps->line, "groups '" QUOTE "': non-numeric field", field);
    }
    if (nparts > HIMPI_MAX_LEVELS)
        return himpi_table_fail(ps, ps->line, "groups '" QUOTE "': %d levels, more than %d", field,
                                nparts, HIMPI_MAX_LEVELS);
    const char *s = field;
    for (int k = 0; k < nparts; k++) {
        size_t len = strcspn(s, "/");
        if (parse_level(ps, field, s, len, k, nparts, r) != 0)
            return -1;
        s += len + 1;
    }
    r->levels = nparts;
    return 0;
}

/* The levels field, which must count the layout's levels (r->levels) and
 * be 1 in a version 1 file. */
static int check_levels(parser *ps, const char *layout, long long levels, const HiMPI_Row *r)
{
    if (ps->version < 2 && levels != 1)
        return himpi_table_fail(ps, ps->line,
                                "levels %lld not supported in format version %d "
                                "(one level of groups)", levels, ps->version);
    if (levels != r->levels)
        return himpi_table_fail(ps, ps->line,
                                "levels %lld does not match the layout '" QUOTE "' (%d level%s)",
                                levels, layout, r->levels, r->levels == 1 ? "" : "s");
    return 0;
}

/* Version 3's comparison: ratio, its interval and the verdict.  A ratio
 * and its interval are times' kin (numbers >= 0, or '-'); an interval
 * holds its ratio when all three are known. */
static int parse_comparison(parser *ps, char *const *v, HiMPI_Row *r)
{
    if (parse_time(ps, v[0], "ratio", &r->ratio) != 0 ||
        parse_time(ps, v[1], "ratio_lo", &r->ratio_lo) != 0 ||
        parse_time(ps, v[2], "ratio_hi", &r->ratio_hi) != 0)
        return -1;
    if (r->ratio >= 0 && r->ratio_lo >= 0 && r->ratio_hi >= 0 &&
        !(r->ratio_lo <= r->ratio && r->ratio <= r->ratio_hi))
        return himpi_table_fail(ps, ps->line, "ratio %s outside its interval [%s, %s]", v[0], v[1],
                                v[2]);
    if (HiMPI_Verdict_from_name(v[3], &r->verdict) != MPI_SUCCESS)
        return himpi_table_fail(ps, ps->line,
                                "unknown verdict '" QUOTE "' (faster, n.s., small, slower, "
                                "native or -)", v[3]);
    return 0;
}

/* The fields a row of the parser's version has, and their names. */
static int row_fields(const parser *ps, const char **names)
{
    static const char *const lists[] = {
        "op procs msg_size alg_out alg_in groups levels segment time flat_time ci",
        "op procs msg_size alg_out alg_in groups levels segment time flat_time ci flat_ci ratio "
        "ratio_lo ratio_hi verdict",
        "op procs msg_size alg_out alg_in groups levels segment overlap time flat_time ci "
        "flat_ci ratio ratio_lo ratio_hi verdict"};
    int k = ps->version >= 5 ? 2 : ps->version >= 3 ? 1 : 0;
    *names = lists[k];
    return k == 2 ? ROW_FIELDS : k == 1 ? ROW_FIELDS_V4 : ROW_FIELDS_V2;
}

int himpi_table_parse_row(parser *ps, const fields *f)
{
    const char *names;
    int want = row_fields(ps, &names);
    if (f->n != want)
        return himpi_table_fail(ps, ps->line, "row has %d fields, expected %d (%s)", f->n, want,
                                names);
    /* Version 5's overlap follows the segment; the fields after it move
     * one place along. */
    int has_overlap = want == ROW_FIELDS;
    char *const *v = f->v, *const *t = f->v + has_overlap;
    HiMPI_Row r;
    memset(&r, 0, sizeof r); /* levels beyond the layout's are zero */
    r.flat_ci = r.ratio = r.ratio_lo = r.ratio_hi = -1.0;
    if (HiMPI_Op_from_name(v[0], &r.op) != MPI_SUCCESS)
        return himpi_table_fail(ps, ps->line, "unknown operation '" QUOTE "'", v[0]);
    long long procs = 0, size = 0, levels = 0, segment = 0, overlap = 0;
    if (himpi_table_parse_int(ps, v[1], "procs", 1, INT_MAX, &procs) != 0)
        return -1;
    r.procs = (int)procs;
    if (himpi_table_parse_int(ps, v[2], "msg_size", 0, INT_MAX, &size) != 0 ||
        parse_alg(ps, r.op, v[3], "alg_out", &r.alg_out) != 0 ||
        parse_alg(ps, r.op, v[4], "alg_in", &r.alg_in) != 0 || parse_layout(ps, v[5], &r) != 0 ||
        himpi_table_parse_int(ps, v[6], "levels", 0, INT_MAX, &levels) != 0 ||
        check_levels(ps, v[5], levels, &r) != 0 ||
        himpi_table_parse_int(ps, v[7], "segment", 0, INT_MAX, &segment) != 0 ||
        (has_overlap && himpi_table_parse_int(ps, v[8], "overlap", 0, INT_MAX, &overlap) != 0) ||
        parse_time(ps, t[8], "time", &r.time) != 0 ||
        parse_time(ps, t[9], "flat_time", &r.flat_time) != 0 ||
        parse_time(ps, t[10], "ci", &r.ci) != 0 ||
        (want != ROW_FIELDS_V2 && (parse_time(ps, t[11], "flat_ci", &r.flat_ci) != 0 ||
                                   parse_comparison(ps, t + 12, &r) != 0)))
        return -1;
    r.msg_size = size;
    r.segment_size = (int)segment;
    r.overlap = (int)overlap;
    return himpi_table_add_row(ps, &r);
}

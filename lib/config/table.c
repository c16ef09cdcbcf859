/* table.c: configuration tables in memory: the text format (parse and
 * format, doc/config-format.md), editing (put, find, merge) and the
 * run-time index.  No MPI communication. */
#include <config.h>

#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/table.h"

/* Limits of the text format. */
#define TABLE_LINE_MAX 4096 /* bytes per line, not counting the line ending */
#define ROW_FIELDS 11
#define LEGACY_FIELDS 7
#define MAX_FIELDS (ROW_FIELDS + 1) /* enough to tell 11 fields from more */
#define QUOTE "%.64s"               /* quoted input stays short in messages */

/* ------------------------------------------------------------------------ */
/* Locale                                                                    */
/* ------------------------------------------------------------------------ */

/* Numbers are read and written in the C locale whatever the application
 * chose, so that a table written by one program reads in any other. */
typedef struct c_numeric {
    locale_t c;
    locale_t saved;
} c_numeric;

static int c_numeric_enter(c_numeric *cn)
{
    cn->c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    if (cn->c == (locale_t)0)
        return -1;
    cn->saved = uselocale(cn->c);
    return 0;
}

static void c_numeric_leave(c_numeric *cn)
{
    uselocale(cn->saved);
    freelocale(cn->c);
}

/* ------------------------------------------------------------------------ */
/* Rows and keys                                                             */
/* ------------------------------------------------------------------------ */

void himpi_table_init(himpi_table *t)
{
    memset(t, 0, sizeof *t);
}

void himpi_table_free(himpi_table *t)
{
    free(t->rows);
    himpi_table_init(t);
}

/* Room for n rows in all.  Returns 0, or -1 if memory runs out. */
static int reserve(himpi_table *t, size_t n)
{
    if (n <= t->cap)
        return 0;
    if (n > SIZE_MAX / 2 / sizeof(himpi_row))
        return -1;
    size_t cap = t->cap > 8 ? t->cap : 8;
    while (cap < n)
        cap *= 2;
    himpi_row *rows = realloc(t->rows, cap * sizeof *rows);
    if (rows == NULL)
        return -1;
    t->rows = rows;
    t->cap = cap;
    return 0;
}

static int cmp_ll(long long a, long long b)
{
    return (a > b) - (a < b);
}

/* Orders keys: operation, procs, msg_size, alg_out, alg_in. */
static int key_cmp(const himpi_row *a, const himpi_row *b)
{
    int c = cmp_ll(a->op, b->op);
    if (c == 0)
        c = cmp_ll(a->procs, b->procs);
    if (c == 0)
        c = cmp_ll(a->msg_size, b->msg_size);
    if (c == 0)
        c = cmp_ll(a->alg_out, b->alg_out);
    if (c == 0)
        c = cmp_ll(a->alg_in, b->alg_in);
    return c;
}

/* A row and its position in the row array, so that sorting by key keeps
 * file order among equal keys. */
typedef struct ref {
    const himpi_row *row;
    size_t index;
} ref;

static int ref_cmp(const void *a, const void *b)
{
    const ref *x = a, *y = b;
    int c = key_cmp(x->row, y->row);
    return c != 0 ? c : cmp_ll((long long)x->index, (long long)y->index);
}

/* The n rows sorted by key, then by position.  NULL if memory runs out. */
static ref *sorted_refs(const himpi_row *rows, size_t n)
{
    ref *r = malloc((n > 0 ? n : 1) * sizeof *r);
    if (r == NULL)
        return NULL;
    for (size_t i = 0; i < n; i++)
        r[i] = (ref){&rows[i], i};
    qsort(r, n, sizeof *r, ref_cmp);
    return r;
}

/* The first row in array order whose key an earlier row already has:
 * returns 1 with *dup and *first (the earlier row) set, 0 if all keys are
 * distinct, -1 if memory runs out. */
static int first_duplicate(const himpi_table *t, size_t *dup, size_t *first)
{
    ref *r = sorted_refs(t->rows, t->nrows);
    if (r == NULL)
        return -1;
    int found = 0;
    for (size_t i = 1; i < t->nrows; i++) {
        int second_of_key = key_cmp(r[i - 1].row, r[i].row) == 0 &&
                            (i == 1 || key_cmp(r[i - 2].row, r[i].row) != 0);
        if (second_of_key && (!found || r[i].index < *dup)) {
            *dup = r[i].index;
            *first = r[i - 1].index;
            found = 1;
        }
    }
    free(r);
    return found;
}

static ptrdiff_t find_index(const himpi_table *t, const himpi_row *key)
{
    for (size_t i = 0; i < t->nrows; i++)
        if (key_cmp(&t->rows[i], key) == 0)
            return (ptrdiff_t)i;
    return -1;
}

const himpi_row *himpi_table_find(const himpi_table *t, HiMPI_Op op, int procs,
                                  long long msg_size, HiMPI_Alg alg_out, HiMPI_Alg alg_in)
{
    himpi_row key = {.op = op, .procs = procs, .msg_size = msg_size, .alg_out = alg_out,
                     .alg_in = alg_in};
    ptrdiff_t i = find_index(t, &key);
    return i < 0 ? NULL : &t->rows[i];
}

int himpi_table_put(himpi_table *t, const himpi_row *row)
{
    ptrdiff_t i = find_index(t, row);
    if (i >= 0) {
        t->rows[i] = *row;
        return 0;
    }
    if (reserve(t, t->nrows + 1) != 0)
        return -1;
    t->rows[t->nrows++] = *row;
    return 0;
}

/* Binary search for key among the n sorted refs.  Returns its ref or NULL. */
static const ref *search_key(const ref *r, size_t n, const himpi_row *key)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = key_cmp(r[mid].row, key);
        if (c == 0)
            return &r[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* Merging sorts both tables' keys so that large tables merge in
 * O(n log n).  old is dst's rows sorted, add src's; dst has room for all. */
static void merge_sorted(himpi_table *dst, const ref *old, size_t n, const himpi_table *src,
                         const ref *add, unsigned char *overridden)
{
    size_t m = src->nrows;
    /* A later src row wins over an earlier one with its key. */
    for (size_t i = 1; i < m; i++)
        if (key_cmp(add[i - 1].row, add[i].row) == 0)
            overridden[add[i - 1].index] = 1;
    for (size_t i = 0; i < m; i++) {
        if (overridden[i])
            continue;
        const ref *hit = search_key(old, n, &src->rows[i]);
        if (hit != NULL)
            dst->rows[hit->index] = src->rows[i];
        else
            dst->rows[dst->nrows++] = src->rows[i];
    }
}

int himpi_table_merge(himpi_table *dst, const himpi_table *src)
{
    size_t n = dst->nrows, m = src->nrows;
    if (dst == src)
        return 0;
    if (m > SIZE_MAX / 2 - n || reserve(dst, n + m) != 0)
        return -1;
    ref *old = sorted_refs(dst->rows, n), *add = sorted_refs(src->rows, m);
    unsigned char *overridden = calloc(m > 0 ? m : 1, 1);
    int rc = old != NULL && add != NULL && overridden != NULL ? 0 : -1;
    if (rc == 0) {
        merge_sorted(dst, old, n, src, add, overridden);
        dst->header = src->header;
    }
    free(overridden);
    free(add);
    free(old);
    return rc;
}

/* ------------------------------------------------------------------------ */
/* Parsing                                                                   */
/* ------------------------------------------------------------------------ */

enum mode {
    MODE_START,   /* before the first line that says which format */
    MODE_CURRENT, /* after "himpi-table N" (version 1 or 2) */
    MODE_LEGACY   /* the original HiMPI's 7 columns */
};

enum field { F_HOST, F_MPI, F_PPN, F_PRECISION, F_DATE, F_COUNT };
static const char *const field_names[F_COUNT] = {"host", "mpi", "ppn", "precision", "date"};

typedef struct parser {
    const char *name;
    char *err;
    size_t errlen;
    himpi_table *t;
    long line; /* the line being read, from 1 */
    enum mode mode;
    int version;              /* the version line's number in MODE_CURRENT */
    int seen_content;         /* a non-blank line has been read */
    long header_line;         /* where "himpi-table" was */
    long field_line[F_COUNT]; /* where each header field was, 0 if absent */
    long *row_line;           /* the line of each row of t */
    size_t row_line_cap;
} parser;

/* Writes "NAME:LINE: reason" into the error buffer and returns -1. */
__attribute__((format(printf, 3, 4))) static int fail(parser *ps, long line, const char *fmt,
                                                      ...)
{
    if (ps->err == NULL || ps->errlen == 0)
        return -1;
    int n = snprintf(ps->err, ps->errlen, "%s:%ld: ", ps->name, line);
    if (n >= 0 && (size_t)n < ps->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(ps->err + n, ps->errlen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* A line split at blanks; n counts every field, v keeps the first few. */
typedef struct fields {
    char *v[MAX_FIELDS];
    int n;
} fields;

static void split(char *s, fields *f)
{
    f->n = 0;
    for (;;) {
        s += strspn(s, " \t");
        if (*s == '\0')
            return;
        if (f->n < MAX_FIELDS)
            f->v[f->n] = s;
        f->n++;
        s += strcspn(s, " \t");
        if (*s == '\0')
            return;
        *s++ = '\0';
    }
}

static int all_digits(const char *s)
{
    return *s != '\0' && strspn(s, "0123456789") == strlen(s);
}

/* What the original format's rows consist of: integers, possibly negative. */
static int integer_like(const char *s)
{
    return all_digits(s + (s[0] == '-'));
}

/* A plain decimal integer in [min, max] (min >= 0, so a sign is never
 * valid).  Returns 0, or -1 after reporting the field as what. */
static int parse_int(parser *ps, const char *field, const char *what, long long min,
                     long long max, long long *out)
{
    if (!integer_like(field))
        return fail(ps, ps->line, "%s '" QUOTE "': non-numeric field", what, field);
    int negative = field[0] == '-', over = 0;
    long long v = 0;
    for (const char *s = field + negative; *s != '\0' && !over; s++) {
        over = v > (LLONG_MAX - 9) / 10;
        if (!over)
            v = v * 10 + (*s - '0');
    }
    if (negative || over || v < min || v > max)
        return fail(ps, ps->line, "%s '" QUOTE "': out of range (%lld..%lld)", what, field, min,
                    max);
    *out = v;
    return 0;
}

/* A finite floating-point number. */
static int parse_real(parser *ps, const char *field, const char *what, double *out)
{
    char *end;
    double v = strtod(field, &end);
    if (end == field || *end != '\0')
        return fail(ps, ps->line, "%s '" QUOTE "': non-numeric field", what, field);
    if (!isfinite(v))
        return fail(ps, ps->line, "%s '" QUOTE "': out of range (not finite)", what, field);
    *out = v;
    return 0;
}

/* A time: a finite number >= 0, or '-' for unknown (stored as -1). */
static int parse_time(parser *ps, const char *field, const char *what, double *out)
{
    if (strcmp(field, "-") == 0) {
        *out = -1.0;
        return 0;
    }
    if (parse_real(ps, field, what, out) != 0)
        return -1;
    if (*out < 0)
        return fail(ps, ps->line, "%s '" QUOTE "': out of range (seconds >= 0, or '-')", what,
                    field);
    *out += 0.0; /* -0 becomes +0, which formats as a plain zero */
    return 0;
}

static int parse_alg(parser *ps, HiMPI_Op op, const char *field, const char *what,
                     HiMPI_Alg *alg)
{
    if (HiMPI_Alg_from_name(field, alg) != MPI_SUCCESS)
        return fail(ps, ps->line, "%s: unknown algorithm '" QUOTE "'", what, field);
    if (!HiMPI_Alg_supported(op, *alg))
        return fail(ps, ps->line, "%s: algorithm '%s' does not exist for %s", what, field,
                    HiMPI_Op_name(op));
    return 0;
}

/* Appends the row, whose fields the caller checked, and records its line. */
static int add_row(parser *ps, const himpi_row *r)
{
    himpi_table *t = ps->t;
    if (reserve(t, t->nrows + 1) != 0)
        return fail(ps, ps->line, "out of memory");
    if (t->nrows == ps->row_line_cap) {
        size_t cap = t->cap;
        long *lines = realloc(ps->row_line, cap * sizeof *lines);
        if (lines == NULL)
            return fail(ps, ps->line, "out of memory");
        ps->row_line = lines;
        ps->row_line_cap = cap;
    }
    ps->row_line[t->nrows] = ps->line;
    t->rows[t->nrows++] = *r;
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
                       int nparts, himpi_row *r)
{
    int shown = len < 64 ? (int)len : 64;
    if (len == 0)
        return fail(ps, ps->line, "groups '" QUOTE "': level %d is empty", field, k + 1);
    int negative = s[0] == '-';
    if (strspn(s + negative, "0123456789") == len - (size_t)negative && len > (size_t)negative) {
        long long v = 0;
        for (size_t i = (size_t)negative; i < len && v <= INT_MAX; i++)
            v = v * 10 + (s[i] - '0');
        int in_int = !negative && v >= 1 && v <= INT_MAX;
        if (nparts == 1 && in_int && v > r->procs)
            return fail(ps, ps->line, "groups %lld > procs %d", v, r->procs);
        if (nparts == 1 && !in_int)
            return fail(ps, ps->line, "groups '" QUOTE "': out of range (1..%d)", field,
                        r->procs);
        if (!in_int || v > r->procs)
            return fail(ps, ps->line, "groups '" QUOTE "': level %d: %.*s out of range (1..%d)",
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
        return fail(ps, ps->line,
                    "groups '" QUOTE "': unknown level '%.*s' (a group count or one of %s)",
                    field, shown, s, names);
    }
    r->groups[k] = 0;
    r->hw[k] = hw;
    return 0;
}

/* The layout field (called groups): levels separated by '/', each a group
 * count 1..r->procs or a hardware level's name.  A version 1 file allows a
 * single group count only.  Sets r's levels, groups and hw; the entries
 * beyond the layout's levels stay zero. */
static int parse_layout(parser *ps, const char *field, himpi_row *r)
{
    int nparts = 1;
    for (const char *s = field; *s != '\0'; s++)
        nparts += *s == '/';
    if (ps->version < 2 && !integer_like(field)) {
        HiMPI_Hwlevel hw;
        if (nparts > 1)
            return fail(ps, ps->line,
                        "groups '" QUOTE "': a layout of several levels needs format version 2 "
                        "(this file is version %d)",
                        field, ps->version);
        if (HiMPI_Hwlevel_from_name(field, &hw) == MPI_SUCCESS)
            return fail(ps, ps->line,
                        "groups '" QUOTE "': a hardware level needs format version 2 (this "
                        "file is version %d)",
                        field, ps->version);
        return fail(ps, ps->line, "groups '" QUOTE "': non-numeric field", field);
    }
    if (nparts > HIMPI_MAX_LEVELS)
        return fail(ps, ps->line, "groups '" QUOTE "': %d levels, more than %d", field, nparts,
                    HIMPI_MAX_LEVELS);
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
static int check_levels(parser *ps, const char *layout, long long levels, const himpi_row *r)
{
    if (ps->version < 2 && levels != 1)
        return fail(ps, ps->line,
                    "levels %lld not supported in format version %d (one level of groups)",
                    levels, ps->version);
    if (levels != r->levels)
        return fail(ps, ps->line,
                    "levels %lld does not match the layout '" QUOTE "' (%d level%s)", levels,
                    layout, r->levels, r->levels == 1 ? "" : "s");
    return 0;
}

static int parse_row(parser *ps, const fields *f)
{
    if (f->n != ROW_FIELDS)
        return fail(ps, ps->line,
                    "row has %d fields, expected %d (op procs msg_size alg_out alg_in groups "
                    "levels segment time flat_time ci)",
                    f->n, ROW_FIELDS);
    char *const *v = f->v;
    himpi_row r;
    memset(&r, 0, sizeof r); /* levels beyond the layout's are zero */
    if (HiMPI_Op_from_name(v[0], &r.op) != MPI_SUCCESS)
        return fail(ps, ps->line, "unknown operation '" QUOTE "'", v[0]);
    long long procs = 0, size = 0, levels = 0, segment = 0;
    if (parse_int(ps, v[1], "procs", 1, INT_MAX, &procs) != 0)
        return -1;
    r.procs = (int)procs;
    if (parse_int(ps, v[2], "msg_size", 0, INT_MAX, &size) != 0 ||
        parse_alg(ps, r.op, v[3], "alg_out", &r.alg_out) != 0 ||
        parse_alg(ps, r.op, v[4], "alg_in", &r.alg_in) != 0 || parse_layout(ps, v[5], &r) != 0 ||
        parse_int(ps, v[6], "levels", 0, INT_MAX, &levels) != 0 ||
        check_levels(ps, v[5], levels, &r) != 0 ||
        parse_int(ps, v[7], "segment", 0, INT_MAX, &segment) != 0 ||
        parse_time(ps, v[8], "time", &r.time) != 0 ||
        parse_time(ps, v[9], "flat_time", &r.flat_time) != 0 ||
        parse_time(ps, v[10], "ci", &r.ci) != 0)
        return -1;
    r.msg_size = size;
    r.segment_size = (int)segment;
    return add_row(ps, &r);
}

/* The original HiMPI's broadcast algorithm ids (enum bcast_algo in its
 * himpi/mpi_bcast_algs.h) as HiMPI's algorithms.  Its "lin" passes the
 * message along the ranks and its "flat" has the root send to each rank,
 * which HiMPI calls chain and linear. */
static const HiMPI_Alg legacy_bcast_algs[] = {
    HIMPI_ALG_NATIVE,                 /* 0 native */
    HIMPI_ALG_CHAIN,                  /* 1 lin */
    HIMPI_ALG_BINARY,                 /* 2 binary */
    HIMPI_ALG_LINEAR,                 /* 3 flat */
    HIMPI_ALG_BINOMIAL,               /* 4 binomial */
    HIMPI_ALG_SCATTER_RING_ALLGATHER, /* 5 scatter_lr_allgather */
    HIMPI_ALG_SCATTER_RD_ALLGATHER,   /* 6 scatter_rd_allgather */
    HIMPI_ALG_BINOMIAL,               /* 7 binomial_mpich, the same tree */
    HIMPI_ALG_PIPELINE,               /* 8 pipelined_linear */
};

/* The original's op_id values 0..4 (op_all = 5 names no operation). */
static const HiMPI_Op legacy_ops[] = {HIMPI_OP_BCAST, HIMPI_OP_REDUCE, HIMPI_OP_ALLREDUCE,
                                      HIMPI_OP_SCATTER, HIMPI_OP_GATHER};

/* The original ran its own algorithms for bcast only; the other operations
 * ignored the ids and called MPI, so 0 (native) is their only valid id. */
static int legacy_alg(parser *ps, HiMPI_Op op, long long id, HiMPI_Alg *alg)
{
    size_t n = op == HIMPI_OP_BCAST ? sizeof legacy_bcast_algs / sizeof legacy_bcast_algs[0]
                                    : 1;
    if (id >= (long long)n)
        return fail(ps, ps->line, "unknown algorithm id %lld for %s", id, HiMPI_Op_name(op));
    *alg = op == HIMPI_OP_BCAST ? legacy_bcast_algs[id] : HIMPI_ALG_NATIVE;
    return 0;
}

static int legacy_row(parser *ps, const fields *f)
{
    static const char *const what[LEGACY_FIELDS] = {
        "num_procs", "num_groups", "num_levels", "msg_size", "alg_in", "alg_out", "op_id"};
    static const long long min[LEGACY_FIELDS] = {1, 1, 0, 0, 0, 0, 0};
    if (f->n != LEGACY_FIELDS)
        return fail(ps, ps->line,
                    "row has %d fields, expected %d (num_procs num_groups num_levels msg_size "
                    "alg_in alg_out op_id)",
                    f->n, LEGACY_FIELDS);
    long long v[LEGACY_FIELDS] = {0};
    for (int i = 0; i < LEGACY_FIELDS; i++)
        if (parse_int(ps, f->v[i], what[i], min[i], INT_MAX, &v[i]) != 0)
            return -1;
    long long nops = (long long)(sizeof legacy_ops / sizeof legacy_ops[0]);
    if (v[6] == nops)
        return fail(ps, ps->line, "op_id %lld means all operations, which is not a row", v[6]);
    if (v[6] > nops)
        return fail(ps, ps->line,
                    "unknown op_id %lld (0..4: bcast reduce allreduce scatter gather)", v[6]);
    himpi_row r;
    memset(&r, 0, sizeof r); /* a one-level layout: the other levels zero */
    r.op = legacy_ops[v[6]];
    r.procs = (int)v[0];
    r.msg_size = v[3];
    r.levels = 1;
    r.groups[0] = (int)v[1];
    r.time = r.flat_time = r.ci = -1.0;
    if (legacy_alg(ps, r.op, v[4], &r.alg_in) != 0 ||
        legacy_alg(ps, r.op, v[5], &r.alg_out) != 0)
        return -1;
    if (v[1] > v[0])
        return fail(ps, ps->line, "groups %lld > procs %lld", v[1], v[0]);
    if (v[2] != 1)
        return fail(ps, ps->line,
                    "levels %lld not supported in the original format (one level of groups)",
                    v[2]);
    return add_row(ps, &r);
}

/* A string field: the rest of the line, trimmed, without control
 * characters (a tab inside is kept). */
static int set_string(parser *ps, const char *name, const char *value, char *dst, size_t size)
{
    size_t n = strlen(value);
    while (n > 0 && (value[n - 1] == ' ' || value[n - 1] == '\t'))
        n--;
    if (n == 0)
        return fail(ps, ps->line, "missing value for %s", name);
    if (n >= size)
        return fail(ps, ps->line, "%s value too long (%zu bytes, at most %zu)", name, n,
                    size - 1);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)value[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            return fail(ps, ps->line, "control character in %s value", name);
    }
    memcpy(dst, value, n);
    dst[n] = '\0';
    return 0;
}

static int parse_precision(parser *ps, const fields *f)
{
    if (f->n != 5)
        return fail(ps, ps->line, "precision takes 4 values (min_reps max_reps cl eps), got %d",
                    f->n - 1);
    long long min_reps = 0, max_reps = 0;
    double cl = 0, eps = 0;
    if (parse_int(ps, f->v[1], "min_reps", 0, INT_MAX, &min_reps) != 0 ||
        parse_int(ps, f->v[2], "max_reps", 0, INT_MAX, &max_reps) != 0 ||
        parse_real(ps, f->v[3], "cl", &cl) != 0 || parse_real(ps, f->v[4], "eps", &eps) != 0)
        return -1;
    MPIB_precision p = {(int)min_reps, (int)max_reps, cl, eps};
    if (MPIB_precision_check(&p) != MPI_SUCCESS)
        return fail(ps, ps->line,
                    "invalid precision (need min_reps >= 1, max_reps >= min_reps, 0 < cl < 1, "
                    "eps > 0)");
    ps->t->header.precision = p;
    return 0;
}

static int parse_ppn(parser *ps, const fields *f)
{
    long long ppn = 0;
    if (f->n != 2)
        return fail(ps, ps->line, "ppn takes 1 value, got %d", f->n - 1);
    if (parse_int(ps, f->v[1], "ppn", 0, INT_MAX, &ppn) != 0)
        return -1;
    ps->t->header.ppn = (int)ppn;
    return 0;
}

/* A header field line; value is the text after the field's name. */
static int parse_field(parser *ps, enum field k, const char *value, const fields *f)
{
    const char *name = field_names[k];
    if (ps->t->nrows > 0)
        return fail(ps, ps->line, "header field '%s' after the first row (line %ld)", name,
                    ps->row_line[0]);
    if (ps->field_line[k] != 0)
        return fail(ps, ps->line, "duplicate header field '%s' (first at line %ld)", name,
                    ps->field_line[k]);
    ps->field_line[k] = ps->line;
    himpi_table_header *h = &ps->t->header;
    switch (k) {
    case F_HOST:      return set_string(ps, name, value, h->hosts, sizeof h->hosts);
    case F_MPI:       return set_string(ps, name, value, h->mpi, sizeof h->mpi);
    case F_DATE:      return set_string(ps, name, value, h->date, sizeof h->date);
    case F_PRECISION: return parse_precision(ps, f);
    default:          return parse_ppn(ps, f);
    }
}

static int field_index(const char *name)
{
    for (int k = 0; k < F_COUNT; k++)
        if (strcmp(name, field_names[k]) == 0)
            return k;
    return -1;
}

/* A line of the current format after the version line.  start points at
 * the line's first field in the unsplit text. */
static int current_line(parser *ps, const char *start, const fields *f)
{
    int k = field_index(f->v[0]);
    if (k >= 0) {
        const char *value = start + strlen(f->v[0]);
        return parse_field(ps, (enum field)k, value + strspn(value, " \t"), f);
    }
    if (strcmp(f->v[0], "himpi-table") == 0)
        return fail(ps, ps->line, "'himpi-table' line repeated (first at line %ld)",
                    ps->header_line);
    HiMPI_Op op;
    if (f->n == ROW_FIELDS || HiMPI_Op_from_name(f->v[0], &op) == MPI_SUCCESS)
        return parse_row(ps, f);
    return fail(ps, ps->line, "unknown header field '" QUOTE "'", f->v[0]);
}

/* The first line that is neither blank nor a comment says the format. */
static int first_line(parser *ps, const fields *f)
{
    if (strcmp(f->v[0], "himpi-table") == 0) {
        unsigned long long version = 0;
        if (f->n == 2 && all_digits(f->v[1]))
            for (const char *s = f->v[1]; *s != '\0' && version <= INT_MAX; s++)
                version = version * 10 + (unsigned)(*s - '0');
        if (version > HIMPI_TABLE_VERSION)
            return fail(ps, ps->line,
                        "table version " QUOTE " is newer than this HiMPI reads (%d)", f->v[1],
                        HIMPI_TABLE_VERSION);
        if (version >= 1) { /* 1 or 2: version 1's layouts are a single g */
            ps->mode = MODE_CURRENT;
            ps->version = (int)version;
            ps->header_line = ps->line;
            return 0;
        }
    } else if (f->n == LEGACY_FIELDS) {
        int legacy = 1;
        for (int i = 0; i < LEGACY_FIELDS; i++)
            legacy &= integer_like(f->v[i]);
        if (legacy) {
            ps->mode = MODE_LEGACY;
            ps->t->legacy = 1;
            return legacy_row(ps, f);
        }
    }
    return fail(ps, ps->line, "bad header: expected 'himpi-table %d'", HIMPI_TABLE_VERSION);
}

/* One line, without its line ending. */
static int parse_line(parser *ps, const char *line)
{
    const char *s = line + strspn(line, " \t");
    if (*s == '\0')
        return 0;
    /* The original HiMPI starts its files with a commented column header. */
    if (!ps->seen_content && strncmp(s, "#num_procs", 10) == 0) {
        ps->mode = MODE_LEGACY;
        ps->t->legacy = 1;
    }
    ps->seen_content = 1;
    if (*s == '#')
        return 0;
    char copy[TABLE_LINE_MAX + 1];
    strcpy(copy, s);
    fields f;
    split(copy, &f);
    switch (ps->mode) {
    case MODE_START:   return first_line(ps, &f);
    case MODE_CURRENT: return current_line(ps, s, &f);
    default:           return legacy_row(ps, &f);
    }
}

/* Cuts the text into lines and checks what every line must satisfy. */
static int parse_text(parser *ps, const char *text, size_t len)
{
    char line[TABLE_LINE_MAX + 1];
    size_t pos = 0;
    while (pos < len) {
        ps->line++;
        const char *start = text + pos;
        const char *nl = memchr(start, '\n', len - pos);
        size_t n = nl != NULL ? (size_t)(nl - start) : len - pos;
        pos += n + 1;
        if (memchr(start, '\0', n) != NULL)
            return fail(ps, ps->line, "NUL byte");
        if (nl == NULL)
            return fail(ps, ps->line, "truncated line (no newline at end of file)");
        if (n > 0 && start[n - 1] == '\r')
            n--; /* a DOS line ending */
        if (n > TABLE_LINE_MAX)
            return fail(ps, ps->line, "line longer than %d bytes", TABLE_LINE_MAX);
        if (memchr(start, '\r', n) != NULL)
            return fail(ps, ps->line, "carriage return inside a line");
        memcpy(line, start, n);
        line[n] = '\0';
        if (parse_line(ps, line) != 0)
            return -1;
    }
    /* An empty file is an empty table (a tuning run creates it); text
     * that never says its format is not a table. */
    if (len > 0 && ps->mode == MODE_START)
        return fail(ps, ps->line, "bad header: expected 'himpi-table %d'", HIMPI_TABLE_VERSION);
    return 0;
}

/* Duplicate keys are looked for once the rows are read.  One found is
 * reported in preference to an error later in the file, so that the message
 * always names the first bad line. */
static int check_duplicates(parser *ps, int rc)
{
    size_t dup = 0, first = 0;
    int found = first_duplicate(ps->t, &dup, &first);
    if (found < 0)
        return rc != 0 ? rc : fail(ps, 0, "out of memory");
    if (found == 0)
        return rc;
    const himpi_row *r = &ps->t->rows[dup];
    return fail(ps, ps->row_line[dup],
                "duplicate row for %s procs %d size %lld %s/%s (first at line %ld)",
                HiMPI_Op_name(r->op), r->procs, r->msg_size, HiMPI_Alg_name(r->alg_out),
                HiMPI_Alg_name(r->alg_in), ps->row_line[first]);
}

int himpi_table_parse(const char *text, size_t len, const char *name, himpi_table *t,
                      char *err, size_t errlen)
{
    himpi_table parsed;
    himpi_table_init(&parsed);
    parser ps = {.name = name, .err = err, .errlen = errlen, .t = &parsed};
    himpi_table_free(t);
    c_numeric cn;
    if (c_numeric_enter(&cn) != 0)
        return fail(&ps, 0, "out of memory");
    int rc = parse_text(&ps, text, len);
    c_numeric_leave(&cn);
    rc = check_duplicates(&ps, rc);
    free(ps.row_line);
    if (rc != 0) {
        himpi_table_free(&parsed);
        return -1;
    }
    *t = parsed;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Formatting                                                                */
/* ------------------------------------------------------------------------ */

/* A growing string; failed records that memory ran out. */
typedef struct text {
    char *s;
    size_t len;
    size_t cap;
    int failed;
} text;

__attribute__((format(printf, 2, 3))) static void put(text *b, const char *fmt, ...)
{
    if (b->failed)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n >= b->cap - b->len) {
        size_t cap = b->cap;
        while (cap - b->len <= (size_t)n && cap < SIZE_MAX / 2)
            cap *= 2;
        char *s = cap - b->len > (size_t)n ? realloc(b->s, cap) : NULL;
        if (s == NULL) {
            b->failed = 1;
            return;
        }
        b->s = s;
        b->cap = cap;
        va_start(ap, fmt);
        n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
    }
    if (n < 0) {
        b->failed = 1;
        return;
    }
    b->len += (size_t)n;
}

static void put_string(text *b, const char *name, const char *value, size_t size)
{
    size_t n = strnlen(value, size);
    if (n > 0)
        put(b, "%-9s %.*s\n", name, (int)n, value);
}

/* The shortest of %.15g to %.17g that reads back as v. */
static void put_real(text *b, double v)
{
    char s[40];
    int digits = 15;
    snprintf(s, sizeof s, "%.*g", digits, v);
    while (strtod(s, NULL) != v && digits < 17)
        snprintf(s, sizeof s, "%.*g", ++digits, v);
    put(b, "%s", s);
}

/* Seven significant digits are far below the measurements' precision. */
static void put_time(text *b, double v)
{
    if (v >= 0 && isfinite(v))
        put(b, "  %.6e", v);
    else
        put(b, "  -");
}

/* Names for rows built by hand with invalid values, so that the text
 * shows them (and fails to parse) rather than crashing here. */
static const char *op_text(HiMPI_Op op)
{
    const char *s = HiMPI_Op_name(op);
    return s != NULL ? s : "invalid";
}

static const char *alg_text(HiMPI_Alg alg)
{
    const char *s = HiMPI_Alg_name(alg);
    return s != NULL ? s : "invalid";
}

static void put_header(text *b, const himpi_table_header *h)
{
    put(b, "himpi-table %d\n", HIMPI_TABLE_VERSION);
    put_string(b, "host", h->hosts, sizeof h->hosts);
    put_string(b, "mpi", h->mpi, sizeof h->mpi);
    if (h->ppn != 0)
        put(b, "%-9s %d\n", "ppn", h->ppn);
    const MPIB_precision *p = &h->precision;
    if (p->min_reps != 0 || p->max_reps != 0 || p->cl != 0 || p->eps != 0) {
        put(b, "%-9s %d %d ", "precision", p->min_reps, p->max_reps);
        put_real(b, p->cl);
        put(b, " ");
        put_real(b, p->eps);
        put(b, "\n");
    }
    put_string(b, "date", h->date, sizeof h->date);
}

int himpi_row_layout_format(const himpi_row *row, char *buf, size_t len)
{
    size_t n = 0;
    /* Rows built by hand with invalid values show as "invalid" (and fail to
     * parse) rather than overflowing anything here. */
    int levels = row->levels;
    if (levels < 1 || levels > HIMPI_MAX_LEVELS)
        return snprintf(buf, len, "invalid");
    for (int i = 0; i < levels; i++) {
        const char *sep = i > 0 ? "/" : "", *name = HiMPI_Hwlevel_name(row->hw[i]);
        char *at = n < len ? buf + n : NULL;
        size_t room = n < len ? len - n : 0;
        int m = row->groups[i] != 0
                    ? snprintf(at, room, "%s%d", sep, row->groups[i])
                    : snprintf(at, room, "%s%s", sep, name != NULL ? name : "invalid");
        if (m < 0)
            return m;
        n += (size_t)m;
    }
    return (int)n;
}

char *himpi_table_format(const himpi_table *t)
{
    text b = {.cap = 256 + 128 * t->nrows};
    b.s = malloc(b.cap);
    ref *r = sorted_refs(t->rows, t->nrows);
    c_numeric cn;
    if (b.s == NULL || r == NULL || c_numeric_enter(&cn) != 0) {
        free(b.s);
        free(r);
        return NULL;
    }
    put_header(&b, &t->header);
    put(&b, "# op  procs  msg_size  alg_out  alg_in  groups  levels  segment  time  flat_time  "
            "ci\n");
    for (size_t i = 0; i < t->nrows; i++) {
        const himpi_row *row = r[i].row;
        char layout[HIMPI_MAX_LEVELS * 16];
        himpi_row_layout_format(row, layout, sizeof layout);
        put(&b, "%s  %d  %lld  %s  %s  %s  %d  %d", op_text(row->op), row->procs, row->msg_size,
            alg_text(row->alg_out), alg_text(row->alg_in), layout, row->levels,
            row->segment_size);
        put_time(&b, row->time);
        put_time(&b, row->flat_time);
        put_time(&b, row->ci);
        put(&b, "\n");
    }
    c_numeric_leave(&cn);
    free(r);
    if (b.failed) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

/* ------------------------------------------------------------------------ */
/* Index and lookup                                                          */
/* ------------------------------------------------------------------------ */

/* A tabulated process count of one operation and its sizes' plans. */
typedef struct ix_procs {
    HiMPI_Op op;
    int procs;
    size_t first; /* plans[first .. first + count), by table_msg_size */
    size_t count;
} ix_procs;

struct himpi_index {
    size_t op_first[HIMPI_OP_COUNT + 1]; /* procs[op_first[op] .. op_first[op + 1]) */
    ix_procs *procs;
    himpi_plan *plans;
};

/* 1 if row a is the better plan: a known time beats an unknown one, the
 * smaller known time wins, and otherwise the earlier row. */
static int better(const ref *a, const ref *b)
{
    double ta = a->row->time, tb = b->row->time;
    int ka = ta >= 0, kb = tb >= 0;
    if (ka != kb)
        return ka;
    if (ka && ta != tb)
        return ta < tb;
    return a->index < b->index;
}

void himpi_row_plan(const himpi_row *row, HiMPI_Plan *plan)
{
    memset(plan, 0, sizeof *plan);
    /* A row built by hand may hold any levels; the plan's stay in range. */
    int n = row->levels < 0 ? 0 : row->levels > HIMPI_MAX_LEVELS ? HIMPI_MAX_LEVELS : row->levels;
    plan->nlevels = n;
    for (int i = 0; i < n; i++)
        plan->level[i] = (HiMPI_Level){row->groups[i], row->hw[i], row->alg_out};
    plan->alg_in = row->alg_in;
    plan->segment_size = row->segment_size;
}

static himpi_plan plan_of(const himpi_row *r)
{
    himpi_plan p;
    memset(&p, 0, sizeof p);
    himpi_row_plan(r, &p.plan);
    p.table_procs = r->procs;
    p.table_msg_size = r->msg_size;
    return p;
}

static int same_size(const himpi_row *a, const himpi_row *b)
{
    return a->op == b->op && a->procs == b->procs && a->msg_size == b->msg_size;
}

/* Fills the index from the rows sorted by key (n of them, valid ops). */
static void fill_index(himpi_index *ix, const ref *r, size_t n)
{
    size_t np = 0, ns = 0;
    for (size_t i = 0; i < n;) {
        const himpi_row *row = r[i].row;
        size_t best = i, j = i + 1;
        for (; j < n && same_size(r[j].row, row); j++)
            if (better(&r[j], &r[best]))
                best = j;
        if (np == 0 || ix->procs[np - 1].op != row->op || ix->procs[np - 1].procs != row->procs)
            ix->procs[np++] = (ix_procs){row->op, row->procs, ns, 0};
        ix->plans[ns++] = plan_of(r[best].row);
        ix->procs[np - 1].count++;
        i = j;
    }
    size_t k = 0;
    for (int op = 0; op < HIMPI_OP_COUNT; op++) {
        ix->op_first[op] = k;
        while (k < np && ix->procs[k].op == (HiMPI_Op)op)
            k++;
    }
    ix->op_first[HIMPI_OP_COUNT] = k;
}

himpi_index *himpi_index_build(const himpi_table *t)
{
    size_t cap = t->nrows > 0 ? t->nrows : 1;
    himpi_index *ix = calloc(1, sizeof *ix);
    ref *r = malloc(cap * sizeof *r);
    if (ix != NULL) {
        ix->procs = malloc(cap * sizeof *ix->procs);
        ix->plans = malloc(cap * sizeof *ix->plans);
    }
    if (ix == NULL || r == NULL || ix->procs == NULL || ix->plans == NULL) {
        free(r);
        himpi_index_free(ix);
        return NULL;
    }
    /* A row built by hand with an invalid operation can never be looked up. */
    size_t n = 0;
    for (size_t i = 0; i < t->nrows; i++)
        if (t->rows[i].op >= 0 && t->rows[i].op < HIMPI_OP_COUNT)
            r[n++] = (ref){&t->rows[i], i};
    qsort(r, n, sizeof *r, ref_cmp);
    fill_index(ix, r, n);
    free(r);
    return ix;
}

void himpi_index_free(himpi_index *ix)
{
    if (ix == NULL)
        return;
    free(ix->procs);
    free(ix->plans);
    free(ix);
}

/* p itself if tabulated, else the nearest count, the smaller on a tie. */
static const ix_procs *nearest_procs(const ix_procs *c, size_t n, int p)
{
    size_t lo = 0, hi = n; /* becomes the first count >= p */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c[mid].procs < p)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == n)
        return &c[n - 1];
    if (lo == 0 || c[lo].procs == p)
        return &c[lo];
    long long above = (long long)c[lo].procs - p, below = (long long)p - c[lo - 1].procs;
    return above < below ? &c[lo] : &c[lo - 1];
}

/* The largest tabulated size <= msg_size, or the smallest one. */
static const himpi_plan *plan_for_size(const himpi_plan *s, size_t n, long long msg_size)
{
    size_t lo = 0, hi = n; /* becomes the first size > msg_size */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s[mid].table_msg_size <= msg_size)
            lo = mid + 1;
        else
            hi = mid;
    }
    return &s[lo > 0 ? lo - 1 : 0];
}

/* The model's best g grows as sqrt(p); 1 and table_procs are the flat
 * algorithms and stay so. */
static int scale_groups(int g, int table_procs, int p)
{
    if (g == 1)
        return 1;
    if (g == table_procs)
        return p;
    double v = round(g * sqrt((double)p / table_procs));
    return v < 1 ? 1 : v > p ? p : (int)v;
}

int himpi_index_lookup(const himpi_index *ix, HiMPI_Op op, int p, long long msg_size,
                       himpi_plan *plan)
{
    if (ix == NULL || op < 0 || op >= HIMPI_OP_COUNT || p < 1)
        return 0;
    size_t first = ix->op_first[op], n = ix->op_first[op + 1] - first;
    if (n == 0)
        return 0;
    const ix_procs *c = nearest_procs(ix->procs + first, n, p);
    *plan = *plan_for_size(ix->plans + c->first, c->count, msg_size);
    /* Only a one-level rank-block layout is scaled: hardware levels do not
     * depend on p, and the collectives clamp the block counts of deeper
     * levels to their groups' sizes.  At a tabulated p the scaling is the
     * identity for every row that parses (it only clamps a hand-built
     * g > procs into 1..p). */
    HiMPI_Level *l = &plan->plan.level[0];
    if (plan->plan.nlevels == 1 && l->groups >= 1)
        l->groups = scale_groups(l->groups, c->procs, p);
    return 1;
}

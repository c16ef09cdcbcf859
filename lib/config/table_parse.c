/* table_parse.c: the text parser of configuration tables
 * (doc/config-format.md): cutting the text into lines, telling the format
 * from the first line, the header fields, the checks over the whole table
 * (duplicate keys), and the field helpers the row parsers share.  The rows
 * themselves are table_parse_row.c's (versions 5 to 1) and
 * table_legacy.c's (the original 7-column format).  No MPI communication. */
#include <config.h>

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/decimal.h"
#include "config/table.h"
#include "config/table_parse.h"
#include "config/table_private.h"

#define TABLE_LINE_MAX 4096 /* bytes per line, not counting the line ending */

static const char *const field_names[F_COUNT] = {
    "host", "mpi", "himpi", "nodes", "ppn", "placement", "topology", "precision", "date"};

int himpi_table_fail(parser *ps, long line, const char *fmt, ...)
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

int himpi_table_integer_like(const char *s)
{
    return all_digits(s + (s[0] == '-'));
}

int himpi_table_parse_int(parser *ps, const char *field, const char *what, long long min,
                          long long max, long long *out)
{
    if (!himpi_table_integer_like(field))
        return himpi_table_fail(ps, ps->line, "%s '" QUOTE "': non-numeric field", what, field);
    int negative = field[0] == '-', over = 0;
    long long v = 0;
    for (const char *s = field + negative; *s != '\0' && !over; s++) {
        over = v > (LLONG_MAX - 9) / 10;
        if (!over)
            v = v * 10 + (*s - '0');
    }
    if (negative || over || v < min || v > max)
        return himpi_table_fail(ps, ps->line, "%s '" QUOTE "': out of range (%lld..%lld)", what,
                                field, min, max);
    *out = v;
    return 0;
}

int himpi_table_parse_real(parser *ps, const char *field, const char *what, double *out)
{
    /* A '-' passes, so that a negative time is reported as out of range. */
    if (!himpi_is_decimal_real(field))
        return himpi_table_fail(ps, ps->line, "%s '" QUOTE "': non-numeric field", what, field);
    double v = strtod(field, NULL);
    if (!isfinite(v))
        return himpi_table_fail(ps, ps->line, "%s '" QUOTE "': out of range (not finite)", what,
                                field);
    *out = v;
    return 0;
}

int himpi_table_add_row(parser *ps, const HiMPI_Row *r)
{
    HiMPI_Table *t = ps->t;
    if (himpi_table_reserve(t, t->nrows + 1) != 0)
        return himpi_table_fail(ps, ps->line, "out of memory");
    if (t->nrows == ps->row_line_cap) {
        size_t cap = t->cap;
        long *lines = realloc(ps->row_line, cap * sizeof *lines);
        if (lines == NULL)
            return himpi_table_fail(ps, ps->line, "out of memory");
        ps->row_line = lines;
        ps->row_line_cap = cap;
    }
    ps->row_line[t->nrows] = ps->line;
    t->rows[t->nrows++] = *r;
    return 0;
}

/* A string field: the rest of the line, trimmed, without control
 * characters (a tab inside is kept). */
static int set_string(parser *ps, const char *name, const char *value, char *dst, size_t size)
{
    size_t n = strlen(value);
    while (n > 0 && (value[n - 1] == ' ' || value[n - 1] == '\t'))
        n--;
    if (n == 0)
        return himpi_table_fail(ps, ps->line, "missing value for %s", name);
    if (n >= size)
        return himpi_table_fail(ps, ps->line, "%s value too long (%zu bytes, at most %zu)", name, n,
                                size - 1);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)value[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            return himpi_table_fail(ps, ps->line, "control character in %s value", name);
    }
    memcpy(dst, value, n);
    dst[n] = '\0';
    return 0;
}

static int parse_precision(parser *ps, const fields *f)
{
    if (f->n != 5)
        return himpi_table_fail(ps, ps->line,
                                "precision takes 4 values (min_reps max_reps cl eps), got %d",
                                f->n - 1);
    long long min_reps = 0, max_reps = 0;
    double cl = 0, eps = 0;
    if (himpi_table_parse_int(ps, f->v[1], "min_reps", 0, INT_MAX, &min_reps) != 0 ||
        himpi_table_parse_int(ps, f->v[2], "max_reps", 0, INT_MAX, &max_reps) != 0 ||
        himpi_table_parse_real(ps, f->v[3], "cl", &cl) != 0 ||
        himpi_table_parse_real(ps, f->v[4], "eps", &eps) != 0)
        return -1;
    MPIB_precision p = {(int)min_reps, (int)max_reps, cl, eps};
    if (MPIB_precision_check(&p) != MPI_SUCCESS)
        return himpi_table_fail(ps, ps->line,
                                "invalid precision (need min_reps >= 1, max_reps >= min_reps, "
                                "0 < cl < 1, eps > 0)");
    ps->t->header.precision = p;
    return 0;
}

/* nodes and ppn: a count, 0 meaning unknown. */
static int parse_count(parser *ps, const fields *f, const char *name, int *dst)
{
    long long n = 0;
    if (f->n != 2)
        return himpi_table_fail(ps, ps->line, "%s takes 1 value, got %d", name, f->n - 1);
    if (himpi_table_parse_int(ps, f->v[1], name, 0, INT_MAX, &n) != 0)
        return -1;
    *dst = (int)n;
    return 0;
}

static int parse_placement(parser *ps, const fields *f, char *dst, size_t size)
{
    static const char *const known[] = {"block", "cyclic", "mixed"};
    if (f->n != 2)
        return himpi_table_fail(ps, ps->line, "placement takes 1 value, got %d", f->n - 1);
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (strcmp(f->v[1], known[i]) == 0) {
            snprintf(dst, size, "%s", known[i]);
            return 0;
        }
    return himpi_table_fail(ps, ps->line,
                            "placement '" QUOTE "': unknown (block, cyclic or mixed)", f->v[1]);
}

/* A header field line; value is the text after the field's name. */
static int parse_field(parser *ps, enum field k, const char *value, const fields *f)
{
    const char *name = field_names[k];
    if (ps->t->nrows > 0)
        return himpi_table_fail(ps, ps->line, "header field '%s' after the first row (line %ld)",
                                name, ps->row_line[0]);
    if (ps->field_line[k] != 0)
        return himpi_table_fail(ps, ps->line, "duplicate header field '%s' (first at line %ld)",
                                name, ps->field_line[k]);
    ps->field_line[k] = ps->line;
    HiMPI_Table_header *h = &ps->t->header;
    HiMPI_Fingerprint *fp = &h->fp;
    switch (k) {
    case F_HOST:      return set_string(ps, name, value, h->hosts, sizeof h->hosts);
    case F_MPI:       return set_string(ps, name, value, fp->mpi, sizeof fp->mpi);
    case F_HIMPI:     return set_string(ps, name, value, fp->himpi, sizeof fp->himpi);
    case F_NODES:     return parse_count(ps, f, name, &fp->nodes);
    case F_PPN:       return parse_count(ps, f, name, &fp->ppn);
    case F_PLACEMENT: return parse_placement(ps, f, fp->placement, sizeof fp->placement);
    case F_TOPOLOGY:  return set_string(ps, name, value, fp->topology, sizeof fp->topology);
    case F_PRECISION: return parse_precision(ps, f);
    default:          return set_string(ps, name, value, h->date, sizeof h->date);
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
        return himpi_table_fail(ps, ps->line, "'himpi-table' line repeated (first at line %ld)",
                                ps->header_line);
    HiMPI_Op op;
    if (f->n == ROW_FIELDS || f->n == ROW_FIELDS_V4 || f->n == ROW_FIELDS_V2 ||
        HiMPI_Op_from_name(f->v[0], &op) == MPI_SUCCESS)
        return himpi_table_parse_row(ps, f);
    return himpi_table_fail(ps, ps->line, "unknown header field '" QUOTE "'", f->v[0]);
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
            return himpi_table_fail(ps, ps->line,
                                    "table version " QUOTE " is newer than this HiMPI reads (%d)",
                                    f->v[1], HIMPI_TABLE_VERSION);
        if (version >= 1) { /* 1's layouts are a single g, 2 has no verdicts, 3 no
                               fingerprint, 4 no overlap */
            ps->mode = MODE_CURRENT;
            ps->version = (int)version;
            ps->header_line = ps->line;
            return 0;
        }
    } else if (f->n == LEGACY_FIELDS) {
        int legacy = 1;
        for (int i = 0; i < LEGACY_FIELDS; i++)
            legacy &= himpi_table_integer_like(f->v[i]);
        if (legacy) {
            ps->mode = MODE_LEGACY;
            ps->t->legacy = 1;
            return himpi_table_legacy_row(ps, f);
        }
    }
    return himpi_table_fail(ps, ps->line, "bad header: expected 'himpi-table %d'",
                            HIMPI_TABLE_VERSION);
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
    default:           return himpi_table_legacy_row(ps, &f);
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
            return himpi_table_fail(ps, ps->line, "NUL byte");
        if (nl == NULL)
            return himpi_table_fail(ps, ps->line, "truncated line (no newline at end of file)");
        if (n > 0 && start[n - 1] == '\r')
            n--; /* a DOS line ending */
        if (n > TABLE_LINE_MAX)
            return himpi_table_fail(ps, ps->line, "line longer than %d bytes", TABLE_LINE_MAX);
        if (memchr(start, '\r', n) != NULL)
            return himpi_table_fail(ps, ps->line, "carriage return inside a line");
        memcpy(line, start, n);
        line[n] = '\0';
        if (parse_line(ps, line) != 0)
            return -1;
    }
    /* An empty file is an empty table (a tuning run creates it); text
     * that never says its format is not a table. */
    if (len > 0 && ps->mode == MODE_START)
        return himpi_table_fail(ps, ps->line, "bad header: expected 'himpi-table %d'",
                                HIMPI_TABLE_VERSION);
    return 0;
}

/* Duplicate keys are looked for once the rows are read.  One found is
 * reported in preference to an error later in the file, so that the message
 * always names the first bad line. */
static int check_duplicates(parser *ps, int rc)
{
    size_t dup = 0, first = 0;
    int found = himpi_table_first_duplicate(ps->t, &dup, &first);
    if (found < 0)
        return rc != 0 ? rc : himpi_table_fail(ps, 0, "out of memory");
    if (found == 0)
        return rc;
    const HiMPI_Row *r = &ps->t->rows[dup];
    return himpi_table_fail(ps, ps->row_line[dup],
                            "duplicate row for %s procs %d size %lld %s/%s (first at line %ld)",
                            HiMPI_Op_name(r->op), r->procs, r->msg_size, HiMPI_Alg_name(r->alg_out),
                            HiMPI_Alg_name(r->alg_in), ps->row_line[first]);
}

int himpi_table_parse(const char *text, size_t len, const char *name, HiMPI_Table *t,
                      char *err, size_t errlen)
{
    HiMPI_Table parsed;
    HiMPI_Table_init(&parsed);
    parser ps = {.name = name, .err = err, .errlen = errlen, .t = &parsed};
    HiMPI_Table_free(t);
    c_numeric cn;
    if (himpi_c_numeric_enter(&cn) != 0)
        return himpi_table_fail(&ps, 0, "out of memory");
    int rc = parse_text(&ps, text, len);
    himpi_c_numeric_leave(&cn);
    rc = check_duplicates(&ps, rc);
    free(ps.row_line);
    if (rc != 0) {
        HiMPI_Table_free(&parsed);
        return -1;
    }
    *t = parsed;
    return 0;
}

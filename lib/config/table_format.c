/* table_format.c: configuration tables as text in the current format
 * (doc/config-format.md): the header, then the rows sorted by key; and a
 * row's layout as text ("node/2").  No MPI communication. */
#include <config.h>

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/table.h"
#include "config/table_private.h"

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

static void put_header(text *b, const HiMPI_Table_header *h)
{
    put(b, "himpi-table %d\n", HIMPI_TABLE_VERSION);
    const HiMPI_Fingerprint *fp = &h->fp;
    put_string(b, "host", h->hosts, sizeof h->hosts);
    put_string(b, "mpi", fp->mpi, sizeof fp->mpi);
    put_string(b, "himpi", fp->himpi, sizeof fp->himpi);
    if (fp->nodes != 0)
        put(b, "%-9s %d\n", "nodes", fp->nodes);
    if (fp->ppn != 0)
        put(b, "%-9s %d\n", "ppn", fp->ppn);
    put_string(b, "placement", fp->placement, sizeof fp->placement);
    put_string(b, "topology", fp->topology, sizeof fp->topology);
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

int HiMPI_Row_layout(const HiMPI_Row *row, char *buf, size_t len)
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

char *HiMPI_Table_format(const HiMPI_Table *t)
{
    text b = {.cap = 256 + 128 * t->nrows};
    b.s = malloc(b.cap);
    ref *r = himpi_table_sorted_refs(t->rows, t->nrows);
    c_numeric cn;
    if (b.s == NULL || r == NULL || himpi_c_numeric_enter(&cn) != 0) {
        free(b.s);
        free(r);
        return NULL;
    }
    put_header(&b, &t->header);
    put(&b, "# op  procs  msg_size  alg_out  alg_in  groups  levels  segment  overlap  time  "
            "flat_time  ci  flat_ci  ratio  ratio_lo  ratio_hi  verdict\n");
    for (size_t i = 0; i < t->nrows; i++) {
        const HiMPI_Row *row = r[i].row;
        char layout[HIMPI_MAX_LEVELS * 16];
        HiMPI_Row_layout(row, layout, sizeof layout);
        put(&b, "%s  %d  %lld  %s  %s  %s  %d  %d  %d", op_text(row->op), row->procs,
            row->msg_size, alg_text(row->alg_out), alg_text(row->alg_in), layout, row->levels,
            row->segment_size, row->overlap);
        put_time(&b, row->time);
        put_time(&b, row->flat_time);
        put_time(&b, row->ci);
        put_time(&b, row->flat_ci);
        put_time(&b, row->ratio);
        put_time(&b, row->ratio_lo);
        put_time(&b, row->ratio_hi);
        const char *verdict = HiMPI_Verdict_name(row->verdict);
        put(&b, "  %s\n", verdict != NULL ? verdict : "invalid");
    }
    himpi_c_numeric_leave(&cn);
    free(r);
    if (b.failed) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

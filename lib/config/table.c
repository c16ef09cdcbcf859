/* table.c: configuration tables in memory: the rows and their keys
 * (init, put, find, merge; rows sorted by key and duplicate keys for the
 * other table files), and the C numeric locale their text is read and
 * written in.  table_parse.c reads the text, table_format.c writes it,
 * table_index.c serves the run-time lookups.  No MPI communication. */
#include <config.h>

#include <locale.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config/table.h"
#include "config/table_private.h"

/* ------------------------------------------------------------------------ */
/* Locale                                                                    */
/* ------------------------------------------------------------------------ */

int himpi_c_numeric_enter(c_numeric *cn)
{
    cn->c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    if (cn->c == (locale_t)0)
        return -1;
    cn->saved = uselocale(cn->c);
    return 0;
}

void himpi_c_numeric_leave(c_numeric *cn)
{
    uselocale(cn->saved);
    freelocale(cn->c);
}

/* ------------------------------------------------------------------------ */
/* Rows and keys                                                             */
/* ------------------------------------------------------------------------ */

void HiMPI_Table_init(HiMPI_Table *t)
{
    memset(t, 0, sizeof *t);
}

void HiMPI_Table_free(HiMPI_Table *t)
{
    free(t->rows);
    HiMPI_Table_init(t);
}

int himpi_table_reserve(HiMPI_Table *t, size_t n)
{
    if (n <= t->cap)
        return 0;
    if (n > SIZE_MAX / 2 / sizeof(HiMPI_Row))
        return -1;
    size_t cap = t->cap > 8 ? t->cap : 8;
    while (cap < n)
        cap *= 2;
    HiMPI_Row *rows = realloc(t->rows, cap * sizeof *rows);
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
static int key_cmp(const HiMPI_Row *a, const HiMPI_Row *b)
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

int himpi_table_ref_cmp(const void *a, const void *b)
{
    const ref *x = a, *y = b;
    int c = key_cmp(x->row, y->row);
    return c != 0 ? c : cmp_ll((long long)x->index, (long long)y->index);
}

ref *himpi_table_sorted_refs(const HiMPI_Row *rows, size_t n)
{
    ref *r = malloc((n > 0 ? n : 1) * sizeof *r);
    if (r == NULL)
        return NULL;
    for (size_t i = 0; i < n; i++)
        r[i] = (ref){&rows[i], i};
    qsort(r, n, sizeof *r, himpi_table_ref_cmp);
    return r;
}

int himpi_table_first_duplicate(const HiMPI_Table *t, size_t *dup, size_t *first)
{
    ref *r = himpi_table_sorted_refs(t->rows, t->nrows);
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

static ptrdiff_t find_index(const HiMPI_Table *t, const HiMPI_Row *key)
{
    for (size_t i = 0; i < t->nrows; i++)
        if (key_cmp(&t->rows[i], key) == 0)
            return (ptrdiff_t)i;
    return -1;
}

const HiMPI_Row *himpi_table_find(const HiMPI_Table *t, HiMPI_Op op, int procs,
                                  long long msg_size, HiMPI_Alg alg_out, HiMPI_Alg alg_in)
{
    HiMPI_Row key = {.op = op, .procs = procs, .msg_size = msg_size, .alg_out = alg_out,
                     .alg_in = alg_in};
    ptrdiff_t i = find_index(t, &key);
    return i < 0 ? NULL : &t->rows[i];
}

int HiMPI_Table_put(HiMPI_Table *t, const HiMPI_Row *row)
{
    ptrdiff_t i = find_index(t, row);
    if (i >= 0) {
        t->rows[i] = *row;
        return 0;
    }
    if (himpi_table_reserve(t, t->nrows + 1) != 0)
        return -1;
    t->rows[t->nrows++] = *row;
    return 0;
}

/* Binary search for key among the n sorted refs.  Returns its ref or NULL. */
static const ref *search_key(const ref *r, size_t n, const HiMPI_Row *key)
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
static void merge_sorted(HiMPI_Table *dst, const ref *old, size_t n, const HiMPI_Table *src,
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

int himpi_table_merge(HiMPI_Table *dst, const HiMPI_Table *src)
{
    size_t n = dst->nrows, m = src->nrows;
    if (dst == src)
        return 0;
    if (m > SIZE_MAX / 2 - n || himpi_table_reserve(dst, n + m) != 0)
        return -1;
    ref *old = himpi_table_sorted_refs(dst->rows, n), *add = himpi_table_sorted_refs(src->rows, m);
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

int HiMPI_Row_precise(const HiMPI_Row *row, double eps)
{
    if (!(eps > 0) || row->time < 0 || row->ci < 0 || row->flat_time < 0 || row->flat_ci < 0)
        return -1;
    return row->ci <= eps * row->time && row->flat_ci <= eps * row->flat_time;
}

/* table_index.c: the run-time index over a table, for lookups in
 * O(log n) without allocation, and the plan of a row.  No MPI
 * communication. */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "config/table.h"
#include "config/table_private.h"
#include "core/validate.h"

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

/* 1 if row a is the better plan.  A row compared with the MPI library
 * beats one that was not; between compared rows, a FASTER one beats the
 * others, and the smaller ratio wins (a ratio is measured against the
 * MPI library's call at the same moments, a time is not); between rows
 * not compared, a known time beats an unknown one and the smaller time
 * wins; otherwise the earlier row. */
static int better(const ref *a, const ref *b)
{
    const HiMPI_Row *x = a->row, *y = b->row;
    int cx = x->verdict != HIMPI_VERDICT_UNKNOWN, cy = y->verdict != HIMPI_VERDICT_UNKNOWN;
    if (cx != cy)
        return cx;
    if (cx) {
        int fx = x->verdict == HIMPI_VERDICT_FASTER, fy = y->verdict == HIMPI_VERDICT_FASTER;
        if (fx != fy)
            return fx;
        if (x->ratio >= 0 && y->ratio >= 0 && x->ratio != y->ratio)
            return x->ratio < y->ratio;
        return a->index < b->index;
    }
    double ta = x->time, tb = y->time;
    int ka = ta >= 0, kb = tb >= 0;
    if (ka != kb)
        return ka;
    if (ka && ta != tb)
        return ta < tb;
    return a->index < b->index;
}

void HiMPI_Row_plan(const HiMPI_Row *row, HiMPI_Plan *plan)
{
    memset(plan, 0, sizeof *plan);
    /* A row built by hand may hold any levels; the plan's stay in range. */
    int n = row->levels < 0 ? 0 : row->levels > HIMPI_MAX_LEVELS ? HIMPI_MAX_LEVELS : row->levels;
    plan->nlevels = n;
    for (int i = 0; i < n; i++)
        plan->level[i] = (HiMPI_Level){row->groups[i], row->hw[i], row->alg_out};
    plan->alg_in = row->alg_in;
    plan->segment_size = row->segment_size;
    plan->overlap = row->overlap;
}

/* The plan a plain call runs for row r, the best of its size: the row's
 * own, or the MPI library's flat call when r was compared with it and is
 * not FASTER. */
static himpi_plan plan_of(const HiMPI_Row *r)
{
    himpi_plan p;
    memset(&p, 0, sizeof p);
    HiMPI_Row native = *r;
    if (r->verdict != HIMPI_VERDICT_UNKNOWN && r->verdict != HIMPI_VERDICT_FASTER) {
        memset(native.groups, 0, sizeof native.groups);
        memset(native.hw, 0, sizeof native.hw);
        native.levels = 1;
        native.groups[0] = 1;
        native.alg_out = native.alg_in = HIMPI_ALG_NATIVE;
        native.segment_size = native.overlap = 0;
    }
    HiMPI_Row_plan(&native, &p.plan);
    HiMPI_Row_plan(r, &p.row);
    p.table_procs = r->procs;
    p.table_msg_size = r->msg_size;
    p.verdict = r->verdict;
    p.ratio = r->ratio;
    p.ratio_lo = r->ratio_lo;
    p.ratio_hi = r->ratio_hi;
    return p;
}

static int same_size(const HiMPI_Row *a, const HiMPI_Row *b)
{
    return a->op == b->op && a->procs == b->procs && a->msg_size == b->msg_size;
}

/* Fills the index from the rows sorted by key (n of them, valid ops). */
static void fill_index(himpi_index *ix, const ref *r, size_t n)
{
    size_t np = 0, ns = 0;
    for (size_t i = 0; i < n;) {
        const HiMPI_Row *row = r[i].row;
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

himpi_index *himpi_index_build(const HiMPI_Table *t)
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
    qsort(r, n, sizeof *r, himpi_table_ref_cmp);
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
const himpi_plan *plan_for_size(const himpi_plan *s, size_t n, long long msg_size)
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

/* The tabulated process count of op that p looks up, NULL if op has no
 * rows. */
static const ix_procs *procs_of(const himpi_index *ix, HiMPI_Op op, int p)
{
    if (ix == NULL || op < 0 || op >= HIMPI_OP_COUNT || p < 1)
        return NULL;
    size_t first = ix->op_first[op], n = ix->op_first[op + 1] - first;
    return n > 0 ? nearest_procs(ix->procs + first, n, p) : NULL;
}

int himpi_index_lookup(const himpi_index *ix, HiMPI_Op op, int p, long long msg_size,
                       himpi_plan *plan)
{
    const ix_procs *c = procs_of(ix, op, p);
    if (c == NULL)
        return 0;
    *plan = *plan_for_size(ix->plans + c->first, c->count, msg_size);
    /* Only a one-level rank-block layout is scaled: hardware levels do not
     * depend on p, and the collectives clamp the block counts of deeper
     * levels to their groups' sizes.  At a tabulated p the scaling is the
     * identity for every row that parses (it only clamps a hand-built
     * g > procs into 1..p). */
    HiMPI_Level *l = &plan->plan.level[0];
    if (plan->plan.nlevels == 1 && l->groups >= 1)
        l->groups = scale_groups(l->groups, c->procs, p);
    /* A row may hold an overlap where it has no effect (an operation whose
     * levels do not overlap, a flat layout, or one that scaling made
     * flat): the plan says what runs. */
    plan->plan.overlap = himpi_plan_overlap(op, &plan->plan, p);
    return 1;
}

static int same_plan(const HiMPI_Plan *a, const HiMPI_Plan *b)
{
    if (a->nlevels != b->nlevels || a->alg_in != b->alg_in ||
        a->segment_size != b->segment_size || a->overlap != b->overlap)
        return 0;
    for (int i = 0; i < a->nlevels; i++)
        if (a->level[i].groups != b->level[i].groups || a->level[i].hw != b->level[i].hw ||
            a->level[i].alg != b->level[i].alg)
            return 0;
    return 1;
}

int himpi_index_by_size(const himpi_index *ix, HiMPI_Op op, int p)
{
    const ix_procs *c = procs_of(ix, op, p);
    for (size_t i = 1; c != NULL && i < c->count; i++)
        if (!same_plan(&ix->plans[c->first + i].plan, &ix->plans[c->first].plan))
            return 1;
    return 0;
}

/* himpi_summa_kernel.c: the SUMMA and HSUMMA loops.  Each process owns
 * an n/s x n/t block of A, B and C (block checkerboard); at step k the
 * process column owning A's columns kb..kb+b-1 broadcasts them along the
 * grid's rows and the process row owning B's rows broadcasts those along
 * its columns; every process then adds their product to its block of C. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#ifdef HAVE_OPENBLAS
#include <cblas.h>
#else
#include <gsl/gsl_cblas.h>
#endif

#include "himpi_summa_kernel.h"

const char *summa_blas_init(void)
{
#ifdef HAVE_OPENBLAS
    openblas_set_num_threads(1);
    return "OpenBLAS";
#else
    return "GSL's gslcblas";
#endif
}

int summa_matrices_alloc(summa_matrices *m, int n, int s, int t, int M)
{
    memset(m, 0, sizeof *m);
    m->n = n;
    m->rows = n / s;
    m->cols = n / t;
    m->compute = 1;
    size_t block = (size_t)m->rows * m->cols;
    m->A = malloc(block * sizeof(double));
    m->B = malloc(block * sizeof(double));
    m->C = malloc(block * sizeof(double));
    m->a_panel = malloc((size_t)m->rows * M * sizeof(double));
    m->b_panel = malloc((size_t)M * m->cols * sizeof(double));
    m->a_inner = malloc((size_t)m->rows * M * sizeof(double));
    m->b_inner = malloc((size_t)M * m->cols * sizeof(double));
    if (m->A == NULL || m->B == NULL || m->C == NULL || m->a_panel == NULL ||
        m->b_panel == NULL || m->a_inner == NULL || m->b_inner == NULL) {
        summa_matrices_free(m);
        return -1;
    }
    return 0;
}

void summa_matrices_free(summa_matrices *m)
{
    free(m->A);
    free(m->B);
    free(m->C);
    free(m->a_panel);
    free(m->b_panel);
    free(m->a_inner);
    free(m->b_inner);
    memset(m, 0, sizeof *m);
}

/* A broadcast on comm, timed into t->comm; a communicator of one process
 * has nothing to send. */
static int bcast(const summa_source *src, double *buf, int count, int root, MPI_Comm comm,
                 summa_times *t)
{
    int size;
    MPI_Comm_size(comm, &size);
    if (size == 1)
        return MPI_SUCCESS;
    double start = MPI_Wtime();
    int rc = summa_bcast(src, buf, count, root, comm);
    t->comm += MPI_Wtime() - start;
    return rc;
}

/* C += a b: a is rows x b by columns, b is b x cols by rows. */
static void update(summa_matrices *m, const double *a, const double *bp, int b, summa_times *t)
{
    if (!m->compute)
        return;
    double start = MPI_Wtime();
    cblas_dgemm(CblasRowMajor, CblasTrans, CblasNoTrans, m->rows, m->cols, b, 1.0, a, m->rows,
                bp, m->cols, 1.0, m->C, m->cols);
    t->comp += MPI_Wtime() - start;
}

/* A step of SUMMA, b wide: the panel of A at a goes from a_root along
 * the row communicator, that of B at bp from b_root along the column
 * communicator, and their product is added to C.  HSUMMA's inner steps
 * are the same, inside a group. */
static int step(const summa_source *src, double *a, int a_root, MPI_Comm rows, double *bp,
                int b_root, MPI_Comm cols, int b, summa_matrices *m, summa_times *t)
{
    int rc = bcast(src, a, m->rows * b, a_root, rows, t);
    if (rc == MPI_SUCCESS)
        rc = bcast(src, bp, b * m->cols, b_root, cols, t);
    if (rc == MPI_SUCCESS)
        update(m, a, bp, b, t);
    return rc;
}

static void start(summa_matrices *m, summa_times *t)
{
    memset(m->C, 0, (size_t)m->rows * m->cols * sizeof(double));
    *t = (summa_times){0, 0, 0};
    t->total = MPI_Wtime();
}

int summa_run(const summa_grid *g, const summa_sources *src, int b, summa_matrices *m,
              summa_times *t)
{
    int rc = MPI_SUCCESS;
    start(m, t);
    for (int k = 0; k < m->n && rc == MPI_SUCCESS; k += b) {
        /* A's columns k.. live in process column k / cols, B's rows in
         * process row k / rows. */
        int a_root = k / m->cols, b_root = k / m->rows;
        double *a = g->col == a_root ? m->A + (size_t)(k % m->cols) * m->rows : m->a_inner;
        double *bp = g->row == b_root ? m->B + (size_t)(k % m->rows) * m->cols : m->b_inner;
        rc = step(&src->summa, a, a_root, g->row_comm, bp, b_root, g->col_comm, b, m, t);
    }
    t->total = MPI_Wtime() - t->total;
    return rc;
}

int hsumma_run(const summa_grid *g, const summa_groups *h, const summa_sources *src, int M,
               int b, summa_matrices *m, summa_times *t)
{
    int rc = MPI_SUCCESS;
    int group_cols = g->t / h->ny, group_rows = g->s / h->nx;
    start(m, t);
    for (int k = 0; k < m->n && rc == MPI_SUCCESS; k += M) {
        /* The outer block's owners: process column a_col, which is column
         * j0 of the groups in column y0; process row b_row, row i0 of the
         * groups in row x0. */
        int a_col = k / m->cols, b_row = k / m->rows;
        int y0 = a_col / group_cols, j0 = a_col % group_cols;
        int x0 = b_row / group_rows, i0 = b_row % group_rows;
        double *a_outer = g->col == a_col ? m->A + (size_t)(k % m->cols) * m->rows : m->a_panel;
        double *b_outer = g->row == b_row ? m->B + (size_t)(k % m->rows) * m->cols : m->b_panel;
        /* Between groups: the processes at the owners' position in the
         * other groups receive the outer block. */
        if (h->j == j0)
            rc = bcast(&src->outer, a_outer, m->rows * M, y0, h->outer_row, t);
        if (rc == MPI_SUCCESS && h->i == i0)
            rc = bcast(&src->outer, b_outer, M * m->cols, x0, h->outer_col, t);
        /* Inside each group: those processes broadcast it in blocks of b. */
        for (int kk = 0; kk < M && rc == MPI_SUCCESS; kk += b) {
            double *a = h->j == j0 ? a_outer + (size_t)kk * m->rows : m->a_inner;
            double *bp = h->i == i0 ? b_outer + (size_t)kk * m->cols : m->b_inner;
            rc = step(&src->inner, a, j0, h->inner_row, bp, i0, h->inner_col, b, m, t);
        }
    }
    t->total = MPI_Wtime() - t->total;
    return rc;
}

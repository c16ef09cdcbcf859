/* himpi_summa_kernel.h: SUMMA and HSUMMA (Hasanov, 2015, ch. 4): C += A B
 * on the grid, the pivot broadcasts through summa_bcast, the local
 * products through CBLAS's dgemm. */
#ifndef HIMPI_SUMMA_KERNEL_H
#define HIMPI_SUMMA_KERNEL_H

#include "himpi_summa_bcast.h"
#include "himpi_summa_grid.h"

/* A process's blocks of n x n matrices on an s x t grid: A is n/s x n/t
 * by columns (a pivot column is contiguous), B n/s x n/t by rows (a pivot
 * row is), C n/s x n/t by rows. */
typedef struct summa_matrices {
    int n, rows, cols; /* rows = n/s, cols = n/t */
    double *A, *B, *C;
    double *a_panel, *b_panel; /* room for an outer block of A and of B */
    double *a_inner, *b_inner; /* room for an inner block */
    int compute; /* 0: the products are skipped (a simulation of the communication alone) */
} summa_matrices;

/* The name of the CBLAS the products use; OpenBLAS is set to one thread,
 * since each process runs on a core of its own. */
const char *summa_blas_init(void);

/* Allocates the blocks and the panels for blocks up to M wide, the
 * products to be computed; 0, or -1 if memory ran out. */
int summa_matrices_alloc(summa_matrices *m, int n, int s, int t, int M);
void summa_matrices_free(summa_matrices *m);

/* One process's seconds in a run. */
typedef struct summa_times {
    double total, comm, comp;
} summa_times;

/* The broadcasts' sources: SUMMA's, and HSUMMA's between and inside
 * groups. */
typedef struct summa_sources {
    summa_source summa, outer, inner;
} summa_sources;

/* C = A B by SUMMA in blocks of b on the grid: an MPI error code, and this
 * process's times. */
int summa_run(const summa_grid *g, const summa_sources *src, int b, summa_matrices *m,
              summa_times *t);

/* C = A B by HSUMMA on the groups h, outer block M, inner block b. */
int hsumma_run(const summa_grid *g, const summa_groups *h, const summa_sources *src, int M,
               int b, summa_matrices *m, summa_times *t);

#endif /* HIMPI_SUMMA_KERNEL_H */

/* himpi_summa_check.h: himpi-summa's deterministic matrices and the check
 * of a product against a reference computed element by element. */
#ifndef HIMPI_SUMMA_CHECK_H
#define HIMPI_SUMMA_CHECK_H

#include "himpi_summa_kernel.h"

/* Element (i, j) of the n x n matrices A and B: small integers, so that
 * every sum of products is exact in any order and C can be compared
 * exactly. */
double summa_a(int i, int j);
double summa_b(int i, int j);

/* Fills this process's blocks of A and B (grid position row, col). */
void summa_fill(summa_matrices *m, int row, int col);

/* The number of elements of this process's block of C that differ from
 * sum_k A(i, k) B(k, j). */
long summa_check(const summa_matrices *m, int row, int col);

#endif /* HIMPI_SUMMA_CHECK_H */

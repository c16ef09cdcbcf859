/* himpi_summa_check.c: deterministic matrices and the reference product. */
#include <config.h>

#include "himpi_summa_check.h"

double summa_a(int i, int j)
{
    return (double)((3 * i + 7 * j + 1) % 13) - 6;
}

double summa_b(int i, int j)
{
    return (double)((5 * i + 2 * j + 3) % 11) - 5;
}

void summa_fill(summa_matrices *m, int row, int col)
{
    int i0 = row * m->rows, j0 = col * m->cols;
    for (int i = 0; i < m->rows; i++)
        for (int j = 0; j < m->cols; j++) {
            m->A[(size_t)j * m->rows + i] = summa_a(i0 + i, j0 + j); /* by columns */
            m->B[(size_t)i * m->cols + j] = summa_b(i0 + i, j0 + j); /* by rows */
        }
}

long summa_check(const summa_matrices *m, int row, int col)
{
    long wrong = 0;
    int i0 = row * m->rows, j0 = col * m->cols;
    for (int i = 0; i < m->rows; i++)
        for (int j = 0; j < m->cols; j++) {
            double c = 0;
            for (int k = 0; k < m->n; k++)
                c += summa_a(i0 + i, k) * summa_b(k, j0 + j);
            wrong += m->C[(size_t)i * m->cols + j] != c;
        }
    return wrong;
}

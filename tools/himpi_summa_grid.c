/* himpi_summa_grid.c: the process grid and HSUMMA's four communicators,
 * made once with MPI_Comm_split before anything is timed. */
#include <config.h>

#include <stdlib.h>

#include "himpi_summa_grid.h"

void summa_grid_shape(int p, int *s, int *t)
{
    *s = 1;
    for (int d = 1; d * d <= p; d++)
        if (p % d == 0)
            *s = d;
    *t = p / *s;
}

int summa_groups_for(int s, int t, int G, int *nx, int *ny)
{
    int found = 0;
    for (int i = 1; i <= s && i <= G; i++) {
        if (s % i != 0 || G % i != 0 || t % (G / i) != 0)
            continue;
        int j = G / i;
        if (!found || abs(i - j) < abs(*nx - *ny) || (abs(i - j) == abs(*nx - *ny) && i < *nx)) {
            *nx = i;
            *ny = j;
            found = 1;
        }
    }
    return found;
}

int summa_grid_create(MPI_Comm comm, int s, int t, summa_grid *g)
{
    int rank;
    MPI_Comm_rank(comm, &rank);
    g->s = s;
    g->t = t;
    g->row = rank / t;
    g->col = rank % t;
    int rc = MPI_Comm_split(comm, g->row, g->col, &g->row_comm);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_split(comm, g->col, g->row, &g->col_comm);
    return rc;
}

void summa_grid_free(summa_grid *g)
{
    MPI_Comm_free(&g->row_comm);
    MPI_Comm_free(&g->col_comm);
}

int summa_groups_create(MPI_Comm comm, const summa_grid *g, int nx, int ny, summa_groups *h)
{
    int rows = g->s / nx, cols = g->t / ny; /* a group's processes */
    h->nx = nx;
    h->ny = ny;
    h->x = g->row / rows;
    h->i = g->row % rows;
    h->y = g->col / cols;
    h->j = g->col % cols;
    int rc = MPI_Comm_split(comm, g->row * cols + h->j, h->y, &h->outer_row);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_split(comm, g->col * rows + h->i, h->x, &h->outer_col);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_split(comm, g->row * ny + h->y, h->j, &h->inner_row);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_split(comm, g->col * nx + h->x, h->i, &h->inner_col);
    return rc;
}

void summa_groups_free(summa_groups *h)
{
    MPI_Comm_free(&h->outer_row);
    MPI_Comm_free(&h->outer_col);
    MPI_Comm_free(&h->inner_row);
    MPI_Comm_free(&h->inner_col);
}

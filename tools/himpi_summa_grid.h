/* himpi_summa_grid.h: himpi-summa's s x t process grid, its I x J groups,
 * and the communicators SUMMA and HSUMMA broadcast on. */
#ifndef HIMPI_SUMMA_GRID_H
#define HIMPI_SUMMA_GRID_H

#include <mpi.h>

/* The most square grid of p processes: s x t with s <= t, s the largest
 * divisor of p not above its square root. */
void summa_grid_shape(int p, int *s, int *t);

/* The thesis's I x J groups of an s x t grid, as nx x ny (nx divides s,
 * ny divides t; OpenBLAS's cblas.h takes the name I, complex.h's) with
 * nx * ny = G, the most square such (the smallest |nx - ny|, then
 * nx <= ny); 1, or 0 if no such groups exist. */
int summa_groups_for(int s, int t, int G, int *nx, int *ny);

/* Process (row, col) of the grid is rank row * t + col of the world. */
typedef struct summa_grid {
    int s, t, row, col;
    MPI_Comm row_comm; /* the processes of my row, by column: A's pivot column */
    MPI_Comm col_comm; /* the processes of my column, by row: B's pivot row */
} summa_grid;

/* HSUMMA's communicators (the thesis's Algorithm 6): processor (i, j) of
 * group (x, y), whose groups hold s/nx x t/ny processes. */
typedef struct summa_groups {
    int nx, ny; /* the thesis's I x J groups */
    int x, y, i, j;
    MPI_Comm outer_row; /* the same row and j in the other groups, by y (group_row_comm) */
    MPI_Comm outer_col; /* the same column and i in the other groups, by x (group_col_comm) */
    MPI_Comm inner_row; /* my row inside my group, by j (row_comm) */
    MPI_Comm inner_col; /* my column inside my group, by i (col_comm) */
} summa_groups;

/* Collective over comm (s * t processes): splits it into the grid. */
int summa_grid_create(MPI_Comm comm, int s, int t, summa_grid *g);
void summa_grid_free(summa_grid *g);

/* Collective over the grid: splits it into nx x ny groups. */
int summa_groups_create(MPI_Comm comm, const summa_grid *g, int nx, int ny, summa_groups *h);
void summa_groups_free(summa_groups *h);

#endif /* HIMPI_SUMMA_GRID_H */

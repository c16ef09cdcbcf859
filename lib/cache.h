/* cache.h: the communicators HiMPI keeps for each application communicator.
 *
 * At its first collective on a communicator, HiMPI duplicates it (so that
 * its own messages never meet the application's) and attaches its state as
 * an attribute.  Sub-communicators for a layout are split from the
 * duplicate at the layout's first use and kept: a collective call then does
 * no communicator creation.  Everything is freed when the application frees
 * the communicator, at HiMPI_Finalize, or at the start of MPI_Finalize.
 * The functions that may create a communicator are collective over it. */
#ifndef HIMPI_CACHE_H
#define HIMPI_CACHE_H

#include <mpi.h>

typedef struct himpi_comm himpi_comm;

/* HiMPI's state for comm, created at first use. */
int himpi_comm_get(MPI_Comm comm, himpi_comm **state);

/* The private duplicate of comm, where flat algorithms run. */
MPI_Comm himpi_comm_private(const himpi_comm *state);

/* This rank's group when the ranks form g groups (the duplicate if g = 1). */
int himpi_comm_inner(himpi_comm *state, int g, MPI_Comm *inner);

/* The leaders of the g groups of a collective rooted at root, ordered by
 * group (the duplicate if g = p); MPI_COMM_NULL on the other ranks. */
int himpi_comm_leaders(himpi_comm *state, int g, int root, MPI_Comm *leaders);

/* The ranks that hold this rank's position in every group, ordered by group
 * (the duplicate if g = p); MPI_COMM_NULL for a rank in the extra position
 * of a larger group. */
int himpi_comm_columns(himpi_comm *state, int g, MPI_Comm *columns);

/* The sizes of the g groups (NULL if memory runs out). */
const int *himpi_comm_group_sizes(himpi_comm *state, int g);

/* Frees the state of every communicator, as MPI_Finalize would. */
void himpi_cache_finalize(void);

#endif /* HIMPI_CACHE_H */

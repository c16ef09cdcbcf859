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
struct himpi_runtime;

/* Arranges for everything HiMPI holds (the states below and HiMPI_Init's
 * runtime) to be freed at the start of MPI_Finalize, if HiMPI_Finalize
 * has not freed it before.  Called at the first use of either. */
int himpi_cache_init(void);

/* HiMPI's state for comm, created at first use. */
int himpi_comm_get(MPI_Comm comm, himpi_comm **state);

/* The private duplicate of comm, where flat algorithms run. */
MPI_Comm himpi_comm_private(const himpi_comm *state);

/* The settings and table plain calls on this communicator decide with:
 * HiMPI_Init's, or loaded over the communicator at the first call if the
 * application did not call HiMPI_Init (collective then). */
int himpi_comm_runtime(himpi_comm *state, struct himpi_runtime **rt);

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

/* Frees the state of every communicator and HiMPI_Init's runtime, as
 * MPI_Finalize would. */
void himpi_cache_finalize(void);

#endif /* HIMPI_CACHE_H */

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

#include "himpi.h"

typedef struct himpi_comm himpi_comm;

/* Arranges for the states below to be freed at the start of MPI_Finalize,
 * if HiMPI_Finalize has not freed them before.  Called at the first use. */
int himpi_cache_init(void);

/* HiMPI's state for comm, created at its first call, given checked, the
 * outcome of that call's local checks of its arguments (MPI_SUCCESS or an
 * error class).  Returns checked when comm has a state, with no
 * communication.  Creating the state is collective (MPI_Comm_dup, the
 * settings), so at the first call the ranks first agree on their checks:
 * if any rank's failed, every rank returns the highest error class and
 * none goes on into a set-up that the others would never join. */
int himpi_comm_get(MPI_Comm comm, int checked, himpi_comm **state);

/* The private duplicate of comm, where flat algorithms run. */
MPI_Comm himpi_comm_private(const himpi_comm *state);

/* What a layer above keeps for this communicator (the entry points keep
 * the settings its plain calls decide with): NULL until set.  The state
 * releases it with the given function when it goes. */
void *himpi_comm_slot(const himpi_comm *state);
void himpi_comm_set_slot(himpi_comm *state, void *value, void (*release)(void *value));

/* The state of one of HiMPI's own sub-communicators, which needs no
 * duplicate: collectives of a deeper plan level run on it directly. */
int himpi_comm_get_private(MPI_Comm comm, himpi_comm **state);

/* One way of dividing a state's communicator into groups (HiMPI_Level).
 * The groups are contiguous blocks of comm, which is the duplicate itself
 * when they are contiguous in rank order, and otherwise a copy with the
 * ranks in group order (groups by their lowest rank, ranks in order inside
 * a group); perm then maps each rank to its position in comm. */
typedef struct himpi_layout {
    int g;             /* the number of groups */
    const int *sizes;  /* of the g groups */
    const int *starts; /* each group's first position in comm; starts[g] = p */
    MPI_Comm comm;     /* the ranks in group order */
    const int *perm;   /* perm[rank] = position in comm; NULL if the identity */
    int rank;          /* this rank's position in comm */
    int group;         /* this rank's group */
} himpi_layout;

/* The layout of level (g > p counts as p), created at its first use:
 * collective then, and a hardware level asks the topology (topo.h). */
int himpi_comm_layout(himpi_comm *state, const HiMPI_Level *level, const himpi_layout **layout);

/* This rank's group (comm itself if g = 1). */
int himpi_layout_inner(const himpi_layout *layout, MPI_Comm *inner);

/* The leaders of the groups of a collective rooted at position root of
 * layout->comm, ordered by group (comm itself if g = p): the root leads
 * its group, a group's first position the others; MPI_COMM_NULL on the
 * other ranks. */
int himpi_layout_leaders(himpi_comm *state, const himpi_layout *layout, int root,
                         MPI_Comm *leaders);

/* The ranks at this rank's position in every group, ordered by group, for
 * positions below the smallest group's size (comm itself if g = p);
 * MPI_COMM_NULL for the others. */
int himpi_layout_columns(himpi_comm *state, const himpi_layout *layout, MPI_Comm *columns);

/* The size of the smallest group. */
int himpi_layout_min_size(const himpi_layout *layout);

/* How many communicators HiMPI has created for the layouts of comm and of
 * its duplicate (0 if it has no state): the same number on every rank,
 * counting the leaders and columns communicators a rank may be outside
 * of, so that every rank takes the same decision on it.  The states of
 * deeper levels are not counted. */
int himpi_comm_held(MPI_Comm comm);

/* 1 if HiMPI has set comm up (it has a state), with no communication. */
int himpi_comm_has_state(MPI_Comm comm);

/* Frees the state of every communicator, as MPI_Finalize would. */
void himpi_cache_finalize(void);

#endif /* HIMPI_CACHE_H */

/* levels.h: the two levels of one hierarchical call, 1 < g < p. */
#ifndef HIMPI_LEVELS_H
#define HIMPI_LEVELS_H

#include "cache.h"
#include "himpi.h"

typedef struct himpi_levels {
    int group;        /* this rank's group */
    int start;        /* the first rank of this rank's group */
    int root_group;   /* the root's group (rooted collectives) */
    const int *sizes; /* the sizes of the g groups */
    MPI_Comm inner;   /* this rank's group */
    MPI_Comm outer;   /* between groups: the leaders for a rooted collective, the ranks at
                         this rank's position otherwise; MPI_COMM_NULL where this rank
                         takes no part */
} himpi_levels;

/* The algorithm that runs alone when the plan is flat: alg_in for one
 * group, alg_out for p groups; HIMPI_ALG_COUNT when the plan has two
 * levels. */
HiMPI_Alg himpi_flat_algorithm(const HiMPI_Params *params, int p);

/* The levels of g groups for a collective rooted at root, or for an
 * unrooted one if root < 0; p and rank describe the communicator of state.
 * Creates the sub-communicators at their first use (collective). */
int himpi_levels_get(himpi_comm *state, int p, int rank, int g, int root, himpi_levels *l);

/* After the step between groups of an unrooted collective: the ranks that
 * sat it out (the extra position of larger groups) receive the count
 * elements of buffer from their group's first rank. */
int himpi_levels_share(const himpi_levels *l, int p, int g, int rank, void *buffer, int count,
                       MPI_Datatype datatype);

#endif /* HIMPI_LEVELS_H */

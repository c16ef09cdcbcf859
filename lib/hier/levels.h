/* levels.h: walking a plan level by level.  Each level of a plan divides
 * the communicator of the level above into groups (cache.h has the
 * layouts); a collective then runs one algorithm among the groups and
 * recurses into this rank's group with the rest of the plan. */
#ifndef HIMPI_LEVELS_H
#define HIMPI_LEVELS_H

#include "core/sched.h"
#include "hier/cache.h"
#include "himpi.h"

typedef struct himpi_levels {
    const himpi_layout *layout;
    MPI_Comm comm;    /* the ranks in group order (layout->comm) */
    int p;            /* its size */
    int rank;         /* this rank's position in comm */
    int root;         /* the root's position (rooted collectives), -1 otherwise */
    int group;        /* this rank's group */
    int start;        /* the first position of this rank's group */
    int root_group;   /* the root's group (rooted collectives) */
    const int *sizes; /* the sizes of the groups */
    MPI_Comm inner;   /* this rank's group */
    MPI_Comm outer;   /* between groups: the leaders for a rooted collective, the ranks at
                         this rank's position otherwise; MPI_COMM_NULL where this rank
                         takes no part */
} himpi_levels;

/* Finds, from plan level *depth on, the first level that divides comm (one
 * of HiMPI's own communicators; levels with a single group are skipped)
 * for a collective rooted at root (or unrooted if root < 0; root is a rank
 * of comm) and fills l with it: *flat is then HIMPI_ALG_COUNT and
 * *depth that level.  Otherwise the rest of the plan runs as one
 * algorithm on the whole communicator, *flat: alg_in when no level
 * divides it, a level's algorithm when its groups are single ranks, and
 * alg_in when ordered is set and the level's groups are not contiguous (a
 * non-commutative reduction, whose operands must stay in rank order).
 * Creates communicators at their first use (collective). */
int himpi_levels_next(MPI_Comm comm, const HiMPI_Plan *plan, int *depth, int root, int ordered,
                      himpi_levels *l, HiMPI_Alg *flat);

/* Creates every communicator plan needs on comm and below
 * for a collective rooted at root (-1: unrooted), as the collective's
 * first call would, without communicating otherwise; *flat is what
 * himpi_levels_next gives for the first level.  Collective. */
int himpi_levels_prepare(MPI_Comm comm, const HiMPI_Plan *plan, int root, int ordered,
                         HiMPI_Alg *flat);

/* The steps of the drivers that are no algorithm of one level, as stages
 * of a schedule (core/sched.h), each after the schedule's last fence. */

/* After the step between groups of an unrooted collective: the ranks that
 * sat it out (positions at or past the smallest group's size) receive the
 * count elements of buffer from their group's first rank. */
int himpi_levels_share_build(himpi_sched *sched, const himpi_levels *l, void *buffer, int count,
                             MPI_Datatype datatype);

/* The step between groups of a scan or exscan, whose levels are
 * contiguous groups in rank order (ordered): the last rank of every group
 * sends total, its group's combination, to the group's first rank; those
 * run exscan algorithm alg (segment size seg) on the totals, and each
 * broadcasts its result, the combination of the groups before its own, in
 * its group into prefix.  prefix is left as it was in the first group.
 * Adds fences between its steps. */
int himpi_levels_group_prefix_build(himpi_sched *sched, const himpi_levels *l, const void *total,
                                    void *prefix, int count, MPI_Datatype datatype, MPI_Op op,
                                    HiMPI_Alg alg, int seg);

/* Copies the p blocks of count elements of datatype between rank order
 * (src when to_group_order is set) and the layout's group order. */
int himpi_levels_permute_build(himpi_sched *sched, const himpi_levels *l, const void *src,
                               void *dst, int count, MPI_Datatype datatype, int to_group_order);

#endif /* HIMPI_LEVELS_H */

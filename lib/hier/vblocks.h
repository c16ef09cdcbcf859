/* vblocks.h: the blocks of a v-variant's vector side (a gatherv's receive
 * side, a scatterv's send side, an allgatherv's receive side) on one level
 * of a plan (levels.h), on the ranks that know the vector: every
 * position's block, and each group's blocks together, as one run of the
 * buffer where they follow each other there (in layout order, blocks of
 * no elements aside), otherwise packed as bytes.  Between the groups a
 * group's blocks travel as one message of bytes, which the receiving side
 * takes into its datatype: the MPI libraries HiMPI runs on are
 * homogeneous, so bytes match any datatype's elements.  The arrays live in
 * the schedule's memory (core/sched.h), where the coll stages that take
 * them as counts read them when they are issued, at every start of a
 * persistent request too. */
#ifndef HIMPI_VBLOCKS_H
#define HIMPI_VBLOCKS_H

#include "core/sched.h"
#include "hier/levels.h"

typedef struct himpi_vblocks {
    MPI_Datatype type;
    int g;
    const int *starts;          /* each group's first position (the layout's) */
    int *count, *displ, *bytes; /* of the block at each position of the layout */
    int *total, *first; /* each group's elements and first displacement, where runs */
    int *packed, *at;   /* each group's bytes, and where they start packed */
    int runs;           /* every group's blocks are one run of the buffer */
} himpi_vblocks;

/* The blocks of the vector counts, displs (indexed by the ranks of the
 * level's communicator) of datatype on level l, in sched's memory. */
void himpi_vblocks_init(himpi_sched *sched, himpi_vblocks *b, const himpi_levels *l,
                        const int *counts, const int *displs, MPI_Datatype datatype);

/* Adds the copies of group k's blocks from their places in buf to packed
 * (where all groups' bytes are, group k's at b->at[k]), or back if unpack
 * is set, each after the schedule's last fence. */
int himpi_vblocks_copy_build(himpi_sched *sched, const himpi_vblocks *b, int k, void *buf,
                             void *packed, int unpack);

/* A gatherv's or scatterv's level l, whose root alone knows the counts:
 *   b      the root's blocks (b.count NULL on the other ranks);
 *   sizes  at another group's leader, the sizes in bytes of its group's
 *          blocks in layout order, and at[q] where block q starts among
 *          them, bytes in all, which blocks holds while they pass through
 *          (NULL elsewhere);
 *   packed at the root, where not every group's blocks are one run, the
 *          groups' blocks packed as bytes (b.at says where), else NULL. */
typedef struct himpi_vlevel {
    himpi_vblocks b;
    int *sizes, *at, bytes;
    void *blocks, *packed;
} himpi_vlevel;

/* Makes v of level l of a collective whose root holds the vector counts,
 * displs of datatype, its arrays and buffers in sched's memory.  The root
 * sends every other group's leader the sizes of its group's blocks (the
 * library's scatterv of ints among the leaders, p ints in all) while the
 * schedule is built, not as its stages: the leader sizes its buffer of
 * bytes, which the schedule's stages hold from when they are built, by
 * them (doc/schedules.md).  That exchange is a schedule of its own, run
 * to completion, whose wait progresses the requests under way.
 * Collective over the leaders. */
int himpi_vlevel_build(himpi_sched *sched, himpi_vlevel *v, const himpi_levels *l,
                       const int *counts, const int *displs, MPI_Datatype datatype);

#endif /* HIMPI_VBLOCKS_H */

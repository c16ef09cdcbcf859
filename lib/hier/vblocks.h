/* vblocks.h: the blocks of a v-variant's vector side (a gatherv's receive
 * side, a scatterv's send side, an allgatherv's receive side) on one level
 * of a plan (levels.h), on the ranks that know the vector: every
 * position's block, and each group's blocks together, as one run of the
 * buffer where they follow each other there (in layout order, blocks of
 * no elements aside), otherwise packed as bytes.  Between the groups a
 * group's blocks travel as one message of bytes, which the receiving side
 * takes into its datatype: the MPI libraries HiMPI runs on are
 * homogeneous, so bytes match any datatype's elements.  The arrays come
 * from himpi_tmp_alloc: in a persistent start, the library's persistent
 * collectives on the levels then see the same ones at every start. */
#ifndef HIMPI_VBLOCKS_H
#define HIMPI_VBLOCKS_H

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
 * level's communicator) of datatype on level l. */
void himpi_vblocks_init(himpi_vblocks *b, const himpi_levels *l, const int *counts,
                        const int *displs, MPI_Datatype datatype);
void himpi_vblocks_free(himpi_vblocks *b);

/* Copies group k's blocks from their places in buf to packed (where all
 * groups' bytes are, group k's at b->at[k]), or back if unpack is set. */
int himpi_vblocks_copy(const himpi_vblocks *b, int k, void *buf, void *packed, int unpack);

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
 * displs of datatype: the root sends every other group's leader the sizes
 * of its group's blocks (a scatterv of ints among the leaders, the MPI
 * library's: p ints in all, ceil(log2 g) latencies with its tree), which
 * allocates its buffer of bytes.  Collective over the leaders. */
int himpi_vlevel_begin(himpi_vlevel *v, const himpi_levels *l, const int *counts,
                       const int *displs, MPI_Datatype datatype);
void himpi_vlevel_end(himpi_vlevel *v);

#endif /* HIMPI_VBLOCKS_H */

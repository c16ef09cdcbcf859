/* blocks.h: who owns which blocks in scatter, gather and allgather.
 * blocks[i] is the number of consecutive blocks rank i owns, in rank
 * order; blocks == NULL means one block each. */
#ifndef HIMPI_CORE_BLOCKS_H
#define HIMPI_CORE_BLOCKS_H

/* Blocks owned by rank i, and the index of its first block. */
int himpi_blocks_of(const int *blocks, int i);
int himpi_blocks_before(const int *blocks, int i);

#endif /* HIMPI_CORE_BLOCKS_H */

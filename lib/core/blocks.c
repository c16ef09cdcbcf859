/* blocks.c: who owns which blocks in scatter, gather and allgather. */
#include <config.h>

#include <stddef.h>

#include "core/blocks.h"

int himpi_blocks_of(const int *blocks, int i)
{
    return blocks == NULL ? 1 : blocks[i];
}

int himpi_blocks_before(const int *blocks, int i)
{
    if (blocks == NULL)
        return i;
    int n = 0;
    for (int j = 0; j < i; j++)
        n += blocks[j];
    return n;
}

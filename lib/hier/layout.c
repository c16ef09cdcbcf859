/* layout.c: balanced contiguous groups. */
#include <config.h>

#include "hier/layout.h"

int himpi_group_start(int p, int g, int k)
{
    int q = p / g, r = p % g;
    return k * q + (k < r ? k : r);
}

int himpi_group_size(int p, int g, int k)
{
    return p / g + (k < p % g ? 1 : 0);
}

int himpi_group_of(int p, int g, int rank)
{
    int q = p / g, r = p % g;
    int in_big = r * (q + 1); /* ranks in the r groups of q + 1 */
    return rank < in_big ? rank / (q + 1) : r + (rank - in_big) / q;
}

int himpi_group_leader(int p, int g, int k, int root)
{
    return himpi_group_of(p, g, root) == k ? root : himpi_group_start(p, g, k);
}

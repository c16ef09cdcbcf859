/* reduce_scatter_block.c: the algorithms of reduce_scatter_block, which
 * are reduce_scatter's (reduce_scatter/): the block form is the vector form
 * with every count equal, and the levels of its hierarchical plans pass
 * uneven counts to them.  Its native algorithm is in native.c: the MPI
 * library's MPI_Reduce_scatter_block where the counts are equal. */
#include <config.h>

#include "coll/algorithms.h"

#define SAME_AS_REDUCE_SCATTER(alg)                                                            \
    int himpi_reduce_scatter_block_##alg##_build(                                              \
        himpi_sched *sched, const void *sendbuf, void *recvbuf, const int *counts,            \
        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize)                          \
    {                                                                                          \
        return himpi_reduce_scatter_##alg##_build(sched, sendbuf, recvbuf, counts, datatype,   \
                                                  op, comm, segsize);                          \
    }

SAME_AS_REDUCE_SCATTER(binomial)
SAME_AS_REDUCE_SCATTER(recursive_halving)
SAME_AS_REDUCE_SCATTER(ring)
SAME_AS_REDUCE_SCATTER(pairwise)
SAME_AS_REDUCE_SCATTER(butterfly)

/* bcast/binary.c: a binary tree over the ranks counted from the root (v has parent
 * (v - 1) / 2 and children 2v + 1 and 2v + 2), the message flowing down it in segments so
 * that all levels of the tree are busy at once. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_bcast_binary_build(himpi_sched *sched, void *buffer, int count, MPI_Datatype datatype,
                             int root, MPI_Comm comm, int segsize)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int v = (rank - root + p) % p, n = 1, link[3];
    link[0] = v > 0 ? ((v - 1) / 2 + root) % p : MPI_PROC_NULL;
    for (int c = 2 * v + 1; c <= 2 * v + 2 && c < p; c++)
        link[n++] = (c + root) % p;
    const int first[3] = {0, 0, 0}, all[3] = {count, count, count};
    return himpi_bcast_segmented_build(sched, buffer, datatype,
                                       himpi_segment_count(segsize, datatype), comm, n, link,
                                       first, all);
}

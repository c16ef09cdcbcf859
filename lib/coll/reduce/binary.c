/* reduce/binary.c: a binary tree, the vector flowing up it in segments so that all levels
 * of the tree are busy at once (pipeline.c's segmented reduction).  A commutative operation
 * uses Open MPI's tree over the ranks counted from the root (v has parent (v - 1) / 2 and
 * children 2v + 1 and 2v + 2).  A non-commutative one uses an in-order tree over the ranks
 * in order: every subtree spans consecutive ranks, its top between its left and its right
 * subtree, so operands stay in rank order; the root is the top, with ranks 0 .. root - 1 on
 * its left and root + 1 .. p - 1 on its right, so the result needs no extra hop. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

/* The top of the balanced in-order tree over ranks lo .. hi - 1 (MPI_PROC_NULL if there are
 * none).  With the top at the lower middle, the right subtree is never the smaller one, so a
 * node with one child has it on its right and combines in the child's buffer. */
static int middle(int lo, int hi)
{
    return lo < hi ? lo + (hi - lo - 1) / 2 : MPI_PROC_NULL;
}

/* The links of rank in the in-order tree under root. */
static void in_order(int p, int root, int rank, int *parent, int *left, int *right)
{
    int lo = 0, hi = p, top = root;
    *parent = MPI_PROC_NULL;
    while (top != rank) {
        *parent = top;
        if (rank < top)
            hi = top;
        else
            lo = top + 1;
        top = middle(lo, hi);
    }
    *left = middle(lo, rank);
    *right = middle(rank + 1, hi);
}

int himpi_reduce_binary_build(himpi_sched *sched, const void *sendbuf, void *recvbuf, int count,
                              MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                              int segsize)
{
    int p, rank, parent, left, right;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (himpi_commutative(op)) {
        /* The order of the children does not matter: a single one goes right. */
        long long v = (rank - root + p) % p, first = 2 * v + 1;
        parent = v > 0 ? (int)(((v - 1) / 2 + root) % p) : MPI_PROC_NULL;
        right = first < p ? (int)((first + root) % p) : MPI_PROC_NULL;
        left = first + 1 < p ? (int)((first + 1 + root) % p) : MPI_PROC_NULL;
    } else {
        in_order(p, root, rank, &parent, &left, &right);
    }
    const void *mine = rank == root && sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    return himpi_reduce_segmented_build(sched, mine, rank == root ? recvbuf : NULL, count,
                                        datatype, op, himpi_segment_count(segsize, datatype),
                                        comm, parent, left, right);
}

/* bcast/split_binary.c: Open MPI's split-binary tree.  The root sends the first half of the
 * message down its left subtree and the second half down its right subtree, both in
 * segments as in bcast/binary.c; then every rank swaps its half with a partner in the other
 * subtree.
 *
 * The tree is Open MPI's binary tree, not the heap of binary.c: v at level l (2^l - 1 <= v <
 * 2^(l+1) - 1) has children v + 2^l and v + 2^(l+1), with the heap's levels and depth.
 * Children keep their parent's parity, so the left subtree is the odd virtual ranks and the
 * right subtree the even ones: the subtrees differ in size by one at most, and odd v pairs
 * with v + 1 on its own level for any p.  Only when p is even is one rank left over,
 * v = p - 1 (odd); the root, idle during the exchange, sends it the second half.  The
 * exchange is one message each way, not segmented.  A message of fewer than two elements
 * cannot be halved and goes by bcast/binary.c. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

/* count >= 2 */
static int split_binary_build(himpi_sched *sched, void *buffer, int count, MPI_Datatype datatype,
                              int root, MPI_Comm comm, int segsize)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int v = (rank - root + p) % p, level = 0;
    while (v >= (2 << level) - 1)
        level++;
    int delta = 1 << level, parent = v - delta / 2;
    if (parent >= delta - 1)
        parent -= delta / 2;

    /* vlink[i]: the virtual rank whose half travels over link[i]; over the link to the
     * parent, that is v's own half. */
    int n = 1, link[3], vlink[3] = {v}, first[3], half[3];
    link[0] = v > 0 ? (parent + root) % p : MPI_PROC_NULL;
    for (int c = v + delta; c <= v + 2 * delta && c < p; c += delta) {
        vlink[n] = c;
        link[n++] = (c + root) % p;
    }
    for (int i = 0; i < n; i++) {
        first[i] = vlink[i] % 2 ? 0 : count / 2;
        half[i] = vlink[i] % 2 ? count / 2 : count - count / 2;
    }
    /* The exchange follows the whole tree stage, which it needs on one side or the other. */
    int channel, rc = himpi_bcast_segmented_build(sched, buffer, datatype,
                                                  himpi_segment_count(segsize, datatype), comm, n,
                                                  link, first, half);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_fence(sched);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_join(sched, comm, &channel);
    if (rc != MPI_SUCCESS || (v == 0 && p % 2 == 1))
        return rc;
    void *right = himpi_at(buffer, count / 2, datatype);
    if (v == 0)
        return himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, right, count - count / 2,
                                datatype, (p - 1 + root) % p, NULL);
    int pair = v % 2 ? v + 1 : v - 1;
    if (pair == p)
        return himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, right, count - count / 2,
                                datatype, root, NULL);
    int other = first[0] == 0 ? count / 2 : 0;
    rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, himpi_at(buffer, other, datatype),
                          count - half[0], datatype, (pair + root) % p, NULL);
    return rc == MPI_SUCCESS ? himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0,
                                                himpi_at(buffer, first[0], datatype), half[0],
                                                datatype, (pair + root) % p, NULL)
                             : rc;
}

int himpi_bcast_split_binary_build(himpi_sched *sched, void *buffer, int count,
                                   MPI_Datatype datatype, int root, MPI_Comm comm, int segsize)
{
    if (count < 2)
        return himpi_bcast_binary_build(sched, buffer, count, datatype, root, comm, segsize);
    return split_binary_build(sched, buffer, count, datatype, root, comm, segsize);
}

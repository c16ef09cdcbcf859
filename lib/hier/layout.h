/* layout.h: how p ranks form g groups (pure functions, no MPI).
 *
 * Groups are contiguous blocks of ranks in rank order whose sizes differ by
 * at most one: with q = p / g and r = p mod g, groups 0 .. r-1 have q + 1
 * ranks and groups r .. g-1 have q.  Contiguous blocks keep MPI's rank order
 * of data for scatter, gather and allgather, and rank order of operands for
 * non-commutative reductions. */
#ifndef HIMPI_LAYOUT_H
#define HIMPI_LAYOUT_H

/* The group of rank, 0 <= rank < p, 1 <= g <= p. */
int himpi_group_of(int p, int g, int rank);

/* The first rank of group k, 0 <= k <= g (k = g gives p). */
int himpi_group_start(int p, int g, int k);

/* The number of ranks in group k. */
int himpi_group_size(int p, int g, int k);

/* The leader of group k for a collective rooted at root: root in its own
 * group, the group's first rank elsewhere. */
int himpi_group_leader(int p, int g, int k, int root);

#endif /* HIMPI_LAYOUT_H */

/* builders.h: the algorithms that build schedules (core/sched.h,
 * doc/schedules.md).  A builder adds one rank's part in the collective to
 * a schedule; the algorithm's blocking form (algorithms.h) builds it and
 * waits for it, so that each algorithm has one implementation whether it
 * runs alone or as a stage of something larger. */
#ifndef HIMPI_BUILDERS_H
#define HIMPI_BUILDERS_H

#include <mpi.h>

#include "core/sched.h"

/* bcast/binomial.c */
int himpi_bcast_binomial_build(himpi_sched *sched, void *buffer, int count,
                               MPI_Datatype datatype, int root, MPI_Comm comm);

/* reduce/binomial.c: for a commutative op, or root 0 (the tree keeps rank
 * order only from rank 0; himpi_reduce_ordered runs it so). */
int himpi_reduce_binomial_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                int count, MPI_Datatype datatype, MPI_Op op, int root,
                                MPI_Comm comm);

/* allreduce/recursive_doubling.c */
int himpi_allreduce_recursive_doubling_build(himpi_sched *sched, const void *sendbuf,
                                             void *recvbuf, int count, MPI_Datatype datatype,
                                             MPI_Op op, MPI_Comm comm);

/* allgather/ring.c */
int himpi_allgather_ring_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                               MPI_Datatype sendtype, void *recvbuf, int recvcount,
                               MPI_Datatype recvtype, MPI_Comm comm, const int *blocks);

/* The recursive doubling of the scans (scan/recursive_doubling.c; also
 * exscan) on p > 1 ranks, after stage `after`: result becomes the
 * combination of the operands mine of the ranks below this one, and of
 * this one unless exclusive (an inclusive result must hold mine once
 * `after` completes; it may be mine).  An exclusive result of rank 0 is
 * left as it was. */
int himpi_scan_doubling_build(himpi_sched *sched, int after, const void *mine, void *result,
                              int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                              int exclusive);

/* The binomial tree of scatter, or of gather if gather != 0
 * (scatter/binomial.c; himpi_binomial_blocks in algorithms.h runs it). */
int himpi_binomial_blocks_build(himpi_sched *sched, int gather, const void *sendbuf,
                                int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                const int *blocks);

#endif /* HIMPI_BUILDERS_H */

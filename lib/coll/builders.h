/* builders.h: the algorithms that build schedules (core/sched.h,
 * doc/schedules.md).  A builder adds one rank's part in the collective to
 * a schedule; the algorithm's blocking form (algorithms.h) runs it through
 * its operation's runner below, so that each algorithm has one
 * implementation whether it runs alone or as a stage of something larger.
 * A builder reads the arrays it is given (blocks, links) while it builds,
 * and the buffers while the schedule runs. */
#ifndef HIMPI_BUILDERS_H
#define HIMPI_BUILDERS_H

#include <mpi.h>

#include "core/sched.h"

/* Each operation's builders take its algorithms' signature (coll.h), the
 * schedule first. */
typedef int himpi_barrier_builder(himpi_sched *sched, MPI_Comm comm);
typedef int himpi_bcast_builder(himpi_sched *sched, void *buffer, int count,
                                MPI_Datatype datatype, int root, MPI_Comm comm, int segsize);
typedef int himpi_reduce_builder(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                 int count, MPI_Datatype datatype, MPI_Op op, int root,
                                 MPI_Comm comm, int segsize);
typedef int himpi_allreduce_builder(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                    int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                    int segsize);
typedef int himpi_scatter_builder(himpi_sched *sched, const void *sendbuf, int sendcount,
                                  MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                  MPI_Datatype recvtype, int root, MPI_Comm comm,
                                  const int *blocks, int segsize);
typedef int himpi_allgather_builder(himpi_sched *sched, const void *sendbuf, int sendcount,
                                    MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                    MPI_Datatype recvtype, MPI_Comm comm, const int *blocks,
                                    int segsize);

/* The runners (builders.c): build a schedule with build, run it and free
 * it, which is the blocking call.  Gather runs through scatter's runner,
 * the scans through allreduce's: they share signatures. */
int himpi_barrier_run(himpi_barrier_builder *build, MPI_Comm comm);
int himpi_bcast_run(himpi_bcast_builder *build, void *buffer, int count, MPI_Datatype datatype,
                    int root, MPI_Comm comm, int segsize);
int himpi_reduce_run(himpi_reduce_builder *build, const void *sendbuf, void *recvbuf, int count,
                     MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, int segsize);
int himpi_allreduce_run(himpi_allreduce_builder *build, const void *sendbuf, void *recvbuf,
                        int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize);
int himpi_scatter_run(himpi_scatter_builder *build, const void *sendbuf, int sendcount,
                      MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                      int root, MPI_Comm comm, const int *blocks, int segsize);
int himpi_allgather_run(himpi_allgather_builder *build, const void *sendbuf, int sendcount,
                        MPI_Datatype sendtype, void *recvbuf, int recvcount,
                        MPI_Datatype recvtype, MPI_Comm comm, const int *blocks, int segsize);

/* The builders, himpi_<op>_<alg>_build in coll/<op>/<alg>.c. */
himpi_barrier_builder himpi_barrier_linear_build, himpi_barrier_dissemination_build,
    himpi_barrier_recursive_doubling_build;
himpi_bcast_builder himpi_bcast_linear_build, himpi_bcast_chain_build, himpi_bcast_pipeline_build,
    himpi_bcast_binomial_build, himpi_bcast_binary_build, himpi_bcast_split_binary_build,
    himpi_bcast_scatter_ring_allgather_build, himpi_bcast_scatter_rd_allgather_build;
/* For a commutative op, or root 0: the tree keeps rank order only from
 * rank 0 (himpi_reduce_ordered runs it so). */
himpi_reduce_builder himpi_reduce_binomial_build, himpi_reduce_chain_build,
    himpi_reduce_pipeline_build;
himpi_reduce_builder himpi_reduce_binary_build, himpi_reduce_linear_build,
    himpi_reduce_rabenseifner_build;
himpi_allreduce_builder himpi_allreduce_recursive_doubling_build, himpi_allreduce_linear_build,
    himpi_allreduce_ring_build, himpi_allreduce_segmented_ring_build,
    himpi_allreduce_rabenseifner_build;
himpi_scatter_builder himpi_scatter_binomial_build, himpi_scatter_linear_build,
    himpi_gather_binomial_build, himpi_gather_linear_build;
himpi_allgather_builder himpi_allgather_ring_build, himpi_allgather_recursive_doubling_build,
    himpi_allgather_gather_bcast_build;
himpi_allreduce_builder himpi_scan_recursive_doubling_build, himpi_scan_linear_build,
    himpi_exscan_recursive_doubling_build, himpi_exscan_linear_build;

/* Building blocks several builders share. */

/* bcast/pipeline.c: himpi_bcast_segmented (algorithms.h) as a builder. */
int himpi_bcast_segmented_build(himpi_sched *sched, void *buffer, MPI_Datatype datatype, int seg,
                                MPI_Comm comm, int n, const int link[], const int first[],
                                const int count[]);

/* The end of the ring allreduces (allreduce/ring.c; also segmented-ring):
 * chunk i of p nearly equal chunks of recvbuf is complete on rank i; the
 * ring allgather gives every rank all of them. */
int himpi_allreduce_ring_distribute_build(himpi_sched *sched, void *recvbuf, int count,
                                          MPI_Datatype datatype, MPI_Comm comm);

/* One rank's part in a reduction up a tree, in segments of seg elements
 * (reduce/pipeline.c; also binary).  The rank's partial result is left op
 * mine op right, where left and right are those of its children
 * (MPI_PROC_NULL for none).  It goes on to parent, or, at the top (parent
 * MPI_PROC_NULL), into result, which mine may equal. */
int himpi_reduce_segmented_build(himpi_sched *sched, const void *mine, void *result, int count,
                                 MPI_Datatype datatype, MPI_Op op, int seg, MPI_Comm comm,
                                 int parent, int left, int right);

/* The chain over the ranks counted from root, in segments of seg elements
 * (reduce/pipeline.c; also chain): rank v's partial result is mine op that
 * of v + 1, sent on to v - 1. */
int himpi_reduce_segmented_chain_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                       int count, MPI_Datatype datatype, MPI_Op op, int root,
                                       MPI_Comm comm, int seg);

/* The broadcast as a scatter of p chunks followed by allgather
 * (bcast/scatter_ring_allgather.c; also scatter-rd-allgather). */
int himpi_bcast_scatter_allgather_build(himpi_sched *sched, void *buffer, int count,
                                        MPI_Datatype datatype, int root, MPI_Comm comm,
                                        int segsize, himpi_allgather_builder *allgather);

/* The recursive doubling of the scans (scan/recursive_doubling.c; also
 * exscan) on p > 1 ranks, after stage `after`: result becomes the
 * combination of the operands mine of the ranks below this one, and of
 * this one unless exclusive (an inclusive result must hold mine once
 * `after` completes; it may be mine).  An exclusive result of rank 0 is
 * left as it was. */
int himpi_scan_doubling_build(himpi_sched *sched, int after, const void *mine, void *result,
                              int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                              int exclusive);

/* Rabenseifner's reduce-scatter (reduce/rabenseifner.c; also the
 * allreduce).  root is the rank that must stay in its pair, -1 for none.
 * mine is the rank's input.  *buf is a buffer of count elements the rank may
 * work in (mine may be in it), or NULL to have the schedule's own on ranks
 * that stay.  Once it has run, a staying rank has its piece of the result
 * in *buf; a rank that dropped out has sent its input. */
int himpi_rabenseifner_reduce_scatter_build(himpi_sched *sched, const void *mine, void **buf,
                                            int count, MPI_Datatype datatype, MPI_Op op,
                                            int root, MPI_Comm comm);

/* Brings the pieces the reduce-scatter left in buf to the root, or for
 * root -1 to every rank, those that dropped out too (buf is then where they
 * receive the result); after a fence. */
int himpi_rabenseifner_collect_build(himpi_sched *sched, void *buf, int count,
                                     MPI_Datatype datatype, int root, MPI_Comm comm);

/* The binomial tree of scatter, or of gather if gather != 0
 * (scatter/binomial.c; also gather). */
int himpi_binomial_blocks_build(himpi_sched *sched, int gather, const void *sendbuf,
                                int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                const int *blocks);

/* The v-variants' builders and runners (coll.h's signatures, the
 * schedule first) and their algorithms' builders. */
typedef int himpi_gatherv_builder(himpi_sched *sched, const void *sendbuf, int sendcount,
                                  MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                                  const int *displs, MPI_Datatype recvtype, int root,
                                  MPI_Comm comm, int segsize);
typedef int himpi_scatterv_builder(himpi_sched *sched, const void *sendbuf,
                                   const int *sendcounts, const int *displs,
                                   MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                   MPI_Datatype recvtype, int root, MPI_Comm comm, int segsize);
typedef int himpi_allgatherv_builder(himpi_sched *sched, const void *sendbuf, int sendcount,
                                     MPI_Datatype sendtype, void *recvbuf,
                                     const int *recvcounts, const int *displs,
                                     MPI_Datatype recvtype, MPI_Comm comm, int segsize);
int himpi_gatherv_run(himpi_gatherv_builder *build, const void *sendbuf, int sendcount,
                      MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                      const int *displs, MPI_Datatype recvtype, int root, MPI_Comm comm,
                      int segsize);
int himpi_scatterv_run(himpi_scatterv_builder *build, const void *sendbuf, const int *sendcounts,
                       const int *displs, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                       MPI_Datatype recvtype, int root, MPI_Comm comm, int segsize);
int himpi_allgatherv_run(himpi_allgatherv_builder *build, const void *sendbuf, int sendcount,
                         MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                         const int *displs, MPI_Datatype recvtype, MPI_Comm comm, int segsize);
/* The binomial ones exchange, while they build, the counts their trees
 * need (himpi_binomial_v_build). */
himpi_gatherv_builder himpi_gatherv_linear_build, himpi_gatherv_binomial_build;
himpi_scatterv_builder himpi_scatterv_linear_build, himpi_scatterv_binomial_build;
himpi_allgatherv_builder himpi_allgatherv_ring_build, himpi_allgatherv_bruck_build;

/* Scatterv, or gatherv if gather != 0, linear (scatterv/linear.c; also
 * gatherv) and by the binomial tree (scatterv/binomial.c; also gatherv).
 * mine is this rank's block, count elements of datatype (gatherv's send
 * side, scatterv's receive side; at the root MPI_IN_PLACE where MPI allows
 * it); all, counts, displs and all_type are the root's vector side,
 * significant at the root only.  Only the root knows every block's size,
 * so building the tree first runs a schedule of its own that sends every
 * rank with children the sizes of its subtree's blocks down the tree:
 * stages take their counts when they are built. */
int himpi_linear_v_build(himpi_sched *sched, int gather, void *mine, int count,
                         MPI_Datatype datatype, void *all, const int *counts, const int *displs,
                         MPI_Datatype all_type, int root, MPI_Comm comm);
int himpi_binomial_v_build(himpi_sched *sched, int gather, void *mine, int count,
                           MPI_Datatype datatype, void *all, const int *counts, const int *displs,
                           MPI_Datatype all_type, int root, MPI_Comm comm);

#endif /* HIMPI_BUILDERS_H */

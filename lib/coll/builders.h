/* builders.h: the building blocks that several algorithms' builders
 * share (coll.h, core/sched.h). */
#ifndef HIMPI_BUILDERS_H
#define HIMPI_BUILDERS_H

#include <mpi.h>

#include "coll/coll.h"

/* A broadcast along the links of a tree in segments of seg elements
 * (bcast/pipeline.c; also binary and split-binary): the rank receives
 * count[0] elements at first[0] from link[0] (MPI_PROC_NULL at the top),
 * and sends link[i] count[i] elements at first[i], for i = 1 .. n - 1. */
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

/* The reduce-scatters' common steps (reduce_scatter/binomial.c):
 * himpi_reduce_scatter_displs gives the first element of every rank's run
 * (displs[p] is the total), in the schedule's memory;
 * himpi_reduce_scatter_ordered_build builds the algorithm that keeps rank
 * order on p ranks, the butterfly where p is a power of two and the
 * binomial one elsewhere, for the algorithms that need a commutative
 * operation. */
int *himpi_reduce_scatter_displs(himpi_sched *sched, const int *counts, int p);
himpi_reduce_scatter_builder himpi_reduce_scatter_ordered_build;

/* Alltoall's chunk between ranks me and j (coll.h; alltoall/chunks.c, for
 * every alltoall algorithm): its number of blocks, and in *first the block
 * it starts at in me's send and receive buffers (the chunks follow each
 * other in rank order). */
int himpi_alltoall_chunk(const int *blocks, int me, int j, MPI_Aint *first);

/* An alltoall's send side: *sendbuf, or with MPI_IN_PLACE a copy of the
 * blocks of recvbuf (recvcount elements of recvtype each) in the
 * schedule's memory, which *sendbuf, *sendcount and *sendtype then
 * describe, made by stage *copied (HIMPI_SCHED_FIRST if none): every stage
 * that reads the blocks or writes recvbuf waits for it. */
int himpi_alltoall_source_build(himpi_sched *sched, const void **sendbuf, int *sendcount,
                                MPI_Datatype *sendtype, const void *recvbuf, int recvcount,
                                MPI_Datatype recvtype, MPI_Comm comm, const int *blocks,
                                int *copied);

/* Scatterv, or gatherv if gather != 0, linear (scatterv/linear.c; also
 * gatherv) and by the binomial tree (scatterv/binomial.c; also gatherv).
 * mine is this rank's block, count elements of datatype (gatherv's send
 * side, scatterv's receive side; at the root MPI_IN_PLACE where MPI allows
 * it); all, counts, displs and all_type are the root's vector side,
 * significant at the root only. */
int himpi_linear_v_build(himpi_sched *sched, int gather, void *mine, int count,
                         MPI_Datatype datatype, void *all, const int *counts, const int *displs,
                         MPI_Datatype all_type, int root, MPI_Comm comm);
int himpi_binomial_v_build(himpi_sched *sched, int gather, void *mine, int count,
                           MPI_Datatype datatype, void *all, const int *counts, const int *displs,
                           MPI_Datatype all_type, int root, MPI_Comm comm);

#endif /* HIMPI_BUILDERS_H */

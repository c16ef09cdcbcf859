/* algorithms.h: every flat algorithm of libhimpi, declared from the
 * catalogue, and the building blocks several of them share.  The
 * signatures are those of coll.h; coll/<operation>/<algorithm>.c holds the
 * algorithm, coll/native.c the MPI library's own collectives. */
#ifndef HIMPI_ALGORITHMS_H
#define HIMPI_ALGORITHMS_H

#include "coll/coll.h"
#include "core/catalogue.h"

/* Every algorithm of the catalogue: himpi_<op>_<alg>, of its operation's
 * signature. */
#define DECLARE(OP, op, ALG, alg, legacy, cost) himpi_##op##_alg himpi_##op##_##alg;
HIMPI_CATALOGUE(DECLARE)
#undef DECLARE

/* ---------------------------------------------------------------------- */
/* Building blocks shared by several algorithms                            */
/* ---------------------------------------------------------------------- */

/* One rank's part in a broadcast down a tree, in segments of seg elements
 * (bcast/pipeline.c; also binary and split-binary): link[0] is the parent
 * (MPI_PROC_NULL at the tree's root, whose count[0] is then ignored),
 * link[1..n-1] the children, and elements [first[i], first[i] + count[i])
 * of buffer travel over link i.  Each segment goes on to the children as
 * soon as it has come from the parent. */
int himpi_bcast_segmented(void *buffer, MPI_Datatype datatype, int seg, MPI_Comm comm, int n,
                          const int link[], const int first[], const int count[]);

/* The broadcast as a scatter of p chunks followed by allgather
 * (bcast/scatter_ring_allgather.c; also scatter-rd-allgather).  Rank i's
 * chunk starts at element himpi_chunk_start(count, p, i) on every rank (one
 * element a block, chunks in rank order), where the allgather expects rank
 * i's blocks. */
int himpi_bcast_scatter_allgather(void *buffer, int count, MPI_Datatype datatype, int root,
                                  MPI_Comm comm, int segsize, himpi_allgather_fn allgather);

/* One rank's part in a reduction up a tree, in segments of seg elements
 * (reduce/pipeline.c; also binary).  The rank's partial result is left op
 * mine op right, where left and right are those of its children
 * (MPI_PROC_NULL for none).  It goes on to parent, or, at the top (parent
 * MPI_PROC_NULL), into result, which mine may equal. */
int himpi_reduce_segmented(const void *mine, void *result, int count, MPI_Datatype datatype,
                           MPI_Op op, int seg, MPI_Comm comm, int parent, int left, int right);

/* The chain over the ranks counted from root, in segments of seg elements
 * (reduce/pipeline.c; also chain): rank v's partial result is mine op that
 * of v + 1, sent on to v - 1. */
int himpi_reduce_segmented_chain(const void *sendbuf, void *recvbuf, int count,
                                 MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                                 int seg);

/* Rabenseifner's reduce-scatter (reduce/rabenseifner.c; also the
 * allreduce).  root is the rank that must stay in its pair, -1 for none.
 * mine is the rank's input.  *buf is a buffer of count elements the rank may
 * work in (mine may be in it), or NULL to have one allocated (with
 * himpi_tmp_alloc; the caller frees it) on ranks that stay.  On return a
 * staying rank has its piece of the result in *buf; a rank that dropped out
 * has sent its input. */
int himpi_rabenseifner_reduce_scatter(const void *mine, void **buf, int count,
                                      MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm);

/* Brings the pieces himpi_rabenseifner_reduce_scatter left in buf to the
 * root, or for root -1 to every rank, those that dropped out too (buf is
 * then where they receive the result). */
int himpi_rabenseifner_collect(void *buf, int count, MPI_Datatype datatype, int root,
                               MPI_Comm comm);

/* The ring allreduce's distribution phase (allreduce/ring.c; also the
 * segmented ring): chunk i of p nearly equal chunks of recvbuf is complete
 * on rank i; the ring allgather gives every rank all of them. */
int himpi_allreduce_ring_distribute(void *recvbuf, int count, MPI_Datatype datatype,
                                    MPI_Comm comm);

/* The recursive doubling of the scans (scan/recursive_doubling.c; also
 * exscan) on p > 1 ranks: result becomes the combination of the operands
 * mine of the ranks below this one, and of this one unless exclusive (an
 * inclusive result must hold mine on entry; it may be mine).  An exclusive
 * result of rank 0 is left as it was. */
int himpi_scan_doubling(const void *mine, void *result, int count, MPI_Datatype datatype,
                        MPI_Op op, MPI_Comm comm, int exclusive);

/* The reduce-scatters' common steps (reduce_scatter/binomial.c):
 * himpi_reduce_scatter_displs gives the first element of every rank's run
 * (displs[p] is the total; an array of p + 1 from himpi_tmp_alloc, to free
 * with himpi_tmp_free(displs, MPI_INT)); himpi_reduce_scatter_ordered runs
 * the algorithm that keeps rank order on p ranks, the butterfly where p is
 * a power of two and the binomial one elsewhere, for the algorithms that
 * need a commutative operation. */
int *himpi_reduce_scatter_displs(const int *counts, int p);
int himpi_reduce_scatter_ordered(const void *sendbuf, void *recvbuf, const int *counts,
                                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize);

/* Alltoall's chunk between ranks me and j (coll.h; alltoall/chunks.c, for
 * every alltoall algorithm): its number of blocks, and in *first the block
 * it starts at in me's send and receive buffers (the chunks follow each
 * other in rank order). */
int himpi_alltoall_chunk(const int *blocks, int me, int j, MPI_Aint *first);

/* An alltoall's send side: *sendbuf, or with MPI_IN_PLACE a copy of the
 * blocks of recvbuf (recvcount elements of recvtype each), which *sendbuf,
 * *sendcount and *sendtype then describe; *copy is that scratch buffer
 * (NULL if none), to free with himpi_tmp_free(*copy, recvtype). */
int himpi_alltoall_source(const void **sendbuf, int *sendcount, MPI_Datatype *sendtype,
                          const void *recvbuf, int recvcount, MPI_Datatype recvtype,
                          MPI_Comm comm, const int *blocks, void **copy);

/* The binomial tree of scatter, or of gather if gather != 0
 * (scatter/binomial.c; also gather).  Inner processes hold their subtree's
 * blocks in a scratch buffer of the datatype their own blocks have
 * (recvtype in scatter, sendtype in gather); leaves use their own buffer. */
int himpi_binomial_blocks(int gather, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                          MPI_Comm comm, const int *blocks);

#endif /* HIMPI_ALGORITHMS_H */

/* coll.h: what libhimpi's collective algorithms share (internal).
 *
 * Every flat algorithm runs one collective on all ranks of a communicator
 * and has the signature of its operation below.  The communicator is always
 * one of HiMPI's own (a duplicate or a split of the application's), so the
 * algorithms' point-to-point messages cannot meet the application's.  They
 * wait through MPIB_Wait, so they honour the HIMPI_WAIT policy.
 *
 * Scatter, gather and allgather move blocks: rank i owns blocks[i]
 * consecutive blocks, in rank order (blocks == NULL: one block each).  A
 * block is sendcount elements of sendtype on the sending side and recvcount
 * elements of recvtype on the receiving side, as in MPI.  The hierarchical
 * drivers use uneven block counts between groups of different sizes; every
 * rank knows all of blocks[].
 *
 * An algorithm table per operation maps HiMPI_Alg to these functions;
 * a NULL entry means the algorithm does not exist for that operation. */
#ifndef HIMPI_COLL_H
#define HIMPI_COLL_H

#include <stddef.h>

#include "himpi.h"

/* The tag of HiMPI's point-to-point messages. */
#define HIMPI_TAG 0x4853 /* "HS" */

typedef int (*himpi_bcast_fn)(void *buffer, int count, MPI_Datatype datatype, int root,
                              MPI_Comm comm, int segsize);
typedef int (*himpi_reduce_fn)(const void *sendbuf, void *recvbuf, int count,
                               MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                               int segsize);
typedef int (*himpi_allreduce_fn)(const void *sendbuf, void *recvbuf, int count,
                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                  int segsize);
typedef int (*himpi_scatter_fn)(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                                MPI_Comm comm, const int *blocks, int segsize);
typedef himpi_scatter_fn himpi_gather_fn;
typedef int (*himpi_allgather_fn)(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                  void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                  MPI_Comm comm, const int *blocks, int segsize);

/* The algorithm tables (NULL for an algorithm the operation lacks). */
himpi_bcast_fn himpi_bcast_algorithm(HiMPI_Alg alg);
himpi_reduce_fn himpi_reduce_algorithm(HiMPI_Alg alg);
himpi_allreduce_fn himpi_allreduce_algorithm(HiMPI_Alg alg);
himpi_scatter_fn himpi_scatter_algorithm(HiMPI_Alg alg);
himpi_gather_fn himpi_gather_algorithm(HiMPI_Alg alg);
himpi_allgather_fn himpi_allgather_algorithm(HiMPI_Alg alg);

/* ---------------------------------------------------------------------- */
/* Point-to-point under the wait policy (p2p.c)                            */
/* ---------------------------------------------------------------------- */

int himpi_send(const void *buf, int count, MPI_Datatype datatype, int dest, MPI_Comm comm);
int himpi_recv(void *buf, int count, MPI_Datatype datatype, int source, MPI_Comm comm);
int himpi_sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
                   void *recvbuf, int recvcount, MPI_Datatype recvtype, int source,
                   MPI_Comm comm);

/* ---------------------------------------------------------------------- */
/* Typed buffers (typed.c)                                                 */
/* ---------------------------------------------------------------------- */

/* The extent of datatype. */
MPI_Aint himpi_extent(MPI_Datatype datatype);

/* buf advanced by n elements of datatype. */
void *himpi_at(const void *buf, MPI_Aint n, MPI_Datatype datatype);

/* A scratch buffer for count elements of datatype, laid out as MPI lays out
 * a user buffer (lower bound and true extent respected); count 0 gives a
 * valid address too.  Returns the address to pass to MPI calls.  If memory
 * runs out the job is aborted with a message: an error returned on one rank
 * would leave the others waiting.  Release with himpi_tmp_free. */
void *himpi_tmp_alloc(int count, MPI_Datatype datatype);
void himpi_tmp_free(void *buf, MPI_Datatype datatype);

/* Copies sendcount elements of sendtype to recvcount elements of recvtype
 * on this process (the type signatures must match, as in a message). */
int himpi_copy(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype);

/* Elements of datatype per segment of segsize bytes (segsize 0: the
 * default): at least 1. */
int himpi_segment_count(int segsize, MPI_Datatype datatype);

/* Splits count elements into n nearly equal chunks: chunk i starts at
 * himpi_chunk_start(count, n, i) and ends where chunk i + 1 starts. */
int himpi_chunk_start(int count, int n, int i);

/* ---------------------------------------------------------------------- */
/* Blocks of scatter, gather and allgather (blocks.c)                      */
/* ---------------------------------------------------------------------- */

/* Blocks owned by rank i, and the index of its first block. */
int himpi_blocks_of(const int *blocks, int i);
int himpi_blocks_before(const int *blocks, int i);

/* ---------------------------------------------------------------------- */
/* Reductions                                                               */
/* ---------------------------------------------------------------------- */

/* 1 if op is commutative. */
int himpi_commutative(MPI_Op op);

/* Runs a reduce algorithm that keeps rank order only when the root is rank
 * 0: directly for a commutative operation or root 0; otherwise with root 0,
 * after which rank 0 sends the result to root. */
int himpi_reduce_ordered(himpi_reduce_fn algorithm, const void *sendbuf, void *recvbuf,
                         int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                         int segsize);

#endif /* HIMPI_COLL_H */

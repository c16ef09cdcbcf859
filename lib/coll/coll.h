/* coll.h: what libhimpi's collective algorithms share (internal).
 *
 * Every flat algorithm runs one collective on all ranks of a communicator
 * and has the signature of its operation below.  The communicator is always
 * one of HiMPI's own (a duplicate or a split of the application's), so the
 * algorithms' point-to-point messages cannot meet the application's.  Most
 * of them build schedules (builders.h), whose tickets keep their messages
 * apart from other calls' too; every wait goes through libmpib's, so they
 * honour the HIMPI_WAIT policy.
 *
 * Scatter, gather and allgather move blocks: rank i owns blocks[i]
 * consecutive blocks, in rank order (blocks == NULL: one block each).  A
 * block is sendcount elements of sendtype on the sending side and recvcount
 * elements of recvtype on the receiving side, as in MPI.  The hierarchical
 * drivers use uneven block counts between groups of different sizes; every
 * rank knows all of blocks[].  Alltoall's blocks[i] ranks act as one: what
 * goes from rank i to rank j is blocks[i] * blocks[j] blocks, one chunk
 * (himpi_alltoall_chunk), which the algorithms move as it is (the
 * hierarchical driver's leaders exchange their groups' blocks so).
 *
 * The catalogue (core/catalogue.h) lists which operation has which
 * algorithm; himpi_coll finds the function. */
#ifndef HIMPI_COLL_H
#define HIMPI_COLL_H

#include <stddef.h>

#include "himpi.h"
#include "core/alloc.h"
#include "core/blocks.h"
#include "core/p2p.h"
#include "core/typed.h"

/* The signature of each operation's algorithms (the functions' types,
 * and pointers to them). */
typedef int himpi_bcast_alg(void *buffer, int count, MPI_Datatype datatype, int root,
                            MPI_Comm comm, int segsize);
typedef int himpi_reduce_alg(const void *sendbuf, void *recvbuf, int count,
                             MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                             int segsize);
typedef int himpi_allreduce_alg(const void *sendbuf, void *recvbuf, int count,
                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize);
typedef int himpi_scatter_alg(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                              MPI_Comm comm, const int *blocks, int segsize);
typedef himpi_scatter_alg himpi_gather_alg;
typedef int himpi_allgather_alg(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                MPI_Comm comm, const int *blocks, int segsize);
/* The scans have allreduce's signature. */
typedef himpi_allreduce_alg himpi_scan_alg;
typedef himpi_allreduce_alg himpi_exscan_alg;
/* Barrier carries no message, so it has no segments either. */
typedef int himpi_barrier_alg(MPI_Comm comm);
/* The reduce-scatters: the operand (sendbuf, or recvbuf for MPI_IN_PLACE)
 * holds counts[0] + ... + counts[p-1] elements, and rank i gets the run of
 * counts[i] of them after those of the ranks before it, combined.  The
 * block form takes equal counts at the top and uneven ones on the levels
 * of its plans, so it has the same signature and the same algorithms. */
typedef int himpi_reduce_scatter_alg(const void *sendbuf, void *recvbuf, const int *counts,
                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                     int segsize);
typedef himpi_reduce_scatter_alg himpi_reduce_scatter_block_alg;
/* Alltoall has allgather's. */
typedef himpi_allgather_alg himpi_alltoall_alg;
/* The v-variants take MPI's arguments: rank i's block is counts[i]
 * elements of the vector side's datatype at displs[i] of that side's
 * buffer; gatherv's and scatterv's vectors are significant at the root
 * only, where the other ranks know their own count.  The hierarchical
 * drivers hand the leaders' blocks to them as bytes (MPI_BYTE). */
typedef int himpi_gatherv_alg(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, const int *recvcounts, const int *displs,
                              MPI_Datatype recvtype, int root, MPI_Comm comm, int segsize);
typedef int himpi_scatterv_alg(const void *sendbuf, const int *sendcounts, const int *displs,
                               MPI_Datatype sendtype, void *recvbuf, int recvcount,
                               MPI_Datatype recvtype, int root, MPI_Comm comm, int segsize);
typedef int himpi_allgatherv_alg(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                 void *recvbuf, const int *recvcounts, const int *displs,
                                 MPI_Datatype recvtype, MPI_Comm comm, int segsize);
typedef himpi_bcast_alg *himpi_bcast_fn;
typedef himpi_reduce_alg *himpi_reduce_fn;
typedef himpi_allreduce_alg *himpi_allreduce_fn;
typedef himpi_scatter_alg *himpi_scatter_fn;
typedef himpi_gather_alg *himpi_gather_fn;
typedef himpi_allgather_alg *himpi_allgather_fn;
typedef himpi_scan_alg *himpi_scan_fn;
typedef himpi_exscan_alg *himpi_exscan_fn;
typedef himpi_barrier_alg *himpi_barrier_fn;
typedef himpi_reduce_scatter_alg *himpi_reduce_scatter_fn;
typedef himpi_reduce_scatter_block_alg *himpi_reduce_scatter_block_fn;
typedef himpi_alltoall_alg *himpi_alltoall_fn;
typedef himpi_gatherv_alg *himpi_gatherv_fn;
typedef himpi_scatterv_alg *himpi_scatterv_fn;
typedef himpi_allgatherv_alg *himpi_allgatherv_fn;

/* A flat algorithm of any operation: the member named after the operation
 * (catalogue.h's lower-case op) is the one to call. */
typedef union himpi_algorithm {
    himpi_bcast_fn bcast;
    himpi_reduce_fn reduce;
    himpi_allreduce_fn allreduce;
    himpi_scatter_fn scatter;
    himpi_gather_fn gather;
    himpi_allgather_fn allgather;
    himpi_scan_fn scan;
    himpi_exscan_fn exscan;
    himpi_barrier_fn barrier;
    himpi_reduce_scatter_fn reduce_scatter;
    himpi_reduce_scatter_block_fn reduce_scatter_block;
    himpi_alltoall_fn alltoall;
    himpi_gatherv_fn gatherv;
    himpi_scatterv_fn scatterv;
    himpi_allgatherv_fn allgatherv;
} himpi_algorithm;

/* Algorithm alg of op (coll/dispatch.c, from the catalogue); every member
 * NULL if op has no such algorithm. */
himpi_algorithm himpi_coll(HiMPI_Op op, HiMPI_Alg alg);

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

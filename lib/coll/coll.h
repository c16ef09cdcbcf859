/* coll.h: what libhimpi's collective algorithms share (internal).
 *
 * Every flat algorithm runs one collective on all ranks of a communicator
 * and is a builder of its operation's signature below: it adds the rank's
 * part to a schedule (core/sched.h), which the hierarchical drivers compose
 * level by level (hier/drivers.h) and a call runs, starts or keeps.  The communicator
 * is always one of HiMPI's own (a duplicate or a split of the
 * application's), so the algorithms' point-to-point messages cannot meet
 * the application's, and the schedules' tickets keep them apart from other
 * calls' too; every wait goes through libmpib's, so they honour the
 * HIMPI_WAIT policy.
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
 * algorithm; himpi_coll finds the builder. */
#ifndef HIMPI_COLL_H
#define HIMPI_COLL_H

#include <stddef.h>

#include "himpi.h"
#include "core/alloc.h"
#include "core/blocks.h"
#include "core/sched.h"
#include "core/typed.h"

/* The signature of each operation's algorithms: a builder, which adds
 * this rank's part in the collective to a schedule (core/sched.h) and
 * returns an MPI error class.  A builder reads the arrays it is given
 * (blocks, counts) while it builds, and the buffers while the schedule
 * runs. */
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
typedef himpi_scatter_builder himpi_gather_builder;
typedef int himpi_allgather_builder(himpi_sched *sched, const void *sendbuf, int sendcount,
                                    MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                    MPI_Datatype recvtype, MPI_Comm comm, const int *blocks,
                                    int segsize);
/* The scans have allreduce's signature. */
typedef himpi_allreduce_builder himpi_scan_builder;
typedef himpi_allreduce_builder himpi_exscan_builder;
/* Barrier carries no message, so it has no segments either. */
typedef int himpi_barrier_builder(himpi_sched *sched, MPI_Comm comm);
/* The reduce-scatters: the operand (sendbuf, or recvbuf for MPI_IN_PLACE)
 * holds counts[0] + ... + counts[p-1] elements, and rank i gets the run of
 * counts[i] of them after those of the ranks before it, combined.  The
 * block form takes equal counts at the top and uneven ones on the levels
 * of its plans, so it has the same signature and the same algorithms. */
typedef int himpi_reduce_scatter_builder(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                         const int *counts, MPI_Datatype datatype, MPI_Op op,
                                         MPI_Comm comm, int segsize);
typedef himpi_reduce_scatter_builder himpi_reduce_scatter_block_builder;
/* Alltoall has allgather's. */
typedef himpi_allgather_builder himpi_alltoall_builder;
/* The v-variants take MPI's arguments: rank i's block is counts[i]
 * elements of the vector side's datatype at displs[i] of that side's
 * buffer; gatherv's and scatterv's vectors are significant at the root
 * only, where the other ranks know their own count.  The hierarchical
 * drivers hand the leaders' blocks to them as bytes (MPI_BYTE). */
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

/* The builder of a flat algorithm of any operation: the member named after
 * the operation (catalogue.h's lower-case op) is the one to call. */
typedef union himpi_builder {
    himpi_bcast_builder *bcast;
    himpi_reduce_builder *reduce;
    himpi_allreduce_builder *allreduce;
    himpi_scatter_builder *scatter;
    himpi_gather_builder *gather;
    himpi_allgather_builder *allgather;
    himpi_scan_builder *scan;
    himpi_exscan_builder *exscan;
    himpi_barrier_builder *barrier;
    himpi_reduce_scatter_builder *reduce_scatter;
    himpi_reduce_scatter_block_builder *reduce_scatter_block;
    himpi_alltoall_builder *alltoall;
    himpi_gatherv_builder *gatherv;
    himpi_scatterv_builder *scatterv;
    himpi_allgatherv_builder *allgatherv;
} himpi_builder;

/* The builder of algorithm alg of op (coll/dispatch.c, from the
 * catalogue); every member NULL if op has no such algorithm. */
himpi_builder himpi_coll(HiMPI_Op op, HiMPI_Alg alg);

/* ---------------------------------------------------------------------- */
/* Reductions                                                               */
/* ---------------------------------------------------------------------- */

/* 1 if op is commutative. */
int himpi_commutative(MPI_Op op);

/* Builds a reduce tree that keeps rank order only when the root is rank
 * 0: directly for a commutative operation or root 0; otherwise with root
 * 0, after which rank 0 sends the result to root. */
int himpi_reduce_ordered_build(himpi_sched *sched, himpi_reduce_builder *tree,
                               const void *sendbuf, void *recvbuf, int count,
                               MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                               int segsize);

#endif /* HIMPI_COLL_H */

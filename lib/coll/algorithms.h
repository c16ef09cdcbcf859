/* algorithms.h: every flat algorithm of libhimpi, declared from the
 * catalogue.  The signatures are those of coll.h;
 * coll/<operation>/<algorithm>.c holds the algorithm, coll/native.c the MPI
 * library's own collectives.  The building blocks the schedule builders
 * share are in builders.h. */
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
/* Building blocks shared by several algorithms that do not build          */
/* schedules yet                                                            */
/* ---------------------------------------------------------------------- */

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

#endif /* HIMPI_ALGORITHMS_H */

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

#endif /* HIMPI_ALGORITHMS_H */

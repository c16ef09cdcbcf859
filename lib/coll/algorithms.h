/* algorithms.h: every flat algorithm of libhimpi, declared from the
 * catalogue.  The signatures are those of coll.h;
 * coll/<operation>/<algorithm>.c holds the algorithm, coll/native.c the MPI
 * library's own collectives.  The building blocks several of them share
 * are in builders.h. */
#ifndef HIMPI_ALGORITHMS_H
#define HIMPI_ALGORITHMS_H

#include "coll/coll.h"
#include "core/catalogue.h"

/* Every algorithm of the catalogue: its builder himpi_<op>_<alg>_build,
 * of its operation's signature. */
#define DECLARE(OP, op, ALG, alg, legacy, cost) himpi_##op##_builder himpi_##op##_##alg##_build;
HIMPI_CATALOGUE(DECLARE)
#undef DECLARE

#endif /* HIMPI_ALGORITHMS_H */

/* algorithms.h: every flat algorithm of libhimpi, declared from the
 * catalogue.  The signatures are those of coll.h;
 * coll/<operation>/<algorithm>.c holds the algorithm, coll/native.c the MPI
 * library's own collectives.  The building blocks several algorithms share
 * are schedule builders (builders.h). */
#ifndef HIMPI_ALGORITHMS_H
#define HIMPI_ALGORITHMS_H

#include "coll/coll.h"
#include "core/catalogue.h"

/* Every algorithm of the catalogue: himpi_<op>_<alg>, of its operation's
 * signature. */
#define DECLARE(OP, op, ALG, alg, legacy, cost) himpi_##op##_alg himpi_##op##_##alg;
HIMPI_CATALOGUE(DECLARE)
#undef DECLARE

#endif /* HIMPI_ALGORITHMS_H */

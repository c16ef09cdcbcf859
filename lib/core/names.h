/* names.h: what the catalogue gives besides the public names (himpi.h's
 * HiMPI_Alg_name and friends). */
#ifndef HIMPI_CORE_NAMES_H
#define HIMPI_CORE_NAMES_H

#include "himpi.h"

/* The algorithm the original HiMPI's tables call id for op: 1 with *alg
 * set, or 0 if no algorithm of op had that id. */
int himpi_alg_of_legacy(HiMPI_Op op, int id, HiMPI_Alg *alg);

/* The search strategies (HIMPI_SEARCH, himpi-tune --search): the
 * default's name, and 1 if name is one of them. */
const char *himpi_search_default(void);
int himpi_search_known(const char *name);

#endif /* HIMPI_CORE_NAMES_H */

/* dispatch.c: the builder of every algorithm of every operation, as the
 * catalogue lists them. */
#include <config.h>

#include "coll/algorithms.h"
#include "core/catalogue.h"

static const himpi_builder table[HIMPI_OP_COUNT][HIMPI_ALG_COUNT] = {
#define BUILDER(OP, op, ALG, alg, legacy, cost)                                                \
    [HIMPI_OP_##OP][HIMPI_ALG_##ALG] = {.op = himpi_##op##_##alg##_build},
    HIMPI_CATALOGUE(BUILDER)
#undef BUILDER
};

himpi_builder himpi_coll(HiMPI_Op op, HiMPI_Alg alg)
{
    const himpi_builder none = {NULL};
    return HiMPI_Alg_supported(op, alg) ? table[op][alg] : none;
}

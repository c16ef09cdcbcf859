/* algorithms.c: the catalogue as words, for libhimpi(3)'s list of each
 * operation's algorithms (doc/local.mk): "alg ID name" for every
 * algorithm, then "row op ID" for every algorithm of every operation.
 * Only preprocessed, never compiled. */
#include "core/catalogue.h"

#define ALG(ID, name) alg ID name
HIMPI_ALGORITHMS(ALG)
#define ROW(OP, op, ALG, alg, legacy, cost) row op ALG
HIMPI_CATALOGUE(ROW)

/* names.c: operations and algorithms by name, which algorithm exists for
 * which operation, and the original HiMPI's algorithm ids: all read off
 * the catalogue. */
#include <config.h>

#include <string.h>

#include "core/catalogue.h"
#include "core/names.h"
#include "core/ops.h"

static const char *const alg_names[HIMPI_ALG_COUNT] = {
#define NAME(ID, name) [HIMPI_ALG_##ID] = name,
    HIMPI_ALGORITHMS(NAME)
#undef NAME
};

/* An algorithm missing from the list would have no name. */
#define ONE(ID, ...) +1
_Static_assert(0 HIMPI_ALGORITHMS(ONE) == HIMPI_ALG_COUNT,
               "catalogue.h lists every HiMPI_Alg once");
_Static_assert(0 HIMPI_OPERATIONS(ONE) == HIMPI_OP_COUNT, "catalogue.h lists every HiMPI_Op once");
#undef ONE

/* The original's id of each algorithm of each operation, -1 for none, and
 * whether the pair exists at all. */
static const struct {
    int exists;
    int legacy;
} pairs[HIMPI_OP_COUNT][HIMPI_ALG_COUNT] = {
#define PAIR(OP, op, ALG, alg, legacy, cost) [HIMPI_OP_##OP][HIMPI_ALG_##ALG] = {1, legacy},
    HIMPI_CATALOGUE(PAIR)
#undef PAIR
};

/* The index of name in names[0 .. n-1], or -1. */
static int lookup(const char *const *names, int n, const char *name)
{
    for (int i = 0; name != NULL && i < n; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}

int HiMPI_Alg_from_name(const char *name, HiMPI_Alg *alg)
{
    int i = lookup(alg_names, HIMPI_ALG_COUNT, name);
    if (i < 0)
        return MPI_ERR_ARG;
    *alg = (HiMPI_Alg)i;
    return MPI_SUCCESS;
}

const char *HiMPI_Alg_name(HiMPI_Alg alg)
{
    return alg >= 0 && alg < HIMPI_ALG_COUNT ? alg_names[alg] : NULL;
}

int HiMPI_Op_from_name(const char *name, HiMPI_Op *op)
{
    for (int i = 0; name != NULL && i < HIMPI_OP_COUNT; i++)
        if (strcmp(name, himpi_op_info_of((HiMPI_Op)i)->name) == 0) {
            *op = (HiMPI_Op)i;
            return MPI_SUCCESS;
        }
    return MPI_ERR_ARG;
}

const char *HiMPI_Op_name(HiMPI_Op op)
{
    const himpi_op_info *info = himpi_op_info_of(op);
    return info != NULL ? info->name : NULL;
}

int HiMPI_Op_has_size(HiMPI_Op op)
{
    const himpi_op_info *info = himpi_op_info_of(op);
    return info != NULL && info->sized;
}

int HiMPI_Op_overlaps(HiMPI_Op op)
{
    const himpi_op_info *info = himpi_op_info_of(op);
    return info != NULL && info->overlaps;
}

int HiMPI_Alg_supported(HiMPI_Op op, HiMPI_Alg alg)
{
    return HiMPI_Op_name(op) != NULL && HiMPI_Alg_name(alg) != NULL && pairs[op][alg].exists;
}

int himpi_alg_of_legacy(HiMPI_Op op, int id, HiMPI_Alg *alg)
{
    for (int i = 0; HiMPI_Op_name(op) != NULL && i < HIMPI_ALG_COUNT; i++)
        if (pairs[op][i].exists && pairs[op][i].legacy == id && id >= 0) {
            *alg = (HiMPI_Alg)i;
            return 1;
        }
    return 0;
}

static const char *const searches[] = {
#define SEARCH(id, name) name,
    HIMPI_SEARCHES(SEARCH)
#undef SEARCH
};

const char *himpi_search_default(void)
{
    return searches[0];
}

int himpi_search_known(const char *name)
{
    return lookup(searches, (int)(sizeof searches / sizeof searches[0]), name) >= 0;
}

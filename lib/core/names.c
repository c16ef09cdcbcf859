/* names.c: algorithms and operations by name, and which algorithm exists
 * for which operation. */
#include <config.h>

#include <string.h>

#include "coll/coll.h"

static const char *const alg_names[HIMPI_ALG_COUNT] = {
    [HIMPI_ALG_NATIVE] = "native",
    [HIMPI_ALG_LINEAR] = "linear",
    [HIMPI_ALG_CHAIN] = "chain",
    [HIMPI_ALG_PIPELINE] = "pipeline",
    [HIMPI_ALG_BINOMIAL] = "binomial",
    [HIMPI_ALG_BINARY] = "binary",
    [HIMPI_ALG_SPLIT_BINARY] = "split-binary",
    [HIMPI_ALG_SCATTER_RING_ALLGATHER] = "scatter-ring-allgather",
    [HIMPI_ALG_SCATTER_RD_ALLGATHER] = "scatter-rd-allgather",
    [HIMPI_ALG_RECURSIVE_DOUBLING] = "recursive-doubling",
    [HIMPI_ALG_RING] = "ring",
    [HIMPI_ALG_SEGMENTED_RING] = "segmented-ring",
    [HIMPI_ALG_RABENSEIFNER] = "rabenseifner",
    [HIMPI_ALG_LINEAR_SYNC] = "linear-sync",
    [HIMPI_ALG_GATHER_BCAST] = "gather-bcast",
};

static const char *const op_names[HIMPI_OP_COUNT] = {
    [HIMPI_OP_BCAST] = "bcast",         [HIMPI_OP_REDUCE] = "reduce",
    [HIMPI_OP_ALLREDUCE] = "allreduce", [HIMPI_OP_SCATTER] = "scatter",
    [HIMPI_OP_GATHER] = "gather",       [HIMPI_OP_ALLGATHER] = "allgather",
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
    int i = lookup(op_names, HIMPI_OP_COUNT, name);
    if (i < 0)
        return MPI_ERR_ARG;
    *op = (HiMPI_Op)i;
    return MPI_SUCCESS;
}

const char *HiMPI_Op_name(HiMPI_Op op)
{
    return op >= 0 && op < HIMPI_OP_COUNT ? op_names[op] : NULL;
}

int HiMPI_Alg_supported(HiMPI_Op op, HiMPI_Alg alg)
{
    if (HiMPI_Alg_name(alg) == NULL)
        return 0;
    switch (op) {
    case HIMPI_OP_BCAST:     return himpi_bcast_algorithm(alg) != NULL;
    case HIMPI_OP_REDUCE:    return himpi_reduce_algorithm(alg) != NULL;
    case HIMPI_OP_ALLREDUCE: return himpi_allreduce_algorithm(alg) != NULL;
    case HIMPI_OP_SCATTER:   return himpi_scatter_algorithm(alg) != NULL;
    case HIMPI_OP_GATHER:    return himpi_gather_algorithm(alg) != NULL;
    case HIMPI_OP_ALLGATHER: return himpi_allgather_algorithm(alg) != NULL;
    case HIMPI_OP_COUNT:     break;
    }
    return 0;
}

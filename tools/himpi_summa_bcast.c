/* himpi_summa_bcast.c: the three ways a pivot broadcast can go, as an
 * application would write each. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "himpi_summa_bcast.h"

static int bcast_alg(const char *name, HiMPI_Alg *alg)
{
    return HiMPI_Alg_from_name(name, alg) == MPI_SUCCESS &&
           HiMPI_Alg_supported(HIMPI_OP_BCAST, *alg);
}

int summa_source_parse(const char *text, summa_source *src)
{
    memset(src, 0, sizeof *src);
    if (strcmp(text, "mpi") == 0) {
        src->kind = SUMMA_SOURCE_MPI;
        return 1;
    }
    if (strcmp(text, "table") == 0) {
        src->kind = SUMMA_SOURCE_TABLE;
        return 1;
    }
    src->kind = SUMMA_SOURCE_PLAN;
    const char *colon = strchr(text, ':');
    if (colon == NULL) /* an algorithm, flat */
        return bcast_alg(text, &src->plan.alg_in);
    char groups[32], out[64], in[64];
    size_t glen = (size_t)(colon - text);
    const char *colon2 = strchr(colon + 1, ':');
    if (glen == 0 || glen >= sizeof groups || colon2 == NULL ||
        (size_t)(colon2 - colon - 1) >= sizeof out || strlen(colon2 + 1) >= sizeof in)
        return 0;
    memcpy(groups, text, glen);
    groups[glen] = '\0';
    memcpy(out, colon + 1, (size_t)(colon2 - colon - 1));
    out[colon2 - colon - 1] = '\0';
    strcpy(in, colon2 + 1);
    src->plan.nlevels = 1;
    return cli_int(groups, 1, &src->plan.level[0].groups) &&
           bcast_alg(out, &src->plan.level[0].alg) && bcast_alg(in, &src->plan.alg_in);
}

void summa_source_name(const summa_source *src, char *buf, size_t len)
{
    if (src->kind == SUMMA_SOURCE_MPI)
        snprintf(buf, len, "mpi");
    else if (src->kind == SUMMA_SOURCE_TABLE)
        snprintf(buf, len, "table");
    else if (src->plan.nlevels == 0)
        snprintf(buf, len, "%s", HiMPI_Alg_name(src->plan.alg_in));
    else
        snprintf(buf, len, "%d:%s:%s", src->plan.level[0].groups,
                 HiMPI_Alg_name(src->plan.level[0].alg), HiMPI_Alg_name(src->plan.alg_in));
}

int summa_bcast(const summa_source *src, double *buf, int count, int root, MPI_Comm comm)
{
    switch (src->kind) {
    case SUMMA_SOURCE_MPI: return MPI_Bcast(buf, count, MPI_DOUBLE, root, comm);
    case SUMMA_SOURCE_TABLE: return HiMPI_Bcast(buf, count, MPI_DOUBLE, root, comm);
    default: return HiMPI_Bcast_plan(buf, count, MPI_DOUBLE, root, comm, &src->plan);
    }
}

/* cli_alg.c: reading algorithm names on the command line; apart from cli.c
 * because it needs libhimpi, which mpib-measure does not link. */
#include <config.h>

#include "cli.h"
#include "cli_alg.h"
#include "himpi.h"

typedef struct {
    int *algs, n;
} alg_list;

static int add_alg(const char *name, void *ctx)
{
    alg_list *l = ctx;
    HiMPI_Alg alg;
    if (HiMPI_Alg_from_name(name, &alg) != MPI_SUCCESS || l->n == HIMPI_ALG_COUNT)
        return 0;
    l->algs[l->n++] = alg;
    return 1;
}

int cli_alg_list(const char *text, int *algs, int *n)
{
    alg_list l = {algs, 0};
    int ok = cli_list(text, add_alg, &l);
    *n = l.n;
    return ok;
}

/* cli_names.c: reading HiMPI's algorithm and operation names on the
 * command line; apart from cli.c because it needs libhimpi, which
 * mpib-measure does not link. */
#include <config.h>

#include "cli.h"
#include "cli_names.h"
#include "himpi.h"

typedef struct {
    int *items, n;
} name_list;

static int add_alg(const char *name, void *ctx)
{
    name_list *l = ctx;
    HiMPI_Alg alg;
    if (HiMPI_Alg_from_name(name, &alg) != MPI_SUCCESS || l->n == HIMPI_ALG_COUNT)
        return 0;
    l->items[l->n++] = alg;
    return 1;
}

static int add_op(const char *name, void *ctx)
{
    name_list *l = ctx;
    HiMPI_Op op;
    if (HiMPI_Op_from_name(name, &op) != MPI_SUCCESS || l->n == HIMPI_OP_COUNT)
        return 0;
    l->items[l->n++] = op;
    return 1;
}

const char *cli_op_names(const char *prefix, int width)
{
    const char *names[HIMPI_OP_COUNT];
    for (int op = 0; op < HIMPI_OP_COUNT; op++)
        names[op] = HiMPI_Op_name((HiMPI_Op)op);
    return cli_join(prefix, names, HIMPI_OP_COUNT, width);
}

int cli_alg_list(const char *text, int *algs, int *n)
{
    name_list l = {algs, 0};
    int ok = cli_list(text, add_alg, &l);
    *n = l.n;
    return ok;
}

int cli_op_list(const char *text, int *ops, int *n)
{
    name_list l = {ops, 0};
    int ok = cli_list(text, add_op, &l);
    *n = l.n;
    return ok;
}

int cli_op_nsizes(HiMPI_Op op, int n)
{
    return HiMPI_Op_has_size(op) ? n : 1;
}

int cli_op_size(HiMPI_Op op, const int *sizes, int s)
{
    return HiMPI_Op_has_size(op) ? sizes[s] : 0;
}

/* test_reduce: HiMPI_Reduce against MPI_Reduce (see colltest.h). */
#include <config.h>

#include <string.h>

#include "colltest.h"

static void sizes(const ct_case *c, long *in, long *out)
{
    *in = *out = c->count;
}

static int reference(ct_case *c)
{
    return MPI_Reduce(c->in, c->expected, c->count, c->send->type, c->op, c->root, c->comm);
}

static int in_place(const ct_case *c)
{
    return c->in_place && c->rank == c->root;
}

static void prepare(ct_case *c)
{
    ct_clear(c->out, c->out_bytes);
    if (in_place(c))
        memcpy(c->out, c->in, c->in_bytes);
}

/* The receive buffer, which MPI reads at the root alone: the others pass
 * NULL, as mpi4py does, so that every algorithm and plan is seen to leave
 * it alone there. */
static void *out(ct_case *c)
{
    return c->rank == c->root ? c->out : NULL;
}

static int run(ct_case *c, const HiMPI_Params *params, const HiMPI_Plan *plan)
{
    const void *in = in_place(c) ? MPI_IN_PLACE : c->in;
    return plan != NULL ? HiMPI_Reduce_plan(in, out(c), c->count, c->send->type, c->op, c->root,
                                            c->comm, plan)
                        : HiMPI_Reduce_params(in, out(c), c->count, c->send->type, c->op,
                                              c->root, c->comm, params);
}

static int init(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const void *in = in_place(c) ? MPI_IN_PLACE : c->in;
    return plan != NULL ? HiMPI_Reduce_init_plan(in, out(c), c->count, c->send->type, c->op,
                                                 c->root, c->comm, plan, MPI_INFO_NULL, request)
                        : HiMPI_Reduce_init(in, out(c), c->count, c->send->type, c->op, c->root,
                                            c->comm, MPI_INFO_NULL, request);
}

static int start(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const void *in = in_place(c) ? MPI_IN_PLACE : c->in;
    return plan != NULL ? HiMPI_Ireduce_plan(in, out(c), c->count, c->send->type, c->op, c->root,
                                             c->comm, plan, request)
                        : HiMPI_Ireduce(in, out(c), c->count, c->send->type, c->op, c->root,
                                        c->comm, request);
}

static int significant(const ct_case *c)
{
    return c->rank == c->root;
}

int main(int argc, char **argv)
{
    const ct_op op = {HIMPI_OP_REDUCE, 1, 1, 0, 1, sizes, reference, prepare, run, init, start,
                      significant, 0, NULL, NULL};
    return ct_main(argc, argv, &op);
}

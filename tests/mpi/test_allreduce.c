/* test_allreduce: HiMPI_Allreduce against MPI_Allreduce (see colltest.h). */
#include <config.h>

#include <string.h>

#include "colltest.h"

static void sizes(const ct_case *c, long *in, long *out)
{
    *in = *out = c->count;
}

static int reference(ct_case *c)
{
    return MPI_Allreduce(c->in, c->expected, c->count, c->send->type, c->op, c->comm);
}

static void prepare(ct_case *c)
{
    ct_clear(c->out, c->out_bytes);
    if (c->in_place)
        memcpy(c->out, c->in, c->in_bytes);
}

static int run(ct_case *c, const HiMPI_Params *params, const HiMPI_Plan *plan)
{
    const void *in = c->in_place ? MPI_IN_PLACE : c->in;
    return plan != NULL
               ? HiMPI_Allreduce_plan(in, c->out, c->count, c->send->type, c->op, c->comm, plan)
               : HiMPI_Allreduce_params(in, c->out, c->count, c->send->type, c->op, c->comm,
                                        params);
}

static int init(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const void *in = c->in_place ? MPI_IN_PLACE : c->in;
    return plan != NULL ? HiMPI_Allreduce_init_plan(in, c->out, c->count, c->send->type, c->op,
                                                    c->comm, plan, MPI_INFO_NULL, request)
                        : HiMPI_Allreduce_init(in, c->out, c->count, c->send->type, c->op,
                                               c->comm, MPI_INFO_NULL, request);
}

static int significant(const ct_case *c)
{
    (void)c;
    return 1;
}

int main(int argc, char **argv)
{
    const ct_op op = {HIMPI_OP_ALLREDUCE, 0, 1, 0, 1, sizes, reference, prepare, run, init,
                      significant};
    return ct_main(argc, argv, &op);
}

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

static int run(ct_case *c, const HiMPI_Params *params, const HiMPI_Plan *plan)
{
    ct_clear(c->out, c->out_bytes);
    if (c->in_place) {
        memcpy(c->out, c->in, c->in_bytes);
        return plan != NULL ? HiMPI_Allreduce_plan(MPI_IN_PLACE, c->out, c->count, c->send->type,
                                                   c->op, c->comm, plan)
                            : HiMPI_Allreduce_params(MPI_IN_PLACE, c->out, c->count, c->send->type,
                                                     c->op, c->comm, params);
    }
    return plan != NULL
               ? HiMPI_Allreduce_plan(c->in, c->out, c->count, c->send->type, c->op, c->comm, plan)
               : HiMPI_Allreduce_params(c->in, c->out, c->count, c->send->type, c->op, c->comm,
                                        params);
}

static int significant(const ct_case *c)
{
    (void)c;
    return 1;
}

int main(int argc, char **argv)
{
    const ct_op op = {HIMPI_OP_ALLREDUCE, 0, 1, 0, 1, sizes, reference, run, significant};
    return ct_main(argc, argv, &op);
}

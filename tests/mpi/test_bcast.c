/* test_bcast: HiMPI_Bcast against MPI_Bcast (see colltest.h). */
#include <config.h>

#include <string.h>

#include "colltest.h"

static void sizes(const ct_case *c, long *in, long *out)
{
    *in = *out = c->count;
}

static int reference(ct_case *c)
{
    if (c->rank == c->root)
        memcpy(c->expected, c->in, c->in_bytes);
    return MPI_Bcast(c->expected, c->count, c->send->type, c->root, c->comm);
}

static void prepare(ct_case *c)
{
    if (c->rank == c->root)
        memcpy(c->out, c->in, c->in_bytes);
    else
        ct_clear(c->out, c->out_bytes);
}

static int run(ct_case *c, const HiMPI_Params *params, const HiMPI_Plan *plan)
{
    return plan != NULL
               ? HiMPI_Bcast_plan(c->out, c->count, c->send->type, c->root, c->comm, plan)
               : HiMPI_Bcast_params(c->out, c->count, c->send->type, c->root, c->comm, params);
}

static int init(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    return plan != NULL ? HiMPI_Bcast_init_plan(c->out, c->count, c->send->type, c->root, c->comm,
                                                plan, MPI_INFO_NULL, request)
                        : HiMPI_Bcast_init(c->out, c->count, c->send->type, c->root, c->comm,
                                           MPI_INFO_NULL, request);
}

static int start(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    return plan != NULL ? HiMPI_Ibcast_plan(c->out, c->count, c->send->type, c->root, c->comm,
                                            plan, request)
                        : HiMPI_Ibcast(c->out, c->count, c->send->type, c->root, c->comm,
                                       request);
}

static int significant(const ct_case *c)
{
    (void)c;
    return 1;
}

int main(int argc, char **argv)
{
    const ct_op op = {HIMPI_OP_BCAST, 1, 0, 0, 0, sizes, reference, prepare, run, init, start,
                      significant, 0, NULL, NULL};
    return ct_main(argc, argv, &op);
}

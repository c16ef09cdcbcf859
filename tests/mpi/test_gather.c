/* test_gather: HiMPI_Gather against MPI_Gather (see colltest.h). */
#include <config.h>

#include "colltest.h"

static void sizes(const ct_case *c, long *in, long *out)
{
    *in = c->send_count;
    *out = c->rank == c->root ? (long)c->p * c->count : 0;
}

static int reference(ct_case *c)
{
    return MPI_Gather(c->in, c->send_count, c->send->type, c->expected, c->count, c->recv->type,
                      c->root, c->comm);
}

static int in_place(const ct_case *c)
{
    return c->in_place && c->rank == c->root;
}

static void prepare(ct_case *c)
{
    ct_clear(c->out, c->out_bytes);
    if (in_place(c)) {
        /* In place, the root's block is already where the result puts it. */
        char *mine = (char *)c->out + (MPI_Aint)c->root * c->count * c->recv->extent;
        MPI_Sendrecv(c->in, c->send_count, c->send->type, 0, 0, mine, c->count, c->recv->type, 0, 0,
                     MPI_COMM_SELF, MPI_STATUS_IGNORE);
    }
}

static int run(ct_case *c, const HiMPI_Params *params, const HiMPI_Plan *plan)
{
    const void *in = in_place(c) ? MPI_IN_PLACE : c->in;
    return plan != NULL ? HiMPI_Gather_plan(in, c->send_count, c->send->type, c->out, c->count,
                                            c->recv->type, c->root, c->comm, plan)
                        : HiMPI_Gather_params(in, c->send_count, c->send->type, c->out, c->count,
                                              c->recv->type, c->root, c->comm, params);
}

static int init(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const void *in = in_place(c) ? MPI_IN_PLACE : c->in;
    return plan != NULL ? HiMPI_Gather_init_plan(in, c->send_count, c->send->type, c->out,
                                                 c->count, c->recv->type, c->root, c->comm, plan,
                                                 MPI_INFO_NULL, request)
                        : HiMPI_Gather_init(in, c->send_count, c->send->type, c->out, c->count,
                                            c->recv->type, c->root, c->comm, MPI_INFO_NULL,
                                            request);
}

static int start(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const void *in = in_place(c) ? MPI_IN_PLACE : c->in;
    return plan != NULL ? HiMPI_Igather_plan(in, c->send_count, c->send->type, c->out, c->count,
                                             c->recv->type, c->root, c->comm, plan, request)
                        : HiMPI_Igather(in, c->send_count, c->send->type, c->out, c->count,
                                        c->recv->type, c->root, c->comm, request);
}

static int significant(const ct_case *c)
{
    return c->rank == c->root;
}

int main(int argc, char **argv)
{
    const ct_op op = {HIMPI_OP_GATHER, 1, 0, 1, 1, sizes, reference, prepare, run, init, start,
                      significant, 0, NULL, NULL};
    return ct_main(argc, argv, &op);
}

/* test_alltoall: HiMPI_Alltoall against MPI_Alltoall (see colltest.h). */
#include <config.h>

#include "colltest.h"

static void sizes(const ct_case *c, long *in, long *out)
{
    *in = (long)c->p * c->send_count;
    *out = (long)c->p * c->count;
}

static int reference(ct_case *c)
{
    return MPI_Alltoall(c->in, c->send_count, c->send->type, c->expected, c->count,
                        c->recv->type, c->comm);
}

static void prepare(ct_case *c)
{
    ct_clear(c->out, c->out_bytes);
    if (c->in_place)
        /* In place, the blocks to send are in the receive buffer. */
        MPI_Sendrecv(c->in, c->p * c->send_count, c->send->type, 0, 0, c->out, c->p * c->count,
                     c->recv->type, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
}

static int run(ct_case *c, const HiMPI_Params *params, const HiMPI_Plan *plan)
{
    const void *in = c->in_place ? MPI_IN_PLACE : c->in;
    int n = c->in_place ? 0 : c->send_count;
    MPI_Datatype t = c->in_place ? MPI_DATATYPE_NULL : c->send->type;
    return plan != NULL
               ? HiMPI_Alltoall_plan(in, n, t, c->out, c->count, c->recv->type, c->comm, plan)
               : HiMPI_Alltoall_params(in, n, t, c->out, c->count, c->recv->type, c->comm,
                                       params);
}

static int init(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const void *in = c->in_place ? MPI_IN_PLACE : c->in;
    int n = c->in_place ? 0 : c->send_count;
    MPI_Datatype t = c->in_place ? MPI_DATATYPE_NULL : c->send->type;
    return plan != NULL ? HiMPI_Alltoall_init_plan(in, n, t, c->out, c->count, c->recv->type,
                                                   c->comm, plan, MPI_INFO_NULL, request)
                        : HiMPI_Alltoall_init(in, n, t, c->out, c->count, c->recv->type,
                                              c->comm, MPI_INFO_NULL, request);
}

static int start(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const void *in = c->in_place ? MPI_IN_PLACE : c->in;
    int n = c->in_place ? 0 : c->send_count;
    MPI_Datatype t = c->in_place ? MPI_DATATYPE_NULL : c->send->type;
    return plan != NULL ? HiMPI_Ialltoall_plan(in, n, t, c->out, c->count, c->recv->type,
                                               c->comm, plan, request)
                        : HiMPI_Ialltoall(in, n, t, c->out, c->count, c->recv->type, c->comm,
                                          request);
}

static int significant(const ct_case *c)
{
    (void)c;
    return 1;
}

int main(int argc, char **argv)
{
    const ct_op op = {HIMPI_OP_ALLTOALL, 0, 0, 1, 1, sizes, reference, prepare, run, init, start,
                      significant, 0, NULL, NULL};
    return ct_main(argc, argv, &op);
}

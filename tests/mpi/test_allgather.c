/* test_allgather: HiMPI_Allgather against MPI_Allgather (see colltest.h). */
#include <config.h>

#include "colltest.h"

static void sizes(const ct_case *c, long *in, long *out)
{
    *in = c->send_count;
    *out = (long)c->p * c->count;
}

static int reference(ct_case *c)
{
    return MPI_Allgather(c->in, c->send_count, c->send->type, c->expected, c->count, c->recv->type,
                         c->comm);
}

static int run(ct_case *c, const HiMPI_Params *params, const HiMPI_Plan *plan)
{
    ct_clear(c->out, c->out_bytes);
    if (c->in_place) {
        /* In place, every rank's block is already where the result puts it. */
        char *mine = (char *)c->out + (MPI_Aint)c->rank * c->count * c->recv->extent;
        MPI_Sendrecv(c->in, c->send_count, c->send->type, 0, 0, mine, c->count, c->recv->type, 0, 0,
                     MPI_COMM_SELF, MPI_STATUS_IGNORE);
        return plan != NULL ? HiMPI_Allgather_plan(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, c->out,
                                                   c->count, c->recv->type, c->comm, plan)
                            : HiMPI_Allgather_params(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, c->out,
                                                     c->count, c->recv->type, c->comm, params);
    }
    return plan != NULL ? HiMPI_Allgather_plan(c->in, c->send_count, c->send->type, c->out,
                                               c->count, c->recv->type, c->comm, plan)
                        : HiMPI_Allgather_params(c->in, c->send_count, c->send->type, c->out,
                                                 c->count, c->recv->type, c->comm, params);
}

static int significant(const ct_case *c)
{
    (void)c;
    return 1;
}

int main(int argc, char **argv)
{
    const ct_op op = {HIMPI_OP_ALLGATHER, 0, 0, 1, 1, sizes, reference, run, significant};
    return ct_main(argc, argv, &op);
}

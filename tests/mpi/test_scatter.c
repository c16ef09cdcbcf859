/* test_scatter: HiMPI_Scatter against MPI_Scatter (see colltest.h). */
#include <config.h>

#include "colltest.h"

static void sizes(const ct_case *c, long *in, long *out)
{
    *in = c->rank == c->root ? (long)c->p * c->send_count : 0;
    *out = c->count;
}

static int reference(ct_case *c)
{
    return MPI_Scatter(c->in, c->send_count, c->send->type, c->expected, c->count, c->recv->type,
                       c->root, c->comm);
}

static void prepare(ct_case *c)
{
    ct_clear(c->out, c->out_bytes);
}

static void *recvbuf_of(const ct_case *c)
{
    return c->in_place && c->rank == c->root ? MPI_IN_PLACE : c->out;
}

static int run(ct_case *c, const HiMPI_Params *params, const HiMPI_Plan *plan)
{
    void *recvbuf = recvbuf_of(c);
    return plan != NULL ? HiMPI_Scatter_plan(c->in, c->send_count, c->send->type, recvbuf, c->count,
                                             c->recv->type, c->root, c->comm, plan)
                        : HiMPI_Scatter_params(c->in, c->send_count, c->send->type, recvbuf,
                                               c->count, c->recv->type, c->root, c->comm, params);
}

static int init(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    void *recvbuf = recvbuf_of(c);
    return plan != NULL
               ? HiMPI_Scatter_init_plan(c->in, c->send_count, c->send->type, recvbuf, c->count,
                                         c->recv->type, c->root, c->comm, plan, MPI_INFO_NULL,
                                         request)
               : HiMPI_Scatter_init(c->in, c->send_count, c->send->type, recvbuf, c->count,
                                    c->recv->type, c->root, c->comm, MPI_INFO_NULL, request);
}

static int start(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    void *recvbuf = recvbuf_of(c);
    return plan != NULL ? HiMPI_Iscatter_plan(c->in, c->send_count, c->send->type, recvbuf,
                                              c->count, c->recv->type, c->root, c->comm, plan,
                                              request)
                        : HiMPI_Iscatter(c->in, c->send_count, c->send->type, recvbuf, c->count,
                                         c->recv->type, c->root, c->comm, request);
}

/* In place, the root's own block stays in its send buffer. */
static int significant(const ct_case *c)
{
    return !(c->in_place && c->rank == c->root);
}

int main(int argc, char **argv)
{
    const ct_op op = {HIMPI_OP_SCATTER, 1, 0, 1, 1, sizes, reference, prepare, run, init, start,
                      significant, 0, NULL, NULL};
    return ct_main(argc, argv, &op);
}

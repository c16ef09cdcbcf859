/* test_scatterv: HiMPI_Scatterv against MPI_Scatterv (see colltest.h), on
 * uneven blocks, whole ranks with none, and displacements in rank order or
 * backwards with gaps (vcases.h). */
#include <config.h>

#include "vcases.h"

static int received(const ct_case *c)
{
    return vc_count(c, c->rank, 0);
}

static void sizes(const ct_case *c, long *in, long *out)
{
    *in = c->rank == c->root ? vc_span(c, 1) : 0;
    *out = received(c) > 0 ? received(c) : 0;
}

static int reference(ct_case *c)
{
    const int *counts, *displs;
    vc_vectors(c, 1, &counts, &displs);
    return MPI_Scatterv(c->in, counts, displs, c->send->type, c->expected, received(c),
                        c->recv->type, c->root, c->comm);
}

static void prepare(ct_case *c)
{
    ct_clear(c->out, c->out_bytes);
}

/* The arguments of c's call. */
static vc_call arguments(const ct_case *c)
{
    vc_call a = {c->in, c->in_place && c->rank == c->root ? MPI_IN_PLACE : c->out, received(c),
                 c->recv->type, NULL, NULL};
    vc_vectors(c, 1, &a.counts, &a.displs);
    if (c->rank == c->root)
        vc_misuse_apply(&a.counts, &a.displs, &a.in);
    return a;
}

static int run(ct_case *c, const HiMPI_Params *params, const HiMPI_Plan *plan)
{
    const vc_call a = arguments(c);
    return plan != NULL ? HiMPI_Scatterv_plan(a.in, a.counts, a.displs, c->send->type, a.out,
                                              a.count, a.type, c->root, c->comm, plan)
                        : HiMPI_Scatterv_params(a.in, a.counts, a.displs, c->send->type, a.out,
                                                a.count, a.type, c->root, c->comm, params);
}

static int init(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const vc_call a = arguments(c);
    MPI_Info i = MPI_INFO_NULL;
    return plan != NULL ? HiMPI_Scatterv_init_plan(a.in, a.counts, a.displs, c->send->type,
                                                   a.out, a.count, a.type, c->root, c->comm,
                                                   plan, i, request)
                        : HiMPI_Scatterv_init(a.in, a.counts, a.displs, c->send->type, a.out,
                                              a.count, a.type, c->root, c->comm, i, request);
}

static int start(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const vc_call a = arguments(c);
    return plan != NULL ? HiMPI_Iscatterv_plan(a.in, a.counts, a.displs, c->send->type, a.out,
                                               a.count, a.type, c->root, c->comm, plan, request)
                        : HiMPI_Iscatterv(a.in, a.counts, a.displs, c->send->type, a.out,
                                          a.count, a.type, c->root, c->comm, request);
}

/* In place, the root's own block stays in its send buffer. */
static int significant(const ct_case *c)
{
    return !(c->in_place && c->rank == c->root);
}

int main(int argc, char **argv)
{
    const ct_op op = {HIMPI_OP_SCATTERV, 1, 0, 1, 1, sizes, reference, prepare, run, init, start,
                      significant, 0, NULL, vc_misuse};
    return ct_main(argc, argv, &op);
}

/* test_gatherv: HiMPI_Gatherv against MPI_Gatherv (see colltest.h), on
 * uneven blocks, whole ranks with none, and displacements in rank order or
 * backwards with gaps (vcases.h). */
#include <config.h>

#include "vcases.h"

static int sent(const ct_case *c)
{
    return vc_count(c, c->rank, 1);
}

static void sizes(const ct_case *c, long *in, long *out)
{
    *in = sent(c) > 0 ? sent(c) : 0;
    *out = c->rank == c->root ? vc_span(c, 0) : 0;
}

static int reference(ct_case *c)
{
    const int *counts, *displs;
    vc_vectors(c, 0, &counts, &displs);
    return MPI_Gatherv(c->in, sent(c), c->send->type, c->expected, counts, displs, c->recv->type,
                       c->root, c->comm);
}

static int in_place(const ct_case *c)
{
    return c->in_place && c->rank == c->root;
}

/* In place, the root's block is already where the result puts it. */
static void prepare(ct_case *c)
{
    ct_clear(c->out, c->out_bytes);
    if (in_place(c))
        vc_put_own(c, c->out);
}

/* The arguments of c's call. */
static vc_call arguments(const ct_case *c)
{
    vc_call a = {in_place(c) ? MPI_IN_PLACE : c->in, c->out, sent(c), c->send->type, NULL, NULL};
    vc_vectors(c, 0, &a.counts, &a.displs);
    const void *recvbuf = c->out;
    if (c->rank == c->root)
        vc_misuse_apply(&a.counts, &a.displs, &recvbuf);
    a.out = (void *)recvbuf;
    return a;
}

static int run(ct_case *c, const HiMPI_Params *params, const HiMPI_Plan *plan)
{
    const vc_call a = arguments(c);
    return plan != NULL ? HiMPI_Gatherv_plan(a.in, a.count, a.type, a.out, a.counts, a.displs,
                                             c->recv->type, c->root, c->comm, plan)
                        : HiMPI_Gatherv_params(a.in, a.count, a.type, a.out, a.counts, a.displs,
                                               c->recv->type, c->root, c->comm, params);
}

static int init(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const vc_call a = arguments(c);
    MPI_Info i = MPI_INFO_NULL;
    return plan != NULL ? HiMPI_Gatherv_init_plan(a.in, a.count, a.type, a.out, a.counts,
                                                  a.displs, c->recv->type, c->root, c->comm,
                                                  plan, i, request)
                        : HiMPI_Gatherv_init(a.in, a.count, a.type, a.out, a.counts, a.displs,
                                             c->recv->type, c->root, c->comm, i, request);
}

static int start(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const vc_call a = arguments(c);
    return plan != NULL ? HiMPI_Igatherv_plan(a.in, a.count, a.type, a.out, a.counts, a.displs,
                                              c->recv->type, c->root, c->comm, plan, request)
                        : HiMPI_Igatherv(a.in, a.count, a.type, a.out, a.counts, a.displs,
                                         c->recv->type, c->root, c->comm, request);
}

static int significant(const ct_case *c)
{
    return c->rank == c->root;
}

int main(int argc, char **argv)
{
    const ct_op op = {HIMPI_OP_GATHERV, 1, 0, 1, 1, sizes, reference, prepare, run, init, start,
                      significant, 0, NULL, vc_misuse};
    return ct_main(argc, argv, &op);
}

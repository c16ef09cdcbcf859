/* test_allgatherv: HiMPI_Allgatherv against MPI_Allgatherv (see
 * colltest.h), on uneven blocks, whole ranks with none, and displacements
 * in rank order or backwards with gaps (vcases.h).  With MPICH on one
 * rank, against the rank's own block. */
#include <config.h>

#include "vcases.h"

static int sent(const ct_case *c)
{
    return vc_count(c, c->rank, 1);
}

static void sizes(const ct_case *c, long *in, long *out)
{
    *in = sent(c) > 0 ? sent(c) : 0;
    *out = vc_span(c, 0);
}

static int reference(ct_case *c)
{
    const int *counts, *displs;
    vc_vectors(c, 0, &counts, &displs);
#ifdef MPICH
    /* MPICH 4.0.2's MPI_Allgatherv on one rank ignores the displacement
     * (lib/coll/native.c): the rank's own block is the result. */
    if (c->p == 1) {
        vc_put_own(c, c->expected);
        return MPI_SUCCESS;
    }
#endif
    return MPI_Allgatherv(c->in, sent(c), c->send->type, c->expected, counts, displs,
                          c->recv->type, c->comm);
}

/* In place, every rank's block is already where the result puts it. */
static void prepare(ct_case *c)
{
    ct_clear(c->out, c->out_bytes);
    if (c->in_place)
        vc_put_own(c, c->out);
}

/* The arguments of c's call. */
static vc_call arguments(const ct_case *c)
{
    vc_call a = {c->in_place ? MPI_IN_PLACE : c->in, c->out, c->in_place ? 0 : sent(c),
                 c->in_place ? MPI_DATATYPE_NULL : c->send->type, NULL, NULL};
    vc_vectors(c, 0, &a.counts, &a.displs);
    const void *recvbuf = c->out;
    vc_misuse_apply(&a.counts, &a.displs, &recvbuf);
    a.out = (void *)recvbuf;
    return a;
}

static int run(ct_case *c, const HiMPI_Params *params, const HiMPI_Plan *plan)
{
    const vc_call a = arguments(c);
    return plan != NULL ? HiMPI_Allgatherv_plan(a.in, a.count, a.type, a.out, a.counts, a.displs,
                                                c->recv->type, c->comm, plan)
                        : HiMPI_Allgatherv_params(a.in, a.count, a.type, a.out, a.counts,
                                                  a.displs, c->recv->type, c->comm, params);
}

static int init(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const vc_call a = arguments(c);
    MPI_Info i = MPI_INFO_NULL;
    return plan != NULL ? HiMPI_Allgatherv_init_plan(a.in, a.count, a.type, a.out, a.counts,
                                                     a.displs, c->recv->type, c->comm, plan, i,
                                                     request)
                        : HiMPI_Allgatherv_init(a.in, a.count, a.type, a.out, a.counts, a.displs,
                                                c->recv->type, c->comm, i, request);
}

static int start(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const vc_call a = arguments(c);
    return plan != NULL ? HiMPI_Iallgatherv_plan(a.in, a.count, a.type, a.out, a.counts,
                                                 a.displs, c->recv->type, c->comm, plan, request)
                        : HiMPI_Iallgatherv(a.in, a.count, a.type, a.out, a.counts, a.displs,
                                            c->recv->type, c->comm, request);
}

static int significant(const ct_case *c)
{
    (void)c;
    return 1;
}

int main(int argc, char **argv)
{
    const ct_op op = {HIMPI_OP_ALLGATHERV, 0, 0, 1, 1, sizes, reference, prepare, run, init,
                      start, significant, 0, NULL, vc_misuse};
    return ct_main(argc, argv, &op);
}

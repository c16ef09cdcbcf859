/* test_reduce_scatter: the source of test_reduce_scatter_block and
 * test_reduce_scatter, which compare HiMPI_Reduce_scatter_block and
 * HiMPI_Reduce_scatter with the MPI library's own (see colltest.h).
 * TEST_VECTOR selects Reduce_scatter, whose counts are uneven: rank r gets
 * the case's count, none (every third rank), or half as much again.  In
 * place, the receive buffer holds the whole operand and only its first
 * block, the result, is compared.
 * With TEST_DEFINITION_REFERENCE (the SimGrid build), the expected result
 * is the definition instead: rank 0 combines every rank's operand in rank
 * order with MPI_Reduce_local and sends each rank its block, so that the
 * check does not rest on how SimGrid's own reduce-scatters treat a
 * non-commutative operation.  With MPICH, a non-commutative operation is
 * checked against the definition too: MPICH 4.0.2's reduce-scatters
 * overrun their buffers for it on datatypes with gaps (lib/coll/native.c),
 * where HiMPI's native algorithm runs its own. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "colltest.h"

#ifdef TEST_VECTOR
#define TEST_ID HIMPI_OP_REDUCE_SCATTER
#else
#define TEST_ID HIMPI_OP_REDUCE_SCATTER_BLOCK
#endif

/* The count of rank r in case c. */
static int count_of(const ct_case *c, int r)
{
#ifdef TEST_VECTOR
    return r % 3 == 1 ? 0 : r % 3 == 2 ? c->count + (c->count + 1) / 2 : c->count;
#else
    (void)r;
    return c->count;
#endif
}

#ifdef TEST_VECTOR
/* Every rank's count of c.  One array, rewritten for every call: only one
 * persistent request lives at a time, and its starts keep its case. */
static int *counts_of(const ct_case *c)
{
    static int *counts;
    if (counts == NULL)
        counts = malloc((size_t)c->p * sizeof *counts);
    for (int r = 0; r < c->p; r++)
        counts[r] = count_of(c, r);
    return counts;
}
#endif

/* The elements before rank r's block (r = p: the whole operand). */
static long before(const ct_case *c, int r)
{
    long n = 0;
    for (int i = 0; i < r; i++)
        n += count_of(c, i);
    return n;
}

static void sizes(const ct_case *c, long *in, long *out)
{
    *in = before(c, c->p);
    *out = c->in_place ? *in : count_of(c, c->rank);
}

static size_t defined(const ct_case *c)
{
    return (size_t)count_of(c, c->rank) * (size_t)c->recv->extent;
}

/* The definition, along messages of bytes (gaps and all). */
static int definition_reference(ct_case *c)
{
    MPI_Aint extent = c->send->extent;
    int n = (int)c->in_bytes, rc = MPI_SUCCESS;
    if (c->rank > 0)
        rc = MPI_Send(c->in, n, MPI_BYTE, 0, 0, c->comm);
    else {
        char *acc = malloc(c->in_bytes + 1), *next = malloc(c->in_bytes + 1);
        memcpy(acc, c->in, c->in_bytes);
        for (int r = 1; r < c->p && rc == MPI_SUCCESS; r++) {
            rc = MPI_Recv(next, n, MPI_BYTE, r, 0, c->comm, MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS)
                rc = MPI_Reduce_local(acc, next, (int)before(c, c->p), c->send->type, c->op);
            char *t = acc;
            acc = next;
            next = t;
        }
        for (int r = 1; r < c->p && rc == MPI_SUCCESS; r++)
            rc = MPI_Send(acc + before(c, r) * extent, (int)(count_of(c, r) * extent), MPI_BYTE,
                          r, 0, c->comm);
        memcpy(c->expected, acc, (size_t)(count_of(c, 0) * extent));
        free(acc);
        free(next);
        return rc;
    }
    if (rc == MPI_SUCCESS)
        rc = MPI_Recv(c->expected, (int)(count_of(c, c->rank) * extent), MPI_BYTE, 0, 0, c->comm,
                      MPI_STATUS_IGNORE);
    return rc;
}

static int reference(ct_case *c)
{
#ifdef TEST_DEFINITION_REFERENCE
    return definition_reference(c);
#else
#ifdef MPICH
    int commute;
    MPI_Op_commutative(c->op, &commute);
    if (!commute)
        return definition_reference(c);
#endif
    (void)definition_reference;
#ifdef TEST_VECTOR
    return MPI_Reduce_scatter(c->in, c->expected, counts_of(c), c->send->type, c->op, c->comm);
#else
    return MPI_Reduce_scatter_block(c->in, c->expected, c->count, c->send->type, c->op,
                                    c->comm);
#endif
#endif
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
#ifdef TEST_VECTOR
    const int *n = counts_of(c);
    return plan != NULL ? HiMPI_Reduce_scatter_plan(in, c->out, n, c->send->type, c->op, c->comm,
                                                    plan)
                        : HiMPI_Reduce_scatter_params(in, c->out, n, c->send->type, c->op,
                                                      c->comm, params);
#else
    return plan != NULL ? HiMPI_Reduce_scatter_block_plan(in, c->out, c->count, c->send->type,
                                                          c->op, c->comm, plan)
                        : HiMPI_Reduce_scatter_block_params(in, c->out, c->count, c->send->type,
                                                            c->op, c->comm, params);
#endif
}

static int init(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const void *in = c->in_place ? MPI_IN_PLACE : c->in;
    MPI_Info i = MPI_INFO_NULL;
#ifdef TEST_VECTOR
    const int *n = counts_of(c);
    return plan != NULL ? HiMPI_Reduce_scatter_init_plan(in, c->out, n, c->send->type, c->op,
                                                         c->comm, plan, i, request)
                        : HiMPI_Reduce_scatter_init(in, c->out, n, c->send->type, c->op, c->comm,
                                                    i, request);
#else
    return plan != NULL ? HiMPI_Reduce_scatter_block_init_plan(in, c->out, c->count,
                                                               c->send->type, c->op, c->comm,
                                                               plan, i, request)
                        : HiMPI_Reduce_scatter_block_init(in, c->out, c->count, c->send->type,
                                                          c->op, c->comm, i, request);
#endif
}

static int start(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const void *in = c->in_place ? MPI_IN_PLACE : c->in;
#ifdef TEST_VECTOR
    const int *n = counts_of(c);
    return plan != NULL ? HiMPI_Ireduce_scatter_plan(in, c->out, n, c->send->type, c->op,
                                                     c->comm, plan, request)
                        : HiMPI_Ireduce_scatter(in, c->out, n, c->send->type, c->op, c->comm,
                                                request);
#else
    return plan != NULL ? HiMPI_Ireduce_scatter_block_plan(in, c->out, c->count, c->send->type,
                                                           c->op, c->comm, plan, request)
                        : HiMPI_Ireduce_scatter_block(in, c->out, c->count, c->send->type,
                                                      c->op, c->comm, request);
#endif
}

static int significant(const ct_case *c)
{
    (void)c;
    return 1;
}

int main(int argc, char **argv)
{
    const ct_op op = {TEST_ID, 0,    1,           0, 1,      sizes, reference, prepare,
                      run,     init, start, significant, 1, defined, NULL};
    return ct_main(argc, argv, &op);
}

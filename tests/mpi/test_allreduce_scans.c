/* test_allreduce_scans: the source of test_allreduce, test_scan and
 * test_exscan, which compare HiMPI_Allreduce, HiMPI_Scan and HiMPI_Exscan
 * with the MPI library's own (see colltest.h).  The three have
 * MPI_Allreduce's signature and every rank's result; TEST_OP names the
 * operation a program tests (Allreduce, Scan or Exscan) and TEST_ID its
 * HiMPI_Op (tests/mpi/local.mk).
 * Exscan's result on rank 0, which MPI leaves undefined, is not compared.
 * With TEST_CHAIN_REFERENCE (the SimGrid build), the scans' expected result
 * is their definition instead, computed along a chain of messages:
 * SimGrid 3.32's MPI_Scan and MPI_Exscan ignore a non-commutative user
 * operation (every rank gets its own operand back), so tests/smpi/run
 * also leaves the native algorithm, which calls them, out of those cases. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "colltest.h"

#define JOIN(a, b) a##b
#define CALL(prefix, suffix) JOIN(prefix, suffix)
/* HiMPI_<TEST_OP><suffix>, and the MPI library's MPI_<TEST_OP>. */
#define HIMPI(suffix) CALL(CALL(HiMPI_, TEST_OP), suffix)
#define HIMPI_I(suffix) CALL(CALL(HiMPI_, TEST_IOP), suffix)
#define LIBRARY CALL(MPI_, TEST_OP)

static void sizes(const ct_case *c, long *in, long *out)
{
    *in = *out = c->count;
}

/* The scan's definition: rank i receives the combination of ranks 0 .. i-1
 * from rank i - 1 (as bytes, gaps and all), puts it in front of its own
 * operand and passes that on; its result is the one or the other. */
static int chain_reference(ct_case *c)
{
    int n = (int)c->in_bytes, rc = MPI_SUCCESS;
    char *before = malloc(c->in_bytes + 1), *upto = malloc(c->in_bytes + 1);
    memcpy(upto, c->in, c->in_bytes);
    if (c->rank > 0) {
        rc = MPI_Recv(before, n, MPI_BYTE, c->rank - 1, 0, c->comm, MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = MPI_Reduce_local(before, upto, c->count, c->send->type, c->op);
    }
    if (rc == MPI_SUCCESS && c->rank < c->p - 1)
        rc = MPI_Send(upto, n, MPI_BYTE, c->rank + 1, 0, c->comm);
    if (TEST_ID == HIMPI_OP_SCAN || c->rank > 0)
        memcpy(c->expected, TEST_ID == HIMPI_OP_SCAN ? upto : before, c->in_bytes);
    free(before);
    free(upto);
    return rc;
}

static int reference(ct_case *c)
{
#ifdef TEST_CHAIN_REFERENCE
    if (TEST_ID != HIMPI_OP_ALLREDUCE)
        return chain_reference(c);
#else
    (void)chain_reference;
#endif
    return LIBRARY(c->in, c->expected, c->count, c->send->type, c->op, c->comm);
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
    return plan != NULL ? HIMPI(_plan)(in, c->out, c->count, c->send->type, c->op, c->comm, plan)
                        : HIMPI(_params)(in, c->out, c->count, c->send->type, c->op, c->comm,
                                         params);
}

static int init(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const void *in = c->in_place ? MPI_IN_PLACE : c->in;
    return plan != NULL ? HIMPI(_init_plan)(in, c->out, c->count, c->send->type, c->op, c->comm,
                                            plan, MPI_INFO_NULL, request)
                        : HIMPI(_init)(in, c->out, c->count, c->send->type, c->op, c->comm,
                                       MPI_INFO_NULL, request);
}

static int start(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request)
{
    const void *in = c->in_place ? MPI_IN_PLACE : c->in;
    return plan != NULL ? HIMPI_I(_plan)(in, c->out, c->count, c->send->type, c->op, c->comm,
                                         plan, request)
                        : HIMPI_I()(in, c->out, c->count, c->send->type, c->op, c->comm, request);
}

static int significant(const ct_case *c)
{
    return TEST_ID != HIMPI_OP_EXSCAN || c->rank != 0;
}

int main(int argc, char **argv)
{
    const ct_op op = {TEST_ID, 0,    1,   0,           1, sizes, reference, prepare,
                      run,     init, start, significant, 0, NULL, NULL};
    return ct_main(argc, argv, &op);
}

/* gather.c: HiMPI_Gather, hierarchical: every group gathers to its leader
 * first, then the leaders send their groups' blocks to the root.  Blocks
 * arrive in group order, which is the rank order when groups are
 * contiguous; otherwise the root puts them in rank order at the end. */
#include <config.h>

#include "coll/algorithms.h"
#include "hier/levels.h"
#include "select/plan.h"
#include "hier/request.h"
#include "core/validate.h"

static const himpi_gather_fn table[HIMPI_ALG_COUNT] = {
    [HIMPI_ALG_NATIVE] = himpi_gather_native,
    [HIMPI_ALG_LINEAR] = himpi_gather_linear,
    [HIMPI_ALG_BINOMIAL] = himpi_gather_binomial,
    [HIMPI_ALG_LINEAR_SYNC] = himpi_gather_linear_sync,
};

himpi_gather_fn himpi_gather_algorithm(HiMPI_Alg alg)
{
    return alg >= 0 && alg < HIMPI_ALG_COUNT ? table[alg] : NULL;
}

/* Level depth of plan and below, on comm. */
static int gather_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                       const HiMPI_Plan *plan, int depth)
{
    himpi_comm *state;
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_comm_get_private(comm, &state)) != MPI_SUCCESS ||
        (rc = himpi_levels_next(state, plan, &depth, root, 0, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return table[flat](sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm,
                           NULL, seg);
    /* Groups in another order than the ranks': the root gathers in group
     * order, then puts the blocks in rank order. */
    void *ordered = NULL, *result = recvbuf;
    if (l.layout->perm != NULL && l.rank == l.root) {
        ordered = himpi_tmp_alloc(l.p * recvcount, recvtype);
        if (sendbuf == MPI_IN_PLACE)
            rc = himpi_copy(himpi_at(recvbuf, (MPI_Aint)root * recvcount, recvtype), recvcount,
                            recvtype, himpi_at(ordered, (MPI_Aint)l.root * recvcount, recvtype),
                            recvcount, recvtype);
        recvbuf = ordered;
    }
    /* The root gathers its group straight into place in recvbuf; another
     * group's leader collects its group's blocks in sendtype (its recvtype
     * means nothing in MPI_Gather). */
    void *blocks = NULL;
    if (rc == MPI_SUCCESS && l.group == l.root_group)
        rc = gather_plan(sendbuf, sendcount, sendtype,
                         l.rank == l.root
                             ? himpi_at(recvbuf, (MPI_Aint)l.start * recvcount, recvtype)
                             : NULL,
                         recvcount, recvtype, l.root - l.start, l.inner, plan, depth + 1);
    else if (rc == MPI_SUCCESS) {
        if (l.rank == l.start)
            blocks = himpi_tmp_alloc(l.sizes[l.group] * sendcount, sendtype);
        rc = gather_plan(sendbuf, sendcount, sendtype, blocks, sendcount, sendtype, 0, l.inner,
                         plan, depth + 1);
    }
    if (rc == MPI_SUCCESS && l.outer != MPI_COMM_NULL)
        rc = table[plan->level[depth].alg](l.rank == l.root ? MPI_IN_PLACE : blocks, sendcount,
                                           sendtype, recvbuf, recvcount, recvtype, l.root_group,
                                           l.outer, l.sizes, seg);
    if (rc == MPI_SUCCESS && ordered != NULL)
        rc = himpi_levels_permute(&l, ordered, result, recvcount, recvtype, 0);
    himpi_tmp_free(blocks, sendtype);
    himpi_tmp_free(ordered, recvtype);
    return rc;
}

/* The checks of every gather call; gives comm's state. */
static int check(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int recvcount,
                 MPI_Datatype recvtype, int root, MPI_Comm comm, const HiMPI_Plan *plan,
                 himpi_comm **state)
{
    int p, rank, rc;
    if ((rc = himpi_check_comm(comm, &p, &rank)) != MPI_SUCCESS ||
        (rc = himpi_check_root(root, p)) != MPI_SUCCESS ||
        (sendbuf != MPI_IN_PLACE &&
         (rc = himpi_check_buffer(sendcount, sendtype)) != MPI_SUCCESS) ||
        (rank == root && (rc = himpi_check_buffer(recvcount, recvtype)) != MPI_SUCCESS) ||
        (rc = himpi_check_plan(HIMPI_OP_GATHER, plan)) != MPI_SUCCESS)
        return rc;
    return himpi_comm_get(comm, state);
}

int HiMPI_Gather_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                      const HiMPI_Plan *plan)
{
    himpi_comm *state;
    int rc = check(sendbuf, sendcount, sendtype, recvcount, recvtype, root, comm, plan, &state);
    return rc != MPI_SUCCESS ? rc
                             : gather_plan(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                           recvtype, root, himpi_comm_private(state), plan, 0);
}

int HiMPI_Gather_params(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                        MPI_Comm comm, const HiMPI_Params *params)
{
    HiMPI_Plan plan;
    int rc = himpi_params_plan(HIMPI_OP_GATHER, comm, params, &plan);
    return rc != MPI_SUCCESS ? rc
                             : HiMPI_Gather_plan(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                                 recvtype, root, comm, &plan);
}

/* The plan of the plain call and of HiMPI_Gather_init: a rank's share of
 * the message is its send block, or the root's receive block per rank when
 * the root gathers in place. */
static int choose(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int recvcount,
                  MPI_Datatype recvtype, int root, MPI_Comm comm, HiMPI_Plan *plan)
{
    int own = sendbuf != MPI_IN_PLACE || !himpi_plan_is_root(comm, root);
    return himpi_plan_choose(HIMPI_OP_GATHER, comm, own ? sendcount : recvcount,
                             own ? sendtype : recvtype, plan);
}

int HiMPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    HiMPI_Plan plan;
    int rc = choose(sendbuf, sendcount, sendtype, recvcount, recvtype, root, comm, &plan);
    return rc != MPI_SUCCESS ? rc
                             : HiMPI_Gather_plan(sendbuf, sendcount, sendtype, recvbuf,
                                                   recvcount, recvtype, root, comm, &plan);
}

static int start(const himpi_coll_args *a, MPI_Comm comm, const HiMPI_Plan *plan)
{
    return gather_plan(a->sendbuf, a->sendcount, a->sendtype, a->recvbuf, a->recvcount,
                       a->recvtype, a->root, comm, plan, 0);
}

int HiMPI_Gather_init_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                           MPI_Comm comm, const HiMPI_Plan *plan, MPI_Info info,
                           HiMPI_Request *request)
{
    himpi_comm *state;
    int rc = check(sendbuf, sendcount, sendtype, recvcount, recvtype, root, comm, plan, &state);
    const himpi_coll_args args = {sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                  MPI_OP_NULL, root};
    return rc != MPI_SUCCESS ? rc
                             : himpi_request_init(HIMPI_OP_GATHER, state, plan, 0, start, &args,
                                                  info, request);
}

int HiMPI_Gather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                      MPI_Info info, HiMPI_Request *request)
{
    HiMPI_Plan plan;
    int rc = choose(sendbuf, sendcount, sendtype, recvcount, recvtype, root, comm, &plan);
    return rc != MPI_SUCCESS ? rc
                             : HiMPI_Gather_init_plan(sendbuf, sendcount, sendtype, recvbuf,
                                                      recvcount, recvtype, root, comm, &plan,
                                                      info, request);
}

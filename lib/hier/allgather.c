/* allgather.c: HiMPI_Allgather, hierarchical: inside every group first,
 * each group's blocks landing in place in recvbuf, then among the ranks at
 * the same position in every group, each bringing its group's blocks.
 * Blocks are in group order, the rank order when groups are contiguous;
 * otherwise every rank puts them in rank order at the end.
 * Where groups are uneven, the ranks in the extra position of the larger
 * groups get the whole result from their group's first rank. */
#include <config.h>

#include "coll/algorithms.h"
#include "hier/levels.h"
#include "select/plan.h"
#include "hier/request.h"
#include "core/validate.h"

static const himpi_allgather_fn table[HIMPI_ALG_COUNT] = {
    [HIMPI_ALG_NATIVE] = himpi_allgather_native,
    [HIMPI_ALG_RING] = himpi_allgather_ring,
    [HIMPI_ALG_RECURSIVE_DOUBLING] = himpi_allgather_recursive_doubling,
    [HIMPI_ALG_GATHER_BCAST] = himpi_allgather_gather_bcast,
};

himpi_allgather_fn himpi_allgather_algorithm(HiMPI_Alg alg)
{
    return alg >= 0 && alg < HIMPI_ALG_COUNT ? table[alg] : NULL;
}

/* Level depth of plan and below, on comm. */
static int allgather_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                          const HiMPI_Plan *plan, int depth)
{
    himpi_comm *state;
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size;
    if ((rc = himpi_comm_get_private(comm, &state)) != MPI_SUCCESS ||
        (rc = himpi_levels_next(state, plan, &depth, -1, 0, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return table[flat](sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, NULL,
                           seg);
    /* Groups in another order than the ranks': gather in group order, then
     * put the blocks in rank order. */
    void *ordered = NULL, *result = recvbuf;
    if (l.layout->perm != NULL) {
        ordered = himpi_tmp_alloc(l.p * recvcount, recvtype);
        if (sendbuf == MPI_IN_PLACE) {
            int rank;
            MPI_Comm_rank(comm, &rank);
            rc = himpi_copy(himpi_at(recvbuf, (MPI_Aint)rank * recvcount, recvtype), recvcount,
                            recvtype, himpi_at(ordered, (MPI_Aint)l.rank * recvcount, recvtype),
                            recvcount, recvtype);
        }
        recvbuf = ordered;
    }
    if (rc == MPI_SUCCESS)
        rc = allgather_plan(sendbuf, sendcount, sendtype,
                            himpi_at(recvbuf, (MPI_Aint)l.start * recvcount, recvtype), recvcount,
                            recvtype, l.inner, plan, depth + 1);
    if (rc == MPI_SUCCESS && l.outer != MPI_COMM_NULL)
        rc = table[plan->level[depth].alg](MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, recvbuf, recvcount,
                                           recvtype, l.outer, l.sizes, seg);
    if (rc == MPI_SUCCESS)
        rc = himpi_levels_share(&l, recvbuf, l.p * recvcount, recvtype);
    if (rc == MPI_SUCCESS && ordered != NULL)
        rc = himpi_levels_permute(&l, ordered, result, recvcount, recvtype, 0);
    himpi_tmp_free(ordered, recvtype);
    return rc;
}

/* The checks of every allgather call; gives comm's state. */
static int check(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm, const HiMPI_Plan *plan,
                 himpi_comm **state)
{
    int p, rank, rc;
    if ((rc = himpi_check_comm(comm, &p, &rank)) != MPI_SUCCESS ||
        (sendbuf != MPI_IN_PLACE &&
         (rc = himpi_check_buffer(sendcount, sendtype)) != MPI_SUCCESS) ||
        (rc = himpi_check_buffer(recvcount, recvtype)) != MPI_SUCCESS ||
        (rc = himpi_check_plan(HIMPI_OP_ALLGATHER, plan)) != MPI_SUCCESS)
        return rc;
    return himpi_comm_get(comm, state);
}

int HiMPI_Allgather_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                         const HiMPI_Plan *plan)
{
    himpi_comm *state;
    int rc = check(sendbuf, sendcount, sendtype, recvcount, recvtype, comm, plan, &state);
    return rc != MPI_SUCCESS ? rc
                             : allgather_plan(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                              recvtype, himpi_comm_private(state), plan, 0);
}

int HiMPI_Allgather_params(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                           const HiMPI_Params *params)
{
    HiMPI_Plan plan;
    int rc = himpi_params_plan(HIMPI_OP_ALLGATHER, comm, params, &plan);
    return rc != MPI_SUCCESS ? rc
                             : HiMPI_Allgather_plan(sendbuf, sendcount, sendtype, recvbuf,
                                                    recvcount, recvtype, comm, &plan);
}

/* The plan of the plain call and of HiMPI_Allgather_init: a rank's share
 * is its send block, or its receive block in place. */
static int choose(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm, HiMPI_Plan *plan)
{
    int own = sendbuf != MPI_IN_PLACE;
    return himpi_plan_choose(HIMPI_OP_ALLGATHER, comm, own ? sendcount : recvcount,
                             own ? sendtype : recvtype, plan);
}

int HiMPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    HiMPI_Plan plan;
    int rc = choose(sendbuf, sendcount, sendtype, recvcount, recvtype, comm, &plan);
    return rc != MPI_SUCCESS ? rc
                             : HiMPI_Allgather_plan(sendbuf, sendcount, sendtype, recvbuf,
                                                      recvcount, recvtype, comm, &plan);
}

static int start(const himpi_coll_args *a, MPI_Comm comm, const HiMPI_Plan *plan)
{
    return allgather_plan(a->sendbuf, a->sendcount, a->sendtype, a->recvbuf, a->recvcount,
                          a->recvtype, comm, plan, 0);
}

int HiMPI_Allgather_init_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, int recvcount, MPI_Datatype recvtype,
                              MPI_Comm comm, const HiMPI_Plan *plan, MPI_Info info,
                              HiMPI_Request *request)
{
    himpi_comm *state;
    int rc = check(sendbuf, sendcount, sendtype, recvcount, recvtype, comm, plan, &state);
    const himpi_coll_args args = {sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                  MPI_OP_NULL, -1};
    return rc != MPI_SUCCESS ? rc
                             : himpi_request_init(HIMPI_OP_ALLGATHER, state, plan, 0, start,
                                                  &args, info, request);
}

int HiMPI_Allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                         MPI_Info info, HiMPI_Request *request)
{
    HiMPI_Plan plan;
    int rc = choose(sendbuf, sendcount, sendtype, recvcount, recvtype, comm, &plan);
    return rc != MPI_SUCCESS ? rc
                             : HiMPI_Allgather_init_plan(sendbuf, sendcount, sendtype, recvbuf,
                                                         recvcount, recvtype, comm, &plan, info,
                                                         request);
}

/* gather.c: HiMPI_Gather, hierarchical: every group gathers to its leader
 * first, then the leaders send their groups' blocks to the root.  Groups
 * are contiguous, so MPI's rank order of data is kept. */
#include <config.h>

#include "algorithms.h"
#include "levels.h"
#include "plan.h"
#include "validate.h"

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

int HiMPI_Gather_params(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                        MPI_Comm comm, const HiMPI_Params *params)
{
    int p, rank, rc;
    himpi_comm *state;
    if ((rc = himpi_check_comm(comm, &p, &rank)) != MPI_SUCCESS ||
        (rc = himpi_check_root(root, p)) != MPI_SUCCESS ||
        (sendbuf != MPI_IN_PLACE &&
         (rc = himpi_check_buffer(sendcount, sendtype)) != MPI_SUCCESS) ||
        (rank == root && (rc = himpi_check_buffer(recvcount, recvtype)) != MPI_SUCCESS) ||
        (rc = himpi_check_params(HIMPI_OP_GATHER, params, p)) != MPI_SUCCESS ||
        (rc = himpi_comm_get(comm, &state)) != MPI_SUCCESS)
        return rc;
    int g = params->groups, seg = params->segment_size;
    himpi_gather_fn out = table[params->alg_out], in = table[params->alg_in];
    HiMPI_Alg flat = himpi_flat_algorithm(params, p);
    if (flat != HIMPI_ALG_COUNT)
        return table[flat](sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                           himpi_comm_private(state), NULL, seg);

    himpi_levels l;
    if ((rc = himpi_levels_get(state, p, rank, g, root, &l)) != MPI_SUCCESS)
        return rc;
    /* The root gathers its group straight into place in recvbuf; another
     * group's leader collects its group's blocks in sendtype (its recvtype
     * means nothing in MPI_Gather). */
    void *blocks = NULL;
    if (l.group == l.root_group)
        rc = in(sendbuf, sendcount, sendtype,
                rank == root ? himpi_at(recvbuf, (MPI_Aint)l.start * recvcount, recvtype) : NULL,
                recvcount, recvtype, root - l.start, l.inner, NULL, seg);
    else {
        if (rank == l.start)
            blocks = himpi_tmp_alloc(l.sizes[l.group] * sendcount, sendtype);
        rc = in(sendbuf, sendcount, sendtype, blocks, sendcount, sendtype, 0, l.inner, NULL,
                seg);
    }
    if (rc == MPI_SUCCESS && l.outer != MPI_COMM_NULL)
        rc = out(rank == root ? MPI_IN_PLACE : blocks, sendcount, sendtype, recvbuf, recvcount,
                 recvtype, l.root_group, l.outer, l.sizes, seg);
    himpi_tmp_free(blocks, sendtype);
    return rc;
}

int HiMPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    /* A rank's share of the message is its send block, or the root's
     * receive block per rank when the root gathers in place. */
    int own = sendbuf != MPI_IN_PLACE || !himpi_plan_is_root(comm, root);
    HiMPI_Params plan;
    int rc = himpi_plan_choose(HIMPI_OP_GATHER, comm, own ? sendcount : recvcount,
                               own ? sendtype : recvtype, &plan);
    return rc != MPI_SUCCESS ? rc
                             : HiMPI_Gather_params(sendbuf, sendcount, sendtype, recvbuf,
                                                   recvcount, recvtype, root, comm, &plan);
}

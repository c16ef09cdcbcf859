/* scatter.c: HiMPI_Scatter, hierarchical: the root sends every group's
 * blocks to the group's leader, then every leader scatters inside its
 * group.  Groups are contiguous, so group k's blocks are contiguous in the
 * root's buffer and MPI's rank order of data is kept. */
#include <config.h>

#include "algorithms.h"
#include "levels.h"
#include "plan.h"
#include "validate.h"

static const himpi_scatter_fn table[HIMPI_ALG_COUNT] = {
    [HIMPI_ALG_NATIVE] = himpi_scatter_native,
    [HIMPI_ALG_LINEAR] = himpi_scatter_linear,
    [HIMPI_ALG_BINOMIAL] = himpi_scatter_binomial,
};

himpi_scatter_fn himpi_scatter_algorithm(HiMPI_Alg alg)
{
    return alg >= 0 && alg < HIMPI_ALG_COUNT ? table[alg] : NULL;
}

int HiMPI_Scatter_params(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                         MPI_Comm comm, const HiMPI_Params *params)
{
    int p, rank, rc;
    himpi_comm *state;
    if ((rc = himpi_check_comm(comm, &p, &rank)) != MPI_SUCCESS ||
        (rc = himpi_check_root(root, p)) != MPI_SUCCESS ||
        (rank == root && (rc = himpi_check_buffer(sendcount, sendtype)) != MPI_SUCCESS) ||
        (recvbuf != MPI_IN_PLACE &&
         (rc = himpi_check_buffer(recvcount, recvtype)) != MPI_SUCCESS) ||
        (rc = himpi_check_params(HIMPI_OP_SCATTER, params, p)) != MPI_SUCCESS ||
        (rc = himpi_comm_get(comm, &state)) != MPI_SUCCESS)
        return rc;
    int g = params->groups, seg = params->segment_size;
    himpi_scatter_fn out = table[params->alg_out], in = table[params->alg_in];
    HiMPI_Alg flat = himpi_flat_algorithm(params, p);
    if (flat != HIMPI_ALG_COUNT)
        return table[flat](sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                           himpi_comm_private(state), NULL, seg);

    himpi_levels l;
    if ((rc = himpi_levels_get(state, p, rank, g, root, &l)) != MPI_SUCCESS)
        return rc;
    /* Another group's leader keeps its group's blocks, in recvtype, until
     * it scatters them; the root's group's blocks stay in sendbuf. */
    void *blocks = NULL;
    if (rank == l.start && l.group != l.root_group)
        blocks = himpi_tmp_alloc(l.sizes[l.group] * recvcount, recvtype);
    if (l.outer != MPI_COMM_NULL)
        rc = out(sendbuf, sendcount, sendtype, rank == root ? MPI_IN_PLACE : blocks, recvcount,
                 recvtype, l.root_group, l.outer, l.sizes, seg);
    if (rc == MPI_SUCCESS) {
        if (l.group == l.root_group)
            rc = in(rank == root ? himpi_at(sendbuf, (MPI_Aint)l.start * sendcount, sendtype)
                                 : NULL,
                    sendcount, sendtype, recvbuf, recvcount, recvtype, root - l.start, l.inner,
                    NULL, seg);
        else
            rc = in(blocks, recvcount, recvtype, recvbuf, recvcount, recvtype, 0, l.inner, NULL,
                    seg);
    }
    himpi_tmp_free(blocks, recvtype);
    return rc;
}

int HiMPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    /* The root's send block and every other rank's receive block are one
     * rank's share of the message. */
    int at_root = himpi_plan_is_root(comm, root);
    HiMPI_Params plan;
    int rc = himpi_plan_choose(HIMPI_OP_SCATTER, comm, at_root ? sendcount : recvcount,
                               at_root ? sendtype : recvtype, &plan);
    return rc != MPI_SUCCESS ? rc
                             : HiMPI_Scatter_params(sendbuf, sendcount, sendtype, recvbuf,
                                                    recvcount, recvtype, root, comm, &plan);
}

/* gather.c: HiMPI_Gather, hierarchical: every group gathers to its leader
 * first, then the leaders send their groups' blocks to the root.  Groups
 * are contiguous, so MPI's rank order of data is kept. */
#include <config.h>

#include "algorithms.h"
#include "cache.h"
#include "validate.h"
#include "layout.h"

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
    MPI_Comm flat = himpi_comm_private(state);
    if (g == 1)
        return in(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, flat, NULL,
                  seg);
    if (g == p)
        return out(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, flat, NULL,
                   seg);

    MPI_Comm leaders, inner;
    const int *sizes = himpi_comm_group_sizes(state, g);
    if (sizes == NULL)
        return MPI_ERR_NO_MEM;
    if ((rc = himpi_comm_leaders(state, g, root, &leaders)) != MPI_SUCCESS ||
        (rc = himpi_comm_inner(state, g, &inner)) != MPI_SUCCESS)
        return rc;
    int root_group = himpi_group_of(p, g, root), mine = himpi_group_of(p, g, rank);
    int start = himpi_group_start(p, g, mine);
    /* The root gathers its group straight into place in recvbuf; another
     * group's leader collects its group's blocks in sendtype (its recvtype
     * means nothing in MPI_Gather). */
    void *blocks = NULL;
    if (mine == root_group)
        rc = in(sendbuf, sendcount, sendtype,
                rank == root ? himpi_at(recvbuf, (MPI_Aint)start * recvcount, recvtype) : NULL,
                recvcount, recvtype, root - start, inner, NULL, seg);
    else {
        if (rank == start)
            blocks = himpi_tmp_alloc(sizes[mine] * sendcount, sendtype);
        rc = in(sendbuf, sendcount, sendtype, blocks, sendcount, sendtype, 0, inner, NULL, seg);
    }
    if (rc == MPI_SUCCESS && leaders != MPI_COMM_NULL)
        rc = out(rank == root ? MPI_IN_PLACE : blocks, sendcount, sendtype, recvbuf, recvcount,
                 recvtype, root_group, leaders, sizes, seg);
    himpi_tmp_free(blocks, sendtype);
    return rc;
}

int HiMPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const HiMPI_Params flat = {1, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 0};
    return HiMPI_Gather_params(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                               comm, &flat);
}

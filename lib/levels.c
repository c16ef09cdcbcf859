/* levels.c: the two levels of one hierarchical call. */
#include <config.h>

#include "coll.h"
#include "layout.h"
#include "levels.h"

HiMPI_Alg himpi_flat_algorithm(const HiMPI_Params *params, int p)
{
    if (params->groups == 1)
        return params->alg_in;
    return params->groups == p ? params->alg_out : HIMPI_ALG_COUNT;
}

int himpi_levels_get(himpi_comm *state, int p, int rank, int g, int root, himpi_levels *l)
{
    l->group = himpi_group_of(p, g, rank);
    l->start = himpi_group_start(p, g, l->group);
    l->root_group = root >= 0 ? himpi_group_of(p, g, root) : -1;
    if ((l->sizes = himpi_comm_group_sizes(state, g)) == NULL)
        return MPI_ERR_NO_MEM;
    int rc = himpi_comm_inner(state, g, &l->inner);
    if (rc != MPI_SUCCESS)
        return rc;
    return root >= 0 ? himpi_comm_leaders(state, g, root, &l->outer)
                     : himpi_comm_columns(state, g, &l->outer);
}

int himpi_levels_share(const himpi_levels *l, int p, int g, int rank, void *buffer, int count,
                       MPI_Datatype datatype)
{
    int extra = p / g, position = rank - l->start;
    if (l->sizes[l->group] <= extra)
        return MPI_SUCCESS;
    if (position == 0)
        return himpi_send(buffer, count, datatype, extra, l->inner);
    if (position == extra)
        return himpi_recv(buffer, count, datatype, 0, l->inner);
    return MPI_SUCCESS;
}

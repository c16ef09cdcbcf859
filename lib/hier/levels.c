/* levels.c: walking a plan level by level. */
#include <config.h>

#include "coll/coll.h"
#include "core/typed.h"
#include "hier/levels.h"

static int fill(himpi_comm *state, const himpi_layout *layout, int root, himpi_levels *l)
{
    *l = (himpi_levels){.layout = layout, .comm = layout->comm, .rank = layout->rank,
                        .root = -1, .group = layout->group, .root_group = -1,
                        .sizes = layout->sizes};
    MPI_Comm_size(layout->comm, &l->p);
    l->start = layout->starts[l->group];
    int rc = himpi_layout_inner(layout, &l->inner);
    if (rc != MPI_SUCCESS)
        return rc;
    if (root < 0)
        return himpi_layout_columns(state, layout, &l->outer);
    l->root = layout->perm != NULL ? layout->perm[root] : root;
    while (layout->starts[l->root_group + 1] <= l->root)
        l->root_group++;
    return himpi_layout_leaders(state, layout, l->root, &l->outer);
}

int himpi_levels_next(MPI_Comm comm, const HiMPI_Plan *plan, int *depth, int root, int ordered,
                      himpi_levels *l, HiMPI_Alg *flat)
{
    himpi_comm *state;
    int p, rc = himpi_comm_get_private(comm, &state);
    if (rc != MPI_SUCCESS)
        return rc;
    MPI_Comm_size(comm, &p);
    for (; p > 1 && *depth < plan->nlevels; (*depth)++) {
        const himpi_layout *layout;
        if ((rc = himpi_comm_layout(state, &plan->level[*depth], &layout)) != MPI_SUCCESS)
            return rc;
        if (layout->g == 1)
            continue;
        if (layout->g == p || (ordered && layout->perm != NULL)) {
            *flat = layout->g == p ? plan->level[*depth].alg : plan->alg_in;
            return MPI_SUCCESS;
        }
        *flat = HIMPI_ALG_COUNT;
        return fill(state, layout, root, l);
    }
    *flat = plan->alg_in;
    return MPI_SUCCESS;
}

static int prepare(MPI_Comm comm, const HiMPI_Plan *plan, int depth, int root, int ordered,
                   HiMPI_Alg *flat)
{
    himpi_levels l;
    HiMPI_Alg below;
    int rc = himpi_levels_next(comm, plan, &depth, root, ordered, &l, flat);
    if (rc != MPI_SUCCESS || *flat != HIMPI_ALG_COUNT)
        return rc;
    /* The drivers recurse into this rank's group with the root's position
     * in it, or the group's first rank. */
    int inner_root = root < 0 ? -1 : l.group == l.root_group ? l.root - l.start : 0;
    return prepare(l.inner, plan, depth + 1, inner_root, ordered, &below);
}

int himpi_levels_prepare(MPI_Comm comm, const HiMPI_Plan *plan, int root, int ordered,
                         HiMPI_Alg *flat)
{
    return prepare(comm, plan, 0, root, ordered, flat);
}

int himpi_levels_share_build(himpi_sched *sched, const himpi_levels *l, void *buffer, int count,
                             MPI_Datatype datatype)
{
    int columns = himpi_layout_min_size(l->layout), position = l->rank - l->start;
    int channel, rc = himpi_sched_join(sched, l->inner, &channel);
    if (position == 0)
        for (int q = columns; q < l->sizes[l->group] && rc == MPI_SUCCESS; q++)
            rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, buffer, count, datatype, q,
                                  NULL);
    else if (position >= columns && rc == MPI_SUCCESS)
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, buffer, count, datatype, 0,
                              NULL);
    return rc;
}

int himpi_levels_group_prefix_build(himpi_sched *sched, const himpi_levels *l, const void *total,
                                    void *prefix, int count, MPI_Datatype datatype, MPI_Op op,
                                    HiMPI_Alg alg, int seg)
{
    int size = l->sizes[l->group], position = l->rank - l->start, channel;
    int rc = himpi_sched_join(sched, l->inner, &channel);
    if (rc == MPI_SUCCESS && size > 1 && position == 0) {
        void *received = himpi_sched_tmp(sched, count, datatype);
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, received, count, datatype,
                              size - 1, NULL);
        total = received;
    } else if (rc == MPI_SUCCESS && size > 1 && position == size - 1)
        rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, total, count, datatype, 0,
                              NULL);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_fence(sched);
    /* With no root, l->outer at a group's first position is the column of
     * every group's first rank, in group order. */
    if (rc == MPI_SUCCESS && position == 0)
        rc = himpi_coll(HIMPI_OP_EXSCAN, alg)
                 .exscan(sched, total, prefix, count, datatype, op, l->outer, seg);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_fence(sched);
    if (rc == MPI_SUCCESS && l->group > 0 && size > 1)
        rc = himpi_coll(HIMPI_OP_BCAST, HIMPI_ALG_NATIVE)
                 .bcast(sched, prefix, count, datatype, 0, l->inner, seg);
    return rc;
}

int himpi_levels_permute_build(himpi_sched *sched, const himpi_levels *l, const void *src,
                               void *dst, int count, MPI_Datatype datatype, int to_group_order)
{
    int rc = MPI_SUCCESS;
    for (int r = 0; r < l->p && rc == MPI_SUCCESS; r++) {
        MPI_Aint from = to_group_order ? r : l->layout->perm[r];
        MPI_Aint to = to_group_order ? l->layout->perm[r] : r;
        rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, himpi_at(src, from * count, datatype),
                              count, datatype, himpi_at(dst, to * count, datatype), count,
                              datatype, NULL);
    }
    return rc;
}

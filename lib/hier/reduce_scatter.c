/* reduce_scatter.c: the hierarchical drivers of reduce_scatter_block and
 * reduce_scatter.  With m the smallest group's size, position j < m of
 * every group is a column, and it takes the blocks of the positions j,
 * j + m, j + 2m, ... of every group.  A reduce-scatter inside every group
 * (the rest of the plan) first gives the rank at position j its column's
 * blocks of every group, combined over its group; a reduce-scatter among
 * the column (alg_out) then gives it those of its own group, combined over
 * every group; it keeps its own and sends the others on to the positions
 * past m.  Every rank's operand is laid out in that order first.  A group
 * combines its ranks in order and a column its groups in order, so with
 * contiguous groups (himpi_levels_next's ordered, for a non-commutative
 * operation) rank order is kept. */
#include <config.h>

#include "coll/builders.h"
#include "hier/drivers.h"
#include "hier/levels.h"

/* Level depth of plan and below, on comm, with op's algorithms; rank i of
 * comm gets counts[i] elements.  Arrays the levels' algorithms are given
 * live as long as the schedule: the MPI library's own collective reads its
 * counts when it runs. */
static int reduce_scatter_plan(himpi_sched *sched, HiMPI_Op op, const void *sendbuf,
                               void *recvbuf, const int *counts, MPI_Datatype datatype,
                               MPI_Op reduction, MPI_Comm comm, const HiMPI_Plan *plan,
                               int depth)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, rank, seg = plan->segment_size;
    if ((rc = himpi_levels_next(comm, plan, &depth, -1, !himpi_commutative(reduction), &l,
                                &flat)) != MPI_SUCCESS)
        return rc;
    /* The two forms' algorithms have one signature (coll.h). */
    if (flat != HIMPI_ALG_COUNT)
        return himpi_coll(op, flat)
            .reduce_scatter(sched, sendbuf, recvbuf, counts, datatype, reduction, comm, seg);
    MPI_Comm_rank(comm, &rank);
    const int *starts = l.layout->starts, *perm = l.layout->perm;
    int g = l.layout->g, m = himpi_layout_min_size(l.layout), size = l.sizes[l.group];
    int position = l.rank - l.start;
    /* The count of every position of the layout, and where the rank at
     * each position has its block in the operand. */
    int *displs = himpi_reduce_scatter_displs(sched, counts, l.p);
    int *of = himpi_sched_tmp(sched, 2 * l.p, MPI_INT), *from = of + l.p;
    for (int r = 0; r < l.p; r++) {
        int q = perm != NULL ? perm[r] : r;
        of[q] = counts[r];
        from[q] = displs[r];
    }
    /* The group's counts: each column's blocks of every group. */
    int *inner = himpi_sched_tmp(sched, size, MPI_INT), *outer = himpi_sched_tmp(sched, g, MPI_INT);
    for (int j = 0; j < size; j++)
        inner[j] = 0;
    for (int gi = 0; gi < g; gi++)
        for (int q = 0; q < l.sizes[gi]; q++)
            inner[q % m] += of[starts[gi] + q];
    const void *mine = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    void *ordered = himpi_sched_tmp(sched, displs[l.p], datatype);
    for (int j = 0, at = 0; j < m; j++)
        for (int gi = 0; gi < g; gi++)
            for (int q = starts[gi] + j; q < starts[gi + 1] && rc == MPI_SUCCESS; q += m) {
                rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, himpi_at(mine, from[q], datatype),
                                      of[q], datatype, himpi_at(ordered, at, datatype), of[q],
                                      datatype, NULL);
                at += of[q];
            }
    void *piece = himpi_sched_tmp(sched, inner[position], datatype);
    if (rc != MPI_SUCCESS || (rc = himpi_sched_fence(sched)) != MPI_SUCCESS ||
        (rc = reduce_scatter_plan(sched, op, ordered, piece, inner, datatype, reduction, l.inner,
                                  plan, depth + 1)) != MPI_SUCCESS ||
        (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    int own = counts[rank], channel;
    if (position >= m) {
        if ((rc = himpi_sched_join(sched, l.inner, &channel)) != MPI_SUCCESS)
            return rc;
        return himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, recvbuf, own, datatype,
                                position % m, NULL);
    }
    for (int gi = 0; gi < g; gi++) {
        outer[gi] = 0;
        for (int q = starts[gi] + position; q < starts[gi + 1]; q += m)
            outer[gi] += of[q];
    }
    /* The column's blocks of this group: this rank's first, then those of
     * the positions it serves. */
    void *column =
        outer[l.group] == own ? recvbuf : himpi_sched_tmp(sched, outer[l.group], datatype);
    if ((rc = himpi_coll(op, plan->level[depth].alg)
                  .reduce_scatter(sched, piece, column, outer, datatype, reduction, l.outer,
                                  seg)) != MPI_SUCCESS ||
        (rc = himpi_sched_fence(sched)) != MPI_SUCCESS ||
        (rc = himpi_sched_join(sched, l.inner, &channel)) != MPI_SUCCESS)
        return rc;
    for (int q = position + m, at = own; q < size && rc == MPI_SUCCESS; q += m) {
        rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, himpi_at(column, at, datatype),
                              of[l.start + q], datatype, q, NULL);
        at += of[l.start + q];
    }
    if (rc == MPI_SUCCESS && column != recvbuf)
        rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, column, own, datatype, recvbuf, own,
                              datatype, NULL);
    return rc;
}

int himpi_hier_reduce_scatter_block(himpi_sched *sched, const himpi_coll_args *a, MPI_Comm comm,
                                    const HiMPI_Plan *plan)
{
    int p;
    MPI_Comm_size(comm, &p);
    int *counts = himpi_sched_tmp(sched, p, MPI_INT);
    for (int i = 0; i < p; i++)
        counts[i] = a->recvcount;
    return reduce_scatter_plan(sched, HIMPI_OP_REDUCE_SCATTER_BLOCK, a->sendbuf, a->recvbuf,
                               counts, a->recvtype, a->op, comm, plan, 0);
}

int himpi_hier_reduce_scatter(himpi_sched *sched, const himpi_coll_args *a, MPI_Comm comm,
                              const HiMPI_Plan *plan)
{
    return reduce_scatter_plan(sched, HIMPI_OP_REDUCE_SCATTER, a->sendbuf, a->recvbuf,
                               a->recvcounts, a->recvtype, a->op, comm, plan, 0);
}

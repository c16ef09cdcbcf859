/* native.c: the MPI library's own collectives as HiMPI algorithms, each a
 * builder of one coll stage added alone (core/sched.h): the blocking call
 * makes the library's blocking collective, its tuned algorithm (under the
 * yield wait policy, the nonblocking one waited for, so that a
 * busy-polling MPI library leaves the cores to the ranks that work); in a
 * start of a persistent request, the library's persistent collective where
 * it has one.  Uneven blocks take the library's v-forms. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"
#include "coll/native.h"
#include "core/sched_coll.h"

/* Whether MPICH 4.0.2's reduce-scatter (op, with a on comm) goes wrong,
 * where the native algorithm is HiMPI's order-keeping one instead:
 *   - for a non-commutative operation it allocates its temporary buffers as
 *     the true extent times the count, which is too small for a datatype
 *     whose extent is larger than its true extent (one with gaps, as the
 *     collective matrix's affine pairs): a plain MPI program calling
 *     MPI_Reduce_scatter_block so on 2 or 4 ranks corrupts the heap;
 *   - in place, its pairwise algorithm (long messages) first copies each
 *     rank's run to the start of recvbuf with memcpy, and asserts when the
 *     two overlap, where a rank's count is larger than the counts before
 *     it together: a plain MPI program with counts n, n + 1, n + 2 and
 *     n + 3 of n = 32771 ints on 4 ranks aborts. */
static int library_fails(HiMPI_Op op, const himpi_coll_args *a, MPI_Comm comm)
{
#ifdef MPICH
    MPI_Aint lb, extent, true_lb, true_extent;
    MPI_Type_get_extent(a->recvtype, &lb, &extent);
    MPI_Type_get_true_extent(a->recvtype, &true_lb, &true_extent);
    if (!himpi_commutative(a->op) && true_extent < extent)
        return 1;
    if (op != HIMPI_OP_REDUCE_SCATTER || a->sendbuf != MPI_IN_PLACE)
        return 0;
    int p, before = 0;
    MPI_Comm_size(comm, &p);
    for (int i = 0; i < p; before += a->recvcounts[i++])
        if (i > 0 && a->recvcounts[i] > before)
            return 1;
    return 0;
#else
    (void)op, (void)a, (void)comm;
    return 0;
#endif
}

/* Counts and displacements of a v-collective in the schedule's memory:
 * blocks[i] * per elements for rank i, at counts[0 .. p) and displs[p ..
 * 2p).  Returns this rank's count on the other side, blocks[rank] * mine
 * elements. */
static int v_arrays(himpi_sched *sched, const int *blocks, int per, int mine, MPI_Comm comm,
                    int **a)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    *a = himpi_sched_memory(sched, 2 * (size_t)p * sizeof **a);
    for (int i = 0, at = 0; i < p; at += blocks[i] * per, i++) {
        (*a)[i] = blocks[i] * per;
        (*a)[p + i] = at;
    }
    return blocks[rank] * mine;
}

/* Scatter, gather or allgather (op) of a's blocks as the library does it:
 * its collective, or with uneven blocks its v-form.  The root's side has
 * the counts of every rank; the other side, this rank's count. */
static int blocks_native(himpi_sched *sched, HiMPI_Op op, himpi_coll_args a, MPI_Comm comm,
                         const int *blocks)
{
    if (blocks == NULL)
        return himpi_sched_coll_alone(sched, op, &a, NULL, comm);
    int p, *v;
    MPI_Comm_size(comm, &p);
    himpi_sched_counts counts;
    if (op == HIMPI_OP_SCATTER) {
        a.recvcount = v_arrays(sched, blocks, a.sendcount, a.recvcount, comm, &v);
        counts = (himpi_sched_counts){.sendcounts = v, .sdispls = v + p};
    } else {
        a.sendcount = v_arrays(sched, blocks, a.recvcount, a.sendcount, comm, &v);
        counts = (himpi_sched_counts){.recvcounts = v, .rdispls = v + p};
    }
    return himpi_sched_coll_alone(sched, op, &a, &counts, comm);
}

/* Alltoall as the library does it: its collective, or with uneven blocks
 * MPI_Alltoallv with the chunks' counts and displacements. */
static int alltoall_native(himpi_sched *sched, const himpi_coll_args *a, MPI_Comm comm,
                           const int *blocks)
{
    if (blocks == NULL)
        return himpi_sched_coll_alone(sched, HIMPI_OP_ALLTOALL, a, NULL, comm);
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int *v = himpi_sched_memory(sched, 4 * (size_t)p * sizeof *v);
    for (int j = 0; j < p; j++) {
        MPI_Aint first;
        int n = himpi_alltoall_chunk(blocks, rank, j, &first);
        v[j] = n * a->sendcount;
        v[p + j] = (int)first * a->sendcount;
        v[2 * p + j] = n * a->recvcount;
        v[3 * p + j] = (int)first * a->recvcount;
    }
    const himpi_sched_counts counts = {v, v + p, v + 2 * p, v + 3 * p};
    return himpi_sched_coll_alone(sched, HIMPI_OP_ALLTOALL, a, &counts, comm);
}

/* The reduce-scatters: the library's, or HiMPI's order-keeping algorithm
 * where the library's goes wrong, on every rank's counts (a's recvcounts,
 * or for the block form a's recvcount each). */
static int reduce_scatter_native(himpi_sched *sched, HiMPI_Op op, const himpi_coll_args *a,
                                 MPI_Comm comm)
{
    if (!library_fails(op, a, comm))
        return himpi_sched_coll_alone(sched, op, a, NULL, comm);
    const int *counts = a->recvcounts;
    if (op == HIMPI_OP_REDUCE_SCATTER_BLOCK) {
        int p, *equal;
        MPI_Comm_size(comm, &p);
        equal = himpi_sched_memory(sched, (size_t)p * sizeof *equal);
        for (int i = 0; i < p; i++)
            equal[i] = a->recvcount;
        counts = equal;
    }
    return himpi_reduce_scatter_ordered_build(sched, a->sendbuf, a->recvbuf, counts, a->recvtype,
                                              a->op, comm, 0);
}

/* A v-variant (gatherv, scatterv, allgatherv) as the library does it, its
 * vectors copied into the schedule's memory, where the coll stage reads
 * them when it is issued: a builder's arrays are the caller's while it
 * builds only.  Only the ranks the vector side describes hold them
 * (catalogue.h). */
static int vector_native(himpi_sched *sched, HiMPI_Op op, himpi_coll_args a, MPI_Comm comm)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    const int **counts = op == HIMPI_OP_SCATTERV ? &a.sendcounts : &a.recvcounts;
    if (op == HIMPI_OP_ALLGATHERV || rank == a.root) {
        int *v = himpi_sched_memory(sched, 2 * (size_t)p * sizeof *v);
        for (int i = 0; i < p; i++) {
            v[i] = (*counts)[i];
            v[p + i] = a.displs[i];
        }
        *counts = v;
        a.displs = v + p;
    }
    /* MPICH 4.0.2's MPI_Allgatherv and MPI_Iallgatherv on one rank put its
     * block at the start of recvbuf, whatever its displacement (in a plain
     * MPI program too): a group of one rank copies its block itself. */
    if (op == HIMPI_OP_ALLGATHERV && p == 1)
        return a.sendbuf == MPI_IN_PLACE
                   ? MPI_SUCCESS
                   : himpi_sched_copy(sched, HIMPI_SCHED_FIRST, a.sendbuf, a.sendcount,
                                      a.sendtype, himpi_at(a.recvbuf, a.displs[0], a.recvtype),
                                      a.recvcounts[0], a.recvtype, NULL);
    return himpi_sched_coll_alone(sched, op, &a, NULL, comm);
}

/* The library's collective op with a on comm; blocks as coll.h says for
 * scatter to alltoall (NULL: one each). */
static int native_build(himpi_sched *sched, HiMPI_Op op, const himpi_coll_args *a,
                        const int *blocks, MPI_Comm comm)
{
    switch (op) {
    case HIMPI_OP_GATHERV:
    case HIMPI_OP_SCATTERV:
    case HIMPI_OP_ALLGATHERV:
        return vector_native(sched, op, *a, comm);
    case HIMPI_OP_SCATTER:
    case HIMPI_OP_GATHER:
    case HIMPI_OP_ALLGATHER:
        return blocks_native(sched, op, *a, comm, blocks);
    case HIMPI_OP_ALLTOALL:
        return alltoall_native(sched, a, comm, blocks);
    case HIMPI_OP_REDUCE_SCATTER_BLOCK:
    case HIMPI_OP_REDUCE_SCATTER:
        return reduce_scatter_native(sched, op, a, comm);
    default:
        return himpi_sched_coll_alone(sched, op, a, NULL, comm);
    }
}

int himpi_native_call(HiMPI_Op op, const himpi_coll_args *a, MPI_Comm comm)
{
    himpi_sched *sched;
    himpi_sched_create(&sched);
    return himpi_sched_finish(&sched, native_build(sched, op, a, NULL, comm));
}

int himpi_bcast_native_build(himpi_sched *sched, void *buffer, int count, MPI_Datatype datatype,
                             int root, MPI_Comm comm, int segsize)
{
    (void)segsize;
    const himpi_coll_args a = {
        .recvbuf = buffer, .recvcount = count, .recvtype = datatype, .root = root};
    return native_build(sched, HIMPI_OP_BCAST, &a, NULL, comm);
}

/* Whether SimGrid's reductions go wrong for datatype: SimGrid 3.32's
 * MPI_Ireduce and MPI_Iallreduce corrupt the heap on a datatype with gaps
 * (one whose size is below its extent, as the collective matrix's vector
 * and affine pairs): a plain SMPI program calling either on 8 ranks
 * aborts in free(), though the blocking forms run.  So that the native
 * algorithm makes the same call in every way a schedule runs, it is
 * HiMPI's own there, in rank order: a binomial reduce, a recursive
 * doubling allreduce. */
static int simgrid_fails(MPI_Datatype datatype)
{
#ifdef SMPI_H
    int size;
    MPI_Aint lb, extent;
    MPI_Type_size(datatype, &size);
    MPI_Type_get_extent(datatype, &lb, &extent);
    return size < extent;
#else
    (void)datatype;
    return 0;
#endif
}

int himpi_reduce_native_build(himpi_sched *sched, const void *sendbuf, void *recvbuf, int count,
                              MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                              int segsize)
{
    if (simgrid_fails(datatype))
        return himpi_reduce_ordered_build(sched, himpi_reduce_binomial_build, sendbuf, recvbuf,
                                          count, datatype, op, root, comm, segsize);
    const himpi_coll_args a = {.sendbuf = sendbuf, .recvbuf = recvbuf, .recvcount = count,
                               .recvtype = datatype, .op = op, .root = root};
    return native_build(sched, HIMPI_OP_REDUCE, &a, NULL, comm);
}

/* Allreduce, scan or exscan (op). */
static int reduction_native(himpi_sched *sched, HiMPI_Op op, const void *sendbuf, void *recvbuf,
                            int count, MPI_Datatype datatype, MPI_Op reduction, MPI_Comm comm)
{
    const himpi_coll_args a = {.sendbuf = sendbuf, .recvbuf = recvbuf, .recvcount = count,
                               .recvtype = datatype, .op = reduction, .root = -1};
    return native_build(sched, op, &a, NULL, comm);
}

int himpi_allreduce_native_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                 int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                 int segsize)
{
    if (simgrid_fails(datatype))
        return himpi_allreduce_recursive_doubling_build(sched, sendbuf, recvbuf, count, datatype,
                                                        op, comm, segsize);
#ifdef SMPI_H
    /* SimGrid 3.32's MPI_Iallreduce in place leaves garbage from 16 KiB
     * up (a plain SMPI program of 4096 ints on 3 ranks shows it): there
     * the operand goes from a copy. */
    if (sendbuf == MPI_IN_PLACE) {
        void *mine = himpi_sched_tmp(sched, count, datatype);
        int rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, recvbuf, count, datatype, mine, count,
                                  datatype, NULL);
        if (rc != MPI_SUCCESS)
            return rc;
        sendbuf = mine;
    }
#endif
    return reduction_native(sched, HIMPI_OP_ALLREDUCE, sendbuf, recvbuf, count, datatype, op,
                            comm);
}

int himpi_scan_native_build(himpi_sched *sched, const void *sendbuf, void *recvbuf, int count,
                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize)
{
    (void)segsize;
    return reduction_native(sched, HIMPI_OP_SCAN, sendbuf, recvbuf, count, datatype, op, comm);
}

int himpi_exscan_native_build(himpi_sched *sched, const void *sendbuf, void *recvbuf, int count,
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize)
{
    (void)segsize;
    return reduction_native(sched, HIMPI_OP_EXSCAN, sendbuf, recvbuf, count, datatype, op,
                            comm);
}

int himpi_barrier_native_build(himpi_sched *sched, MPI_Comm comm)
{
    const himpi_coll_args a = {.root = -1};
    return native_build(sched, HIMPI_OP_BARRIER, &a, NULL, comm);
}

/* The block form where every count is equal (the plan's top level), the
 * vector form where a level of a plan gives uneven counts. */
int himpi_reduce_scatter_block_native_build(himpi_sched *sched, const void *sendbuf,
                                            void *recvbuf, const int *counts,
                                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                            int segsize)
{
    int p, equal = 1;
    MPI_Comm_size(comm, &p);
    for (int i = 1; i < p; i++)
        equal &= counts[i] == counts[0];
    if (!equal)
        return himpi_reduce_scatter_native_build(sched, sendbuf, recvbuf, counts, datatype, op,
                                                 comm, segsize);
    const himpi_coll_args a = {.sendbuf = sendbuf, .recvbuf = recvbuf, .recvcount = counts[0],
                               .recvtype = datatype, .op = op, .root = -1};
    return native_build(sched, HIMPI_OP_REDUCE_SCATTER_BLOCK, &a, NULL, comm);
}

int himpi_reduce_scatter_native_build(himpi_sched *sched, const void *sendbuf, void *recvbuf,
                                      const int *counts, MPI_Datatype datatype, MPI_Op op,
                                      MPI_Comm comm, int segsize)
{
    (void)segsize;
    const himpi_coll_args a = {.sendbuf = sendbuf, .recvbuf = recvbuf, .recvtype = datatype,
                               .op = op, .root = -1, .recvcounts = counts};
    return native_build(sched, HIMPI_OP_REDUCE_SCATTER, &a, NULL, comm);
}

int himpi_scatter_native_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                               MPI_Datatype sendtype, void *recvbuf, int recvcount,
                               MPI_Datatype recvtype, int root, MPI_Comm comm, const int *blocks,
                               int segsize)
{
    (void)segsize;
    const himpi_coll_args a = {.sendbuf = sendbuf, .sendcount = sendcount, .sendtype = sendtype,
                               .recvbuf = recvbuf, .recvcount = recvcount, .recvtype = recvtype,
                               .op = MPI_OP_NULL, .root = root};
    return native_build(sched, HIMPI_OP_SCATTER, &a, blocks, comm);
}

int himpi_gather_native_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                              MPI_Datatype sendtype, void *recvbuf, int recvcount,
                              MPI_Datatype recvtype, int root, MPI_Comm comm, const int *blocks,
                              int segsize)
{
    (void)segsize;
    const himpi_coll_args a = {.sendbuf = sendbuf, .sendcount = sendcount, .sendtype = sendtype,
                               .recvbuf = recvbuf, .recvcount = recvcount, .recvtype = recvtype,
                               .op = MPI_OP_NULL, .root = root};
    return native_build(sched, HIMPI_OP_GATHER, &a, blocks, comm);
}

int himpi_allgather_native_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                                 MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                 MPI_Datatype recvtype, MPI_Comm comm, const int *blocks,
                                 int segsize)
{
    (void)segsize;
    const himpi_coll_args a = {.sendbuf = sendbuf, .sendcount = sendcount, .sendtype = sendtype,
                               .recvbuf = recvbuf, .recvcount = recvcount, .recvtype = recvtype,
                               .op = MPI_OP_NULL, .root = -1};
    return native_build(sched, HIMPI_OP_ALLGATHER, &a, blocks, comm);
}

int himpi_alltoall_native_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                                MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                MPI_Datatype recvtype, MPI_Comm comm, const int *blocks,
                                int segsize)
{
    (void)segsize;
    const himpi_coll_args a = {.sendbuf = sendbuf, .sendcount = sendcount, .sendtype = sendtype,
                               .recvbuf = recvbuf, .recvcount = recvcount, .recvtype = recvtype,
                               .op = MPI_OP_NULL, .root = -1};
    return native_build(sched, HIMPI_OP_ALLTOALL, &a, blocks, comm);
}

int himpi_gatherv_native_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                               MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                               const int *displs, MPI_Datatype recvtype, int root, MPI_Comm comm,
                               int segsize)
{
    (void)segsize;
    const himpi_coll_args a = {.sendbuf = sendbuf, .sendcount = sendcount, .sendtype = sendtype,
                               .recvbuf = recvbuf, .recvtype = recvtype, .op = MPI_OP_NULL,
                               .root = root, .recvcounts = recvcounts, .displs = displs};
    return native_build(sched, HIMPI_OP_GATHERV, &a, NULL, comm);
}

int himpi_scatterv_native_build(himpi_sched *sched, const void *sendbuf, const int *sendcounts,
                                const int *displs, MPI_Datatype sendtype, void *recvbuf,
                                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                int segsize)
{
    (void)segsize;
    const himpi_coll_args a = {.sendbuf = sendbuf, .sendtype = sendtype, .recvbuf = recvbuf,
                               .recvcount = recvcount, .recvtype = recvtype, .op = MPI_OP_NULL,
                               .root = root, .sendcounts = sendcounts, .displs = displs};
    return native_build(sched, HIMPI_OP_SCATTERV, &a, NULL, comm);
}

int himpi_allgatherv_native_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                                  MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                                  const int *displs, MPI_Datatype recvtype, MPI_Comm comm,
                                  int segsize)
{
    (void)segsize;
    const himpi_coll_args a = {.sendbuf = sendbuf, .sendcount = sendcount, .sendtype = sendtype,
                               .recvbuf = recvbuf, .recvtype = recvtype, .op = MPI_OP_NULL,
                               .root = -1, .recvcounts = recvcounts, .displs = displs};
    return native_build(sched, HIMPI_OP_ALLGATHERV, &a, NULL, comm);
}

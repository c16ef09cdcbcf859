/* alltoall.c: the hierarchical alltoall driver, the aggregation of Open
 * MPI's HAN (Luo et al., 2020): every group gathers all its ranks' blocks
 * to its leader (its first rank); the leaders run an alltoall in which
 * leader a sends leader b, as one message, every block from a rank of
 * group a to a rank of group b; and each leader scatters to the ranks of
 * its group the blocks addressed to them.  Small messages then travel
 * between groups once per pair of groups instead of once per pair of
 * ranks.  The leaders rearrange the blocks twice, each with one copy
 * through an indexed datatype.  Groups in another order than the ranks'
 * work on the blocks permuted into group order.  Only the first level
 * that divides the communicator is used (doc/algorithms.md says why). */
#include <config.h>

#include <stdlib.h>

#include "coll/coll.h"
#include "core/alloc.h"
#include "hier/drivers.h"
#include "hier/levels.h"

/* Copies the n runs of src that start at displs[i] and hold lengths[i]
 * elements of type into dst one after the other, through one indexed
 * datatype, which the schedule keeps until it is freed. */
static int rearrange(himpi_sched *sched, const void *src, void *dst, int n, const int *displs,
                     const int *lengths, MPI_Datatype type)
{
    MPI_Datatype picked;
    int rc = MPI_Type_indexed(n, lengths, displs, type, &picked);
    if (rc != MPI_SUCCESS || (rc = MPI_Type_commit(&picked)) != MPI_SUCCESS)
        return rc;
    himpi_sched_keep_type(sched, &picked);
    int elements = 0;
    for (int i = 0; i < n; i++)
        elements += lengths[i];
    return himpi_sched_copy(sched, HIMPI_SCHED_FIRST, src, 1, picked, dst, elements, type, NULL);
}

/* A leader's part between the groups.  mine holds its group's n ranks'
 * blocks as gathered, [rank s of the group][position y of all p], which
 * go out as a chunk per group b of [s][y in b]; what arrives is a chunk
 * per group b of [s in b][y in this group], that is [position s][y], and
 * leaves as [y][s] in theirs, ready to scatter. */
static int exchange(himpi_sched *sched, const himpi_levels *l, const void *mine, int scount,
                    MPI_Datatype stype, void *theirs, int rcount, MPI_Datatype rtype,
                    HiMPI_Alg alg, int seg)
{
    int p = l->p, n = l->sizes[l->group], blocks = n * p, rc;
    int *a = himpi_alloc(2 * (size_t)blocks, sizeof *a, "block displacements");
    int *lengths = a + blocks;
    /* Out: for each group b, its n runs of sizes[b] blocks. */
    int k = 0;
    for (int b = 0, start = 0; start < p; start += l->sizes[b++])
        for (int s = 0; s < n; s++) {
            a[k] = (s * p + start) * scount;
            lengths[k++] = l->sizes[b] * scount;
        }
    void *out = himpi_sched_tmp(sched, blocks * scount, stype);
    void *in = himpi_sched_tmp(sched, blocks * rcount, rtype);
    rc = rearrange(sched, mine, out, k, a, lengths, stype);
    /* Even groups exchange chunks of n * n blocks: a plain alltoall, which
     * the library runs as MPI_Alltoall (and its persistent form) rather
     * than MPI_Alltoallv. */
    int even = 1;
    for (int b = 0; b < l->layout->g; b++)
        even &= l->sizes[b] == n;
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_fence(sched);
    if (rc == MPI_SUCCESS)
        rc = himpi_coll(HIMPI_OP_ALLTOALL, alg)
                 .alltoall(sched, out, even ? n * n * scount : scount, stype, in,
                           even ? n * n * rcount : rcount, rtype, l->outer,
                           even ? NULL : l->sizes, seg);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_fence(sched);
    /* In: the transpose. */
    k = 0;
    for (int y = 0; y < n; y++)
        for (int s = 0; s < p; s++) {
            a[k] = (s * n + y) * rcount;
            lengths[k++] = rcount;
        }
    if (rc == MPI_SUCCESS)
        rc = rearrange(sched, in, theirs, k, a, lengths, rtype);
    free(a);
    return rc;
}

static int alltoall_plan(himpi_sched *sched, const void *sendbuf, int sendcount,
                         MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, MPI_Comm comm, const HiMPI_Plan *plan)
{
    himpi_levels l;
    HiMPI_Alg flat;
    int rc, seg = plan->segment_size, depth = 0;
    if ((rc = himpi_levels_next(comm, plan, &depth, -1, 0, &l, &flat)) != MPI_SUCCESS)
        return rc;
    if (flat != HIMPI_ALG_COUNT)
        return himpi_coll(HIMPI_OP_ALLTOALL, flat)
            .alltoall(sched, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                      NULL, seg);
    /* In place, the blocks come from recvbuf, all gathered before the
     * scatter overwrites it. */
    if (sendbuf == MPI_IN_PLACE) {
        sendbuf = recvbuf;
        sendcount = recvcount;
        sendtype = recvtype;
    }
    int p = l.p, n = l.sizes[l.group], leader = l.rank == l.start;
    /* Groups in another order than the ranks': the blocks in group order. */
    void *ordered_recv = NULL, *result = recvbuf;
    if (l.layout->perm != NULL) {
        void *ordered_send = himpi_sched_tmp(sched, p * sendcount, sendtype);
        ordered_recv = himpi_sched_tmp(sched, p * recvcount, recvtype);
        if ((rc = himpi_levels_permute_build(sched, &l, sendbuf, ordered_send, sendcount,
                                             sendtype, 1)) != MPI_SUCCESS ||
            (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
            return rc;
        sendbuf = ordered_send;
        recvbuf = ordered_recv;
    }
    void *mine = leader ? himpi_sched_tmp(sched, n * p * sendcount, sendtype) : NULL;
    void *theirs = leader ? himpi_sched_tmp(sched, n * p * recvcount, recvtype) : NULL;
    if ((rc = himpi_coll(HIMPI_OP_GATHER, HIMPI_ALG_NATIVE)
                  .gather(sched, sendbuf, p * sendcount, sendtype, mine, p * sendcount, sendtype,
                          0, l.inner, NULL, seg)) != MPI_SUCCESS ||
        (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    if (leader && ((rc = exchange(sched, &l, mine, sendcount, sendtype, theirs, recvcount,
                                  recvtype, plan->level[depth].alg, seg)) != MPI_SUCCESS ||
                   (rc = himpi_sched_fence(sched)) != MPI_SUCCESS))
        return rc;
    if ((rc = himpi_coll(HIMPI_OP_SCATTER, HIMPI_ALG_NATIVE)
                  .scatter(sched, theirs, p * recvcount, recvtype, recvbuf, p * recvcount,
                           recvtype, 0, l.inner, NULL, seg)) != MPI_SUCCESS ||
        ordered_recv == NULL || (rc = himpi_sched_fence(sched)) != MPI_SUCCESS)
        return rc;
    return himpi_levels_permute_build(sched, &l, ordered_recv, result, recvcount, recvtype, 0);
}

int himpi_hier_alltoall(himpi_sched *sched, const himpi_coll_args *a, MPI_Comm comm,
                        const HiMPI_Plan *plan)
{
    return alltoall_plan(sched, a->sendbuf, a->sendcount, a->sendtype, a->recvbuf, a->recvcount,
                         a->recvtype, comm, plan);
}

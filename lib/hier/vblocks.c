/* vblocks.c: the blocks of a v-variant's vector side on one level. */
#include <config.h>

#include "core/typed.h"
#include "hier/vblocks.h"

void himpi_vblocks_init(himpi_sched *sched, himpi_vblocks *b, const himpi_levels *l,
                        const int *counts, const int *displs, MPI_Datatype datatype)
{
    int p = l->p, g = l->layout->g, unit;
    int *a = himpi_sched_memory(sched, (size_t)(3 * p + 4 * g) * sizeof *a);
    const int *perm = l->layout->perm, *starts = l->layout->starts;
    MPI_Type_size(datatype, &unit);
    *b = (himpi_vblocks){datatype,         g,
                         starts,           a,
                         a + p,            a + 2 * p,
                         a + 3 * p,        a + 3 * p + g,
                         a + 3 * p + 2 * g, a + 3 * p + 3 * g,
                         1};
    for (int r = 0; r < p; r++) {
        int q = perm != NULL ? perm[r] : r;
        b->count[q] = counts[r];
        b->displ[q] = displs[r];
        b->bytes[q] = counts[r] * unit;
    }
    for (int k = 0, at = 0; k < g; k++) {
        /* One run if each block with elements starts where the one before it ended. */
        int end = 0, started = 0;
        for (int q = starts[k]; q < starts[k + 1]; q++) {
            if (b->count[q] == 0)
                continue;
            if (!started)
                b->first[k] = end = b->displ[q];
            b->runs &= b->displ[q] == end;
            started = 1;
            end = b->displ[q] + b->count[q];
            b->total[k] += b->count[q];
            b->packed[k] += b->bytes[q];
        }
        b->at[k] = at;
        at += b->packed[k];
    }
}

int himpi_vblocks_copy_build(himpi_sched *sched, const himpi_vblocks *b, int k, void *buf,
                             void *packed, int unpack)
{
    int rc = MPI_SUCCESS;
    char *bytes = (char *)packed + b->at[k];
    for (int q = b->starts[k]; q < b->starts[k + 1] && rc == MPI_SUCCESS; q++) {
        void *place = himpi_at(buf, b->displ[q], b->type);
        rc = unpack ? himpi_sched_copy(sched, HIMPI_SCHED_FIRST, bytes, b->bytes[q], MPI_BYTE,
                                       place, b->count[q], b->type, NULL)
                    : himpi_sched_copy(sched, HIMPI_SCHED_FIRST, place, b->count[q], b->type,
                                       bytes, b->bytes[q], MPI_BYTE, NULL);
        bytes += b->bytes[q];
    }
    return rc;
}

/* The root's scatterv of every group's sizes (b's bytes) to the group's
 * leader (into sizes), among the leaders: a schedule of its own, run now.
 * Its collective is the nonblocking one, so that the wait progresses the
 * requests under way, which another leader may need before it gets here. */
static int share_sizes(const himpi_levels *l, const himpi_vblocks *b, int *sizes)
{
    int at_root = l->rank == l->root;
    const himpi_coll_args a = {.sendbuf = at_root ? b->bytes : NULL,
                               .sendtype = MPI_INT,
                               .recvbuf = at_root ? MPI_IN_PLACE : sizes,
                               .recvcount = l->sizes[l->group],
                               .recvtype = MPI_INT,
                               .op = MPI_OP_NULL,
                               .root = l->root_group};
    const himpi_sched_counts counts = {.sendcounts = l->sizes, .sdispls = l->layout->starts};
    himpi_sched *exchange;
    himpi_sched_create(&exchange);
    return himpi_sched_finish(&exchange, himpi_sched_coll(exchange, HIMPI_SCHED_FIRST,
                                                          HIMPI_OP_SCATTER, &a, &counts,
                                                          l->outer, NULL));
}

int himpi_vlevel_build(himpi_sched *sched, himpi_vlevel *v, const himpi_levels *l,
                       const int *counts, const int *displs, MPI_Datatype datatype)
{
    int at_root = l->rank == l->root, size = l->sizes[l->group], rc = MPI_SUCCESS;
    *v = (himpi_vlevel){.b = {.count = NULL}};
    if (at_root) {
        himpi_vblocks_init(sched, &v->b, l, counts, displs, datatype);
        if (!v->b.runs)
            v->packed =
                himpi_sched_tmp(sched, v->b.at[v->b.g - 1] + v->b.packed[v->b.g - 1], MPI_BYTE);
    }
    if (l->group != l->root_group && l->rank == l->start) {
        v->sizes = himpi_sched_memory(sched, 2 * (size_t)size * sizeof *v->sizes);
        v->at = v->sizes + size;
    }
    if (l->outer != MPI_COMM_NULL)
        rc = share_sizes(l, &v->b, v->sizes);
    for (int q = 0; v->sizes != NULL && q < size; q++) {
        v->at[q] = v->bytes;
        v->bytes += v->sizes[q];
    }
    if (v->sizes != NULL)
        v->blocks = himpi_sched_tmp(sched, v->bytes, MPI_BYTE);
    return rc;
}

/* vblocks.c: the blocks of a v-variant's vector side on one level. */
#include <config.h>

#include "coll/algorithms.h"
#include "hier/vblocks.h"

void himpi_vblocks_init(himpi_vblocks *b, const himpi_levels *l, const int *counts,
                        const int *displs, MPI_Datatype datatype)
{
    int p = l->p, g = l->layout->g, unit, *a = himpi_tmp_alloc(3 * p + 4 * g, MPI_INT);
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
        b->total[k] = b->first[k] = b->packed[k] = 0;
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

void himpi_vblocks_free(himpi_vblocks *b)
{
    himpi_tmp_free(b->count, MPI_INT);
}

int himpi_vblocks_copy(const himpi_vblocks *b, int k, void *buf, void *packed, int unpack)
{
    int rc = MPI_SUCCESS;
    char *bytes = (char *)packed + b->at[k];
    for (int q = b->starts[k]; q < b->starts[k + 1] && rc == MPI_SUCCESS; q++) {
        void *place = himpi_at(buf, b->displ[q], b->type);
        rc = unpack ? himpi_copy(bytes, b->bytes[q], MPI_BYTE, place, b->count[q], b->type)
                    : himpi_copy(place, b->count[q], b->type, bytes, b->bytes[q], MPI_BYTE);
        bytes += b->bytes[q];
    }
    return rc;
}

int himpi_vlevel_begin(himpi_vlevel *v, const himpi_levels *l, const int *counts,
                       const int *displs, MPI_Datatype datatype)
{
    int at_root = l->rank == l->root, size = l->sizes[l->group], rc = MPI_SUCCESS;
    *v = (himpi_vlevel){.b = {.count = NULL}};
    if (at_root) {
        himpi_vblocks_init(&v->b, l, counts, displs, datatype);
        if (!v->b.runs)
            v->packed = himpi_tmp_alloc(v->b.at[v->b.g - 1] + v->b.packed[v->b.g - 1], MPI_BYTE);
    }
    if (l->group != l->root_group && l->rank == l->start) {
        v->sizes = himpi_tmp_alloc(2 * size, MPI_INT);
        v->at = v->sizes + size;
    }
    if (l->outer != MPI_COMM_NULL)
        rc = himpi_scatterv_native(at_root ? v->b.bytes : NULL, l->sizes, l->layout->starts,
                                   MPI_INT, at_root ? MPI_IN_PLACE : v->sizes, size, MPI_INT,
                                   l->root_group, l->outer, 0);
    for (int q = 0; v->sizes != NULL && q < size; q++) {
        v->at[q] = v->bytes;
        v->bytes += v->sizes[q];
    }
    if (v->sizes != NULL)
        v->blocks = himpi_tmp_alloc(v->bytes, MPI_BYTE);
    return rc;
}

void himpi_vlevel_end(himpi_vlevel *v)
{
    himpi_tmp_free(v->packed, MPI_BYTE);
    himpi_tmp_free(v->blocks, MPI_BYTE);
    himpi_tmp_free(v->sizes, MPI_INT);
    if (v->b.count != NULL)
        himpi_vblocks_free(&v->b);
}

/* candidates.c: the layouts a tuning run measures. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "hier/layout.h"
#include "topo/topo.h"
#include "tune/tune.h"

/* Each candidate's grouping of the ranks, as the group of every rank
 * numbered by first appearance, so that equal groupings compare equal. */
typedef struct {
    HiMPI_Candidate *list;
    int **groupings;
    int n, cap, p;
} pool;

static void normalise(int *colors, int p)
{
    int *seen = malloc((size_t)p * sizeof *seen), next = 0;
    for (int r = 0; seen != NULL && r < p; r++) {
        int k = 0;
        while (k < next && seen[k] != colors[r])
            k++;
        if (k == next)
            seen[next++] = colors[r];
        colors[r] = k;
    }
    free(seen);
}

/* Adds c with its grouping unless an earlier candidate groups alike or it
 * makes one group (the flat g = 1, always first, is added unchecked).  A
 * NULL grouping adds c unchecked (a two-level layout is a structure of its
 * own even where its last level groups like a one-level candidate).
 * Takes grouping.  Returns MPI_SUCCESS or MPI_ERR_NO_MEM. */
static int add(pool *pl, const HiMPI_Candidate *c, int *grouping)
{
    int skip = 0;
    if (grouping != NULL && pl->n > 0) {
        normalise(grouping, pl->p);
        skip = 1;
        for (int r = 0; r < pl->p; r++)
            skip &= grouping[r] == 0;
        for (int i = 0; i < pl->n && !skip; i++)
            skip = pl->groupings[i] != NULL &&
                   memcmp(pl->groupings[i], grouping, (size_t)pl->p * sizeof *grouping) == 0;
    }
    if (skip) {
        free(grouping);
        return MPI_SUCCESS;
    }
    if (pl->n == pl->cap) {
        int cap = pl->cap * 2 + 8;
        HiMPI_Candidate *list = realloc(pl->list, (size_t)cap * sizeof *list);
        int **groupings = list != NULL ? realloc(pl->groupings, (size_t)cap * sizeof *groupings)
                                       : NULL;
        if (list != NULL)
            pl->list = list;
        if (groupings == NULL) {
            free(grouping);
            return MPI_ERR_NO_MEM;
        }
        pl->groupings = groupings;
        pl->cap = cap;
    }
    pl->list[pl->n] = *c;
    pl->groupings[pl->n++] = grouping;
    return MPI_SUCCESS;
}

static int add_blocks(pool *pl, int g)
{
    int *grouping = malloc((size_t)pl->p * sizeof *grouping);
    if (grouping == NULL)
        return MPI_ERR_NO_MEM;
    for (int r = 0; r < pl->p; r++)
        grouping[r] = himpi_group_of(pl->p, g, r);
    HiMPI_Candidate c = {.levels = 1, .groups = {g}};
    return add(pl, &c, grouping);
}

/* The grouping of every rank at a hardware level, over comm. */
static int hardware_grouping(MPI_Comm comm, HiMPI_Hwlevel level, int p, int **grouping)
{
    int color, rc;
    if ((rc = himpi_topo_color(comm, level, &color)) != MPI_SUCCESS)
        return rc;
    *grouping = malloc((size_t)p * sizeof **grouping);
    int ok = *grouping != NULL;
    MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, comm);
    if (!ok) {
        free(*grouping);
        return MPI_ERR_NO_MEM;
    }
    return MPI_Allgather(&color, 1, MPI_INT, *grouping, 1, MPI_INT, comm);
}

/* Two hardware levels, outer above inner, kept when the inner level
 * splits some group of the outer one, which itself must divide the ranks. */
static int add_pair(pool *pl, HiMPI_Hwlevel outer, HiMPI_Hwlevel inner, const int *go,
                    const int *gi)
{
    int splits = 0, divides = 0;
    for (int r = 0; r < pl->p; r++) {
        divides |= go[r] != go[0];
        for (int q = 0; q < r; q++)
            splits |= go[q] == go[r] && gi[q] != gi[r];
    }
    if (!splits || !divides)
        return MPI_SUCCESS;
    HiMPI_Candidate c = {.levels = 2, .groups = {0, 0}, .hw = {outer, inner}};
    return add(pl, &c, NULL);
}

int himpi_candidates(MPI_Comm comm, const HiMPI_Tuner *tuner, HiMPI_Candidate **out, int *n)
{
    pool pl = {NULL, NULL, 0, 0, 0};
    MPI_Comm_size(comm, &pl.p);
    int rc = add_blocks(&pl, 1);
    if (tuner->groups == NULL)
        for (int g = 2; g <= pl.p && rc == MPI_SUCCESS; g++)
            rc = add_blocks(&pl, g);
    for (int i = 0; tuner->groups != NULL && i < tuner->ngroups && rc == MPI_SUCCESS; i++)
        if (tuner->groups[i] > 1 && tuner->groups[i] <= pl.p)
            rc = add_blocks(&pl, tuner->groups[i]);
    int *hw[HIMPI_HW_COUNT] = {NULL};
    for (int h = 0; tuner->levels > 0 && h < HIMPI_HW_COUNT && rc == MPI_SUCCESS; h++) {
        rc = hardware_grouping(comm, (HiMPI_Hwlevel)h, pl.p, &hw[h]);
        int *copy = rc == MPI_SUCCESS ? malloc((size_t)pl.p * sizeof *copy) : NULL;
        if (rc == MPI_SUCCESS && copy == NULL)
            rc = MPI_ERR_NO_MEM;
        if (rc == MPI_SUCCESS) {
            memcpy(copy, hw[h], (size_t)pl.p * sizeof *copy);
            normalise(hw[h], pl.p);
            HiMPI_Candidate c = {.levels = 1, .groups = {0}, .hw = {(HiMPI_Hwlevel)h}};
            rc = add(&pl, &c, copy);
        }
    }
    for (int a = 0; tuner->levels > 1 && a < HIMPI_HW_COUNT && rc == MPI_SUCCESS; a++)
        for (int b = a + 1; b < HIMPI_HW_COUNT && rc == MPI_SUCCESS; b++)
            rc = add_pair(&pl, (HiMPI_Hwlevel)a, (HiMPI_Hwlevel)b, hw[a], hw[b]);
    for (int h = 0; h < HIMPI_HW_COUNT; h++)
        free(hw[h]);
    for (int i = 0; i < pl.n; i++)
        free(pl.groupings[i]);
    free(pl.groupings);
    if (rc != MPI_SUCCESS) {
        free(pl.list);
        return rc;
    }
    *out = pl.list;
    *n = pl.n;
    return MPI_SUCCESS;
}

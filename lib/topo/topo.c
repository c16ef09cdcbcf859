/* topo.c: the collective queries of topo.h: this process's place, read
 * once and kept until MPI_Finalize, the paths and colors gathered over a
 * communicator, and the pure comparisons of paths and keys behind them. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpib.h"
#include "core/alloc.h"
#include "core/setup_lock.h"
#include "topo/topo.h"

/* ---------------------------------------------------------------------- */
/* Paths and keys                                                           */
/* ---------------------------------------------------------------------- */

int himpi_topo_common(int n, const himpi_topo_step *const path[], const int length[])
{
    int common = -1;
    for (int l = 0; n > 0; l++) {
        for (int i = 0; i < n; i++)
            if (length[i] <= l || path[i][l].id < 0 || path[i][l].kind != path[0][l].kind ||
                path[i][l].id != path[0][l].id)
                return common;
        common = l;
    }
    return common;
}

/* For himpi_topo_match: keys sorted with their owners, so that equal keys
 * meet in O(n log n). */
typedef struct {
    const long long *key;
    int width, owner;
} keyed;

static int compare_keys(const long long *a, const long long *b, int width)
{
    for (int c = 0; c < width; c++)
        if (a[c] != b[c])
            return a[c] < b[c] ? -1 : 1;
    return 0;
}

static int compare_keyed(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    int c = compare_keys(x->key, y->key, x->width);
    return c != 0 ? c : (x->owner > y->owner) - (x->owner < y->owner);
}

void himpi_topo_match(int n, const long long *keys, int width, int *colors)
{
    keyed *sorted = himpi_alloc((size_t)n, sizeof *sorted, "topology keys");
    for (int i = 0; i < n; i++)
        sorted[i] = (keyed){keys + (size_t)i * (size_t)width, width, i};
    qsort(sorted, (size_t)n, sizeof *sorted, compare_keyed);
    for (int i = 0; i < n; i++) {
        const long long *key = sorted[i].key;
        int negative = 0;
        for (int c = 0; c < width; c++)
            negative |= key[c] < 0;
        /* Owners ascend among equal keys: the first of a run is the lowest. */
        int same = i > 0 && compare_keys(key, sorted[i - 1].key, width) == 0;
        colors[sorted[i].owner] = negative ? -1 : same ? colors[sorted[i - 1].owner]
                                                      : sorted[i].owner;
    }
    free(sorted);
}

/* ---------------------------------------------------------------------- */
/* This process, and the collective queries                                */
/* ---------------------------------------------------------------------- */

static himpi_topo_place *place; /* NULL until read */
static int finalize_keyval = MPI_KEYVAL_INVALID;

void himpi_topo_reset(void)
{
    if (place != NULL)
        himpi_topo_place_free(place);
    free(place);
    place = NULL;
}

/* MPI deletes MPI_COMM_SELF's attributes first thing in MPI_Finalize: the
 * moment to let go of the topology. */
static int at_finalize(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)value, (void)extra;
    himpi_topo_reset();
    MPI_Comm_free_keyval(&finalize_keyval);
    return MPI_SUCCESS;
}

/* Reads this process's place; read_place's part under the set-up lock. */
static int read_place_locked(char *err, size_t errlen)
{
    if (place != NULL)
        return MPI_SUCCESS;
    int rc = MPI_SUCCESS, rank;
    if (finalize_keyval == MPI_KEYVAL_INVALID &&
        ((rc = MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_finalize, &finalize_keyval,
                                      NULL)) != MPI_SUCCESS ||
         (rc = MPI_Comm_set_attr(MPI_COMM_SELF, finalize_keyval, NULL)) != MPI_SUCCESS)) {
        snprintf(err, errlen, "cannot attach the topology to MPI_COMM_SELF");
        return rc;
    }
    if ((place = malloc(sizeof *place)) == NULL) {
        snprintf(err, errlen, "out of memory for the topology");
        return MPI_ERR_NO_MEM;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    rc = himpi_topo_place_init(place, getenv("HIMPI_TOPOLOGY"), getenv("HIMPI_BINDING"), rank,
                               err, errlen);
    if (rc != MPI_SUCCESS)
        himpi_topo_reset();
    return rc;
}

/* Reads this process's place if it has not been read yet.  Threads that
 * set up communicators at once read it once, under the set-up lock
 * (core/setup_lock.h): reading it is local. */
static int read_place(char *err, size_t errlen)
{
    himpi_setup_lock();
    int rc = read_place_locked(err, errlen);
    himpi_setup_unlock();
    return rc;
}

int himpi_topo_node(hwloc_topology_t *topo, char *err, size_t errlen)
{
    int rc = read_place(err, errlen);
    *topo = rc == MPI_SUCCESS ? place->topo : NULL;
    return rc;
}

/* On the real machine, the node: the lowest rank of comm that shares this
 * rank's memory, which every rank of the node finds alike. */
static int real_node(MPI_Comm comm, int rank, long long *node)
{
    MPI_Comm shared;
    int lowest, rc = MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &shared);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = MPIB_Allreduce(&rank, &lowest, 1, MPI_INT, MPI_MIN, shared);
    MPI_Comm_free(&shared);
    *node = lowest;
    return rc;
}

/* The steps this rank contributes: its whole path if all, else its node
 * and its step at kind. */
static void my_steps(long long node, int all, himpi_topo_kind kind, himpi_topo_step *steps)
{
    if (all) {
        himpi_topo_path(&place->levels, place->topo, place->binding, node, steps);
        return;
    }
    steps[0] = (himpi_topo_step){HIMPI_TOPO_NODE, node};
    if (kind == HIMPI_TOPO_CLUSTER || kind == HIMPI_TOPO_NODE)
        steps[1] = (himpi_topo_step){kind, 0};
    else
        steps[1] = himpi_topo_step_of(&place->levels, place->topo, place->binding, kind);
}

/* Reports a message on stderr, once: a program that queries the topology
 * again after a failure should not repeat it. */
static void report(const char *message)
{
    static char last[512];
    if (strcmp(message, last) == 0)
        return;
    fprintf(stderr, "himpi: %s\n", message);
    snprintf(last, sizeof last, "%s", message);
}

/* The outcome of reading the place on every rank: MPI_SUCCESS if all read
 * it alike, or the error, which the lowest failing rank reports. */
static int check_places(const int *status, int p, int rank, int mine, const char *err)
{
    int failed = -1, mixed = 0;
    for (int r = 0; r < p; r++) {
        if (failed < 0 && status[3 * r] != MPI_SUCCESS)
            failed = r;
        mixed |= status[3 * r + 1] != status[1];
    }
    if (failed >= 0) {
        if (failed == rank)
            report(err);
        return mine != MPI_SUCCESS ? mine : status[3 * failed];
    }
    if (mixed) {
        if (rank == 0)
            report("HIMPI_TOPOLOGY is set on some ranks only");
        return MPI_ERR_ARG;
    }
    return MPI_SUCCESS;
}

/* The first exchange: (status, on the real machine?, number of steps)
 * from each rank into status[3 * p], which also tells every rank whether
 * any failed, so that all return alike. */
static int exchange_status(MPI_Comm comm, int p, int rank, int all, int *status)
{
    char err[512] = "";
    int rc = read_place(err, sizeof err);
    int mine[3] = {rc, rc == MPI_SUCCESS && place->node < 0,
                   rc != MPI_SUCCESS ? 0 : all ? place->levels.n : 2};
    if ((rc = MPI_Allgather(mine, 3, MPI_INT, status, 3, MPI_INT, comm)) != MPI_SUCCESS)
        return rc;
    return check_places(status, p, rank, mine[0], err);
}

/* The second: every rank's steps, as many as status says. */
static int exchange_steps(MPI_Comm comm, const int *status, long long node, int all,
                          himpi_topo_kind kind, himpi_topo_paths *paths)
{
    int p = paths->p, rank, total = 0;
    MPI_Comm_rank(comm, &rank);
    int *counts = himpi_alloc((size_t)p * 2, sizeof *counts, "counts and displacements"),
        *displs = counts + p;
    for (int r = 0; r < p; r++) {
        paths->length[r] = status[3 * r + 2];
        counts[r] = 2 * paths->length[r]; /* two long longs a step */
        displs[r] = 2 * total;
        total += paths->length[r];
    }
    himpi_topo_step *steps = himpi_alloc((size_t)paths->length[rank], sizeof *steps, "a path");
    paths->steps = himpi_alloc((size_t)total, sizeof *paths->steps, "the paths");
    my_steps(node, all, kind, steps);
    int rc = MPI_Allgatherv(steps, counts[rank], MPI_LONG_LONG, paths->steps, counts, displs,
                            MPI_LONG_LONG, comm);
    for (int r = 0; rc == MPI_SUCCESS && r < p; r++)
        paths->path[r] = paths->steps + displs[r] / 2;
    free(steps);
    free(counts);
    return rc;
}

/* Gathers every rank's whole path (all) or its node and its step at kind. */
static int gather(MPI_Comm comm, int all, himpi_topo_kind kind, himpi_topo_paths *paths)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    *paths = (himpi_topo_paths){p, NULL, NULL, NULL};
    int *status = himpi_alloc((size_t)p * 3, sizeof *status, "the ranks' status");
    paths->length = himpi_alloc((size_t)p, sizeof *paths->length, "the paths");
    paths->path = himpi_alloc((size_t)p, sizeof *paths->path, "the paths");
    int rc = exchange_status(comm, p, rank, all, status);
    long long node = rc == MPI_SUCCESS ? place->node : -1;
    if (rc == MPI_SUCCESS && status[3 * rank + 1])
        rc = real_node(comm, rank, &node);
    if (rc == MPI_SUCCESS)
        rc = exchange_steps(comm, status, node, all, kind, paths);
    free(status);
    return rc;
}

int himpi_topo_paths_gather(MPI_Comm comm, himpi_topo_paths *paths)
{
    return gather(comm, 1, HIMPI_TOPO_CLUSTER, paths);
}

void himpi_topo_paths_free(himpi_topo_paths *paths)
{
    free(paths->length);
    free(paths->path);
    free(paths->steps);
    *paths = (himpi_topo_paths){0, NULL, NULL, NULL};
}

int himpi_topo_colors(MPI_Comm comm, himpi_topo_kind kind, int *colors)
{
    if (kind < HIMPI_TOPO_CLUSTER || kind >= HIMPI_TOPO_GROUP)
        return MPI_ERR_ARG;
    himpi_topo_paths paths;
    int rc = gather(comm, 0, kind, &paths);
    long long *keys =
        rc == MPI_SUCCESS ? himpi_alloc((size_t)paths.p * 2, sizeof *keys, "topology keys") : NULL;
    for (int r = 0; rc == MPI_SUCCESS && r < paths.p; r++) {
        /* The cluster spans the nodes; every other object lies in one. */
        keys[2 * r] = kind == HIMPI_TOPO_CLUSTER ? 0 : paths.path[r][0].id;
        keys[2 * r + 1] = paths.path[r][1].id;
    }
    if (rc == MPI_SUCCESS)
        himpi_topo_match(paths.p, keys, 2, colors);
    free(keys);
    himpi_topo_paths_free(&paths);
    return rc;
}

int himpi_topo_color(MPI_Comm comm, HiMPI_Hwlevel level, int *color)
{
    if (level < 0 || level >= HIMPI_HW_COUNT || color == NULL)
        return MPI_ERR_ARG;
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int *colors = himpi_alloc((size_t)p, sizeof *colors, "the ranks' colors");
    int rc = himpi_topo_colors(comm, himpi_topo_kind_of(level), colors);
    if (rc == MPI_SUCCESS)
        *color = colors[rank];
    free(colors);
    return rc;
}

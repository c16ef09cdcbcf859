/* hsplit.c: hierarchical communicators (Goglin, Jeannot, Mansouri, Mercier
 * 2018), over the topology of topo.h. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "himpi.h"
#include "mpib.h"
#include "core/alloc.h"
#include "core/setup_lock.h"
#include "core/validate.h"
#include "topo/topo.h"

/* ---------------------------------------------------------------------- */
/* Level information, an attribute of each communicator hsplit makes       */
/* ---------------------------------------------------------------------- */

typedef struct hlevel_info {
    int num_comms, index;
    char type[HIMPI_HLEVEL_NAME_MAX];
} hlevel_info;

static atomic_int info_keyval = MPI_KEYVAL_INVALID;
static int finalize_keyval = MPI_KEYVAL_INVALID;

static int delete_info(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)extra;
    free(value);
    return MPI_SUCCESS;
}

/* At the start of MPI_Finalize (MPI_COMM_SELF's attributes go first), the
 * keyvals go; MPI frees the key itself once no communicator uses it. */
static int at_finalize(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)value, (void)extra;
    himpi_keyval_free(&info_keyval);
    MPI_Comm_free_keyval(&finalize_keyval);
    return MPI_SUCCESS;
}

/* A duplicate is not the product of a split: the info stays behind
 * (MPI_COMM_NULL_COPY_FN). */
static int info_keyval_get(void)
{
    return himpi_keyval_once(&info_keyval, delete_info, &finalize_keyval, at_finalize);
}

static int attach_info(MPI_Comm comm, int num_comms, int index, const char *type)
{
    hlevel_info *info = malloc(sizeof *info);
    if (info == NULL)
        return MPI_ERR_NO_MEM;
    *info = (hlevel_info){num_comms, index, ""};
    snprintf(info->type, sizeof info->type, "%s", type);
    int rc = info_keyval_get();
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_set_attr(comm, himpi_keyval_get(&info_keyval), info);
    if (rc != MPI_SUCCESS)
        free(info);
    return rc;
}

/* Copies name into type (len bytes with the NUL), cut if need be. */
static void copy_name(char *type, int len, const char *name)
{
    snprintf(type, (size_t)len, "%s", name);
}

int HiMPI_Comm_get_hlevel_info(MPI_Comm comm, int *num_comms, int *index, char *type, int len)
{
    int size, rank, found = 0, rc = himpi_check_comm(comm, &size, &rank);
    if (rc != MPI_SUCCESS)
        return rc;
    if (num_comms == NULL || index == NULL || type == NULL || len < 1)
        return MPI_ERR_ARG;
    hlevel_info *info = NULL;
    int key = himpi_keyval_get(&info_keyval);
    if (key != MPI_KEYVAL_INVALID && (rc = MPI_Comm_get_attr(comm, key, &info, &found)) != MPI_SUCCESS)
        return rc;
    if (!found)
        return MPI_ERR_COMM;
    *num_comms = info->num_comms;
    *index = info->index;
    copy_name(type, len, info->type);
    return MPI_SUCCESS;
}

/* ---------------------------------------------------------------------- */
/* Splitting                                                                */
/* ---------------------------------------------------------------------- */

/* The level the info object asks for: *named = 0 if it asks for none. */
static int requested_level(MPI_Info info, int *named, himpi_topo_kind *kind)
{
    *named = 0;
    if (info == MPI_INFO_NULL)
        return MPI_SUCCESS;
    char value[HIMPI_HLEVEL_NAME_MAX];
    int length, rc = MPI_Info_get_valuelen(info, HIMPI_INFO_HLEVEL, &length, named);
    if (rc != MPI_SUCCESS || !*named)
        return rc;
    /* A longer value names no level: reading it cut could match one. */
    if (length >= (int)sizeof value)
        return MPI_ERR_ARG;
    if ((rc = MPI_Info_get(info, HIMPI_INFO_HLEVEL, (int)sizeof value - 1, value, named)) !=
        MPI_SUCCESS)
        return rc;
    return himpi_topo_kind_from_name(value, kind);
}

/* Every rank's color for a split at a named level: the ranks that share an
 * object of that level, or none (-1 everywhere) when all of comm shares
 * one, since the level is then not below the one that holds comm. */
static int named_colors(MPI_Comm comm, int p, himpi_topo_kind kind, int *colors)
{
    int rc = himpi_topo_colors(comm, kind, colors);
    int shared = rc == MPI_SUCCESS && colors[0] == 0;
    for (int r = 1; shared && r < p; r++)
        shared = colors[r] == 0;
    for (int r = 0; shared && r < p; r++)
        colors[r] = -1;
    return rc;
}

/* Every rank's color for a split at the highest level below the deepest
 * one that holds all of comm (by node if comm spans nodes), and the name
 * of this rank's level (NULL if it gets no communicator). */
static int hierarchy_colors(MPI_Comm comm, int p, int rank, int *colors, const char **name)
{
    himpi_topo_paths paths;
    int rc = himpi_topo_paths_gather(comm, &paths);
    long long *keys =
        rc == MPI_SUCCESS ? himpi_alloc((size_t)p * 2, sizeof *keys, "topology keys") : NULL;
    if (rc == MPI_SUCCESS) {
        int below = himpi_topo_common(p, (const himpi_topo_step *const *)paths.path,
                                      paths.length) + 1;
        for (int r = 0; r < p; r++) {
            int has = below < paths.length[r];
            keys[2 * r] = has ? paths.path[r][below].kind : -1;
            keys[2 * r + 1] = has ? paths.path[r][below].id : -1;
        }
        himpi_topo_match(p, keys, 2, colors);
        *name = colors[rank] >= 0 ? himpi_topo_kind_name(
                                        (himpi_topo_kind)paths.path[rank][below].kind)
                                  : NULL;
    }
    free(keys);
    himpi_topo_paths_free(&paths);
    return rc;
}

/* How many communicators the colors make (a color is its communicator's
 * lowest rank), and the index of color among them by lowest rank. */
static void count_comms(const int *colors, int p, int color, int *num_comms, int *index)
{
    *num_comms = *index = 0;
    for (int r = 0; r < p; r++)
        if (colors[r] == r) {
            *index += r < color;
            (*num_comms)++;
        }
}

/* An argument error on any rank makes every rank fail, with its own error
 * or the largest class among the others', rather than leave the others
 * waiting in the split. */
static int agree(MPI_Comm comm, int rc)
{
    int worst;
    int agreed = MPIB_Allreduce(&rc, &worst, 1, MPI_INT, MPI_MAX, comm);
    if (agreed != MPI_SUCCESS)
        return agreed;
    return rc != MPI_SUCCESS ? rc : worst;
}

static int hsplit(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm, int with_roots,
                  MPI_Comm *rootscomm)
{
    int p, rank, named = 0, rc = himpi_check_comm(comm, &p, &rank);
    if (rc != MPI_SUCCESS)
        return rc;
    himpi_topo_kind kind = HIMPI_TOPO_CLUSTER;
    if (newcomm == NULL || (with_roots && rootscomm == NULL))
        rc = MPI_ERR_ARG;
    else
        rc = requested_level(info, &named, &kind);
    if ((rc = agree(comm, rc)) != MPI_SUCCESS)
        return rc;
    int *colors = himpi_alloc((size_t)p, sizeof *colors, "the ranks' colors");
    const char *name = himpi_topo_kind_name(kind);
    rc = named ? named_colors(comm, p, kind, colors)
               : hierarchy_colors(comm, p, rank, colors, &name);
    int color = rc == MPI_SUCCESS ? colors[rank] : -1;
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_split(comm, color >= 0 ? color : MPI_UNDEFINED, rank, newcomm);
    if (rc == MPI_SUCCESS && color >= 0) {
        int num_comms, index;
        count_comms(colors, p, color, &num_comms, &index);
        if ((rc = attach_info(*newcomm, num_comms, index, name)) != MPI_SUCCESS)
            MPI_Comm_free(newcomm);
    }
    /* A root is the lowest rank of its communicator, i.e. its color. */
    if (rc == MPI_SUCCESS && with_roots)
        rc = MPI_Comm_split(comm, color == rank ? 0 : MPI_UNDEFINED, rank, rootscomm);
    free(colors);
    return rc;
}

int HiMPI_Comm_hsplit(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm)
{
    return hsplit(comm, info, newcomm, 0, NULL);
}

int HiMPI_Comm_hsplit_with_roots(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm,
                                 MPI_Comm *rootscomm)
{
    return hsplit(comm, info, newcomm, 1, rootscomm);
}

int HiMPI_Comm_get_min_hlevel(MPI_Comm comm, int nranks, const int ranks[], char *type, int len)
{
    int p, rank, rc = himpi_check_comm(comm, &p, &rank);
    if (rc != MPI_SUCCESS)
        return rc;
    /* Every rank gathers, whatever its list, so that a bad list fails on
     * its own rank and leaves no other rank waiting. */
    himpi_topo_paths paths;
    rc = himpi_topo_paths_gather(comm, &paths);
    if (rc == MPI_SUCCESS && (nranks <= 0 || ranks == NULL || type == NULL || len < 1))
        rc = MPI_ERR_ARG;
    for (int i = 0; rc == MPI_SUCCESS && i < nranks; i++)
        if (ranks[i] < 0 || ranks[i] >= p)
            rc = MPI_ERR_RANK;
    const himpi_topo_step **listed =
        rc == MPI_SUCCESS ? malloc((size_t)nranks * sizeof *listed) : NULL;
    int *length = rc == MPI_SUCCESS ? malloc((size_t)nranks * sizeof *length) : NULL;
    if (rc == MPI_SUCCESS && (listed == NULL || length == NULL))
        rc = MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS) {
        for (int i = 0; i < nranks; i++) {
            listed[i] = paths.path[ranks[i]];
            length[i] = paths.length[ranks[i]];
        }
        int common = himpi_topo_common(nranks, listed, length);
        copy_name(type, len,
                  himpi_topo_kind_name(common < 0 ? HIMPI_TOPO_CLUSTER
                                                  : (himpi_topo_kind)listed[0][common].kind));
    }
    free(listed);
    free(length);
    himpi_topo_paths_free(&paths);
    return rc;
}

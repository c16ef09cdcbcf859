/* place.c: placement: the scatter order of the PUs, the PU that each
 * binding policy gives a rank, and the place of a process (its topology,
 * levels, pretend node and binding), on a pretend topology or the real
 * machine. */
#include <config.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "topo/pretend.h"
#include "topo/topo.h"

/* ---------------------------------------------------------------------- */
/* Scatter                                                                  */
/* ---------------------------------------------------------------------- */

/* Writes the scatter order of the PUs below obj (logical indices) to out,
 * which has room for all of them: one PU of each child in turn, each
 * child's PUs in its own scatter order.  Returns how many, or -1. */
static int scatter_below(hwloc_obj_t obj, int *out)
{
    if (obj->arity == 0) {
        if (obj->type != HWLOC_OBJ_PU)
            return 0;
        out[0] = (int)obj->logical_index;
        return 1;
    }
    int room = hwloc_bitmap_weight(obj->cpuset);
    int *orders = malloc((size_t)(room > 0 ? room : 1) * sizeof *orders);
    int *start = malloc(((size_t)obj->arity + 1) * sizeof *start);
    int n = orders != NULL && start != NULL ? 0 : -1;
    if (n == 0)
        start[0] = 0;
    for (unsigned k = 0; n == 0 && k < obj->arity; k++) {
        int got = scatter_below(obj->children[k], orders + start[k]);
        n = got < 0 ? -1 : 0;
        start[k + 1] = start[k] + got;
    }
    if (n == 0)
        for (int round = 0; n < start[obj->arity]; round++)
            for (unsigned k = 0; k < obj->arity; k++)
                if (start[k] + round < start[k + 1])
                    out[n++] = orders[start[k] + round];
    free(orders);
    free(start);
    return n;
}

int himpi_topo_scatter_order(hwloc_topology_t topo, int nodes, int *order)
{
    int pus = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
    int *local = malloc((size_t)(pus > 0 ? pus : 1) * sizeof *local);
    if (local == NULL || scatter_below(hwloc_get_root_obj(topo), local) != pus) {
        free(local);
        return -1;
    }
    /* The nodes are the outermost level: they take turns first. */
    for (int r = 0; r < nodes * pus; r++)
        order[r] = r % nodes * pus + local[r / nodes];
    free(local);
    return 0;
}

/* ---------------------------------------------------------------------- */
/* The place of a process                                                   */
/* ---------------------------------------------------------------------- */

/* The binding the operating system gave this process, within the machine;
 * the whole machine if it has none (or none hwloc can tell). */
static void real_binding(hwloc_topology_t topo, hwloc_bitmap_t binding)
{
    hwloc_const_cpuset_t machine = hwloc_get_root_obj(topo)->cpuset;
    if (hwloc_get_cpubind(topo, binding, 0) != 0)
        hwloc_bitmap_zero(binding);
    hwloc_bitmap_and(binding, binding, machine);
    if (hwloc_bitmap_iszero(binding))
        hwloc_bitmap_copy(binding, machine);
}

/* The global PU of rank r under policy b; -1 (with a message) if the list
 * names a PU that does not exist. */
static int global_pu(const himpi_binding *b, hwloc_topology_t topo, int nodes, int pus, int r,
                     const char *value, char *err, size_t errlen)
{
    int total = nodes * pus, pu = r % total;
    if (b->policy == HIMPI_BIND_SCATTER) {
        int *order = malloc((size_t)total * sizeof *order);
        if (order == NULL || himpi_topo_scatter_order(topo, nodes, order) != 0) {
            free(order);
            snprintf(err, errlen, "out of memory for HIMPI_BINDING=scatter");
            return -2;
        }
        pu = order[r % total];
        free(order);
    } else if (b->policy == HIMPI_BIND_LIST) {
        /* Checked whole, so that every rank finds the same fault. */
        for (int i = 0; i < b->n; i++)
            if (b->list[i] >= total) {
                himpi_topo_invalid(err, errlen, "HIMPI_BINDING", value,
                                   "PU %d does not exist (the PUs are 0 to %d: %d node%s of %d)",
                                   b->list[i], total - 1, nodes, nodes > 1 ? "s" : "", pus);
                return -1;
            }
        pu = b->list[r % b->n];
    }
    return pu;
}

/* Places rank r on the pretend topology. */
static int place_pretend(himpi_topo_place *pl, const char *binding, int r, char *err,
                         size_t errlen)
{
    int pus = hwloc_get_nbobjs_by_type(pl->topo, HWLOC_OBJ_PU);
    if (pus < 1 || pl->nodes > INT_MAX / pus) {
        snprintf(err, errlen, "HIMPI_TOPOLOGY: %d node%s of %d PUs is out of range", pl->nodes,
                 pl->nodes > 1 ? "s" : "", pus);
        return MPI_ERR_ARG;
    }
    himpi_binding b;
    if (himpi_topo_parse_binding(binding, &b, err, errlen) != 0)
        return MPI_ERR_ARG;
    int pu = global_pu(&b, pl->topo, pl->nodes, pus, r, binding, err, errlen);
    int unbound = b.policy == HIMPI_BIND_NONE;
    himpi_binding_free(&b);
    if (pu < 0)
        return pu == -1 ? MPI_ERR_ARG : MPI_ERR_NO_MEM;
    pl->node = pu / pus;
    hwloc_obj_t obj = unbound
                          ? hwloc_get_root_obj(pl->topo)
                          : hwloc_get_obj_by_type(pl->topo, HWLOC_OBJ_PU, (unsigned)(pu % pus));
    hwloc_bitmap_copy(pl->binding, obj->cpuset);
    return MPI_SUCCESS;
}

int himpi_topo_place_init(himpi_topo_place *pl, const char *topology, const char *binding,
                          int world_rank, char *err, size_t errlen)
{
    *pl = (himpi_topo_place){NULL, {0}, 0, -1, NULL};
    int pretend = topology != NULL && topology[0] != '\0';
    if (!pretend && binding != NULL && binding[0] != '\0') {
        himpi_topo_invalid(err, errlen, "HIMPI_BINDING", binding,
                           "it needs HIMPI_TOPOLOGY: on the real machine each process has "
                           "the binding its launcher gave it");
        return MPI_ERR_ARG;
    }
    const char *source = NULL;
    if (pretend && himpi_topo_parse_nodes(topology, &pl->nodes, &source, err, errlen) != 0)
        return MPI_ERR_ARG;
    if (hwloc_topology_init(&pl->topo) != 0) {
        pl->topo = NULL;
        snprintf(err, errlen, "hwloc cannot create a topology");
        return MPI_ERR_NO_MEM;
    }
    int rc = MPI_SUCCESS;
    if (pretend)
        rc = himpi_topo_load_pretend(pl->topo, source, topology, err, errlen);
    else if (hwloc_topology_set_flags(pl->topo, HWLOC_TOPOLOGY_FLAG_INCLUDE_DISALLOWED) != 0 ||
             hwloc_topology_load(pl->topo) != 0) {
        snprintf(err, errlen, "hwloc cannot read this machine's topology");
        rc = MPI_ERR_OTHER;
    }
    if (rc != MPI_SUCCESS)
        return rc;
    if (himpi_topo_levels_init(&pl->levels, pl->topo) != 0 ||
        (pl->binding = hwloc_bitmap_alloc()) == NULL) {
        snprintf(err, errlen, "out of memory for the topology");
        return MPI_ERR_NO_MEM;
    }
    if (pretend)
        return place_pretend(pl, binding, world_rank, err, errlen);
    real_binding(pl->topo, pl->binding);
    return MPI_SUCCESS;
}

void himpi_topo_place_free(himpi_topo_place *pl)
{
    himpi_topo_levels_free(&pl->levels);
    if (pl->binding != NULL)
        hwloc_bitmap_free(pl->binding);
    if (pl->topo != NULL)
        hwloc_topology_destroy(pl->topo);
    *pl = (himpi_topo_place){NULL, {0}, 0, -1, NULL};
}

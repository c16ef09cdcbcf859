/* levels.c: the hardware topology through hwloc: the hwloc type of each
 * kind of level, a node's levels (NUMA placed among them where it
 * subdivides one), and the path and steps of a binding in them. */
#include <config.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "topo/topo.h"

/* The hwloc type of each kind of level that is a type of hwloc object. */
static hwloc_obj_type_t type_of(himpi_topo_kind kind)
{
#define HWLOC_OBJ_NONE HWLOC_OBJ_TYPE_MAX
    static const hwloc_obj_type_t types[HIMPI_TOPO_KINDS] = {
#define TYPE(ID, name, hw, hwloc) [HIMPI_TOPO_##ID] = HWLOC_OBJ_##hwloc,
        HIMPI_HWLEVELS(TYPE)
#undef TYPE
    };
#undef HWLOC_OBJ_NONE
    return types[kind];
}

/* The kind of a level of hwloc objects; HIMPI_TOPO_KINDS for the types
 * HiMPI does not name (Die, L4, L5, instruction caches). */
static himpi_topo_kind kind_of(hwloc_obj_type_t type)
{
    for (int k = HIMPI_TOPO_PACKAGE; k < HIMPI_TOPO_KINDS; k++)
        if (type_of((himpi_topo_kind)k) == type)
            return (himpi_topo_kind)k;
    return HIMPI_TOPO_KINDS;
}

/* ---------------------------------------------------------------------- */
/* Levels                                                                   */
/* ---------------------------------------------------------------------- */

/* The smallest NUMA node cpuset that holds set, or NULL. */
static hwloc_const_cpuset_t smallest_numa(hwloc_topology_t topo, hwloc_const_cpuset_t set)
{
    hwloc_const_cpuset_t best = NULL;
    for (hwloc_obj_t numa = NULL;
         (numa = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_NUMANODE, numa)) != NULL;)
        if (!hwloc_bitmap_iszero(numa->cpuset) && hwloc_bitmap_isincluded(set, numa->cpuset) &&
            (best == NULL || hwloc_bitmap_weight(numa->cpuset) < hwloc_bitmap_weight(best)))
            best = numa->cpuset;
    return best;
}

/* The NUMA domains: the distinct smallest NUMA cpusets of the PUs. */
static int find_domains(himpi_topo_levels *lv, hwloc_topology_t topo)
{
    int numas = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE);
    if ((lv->domains = calloc((size_t)(numas > 0 ? numas : 1), sizeof *lv->domains)) == NULL)
        return -1;
    for (hwloc_obj_t pu = NULL;
         (pu = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_PU, pu)) != NULL;) {
        hwloc_const_cpuset_t set = smallest_numa(topo, pu->cpuset);
        int known = set == NULL;
        for (int j = 0; !known && j < lv->ndomains; j++)
            known = hwloc_bitmap_isequal(set, lv->domains[j]);
        if (known)
            continue;
        if ((lv->domains[lv->ndomains] = hwloc_bitmap_dup(set)) == NULL)
            return -1;
        lv->ndomains++;
    }
    return 0;
}

/* The object at depth that holds obj (obj itself if at that depth), or the
 * nearest enclosing one where the tree skips that depth. */
static hwloc_obj_t up_to(hwloc_obj_t obj, int depth)
{
    while (obj->depth > depth && obj->parent != NULL)
        obj = obj->parent;
    return obj;
}

/* Whether the objects of level l are exactly the NUMA domains. */
static int level_is_domains(const himpi_topo_levels *lv, hwloc_topology_t topo, int l)
{
    if (lv->depth[l] < 0 || hwloc_get_nbobjs_by_depth(topo, lv->depth[l]) != (unsigned)lv->ndomains)
        return 0;
    for (int j = 0; j < lv->ndomains; j++) {
        hwloc_obj_t holder = hwloc_get_obj_covering_cpuset(topo, lv->domains[j]);
        if (holder == NULL || !hwloc_bitmap_isequal(up_to(holder, lv->depth[l])->cpuset,
                                                    lv->domains[j]))
            return 0;
    }
    return 1;
}

/* Whether every object at depth lies within one NUMA domain. */
static int inside_domains(const himpi_topo_levels *lv, hwloc_topology_t topo, int depth)
{
    for (hwloc_obj_t obj = NULL; (obj = hwloc_get_next_obj_by_depth(topo, depth, obj)) != NULL;) {
        int inside = 0;
        for (int j = 0; !inside && j < lv->ndomains; j++)
            inside = hwloc_bitmap_isincluded(obj->cpuset, lv->domains[j]);
        if (!inside)
            return 0;
    }
    return 1;
}

static void insert_numa(himpi_topo_levels *lv, int at)
{
    memmove(lv->kind + at + 1, lv->kind + at, (size_t)(lv->n - at) * sizeof *lv->kind);
    memmove(lv->depth + at + 1, lv->depth + at, (size_t)(lv->n - at) * sizeof *lv->depth);
    lv->kind[at] = HIMPI_TOPO_NUMA;
    lv->depth[at] = -1;
    lv->n++;
}

/* NUMA is a level where its domains nest between two levels and subdivide
 * the one above.  Domains that coincide with a level come before it if it
 * is a cache or a group, and are no level of their own if it is the node
 * or a package (they would not subdivide it). */
static void place_numa(himpi_topo_levels *lv, hwloc_topology_t topo)
{
    if (lv->ndomains < 2)
        return;
    int lowest = INT_MAX; /* the depth of the shallowest domain's holder */
    for (int j = 0; j < lv->ndomains; j++) {
        hwloc_obj_t holder = hwloc_get_obj_covering_cpuset(topo, lv->domains[j]);
        if (holder == NULL)
            return;
        lowest = holder->depth < lowest ? holder->depth : lowest;
    }
    int k = 0; /* the deepest level whose objects hold whole domains */
    for (int l = 1; l < lv->n; l++)
        if (lv->depth[l] <= lowest)
            k = l;
    if (level_is_domains(lv, topo, k)) {
        int first = k;
        while (first > 0 && level_is_domains(lv, topo, first - 1))
            first--;
        for (int l = first; l <= k; l++)
            if (lv->kind[l] == HIMPI_TOPO_NODE || lv->kind[l] == HIMPI_TOPO_PACKAGE)
                return;
        insert_numa(lv, first);
    } else if (k + 1 < lv->n && inside_domains(lv, topo, lv->depth[k + 1])) {
        insert_numa(lv, k + 1);
    }
}

int himpi_topo_levels_init(himpi_topo_levels *lv, hwloc_topology_t topo)
{
    *lv = (himpi_topo_levels){0};
    int depths = hwloc_topology_get_depth(topo);
    /* One more than the normal levels, for NUMA. */
    lv->kind = malloc(((size_t)depths + 1) * sizeof *lv->kind);
    lv->depth = malloc(((size_t)depths + 1) * sizeof *lv->depth);
    if (lv->kind == NULL || lv->depth == NULL)
        return -1;
    lv->kind[0] = HIMPI_TOPO_NODE;
    lv->depth[0] = 0;
    lv->n = 1;
    for (int d = 1; d < depths; d++) {
        himpi_topo_kind kind = kind_of(hwloc_get_depth_type(topo, d));
        if (kind != HIMPI_TOPO_KINDS) {
            lv->kind[lv->n] = kind;
            lv->depth[lv->n++] = d;
        }
    }
    if (find_domains(lv, topo) != 0)
        return -1;
    place_numa(lv, topo);
    return 0;
}

void himpi_topo_levels_free(himpi_topo_levels *lv)
{
    for (int j = 0; j < lv->ndomains; j++)
        hwloc_bitmap_free(lv->domains[j]);
    free(lv->domains);
    free(lv->kind);
    free(lv->depth);
    *lv = (himpi_topo_levels){0};
}

/* ---------------------------------------------------------------------- */
/* Paths                                                                    */
/* ---------------------------------------------------------------------- */

/* The object at depth that holds the binding whose holder (lowest covering
 * object) is holder: its gp_index, unique in the topology; -1 if the
 * binding is wider than one object of that depth. */
static long long object_at(hwloc_obj_t holder, int depth)
{
    if (holder == NULL || holder->depth < depth)
        return -1;
    return (long long)up_to(holder, depth)->gp_index;
}

/* The index of the NUMA domain that holds the binding: the smallest one
 * when domains nest; -1 if none does. */
static long long domain_of(const himpi_topo_levels *lv, hwloc_const_cpuset_t binding)
{
    long long best = -1;
    for (int j = 0; j < lv->ndomains; j++)
        if (hwloc_bitmap_isincluded(binding, lv->domains[j]) &&
            (best < 0 || hwloc_bitmap_weight(lv->domains[j]) <
                             hwloc_bitmap_weight(lv->domains[best])))
            best = j;
    return best;
}

static long long id_at_level(const himpi_topo_levels *lv, hwloc_obj_t holder,
                             hwloc_const_cpuset_t binding, int l)
{
    return lv->depth[l] < 0 ? domain_of(lv, binding) : object_at(holder, lv->depth[l]);
}

void himpi_topo_path(const himpi_topo_levels *lv, hwloc_topology_t topo,
                     hwloc_const_cpuset_t binding, long long node, himpi_topo_step *path)
{
    hwloc_obj_t holder = hwloc_get_obj_covering_cpuset(topo, binding);
    path[0] = (himpi_topo_step){HIMPI_TOPO_NODE, node};
    for (int l = 1; l < lv->n; l++)
        path[l] = (himpi_topo_step){lv->kind[l], id_at_level(lv, holder, binding, l)};
}

himpi_topo_step himpi_topo_step_of(const himpi_topo_levels *lv, hwloc_topology_t topo,
                                   hwloc_const_cpuset_t binding, himpi_topo_kind kind)
{
    hwloc_obj_t holder = hwloc_get_obj_covering_cpuset(topo, binding);
    if (kind == HIMPI_TOPO_NUMA)
        return (himpi_topo_step){kind, domain_of(lv, binding)};
    int depth = hwloc_get_type_depth(topo, type_of(kind));
    if (depth >= 0)
        return (himpi_topo_step){kind, object_at(holder, depth)};
    /* Missing: the deepest level of a kind that encloses this one (never a
     * group, the last kind).  Level 0, the node, always qualifies. */
    int enclosing = 0;
    for (int l = 1; l < lv->n; l++)
        if (lv->kind[l] < kind)
            enclosing = l;
    return (himpi_topo_step){kind, id_at_level(lv, holder, binding, enclosing)};
}

/* topo.c: the hardware topology (real or pretend) and where each process
 * sits in it. */
#include <config.h>

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "mpib.h"
#include "topo/topo.h"

static const char *const kind_names[HIMPI_TOPO_KINDS] = {
    [HIMPI_TOPO_CLUSTER] = "cluster", [HIMPI_TOPO_NODE] = "node",
    [HIMPI_TOPO_PACKAGE] = "package", [HIMPI_TOPO_NUMA] = "numa",
    [HIMPI_TOPO_L3] = "l3cache",      [HIMPI_TOPO_L2] = "l2cache",
    [HIMPI_TOPO_L1] = "l1cache",      [HIMPI_TOPO_CORE] = "core",
    [HIMPI_TOPO_PU] = "pu",           [HIMPI_TOPO_GROUP] = "group",
};

const char *himpi_topo_kind_name(himpi_topo_kind kind)
{
    return kind >= 0 && kind < HIMPI_TOPO_KINDS ? kind_names[kind] : NULL;
}

int himpi_topo_kind_from_name(const char *name, himpi_topo_kind *kind)
{
    for (int k = 0; name != NULL && k < HIMPI_TOPO_GROUP; k++)
        if (strcmp(name, kind_names[k]) == 0) {
            *kind = (himpi_topo_kind)k;
            return MPI_SUCCESS;
        }
    return MPI_ERR_ARG;
}

/* The hwloc type of each kind of level that is a type of hwloc object. */
static hwloc_obj_type_t type_of(himpi_topo_kind kind)
{
    switch (kind) {
    case HIMPI_TOPO_PACKAGE: return HWLOC_OBJ_PACKAGE;
    case HIMPI_TOPO_L3:      return HWLOC_OBJ_L3CACHE;
    case HIMPI_TOPO_L2:      return HWLOC_OBJ_L2CACHE;
    case HIMPI_TOPO_L1:      return HWLOC_OBJ_L1CACHE;
    case HIMPI_TOPO_CORE:    return HWLOC_OBJ_CORE;
    case HIMPI_TOPO_PU:      return HWLOC_OBJ_PU;
    case HIMPI_TOPO_GROUP:   return HWLOC_OBJ_GROUP;
    default:                 return HWLOC_OBJ_TYPE_MAX;
    }
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
/* Messages                                                                 */
/* ---------------------------------------------------------------------- */

/* "VARIABLE='value' is not valid: reason", the value cut so that a long
 * one cannot push the reason out of the message. */
static void invalid(char *err, size_t errlen, const char *variable, const char *value,
                    const char *fmt, ...)
{
    if (errlen == 0)
        return;
    int used = snprintf(err, errlen, "%s='%.64s%s' is not valid: ", variable, value,
                        strlen(value) > 64 ? "..." : "");
    if (used < 0 || (size_t)used >= errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + used, errlen - (size_t)used, fmt, ap);
    va_end(ap);
}

/* ---------------------------------------------------------------------- */
/* HIMPI_TOPOLOGY and HIMPI_BINDING                                         */
/* ---------------------------------------------------------------------- */

/* The decimal digits at *s as an int >= 0, advancing *s past them; -1 if
 * there are none or the number exceeds INT_MAX. */
static int digits(const char **s)
{
    long long v = 0;
    const char *start = *s;
    for (; isdigit((unsigned char)**s); (*s)++)
        if ((v = v * 10 + (**s - '0')) > INT_MAX)
            return -1;
    return *s == start ? -1 : (int)v;
}

int himpi_topo_parse_nodes(const char *value, int *nodes, const char **rest, char *err,
                           size_t errlen)
{
    const char *s = value;
    while (isspace((unsigned char)*s))
        s++;
    /* hwloc would read "node" as a NUMA node, so the prefix is HiMPI's. */
    if (strncasecmp(s, "node:", 5) != 0) {
        *nodes = 1;
        *rest = value;
        return 0;
    }
    s += 5;
    int n = digits(&s);
    if (n < 1 || (*s != '\0' && !isspace((unsigned char)*s))) {
        invalid(err, errlen, "HIMPI_TOPOLOGY", value,
                "expected node:N with N an integer from 1 to %d", INT_MAX);
        return -1;
    }
    while (isspace((unsigned char)*s))
        s++;
    if (*s == '\0') {
        invalid(err, errlen, "HIMPI_TOPOLOGY", value,
                "expected a synthetic description or an XML file after node:%d", n);
        return -1;
    }
    *nodes = n;
    *rest = s;
    return 0;
}

#define BINDING_ACCEPTED \
    "expected block, scatter, none or a comma-separated list of PU indices (such as 0,8,4,12)"

int himpi_topo_parse_binding(const char *value, himpi_binding *binding, char *err,
                             size_t errlen)
{
    static const struct {
        const char *name;
        himpi_bind_policy policy;
    } policies[] = {{"block", HIMPI_BIND_BLOCK}, {"scatter", HIMPI_BIND_SCATTER},
                    {"none", HIMPI_BIND_NONE}};
    *binding = (himpi_binding){HIMPI_BIND_BLOCK, 0, NULL};
    if (value == NULL || value[0] == '\0')
        return 0;
    for (size_t i = 0; i < sizeof policies / sizeof policies[0]; i++)
        if (strcmp(value, policies[i].name) == 0) {
            binding->policy = policies[i].policy;
            return 0;
        }
    int n = 1;
    for (const char *c = value; *c != '\0'; c++)
        n += *c == ',';
    int *list = malloc((size_t)n * sizeof *list);
    if (list == NULL) {
        snprintf(err, errlen, "out of memory for HIMPI_BINDING");
        return -1;
    }
    const char *s = value;
    for (int i = 0; i < n; i++) {
        if ((list[i] = digits(&s)) < 0 || (*s != ',' && *s != '\0')) {
            free(list);
            invalid(err, errlen, "HIMPI_BINDING", value, BINDING_ACCEPTED);
            return -1;
        }
        s += *s == ',';
    }
    *binding = (himpi_binding){HIMPI_BIND_LIST, n, list};
    return 0;
}

void himpi_binding_free(himpi_binding *binding)
{
    free(binding->list);
    *binding = (himpi_binding){HIMPI_BIND_BLOCK, 0, NULL};
}

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

int himpi_topo_match(int n, const long long *keys, int width, int *colors)
{
    keyed *sorted = malloc((size_t)(n > 0 ? n : 1) * sizeof *sorted);
    if (sorted == NULL)
        return MPI_ERR_NO_MEM;
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
    return MPI_SUCCESS;
}

/* ---------------------------------------------------------------------- */
/* The place of a process                                                   */
/* ---------------------------------------------------------------------- */

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Loads the pretend topology that source (HIMPI_TOPOLOGY without its node
 * prefix) names. */
static int load_pretend(hwloc_topology_t topo, const char *source, const char *value, char *err,
                        size_t errlen)
{
    if (is_file(source)) {
        if (hwloc_topology_set_xml(topo, source) != 0 || hwloc_topology_load(topo) != 0) {
            invalid(err, errlen, "HIMPI_TOPOLOGY", value,
                    "hwloc cannot read %s as an XML topology", source);
            return MPI_ERR_ARG;
        }
    } else if (hwloc_topology_set_synthetic(topo, source) != 0 ||
               hwloc_topology_load(topo) != 0) {
        invalid(err, errlen, "HIMPI_TOPOLOGY", value,
                "expected an hwloc synthetic description (such as \"node:2 pack:2 core:4 "
                "pu:1\") or the name of an hwloc XML file");
        return MPI_ERR_ARG;
    }
    return MPI_SUCCESS;
}

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
                invalid(err, errlen, "HIMPI_BINDING", value,
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
        invalid(err, errlen, "HIMPI_BINDING", binding,
                "it needs HIMPI_TOPOLOGY: on the real machine each process has the binding "
                "its launcher gave it");
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
        rc = load_pretend(pl->topo, source, topology, err, errlen);
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

/* Reads this process's place if it has not been read yet. */
static int read_place(char *err, size_t errlen)
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
    int *counts = malloc((size_t)p * 2 * sizeof *counts), *displs = counts + p;
    if (counts == NULL)
        return MPI_ERR_NO_MEM;
    for (int r = 0; r < p; r++) {
        paths->length[r] = status[3 * r + 2];
        counts[r] = 2 * paths->length[r]; /* two long longs a step */
        displs[r] = 2 * total;
        total += paths->length[r];
    }
    himpi_topo_step *steps = malloc((size_t)paths->length[rank] * sizeof *steps);
    int rc = MPI_ERR_NO_MEM;
    if (steps != NULL && (paths->steps = malloc((size_t)total * sizeof *paths->steps)) != NULL) {
        my_steps(node, all, kind, steps);
        rc = MPI_Allgatherv(steps, counts[rank], MPI_LONG_LONG, paths->steps, counts, displs,
                            MPI_LONG_LONG, comm);
    }
    for (int r = 0; rc == MPI_SUCCESS && r < p; r++)
        paths->path[r] = paths->steps + displs[r] / 2;
    free(steps);
    free(counts);
    return rc;
}

/* Gathers every rank's whole path (all) or its node and its step at kind.
 * The buffers have the same sizes on every rank, so all ranks allocate
 * them or fail alike. */
static int gather(MPI_Comm comm, int all, himpi_topo_kind kind, himpi_topo_paths *paths)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    *paths = (himpi_topo_paths){p, NULL, NULL, NULL};
    int *status = malloc((size_t)p * 3 * sizeof *status);
    paths->length = malloc((size_t)p * sizeof *paths->length);
    paths->path = malloc((size_t)p * sizeof *paths->path);
    int rc = status != NULL && paths->length != NULL && paths->path != NULL
                 ? exchange_status(comm, p, rank, all, status)
                 : MPI_ERR_NO_MEM;
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
    long long *keys = rc == MPI_SUCCESS ? malloc((size_t)paths.p * 2 * sizeof *keys) : NULL;
    if (rc == MPI_SUCCESS && keys == NULL)
        rc = MPI_ERR_NO_MEM;
    for (int r = 0; rc == MPI_SUCCESS && r < paths.p; r++) {
        /* The cluster spans the nodes; every other object lies in one. */
        keys[2 * r] = kind == HIMPI_TOPO_CLUSTER ? 0 : paths.path[r][0].id;
        keys[2 * r + 1] = paths.path[r][1].id;
    }
    if (rc == MPI_SUCCESS)
        rc = himpi_topo_match(paths.p, keys, 2, colors);
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
    int *colors = malloc((size_t)p * sizeof *colors);
    if (colors == NULL)
        return MPI_ERR_NO_MEM;
    int rc = himpi_topo_colors(comm, (himpi_topo_kind)(level + 1), colors);
    if (rc == MPI_SUCCESS)
        *color = colors[rank];
    free(colors);
    return rc;
}

/* topo.h: the hardware topology, and where each process sits in it.
 *
 * Source.  With HIMPI_TOPOLOGY unset, the topology is the real machine's
 * (hwloc) and a process sits where the operating system binds it; a
 * process bound to its whole node, or not bound, is unbound.  With
 * HIMPI_TOPOLOGY set, the topology is a pretend one: an hwloc XML file,
 * or an hwloc synthetic description, either optionally preceded by
 * "node:N" to spread the ranks over N pretend nodes of that topology, and
 * HIMPI_BINDING maps each rank of MPI_COMM_WORLD to a processing unit
 * (PU).  doc/topology.md describes both variables.
 *
 * Levels.  A node's levels are, outermost first: the node, then hwloc's
 * levels below the machine that HiMPI names (package, group, l3cache,
 * l2cache, l1cache, core, pu; Die, L4, L5 and instruction caches are left
 * out).  NUMA domains are memory children in hwloc 2, so "numa" is a level
 * only where it nests between two levels and subdivides the one above it
 * (never where its domains are the node or the packages); when NUMA
 * domains coincide with a cache or group level, numa comes first.
 * A process's path is, for each level, the object holding its binding, or
 * none when its binding is wider than one object of that level.
 *
 * Every function that takes a communicator is collective over it and
 * works with that communicator only, so it needs no HiMPI_Init.  The
 * topology and this process's binding are read once per process, at the
 * first such call (again at the next one if that failed); the node of a
 * process on the real machine comes from
 * MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) over the communicator of each
 * call.  An invalid HIMPI_TOPOLOGY or HIMPI_BINDING is reported on stderr
 * by the lowest rank concerned, naming the variable and its value, and
 * gives MPI_ERR_ARG on every rank; the variables must be set alike on all
 * ranks. */
#ifndef HIMPI_TOPO_H
#define HIMPI_TOPO_H

#include <stddef.h>

#include <hwloc.h>

#include "himpi.h"
#include "core/hwlevels.h"

/* ---------------------------------------------------------------------- */
/* Collective queries                                                       */
/* ---------------------------------------------------------------------- */

/* Ranks of comm with equal colors share an object of level (HIMPI_HW_NODE:
 * the same node); the color is -1 when this rank's binding does not lie
 * within one object of that level.  A level the machine lacks (no L1 in a
 * synthetic topology, say) coincides with the nearest enclosing level
 * that exists.  Colors are ranks of comm (a group's lowest rank), so they
 * are comparable within comm only.  MPI_ERR_ARG for an invalid level. */
int himpi_topo_color(MPI_Comm comm, HiMPI_Hwlevel level, int *color);

/* The colors of every rank of comm (colors[r] for rank r), as above, for
 * any kind but HIMPI_TOPO_GROUP; HIMPI_TOPO_CLUSTER gives 0 everywhere. */
int himpi_topo_colors(MPI_Comm comm, himpi_topo_kind kind, int *colors);

/* One step of a path: a level's kind, and the object of that level holding
 * the binding (id >= 0, unique within the node and the kind) or -1 when
 * the binding is wider than one object of that level. */
typedef struct himpi_topo_step {
    long long kind, id;
} himpi_topo_step;

/* The paths of every rank of a communicator.  path[r][0] is rank r's node
 * (kind HIMPI_TOPO_NODE, id a number that tells the nodes of the
 * communicator apart), then one step per level of its node; ranks on one
 * node have paths of the same length. */
typedef struct himpi_topo_paths {
    int p;
    int *length;
    himpi_topo_step **path;
    himpi_topo_step *steps; /* the storage behind path */
} himpi_topo_paths;

/* Gathers the paths of all ranks of comm; free them with
 * himpi_topo_paths_free (also after a failure). */
int himpi_topo_paths_gather(MPI_Comm comm, himpi_topo_paths *paths);
void himpi_topo_paths_free(himpi_topo_paths *paths);

/* This process's node as the queries see it: the real machine's
 * topology, or HIMPI_TOPOLOGY's pretend node.  Local.  MPI_SUCCESS, or
 * the error with a message in err. */
int himpi_topo_node(hwloc_topology_t *topo, char *err, size_t errlen);

/* The parts of a fingerprint (HiMPI_Fingerprint) that come from the
 * topology, for the unit tests (no MPI):
 *   himpi_topo_digest: a node's topology as "DIGEST summary", the digest
 *     16 hex digits of a signature of the levels (each depth's type, count
 *     and cache size: memory sizes, names and OS details differ between
 *     nodes of one model and are left out);
 *   himpi_topo_shape: from the node colors of the p ranks of a job
 *     (himpi_topo_colors), its nodes, processes per node (0 if uneven)
 *     and placement ("block", "cyclic" or "mixed"). */
void himpi_topo_digest(hwloc_topology_t topo, char *out, size_t len);
void himpi_topo_shape(int p, const int *colors, int *nodes, int *ppn, char *placement,
                      size_t len);

/* Forgets the topology and binding read so far, so that the next query
 * reads HIMPI_TOPOLOGY and HIMPI_BINDING again.  For tests, which try
 * several topologies in one process; every rank must call it.  Local. */
void himpi_topo_reset(void);

/* ---------------------------------------------------------------------- */
/* Pure parts, exposed for the unit tests (no MPI)                          */
/* ---------------------------------------------------------------------- */

/* The deepest level l such that the n paths are all longer than l and
 * agree at levels 0 .. l on objects (id >= 0); -1 if they do not even
 * share a node (or n < 1).  path[i] has length[i] steps. */
int himpi_topo_common(int n, const himpi_topo_step *const path[], const int length[]);

/* colors[i] = the lowest j whose key (keys[j * width .. j * width +
 * width - 1]) equals key i, or -1 if a component of key i is negative. */
void himpi_topo_match(int n, const long long *keys, int width, int *colors);

/* Splits a leading "node:N" item (N >= 1; blanks around it are skipped)
 * off value: *nodes = N and *rest = what follows, or *nodes = 1 and
 * *rest = value without one.  Returns 0, or -1 with a message in err
 * naming HIMPI_TOPOLOGY (N invalid, or nothing after it). */
int himpi_topo_parse_nodes(const char *value, int *nodes, const char **rest, char *err,
                           size_t errlen);

/* HIMPI_BINDING. */
typedef enum himpi_bind_policy {
    HIMPI_BIND_BLOCK,   /* rank r -> PU r, wrapping around */
    HIMPI_BIND_SCATTER, /* consecutive ranks as far apart as possible */
    HIMPI_BIND_NONE,    /* unbound: each rank's binding is its whole node */
    HIMPI_BIND_LIST     /* rank r -> PU list[r mod n] */
} himpi_bind_policy;

typedef struct himpi_binding {
    himpi_bind_policy policy;
    int n;     /* HIMPI_BIND_LIST: the number of PUs listed */
    int *list; /* global PU indices (node * PUs per node + PU), malloc'ed */
} himpi_binding;

/* Parses HIMPI_BINDING (NULL or "" mean block).  Returns 0, or -1 with a
 * message in err.  Free the result with himpi_binding_free. */
int himpi_topo_parse_binding(const char *value, himpi_binding *binding, char *err,
                             size_t errlen);
void himpi_binding_free(himpi_binding *binding);

/* The global PU of each rank of the first nodes * PUs ranks under the
 * scatter policy: order[r], for r < nodes * PUs of topo.  Consecutive
 * ranks go round-robin over the nodes, then over the children of each
 * object, outermost first (unequal subtrees drop out when full), so every
 * PU appears once.  Returns 0, or -1 if memory runs out. */
int himpi_topo_scatter_order(hwloc_topology_t topo, int nodes, int *order);

/* A node's levels, outermost first; level 0 is the node itself. */
typedef struct himpi_topo_levels {
    int n;
    himpi_topo_kind *kind;
    int *depth; /* hwloc depth of each level; -1 for the NUMA level */
    int ndomains;
    hwloc_bitmap_t *domains; /* the NUMA domains: for each PU, the smallest
                                NUMA node cpuset holding it */
} himpi_topo_levels;

/* The levels of a loaded topology.  Returns 0, or -1 if memory runs out;
 * free them with himpi_topo_levels_free (also after a failure). */
int himpi_topo_levels_init(himpi_topo_levels *levels, hwloc_topology_t topo);
void himpi_topo_levels_free(himpi_topo_levels *levels);

/* The path of a binding on the given node: path[l] for each level l of
 * levels (levels->n steps). */
void himpi_topo_path(const himpi_topo_levels *levels, hwloc_topology_t topo,
                     hwloc_const_cpuset_t binding, long long node, himpi_topo_step *path);

/* The step of a binding at a kind of level (not the node, cluster or
 * group), whether or not it is one of the node's levels: a kind the
 * topology lacks takes the deepest level of levels that encloses it. */
himpi_topo_step himpi_topo_step_of(const himpi_topo_levels *levels, hwloc_topology_t topo,
                                   hwloc_const_cpuset_t binding, himpi_topo_kind kind);

/* Where one process sits, as read from the two variables: the topology
 * (loaded), its levels, the pretend node (-1 on the real machine) and the
 * binding. */
typedef struct himpi_topo_place {
    hwloc_topology_t topo;
    himpi_topo_levels levels;
    int nodes;  /* pretend nodes; 0 on the real machine */
    int node;   /* this process's pretend node; -1 on the real machine */
    hwloc_bitmap_t binding;
} himpi_topo_place;

/* Reads the place of rank world_rank of MPI_COMM_WORLD from the values of
 * HIMPI_TOPOLOGY and HIMPI_BINDING (NULL or "" when unset).  Returns
 * MPI_SUCCESS, or with a message in err: MPI_ERR_ARG for an invalid value
 * (the message names the variable and quotes the value), MPI_ERR_NO_MEM,
 * or MPI_ERR_OTHER if hwloc cannot read the real machine.  Free the place
 * with himpi_topo_place_free (also after a failure). */
int himpi_topo_place_init(himpi_topo_place *place, const char *topology, const char *binding,
                          int world_rank, char *err, size_t errlen);
void himpi_topo_place_free(himpi_topo_place *place);

#endif /* HIMPI_TOPO_H */

/* fingerprint.c: what a job runs on, as a table's header records it
 * (HiMPI_Fingerprint): the MPI library, HiMPI, one node's topology and
 * the job's shape. */
#include <config.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/text.h"
#include "himpi_tune.h"
#include "topo/topo.h"

/* FNV-1a, 64 bits: a digest only has to tell topologies apart, not resist
 * anyone. */
static uint64_t fnv1a(const char *s)
{
    uint64_t h = UINT64_C(14695981039346656037);
    for (; *s != '\0'; s++) {
        h ^= (unsigned char)*s;
        h *= UINT64_C(1099511628211);
    }
    return h;
}

void himpi_topo_digest(hwloc_topology_t topo, char *out, size_t len)
{
    char sig[2048];
    size_t n = 0;
    int depth = hwloc_topology_get_depth(topo);
    for (int d = 0; d < depth; d++) {
        hwloc_obj_t o = hwloc_get_obj_by_depth(topo, d, 0);
        char type[64];
        hwloc_obj_type_snprintf(type, sizeof type, o, 0);
        himpi_append(sig, sizeof sig, &n, "%s:%u", type, hwloc_get_nbobjs_by_depth(topo, d));
        if (hwloc_obj_type_is_cache(o->type))
            himpi_append(sig, sizeof sig, &n, "(%llu)", (unsigned long long)o->attr->cache.size);
        himpi_append(sig, sizeof sig, &n, " ");
    }
    himpi_append(sig, sizeof sig, &n, "NUMA:%d",
                 hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE));
    snprintf(out, len, "%016" PRIx64 " package:%d numa:%d core:%d pu:%d", fnv1a(sig),
             hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PACKAGE),
             hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE),
             hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE),
             hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU));
}

void himpi_topo_shape(int p, const int *colors, int *nodes, int *ppn, char *placement,
                      size_t len)
{
    int n = 0, block = 1, even = 1;
    for (int r = 0; r < p; r++) {
        n += colors[r] == r;
        block &= r == 0 || colors[r] == colors[r - 1] || colors[r] == r;
    }
    int cyclic = n > 1;
    for (int r = 0; r < p; r++)
        cyclic &= colors[r] == r % n;
    /* A node's color is its lowest rank: count each node's ranks there. */
    int *count = himpi_alloc((size_t)p, sizeof *count, "the ranks of each node");
    memset(count, 0, (size_t)p * sizeof *count);
    for (int r = 0; r < p; r++)
        count[colors[r]]++;
    for (int r = 0; r < p; r++)
        even &= count[r] == 0 || count[r] == count[colors[0]];
    *nodes = n;
    *ppn = even ? count[colors[0]] : 0;
    free(count);
    snprintf(placement, len, "%s", block ? "block" : cyclic ? "cyclic" : "mixed");
}

void HiMPI_Fingerprint_get(MPI_Comm comm, HiMPI_Fingerprint *fp)
{
    memset(fp, 0, sizeof *fp);
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len, p, world;
    MPI_Get_library_version(version, &len);
    /* The first line names the library and version; the rest is build
     * detail. */
    size_t n = strcspn(version, "\n\r,");
    n = n < sizeof fp->mpi - 1 ? n : sizeof fp->mpi - 1;
    memcpy(fp->mpi, version, n);
    snprintf(fp->himpi, sizeof fp->himpi, "%s", PACKAGE_VERSION);
    MPI_Comm_size(comm, &p);
    MPI_Comm_size(MPI_COMM_WORLD, &world);
    /* himpi_topo_colors fails alike on every rank, having said why. */
    if (p == world) {
        int *colors = himpi_alloc((size_t)p, sizeof *colors, "the ranks' nodes");
        if (himpi_topo_colors(comm, HIMPI_TOPO_NODE, colors) == MPI_SUCCESS)
            himpi_topo_shape(p, colors, &fp->nodes, &fp->ppn, fp->placement,
                             sizeof fp->placement);
        free(colors);
    }
    char err[512];
    hwloc_topology_t topo;
    if (himpi_topo_node(&topo, err, sizeof err) == MPI_SUCCESS)
        himpi_topo_digest(topo, fp->topology, sizeof fp->topology);
}

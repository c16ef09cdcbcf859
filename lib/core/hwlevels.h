/* hwlevels.h: the levels of a machine's hierarchy, as the catalogue lists
 * them: one enum, and the names and public HiMPI_Hwlevel of each. */
#ifndef HIMPI_CORE_HWLEVELS_H
#define HIMPI_CORE_HWLEVELS_H

#include "himpi.h"
#include "core/catalogue.h"

/* The kinds of level, from the whole system down; groups (hwloc Group
 * objects) last, having no place in that order. */
typedef enum himpi_topo_kind {
#define KIND(ID, ...) HIMPI_TOPO_##ID,
    HIMPI_HWLEVELS(KIND)
#undef KIND
    HIMPI_TOPO_KINDS /* the number of kinds, not a kind */
} himpi_topo_kind;

/* Kind <-> name ("cluster", "node", ..., "pu", "group").  from_name
 * accepts every name but "group", whose place varies between machines:
 * MPI_SUCCESS or MPI_ERR_ARG.  kind_name gives NULL for an invalid
 * kind. */
const char *himpi_topo_kind_name(himpi_topo_kind kind);
int himpi_topo_kind_from_name(const char *name, himpi_topo_kind *kind);

/* The kind a valid HiMPI_Hwlevel is. */
himpi_topo_kind himpi_topo_kind_of(HiMPI_Hwlevel level);

#endif /* HIMPI_CORE_HWLEVELS_H */

/* hwlevels.c: the names of the hardware levels, and which are the public
 * HiMPI_Hwlevel, read off the catalogue. */
#include <config.h>

#include <string.h>

#include "core/hwlevels.h"

#define HIMPI_HW_NONE HIMPI_HW_COUNT

static const struct {
    const char *name;
    HiMPI_Hwlevel hw; /* HIMPI_HW_COUNT for none */
} kinds[HIMPI_TOPO_KINDS] = {
#define KIND(ID, name, hw, hwloc) [HIMPI_TOPO_##ID] = {name, HIMPI_HW_##hw},
    HIMPI_HWLEVELS(KIND)
#undef KIND
};

const char *himpi_topo_kind_name(himpi_topo_kind kind)
{
    return kind >= 0 && kind < HIMPI_TOPO_KINDS ? kinds[kind].name : NULL;
}

int himpi_topo_kind_from_name(const char *name, himpi_topo_kind *kind)
{
    for (int k = 0; name != NULL && k < HIMPI_TOPO_KINDS; k++)
        if (k != HIMPI_TOPO_GROUP && strcmp(name, kinds[k].name) == 0) {
            *kind = (himpi_topo_kind)k;
            return MPI_SUCCESS;
        }
    return MPI_ERR_ARG;
}

himpi_topo_kind himpi_topo_kind_of(HiMPI_Hwlevel level)
{
    int k = 0;
    while (k < HIMPI_TOPO_KINDS && kinds[k].hw != level)
        k++;
    return (himpi_topo_kind)k;
}

int HiMPI_Hwlevel_from_name(const char *name, HiMPI_Hwlevel *level)
{
    himpi_topo_kind kind;
    if (level == NULL || himpi_topo_kind_from_name(name, &kind) != MPI_SUCCESS ||
        kinds[kind].hw == HIMPI_HW_COUNT)
        return MPI_ERR_ARG;
    *level = kinds[kind].hw;
    return MPI_SUCCESS;
}

const char *HiMPI_Hwlevel_name(HiMPI_Hwlevel level)
{
    return level >= 0 && level < HIMPI_HW_COUNT ? kinds[himpi_topo_kind_of(level)].name : NULL;
}

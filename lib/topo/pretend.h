/* pretend.h: what pretend.c shares with place.c: the message that names
 * an invalid value of HIMPI_TOPOLOGY or HIMPI_BINDING, and loading a
 * pretend topology.  Nothing outside lib/topo/ includes it. */
#ifndef HIMPI_TOPO_PRETEND_H
#define HIMPI_TOPO_PRETEND_H

#include <stddef.h>

#include <hwloc.h>

/* "VARIABLE='value' is not valid: reason", the value cut so that a long
 * one cannot push the reason out of the message. */
void himpi_topo_invalid(char *err, size_t errlen, const char *variable, const char *value,
                        const char *fmt, ...);

/* Loads the pretend topology that source (HIMPI_TOPOLOGY without its node
 * prefix) names.  MPI_SUCCESS, or MPI_ERR_ARG with a message in err that
 * quotes value, the whole variable. */
int himpi_topo_load_pretend(hwloc_topology_t topo, const char *source, const char *value,
                            char *err, size_t errlen);

#endif /* HIMPI_TOPO_PRETEND_H */

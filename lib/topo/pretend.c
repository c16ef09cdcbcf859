/* pretend.c: pretend topologies: the values of HIMPI_TOPOLOGY (its
 * node:N prefix) and HIMPI_BINDING read, the hwloc synthetic or XML
 * topology loaded, and the message that names an invalid value of either
 * variable. */
#include <config.h>

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "topo/pretend.h"
#include "topo/topo.h"

/* ---------------------------------------------------------------------- */
/* Messages                                                                 */
/* ---------------------------------------------------------------------- */

void himpi_topo_invalid(char *err, size_t errlen, const char *variable, const char *value,
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
        himpi_topo_invalid(err, errlen, "HIMPI_TOPOLOGY", value,
                           "expected node:N with N an integer from 1 to %d", INT_MAX);
        return -1;
    }
    while (isspace((unsigned char)*s))
        s++;
    if (*s == '\0') {
        himpi_topo_invalid(err, errlen, "HIMPI_TOPOLOGY", value,
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
            himpi_topo_invalid(err, errlen, "HIMPI_BINDING", value, BINDING_ACCEPTED);
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
/* Loading                                                                  */
/* ---------------------------------------------------------------------- */

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int himpi_topo_load_pretend(hwloc_topology_t topo, const char *source, const char *value, char *err,
                            size_t errlen)
{
    if (is_file(source)) {
        if (hwloc_topology_set_xml(topo, source) != 0 || hwloc_topology_load(topo) != 0) {
            himpi_topo_invalid(err, errlen, "HIMPI_TOPOLOGY", value,
                               "hwloc cannot read %s as an XML topology", source);
            return MPI_ERR_ARG;
        }
    } else if (hwloc_topology_set_synthetic(topo, source) != 0 ||
               hwloc_topology_load(topo) != 0) {
        himpi_topo_invalid(err, errlen, "HIMPI_TOPOLOGY", value,
                           "expected an hwloc synthetic description (such as \"node:2 pack:2 "
                           "core:4 pu:1\") or the name of an hwloc XML file");
        return MPI_ERR_ARG;
    }
    return MPI_SUCCESS;
}

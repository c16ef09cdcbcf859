/* fingerprint.c: how a table's fingerprint differs from a job's.  Pure:
 * no MPI communication (the job's fingerprint is topo/fingerprint.c's). */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "himpi_tune.h"

/* Appends "; " and printf-style text to what[0..*n). */
__attribute__((format(printf, 4, 5))) static void note(char *what, size_t len, size_t *n,
                                                       const char *fmt, ...)
{
    if (what == NULL || *n >= len)
        return;
    int m = snprintf(what + *n, len - *n, "%s", *n > 0 ? "; " : "");
    *n = m < 0 ? len : *n + (size_t)m;
    if (*n >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    m = vsnprintf(what + *n, len - *n, fmt, ap);
    va_end(ap);
    *n = m < 0 ? len : *n + (size_t)m;
}

/* A topology field's digest: its first word. */
static size_t digest_length(const char *topology)
{
    return strcspn(topology, " \t");
}

static int strings_differ(const char *a, const char *b)
{
    return a[0] != '\0' && b[0] != '\0' && strcmp(a, b) != 0;
}

static int numbers_differ(int a, int b)
{
    return a != 0 && b != 0 && a != b;
}

unsigned HiMPI_Fingerprint_compare(const HiMPI_Fingerprint *table, const HiMPI_Fingerprint *job,
                                   char *what, size_t len)
{
    unsigned differ = 0;
    size_t n = 0;
    if (what != NULL && len > 0)
        what[0] = '\0';
    if (strings_differ(table->mpi, job->mpi)) {
        differ |= HIMPI_FP_MPI;
        note(what, len, &n, "MPI '%s', here '%s'", table->mpi, job->mpi);
    }
    if (strings_differ(table->himpi, job->himpi)) {
        differ |= HIMPI_FP_HIMPI;
        note(what, len, &n, "HiMPI %s, here %s", table->himpi, job->himpi);
    }
    if (numbers_differ(table->nodes, job->nodes)) {
        differ |= HIMPI_FP_NODES;
        note(what, len, &n, "nodes %d, here %d", table->nodes, job->nodes);
    }
    if (numbers_differ(table->ppn, job->ppn)) {
        differ |= HIMPI_FP_PPN;
        note(what, len, &n, "%d processes a node, here %d", table->ppn, job->ppn);
    }
    if (strings_differ(table->placement, job->placement)) {
        differ |= HIMPI_FP_PLACEMENT;
        note(what, len, &n, "placement %s, here %s", table->placement, job->placement);
    }
    size_t dt = digest_length(table->topology), dj = digest_length(job->topology);
    if (dt > 0 && dj > 0 && (dt != dj || memcmp(table->topology, job->topology, dt) != 0)) {
        differ |= HIMPI_FP_TOPOLOGY;
        note(what, len, &n, "topology '%s', here '%s'", table->topology, job->topology);
    }
    return differ;
}

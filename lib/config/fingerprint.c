/* fingerprint.c: how a table's fingerprint differs from a job's.  Pure:
 * no MPI communication (the job's fingerprint is topo/fingerprint.c's). */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/text.h"
#include "himpi_tune.h"

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

/* One field that differs: its bit in *mask, its phrase in what, after a
 * "; " if it is not the first. */
__attribute__((format(printf, 6, 7))) static void differs(unsigned *mask, unsigned bit,
                                                          char *what, size_t len, size_t *n,
                                                          const char *fmt, ...)
{
    *mask |= bit;
    if (*n > 0)
        himpi_append(what, len, n, "; ");
    va_list ap;
    va_start(ap, fmt);
    himpi_vappend(what, len, n, fmt, ap);
    va_end(ap);
}

unsigned HiMPI_Fingerprint_compare(const HiMPI_Fingerprint *table, const HiMPI_Fingerprint *job,
                                   char *what, size_t len)
{
    unsigned d = 0;
    size_t n = 0;
    if (what != NULL && len > 0)
        what[0] = '\0';
    if (strings_differ(table->mpi, job->mpi))
        differs(&d, HIMPI_FP_MPI, what, len, &n, "MPI '%s', here '%s'", table->mpi, job->mpi);
    if (strings_differ(table->himpi, job->himpi))
        differs(&d, HIMPI_FP_HIMPI, what, len, &n, "HiMPI %s, here %s", table->himpi,
                job->himpi);
    if (numbers_differ(table->nodes, job->nodes))
        differs(&d, HIMPI_FP_NODES, what, len, &n, "nodes %d, here %d", table->nodes, job->nodes);
    if (numbers_differ(table->ppn, job->ppn))
        differs(&d, HIMPI_FP_PPN, what, len, &n, "%d processes a node, here %d", table->ppn,
                job->ppn);
    if (strings_differ(table->placement, job->placement))
        differs(&d, HIMPI_FP_PLACEMENT, what, len, &n, "placement %s, here %s", table->placement,
                job->placement);
    size_t dt = digest_length(table->topology), dj = digest_length(job->topology);
    if (dt > 0 && dj > 0 && (dt != dj || memcmp(table->topology, job->topology, dt) != 0))
        differs(&d, HIMPI_FP_TOPOLOGY, what, len, &n, "topology '%s', here '%s'",
                table->topology, job->topology);
    return d;
}

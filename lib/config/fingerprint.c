/* fingerprint.c: how a table's fingerprint differs from a job's.  Pure:
 * no MPI communication (the job's fingerprint is topo/fingerprint.c's). */
#include <config.h>

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

unsigned HiMPI_Fingerprint_compare(const HiMPI_Fingerprint *table, const HiMPI_Fingerprint *job,
                                   char *what, size_t len)
{
    unsigned differ = 0;
    size_t n = 0;
    if (what != NULL && len > 0)
        what[0] = '\0';
    if (strings_differ(table->mpi, job->mpi)) {
        differ |= HIMPI_FP_MPI;
        himpi_append(what, len, &n, "%sMPI '%s', here '%s'",
                     n > 0 ? "; " : "", table->mpi, job->mpi);
    }
    if (strings_differ(table->himpi, job->himpi)) {
        differ |= HIMPI_FP_HIMPI;
        himpi_append(what, len, &n, "%sHiMPI %s, here %s",
                     n > 0 ? "; " : "", table->himpi, job->himpi);
    }
    if (numbers_differ(table->nodes, job->nodes)) {
        differ |= HIMPI_FP_NODES;
        himpi_append(what, len, &n, "%snodes %d, here %d",
                     n > 0 ? "; " : "", table->nodes, job->nodes);
    }
    if (numbers_differ(table->ppn, job->ppn)) {
        differ |= HIMPI_FP_PPN;
        himpi_append(what, len, &n, "%s%d processes a node, here %d",
                     n > 0 ? "; " : "", table->ppn, job->ppn);
    }
    if (strings_differ(table->placement, job->placement)) {
        differ |= HIMPI_FP_PLACEMENT;
        himpi_append(what, len, &n, "%splacement %s, here %s",
                     n > 0 ? "; " : "", table->placement, job->placement);
    }
    size_t dt = digest_length(table->topology), dj = digest_length(job->topology);
    if (dt > 0 && dj > 0 && (dt != dj || memcmp(table->topology, job->topology, dt) != 0)) {
        differ |= HIMPI_FP_TOPOLOGY;
        himpi_append(what, len, &n, "%stopology '%s', here '%s'",
                     n > 0 ? "; " : "", table->topology, job->topology);
    }
    return differ;
}

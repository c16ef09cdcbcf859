/* load.c: the settings and table of plain calls, loaded and checked
 * against the job that runs them. */
#include <config.h>

#include "api/load.h"
#include "himpi_tune.h"

int himpi_load(MPI_Comm comm, himpi_runtime **rt)
{
    int rc = himpi_runtime_load(comm, rt);
    if (rc != MPI_SUCCESS)
        return rc;
    /* The job's fingerprint costs a few collectives and hwloc's reading
     * of the node: only a table that has one to compare pays for it. */
    HiMPI_Fingerprint job;
    int fingerprinted = himpi_runtime_fingerprinted(*rt);
    if (fingerprinted)
        HiMPI_Fingerprint_get(comm, &job);
    if ((rc = himpi_runtime_check(*rt, comm, fingerprinted ? &job : NULL)) != MPI_SUCCESS) {
        himpi_runtime_release(*rt);
        *rt = NULL;
    }
    return rc;
}

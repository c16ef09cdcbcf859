/* init.c: HiMPI_Init and HiMPI_Finalize. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "cache.h"
#include "himpi.h"
#include "mpib.h"

/* Whether HiMPI_Init called MPI_Init, so that HiMPI_Finalize must call
 * MPI_Finalize. */
static int owns_mpi;

void HiMPI_Get_version(int *major, int *minor, int *patch)
{
    if (major != NULL)
        *major = HIMPI_VERSION_MAJOR;
    if (minor != NULL)
        *minor = HIMPI_VERSION_MINOR;
    if (patch != NULL)
        *patch = HIMPI_VERSION_PATCH;
}

int HiMPI_Init(int *argc, char ***argv)
{
    int initialized, rc;
    MPI_Initialized(&initialized);
    if (!initialized) {
        if ((rc = MPI_Init(argc, argv)) != MPI_SUCCESS)
            return rc;
        owns_mpi = 1;
    }
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPIB_wait_policy policy;
    if (MPIB_wait_policy_from_env(&policy) != MPI_SUCCESS) {
        if (rank == 0)
            fprintf(stderr, "himpi: HIMPI_WAIT='%s' is not valid (accepted: blocking, yield)\n",
                    getenv("HIMPI_WAIT"));
        return MPI_ERR_ARG;
    }
    MPIB_set_wait_policy(policy);
    return MPI_SUCCESS;
}

int HiMPI_Finalize(void)
{
    himpi_cache_finalize();
    if (!owns_mpi)
        return MPI_SUCCESS;
    owns_mpi = 0;
    return MPI_Finalize();
}

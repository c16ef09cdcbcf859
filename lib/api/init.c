/* init.c: HiMPI_Init and HiMPI_Finalize. */
#include <config.h>

#include "hier/cache.h"
#include "himpi.h"
#include "mpib.h"
#include "config/runtime.h"

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
    if (himpi_runtime_global() != NULL)
        return MPI_SUCCESS;
    himpi_runtime *rt;
    if ((rc = himpi_cache_init()) != MPI_SUCCESS ||
        (rc = himpi_runtime_load(MPI_COMM_WORLD, &rt)) != MPI_SUCCESS)
        return rc;
    /* Rank 0's policy, like every other setting. */
    MPIB_set_wait_policy(rt->env.wait);
    himpi_runtime_set_global(rt);
    if (rt->env.tune == HIMPI_TUNE_INIT)
        return himpi_runtime_tune_init(rt, MPI_COMM_WORLD);
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

/* init.c: HiMPI_Init and HiMPI_Finalize. */
#include <config.h>

#include "api/load.h"
#include "api/native_calls.h"
#include "config/runtime.h"
#include "hier/cache.h"
#include "himpi.h"
#include "tune/tune_runtime.h"

/* Whether HiMPI_Init called MPI_Init, so that HiMPI_Finalize must call
 * MPI_Finalize. */
static int owns_mpi;

/* The attribute of MPI_COMM_SELF that releases HiMPI_Init's runtime. */
static int runtime_keyval = MPI_KEYVAL_INVALID;

/* MPI deletes MPI_COMM_SELF's attributes first thing in MPI_Finalize, while
 * MPI still works: the moment to release the runtime of an application
 * that never called HiMPI_Finalize. */
static int release_runtime(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)value, (void)extra;
    himpi_native_calls_stop();
    himpi_runtime_release(himpi_runtime_global());
    himpi_runtime_set_global(NULL);
    MPI_Comm_free_keyval(&runtime_keyval);
    return MPI_SUCCESS;
}

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
        (rc = himpi_load(MPI_COMM_WORLD, &rt)) != MPI_SUCCESS)
        return rc;
    himpi_runtime_set_global(rt);
    if ((rc = MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, release_runtime, &runtime_keyval,
                                     NULL)) != MPI_SUCCESS ||
        (rc = MPI_Comm_set_attr(MPI_COMM_SELF, runtime_keyval, NULL)) != MPI_SUCCESS ||
        (rc = himpi_native_calls_start(rt->env.native_calls, rt->env.debug)) != MPI_SUCCESS)
        return rc;
    if (rt->env.tune == HIMPI_TUNE_INIT)
        return himpi_runtime_tune_init(rt, MPI_COMM_WORLD);
    return MPI_SUCCESS;
}

int HiMPI_Finalize(void)
{
    himpi_cache_finalize();
    if (runtime_keyval != MPI_KEYVAL_INVALID)
        MPI_Comm_delete_attr(MPI_COMM_SELF, runtime_keyval);
    if (!owns_mpi)
        return MPI_SUCCESS;
    owns_mpi = 0;
    return MPI_Finalize();
}

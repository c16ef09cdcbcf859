/* setup_lock.c: the one lock of HiMPI's rare set-up paths. */
#include <config.h>

#include <pthread.h>

#include "core/setup_lock.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void himpi_setup_lock(void)
{
    pthread_mutex_lock(&lock);
}

void himpi_setup_unlock(void)
{
    pthread_mutex_unlock(&lock);
}

int himpi_keyval_get(atomic_int *key)
{
    return atomic_load_explicit(key, memory_order_acquire);
}

int himpi_keyval_once(atomic_int *key, MPI_Comm_delete_attr_function *delete,
                      int *finalize_key, MPI_Comm_delete_attr_function *at_finalize)
{
    if (himpi_keyval_get(key) != MPI_KEYVAL_INVALID)
        return MPI_SUCCESS;
    himpi_setup_lock();
    int rc = MPI_SUCCESS, created = himpi_keyval_get(key);
    if (created == MPI_KEYVAL_INVALID) {
        rc = MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete, &created, NULL);
        if (rc == MPI_SUCCESS)
            rc = MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_finalize, finalize_key, NULL);
        if (rc == MPI_SUCCESS)
            rc = MPI_Comm_set_attr(MPI_COMM_SELF, *finalize_key, NULL);
        /* Published last: a thread that sees the keyval sees it usable. */
        if (rc == MPI_SUCCESS)
            atomic_store_explicit(key, created, memory_order_release);
    }
    himpi_setup_unlock();
    return rc;
}

void himpi_keyval_free(atomic_int *key)
{
    int freed = himpi_keyval_get(key);
    MPI_Comm_free_keyval(&freed);
    atomic_store_explicit(key, freed, memory_order_release);
}

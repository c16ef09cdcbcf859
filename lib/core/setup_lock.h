/* setup_lock.h: the one lock of HiMPI's rare set-up paths.  Under
 * MPI_THREAD_MULTIPLE threads run calls on different communicators at
 * once; what is created once per process (keyvals, the topology) is
 * created under this lock, and nothing on a call's usual path takes it.
 * It is held around local work only, never around a call that
 * communicates, and no MPI attribute callback takes it: so it cannot wait
 * on another process, nor on a thread inside the MPI library. */
#ifndef HIMPI_SETUP_LOCK_H
#define HIMPI_SETUP_LOCK_H

#include <stdatomic.h>

#include <mpi.h>

void himpi_setup_lock(void);
void himpi_setup_unlock(void);

/* *key, a keyval whose attributes delete frees, created by the first
 * caller together with an attribute of MPI_COMM_SELF under *finalize_key,
 * whose deletion at the start of MPI_Finalize runs at_finalize (which is
 * to free both keyvals).  Reading *key takes no lock. */
int himpi_keyval_once(atomic_int *key, MPI_Comm_delete_attr_function *delete,
                      int *finalize_key, MPI_Comm_delete_attr_function *at_finalize);

/* The keyval in *key, MPI_KEYVAL_INVALID before himpi_keyval_once. */
int himpi_keyval_get(atomic_int *key);

/* Frees the keyval in *key (from an at_finalize callback). */
void himpi_keyval_free(atomic_int *key);

#endif /* HIMPI_SETUP_LOCK_H */

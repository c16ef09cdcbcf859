/* thread_local.h: HIMPI_THREAD_LOCAL, the storage of what one thread's
 * call sets and reads while other threads run calls of their own. */
#ifndef HIMPI_THREAD_LOCAL_H
#define HIMPI_THREAD_LOCAL_H

#include <mpi.h>

/* SimGrid runs its simulated ranks as contexts of one thread, and gives
 * each rank its own copy of the statics but not of thread-local storage:
 * there a static is what a thread-local variable is elsewhere. */
#ifdef SMPI_H
#define HIMPI_THREAD_LOCAL
#else
#define HIMPI_THREAD_LOCAL _Thread_local
#endif

#endif /* HIMPI_THREAD_LOCAL_H */

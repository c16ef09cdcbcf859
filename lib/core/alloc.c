/* alloc.c: memory that cannot fail on one rank alone. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include <mpi.h>

#include "core/alloc.h"

/* Message data may come from SimGrid's allocation, which the force-included
 * smpi_helpers.h makes of malloc in a program built with smpicc: above
 * smpi/auto-shared-malloc-thresh it gives every simulated rank allocating
 * at the same line the same memory, which keeps large simulated messages
 * within one machine's memory and changes no simulated time.  HiMPI's own
 * structures must never be shared so: a schedule's stages, requests and
 * counts above the threshold (an overlapped 16 MiB bcast on 128 simulated
 * ranks) were overwritten by the other ranks' and the run deadlocked or
 * crashed.  So the data's allocation is taken here, and everything below
 * it is the C library's. */
static void *data_malloc(size_t bytes)
{
    return malloc(bytes);
}
#undef malloc
#undef calloc
#undef realloc

static void *checked(void *p, size_t n, size_t size, const char *what)
{
    if (p == NULL) {
        fprintf(stderr, "himpi: out of memory for %s (%zu bytes): stopping the job, since "
                        "the other ranks would wait for this one\n",
                what, n * size);
        MPI_Abort(MPI_COMM_WORLD, MPI_ERR_NO_MEM);
    }
    return p;
}

/* At least one byte, so that success is never NULL. */
static size_t bytes(size_t n, size_t size)
{
    return n * size > 0 ? n * size : 1;
}

void *himpi_alloc(size_t n, size_t size, const char *what)
{
    return checked(malloc(bytes(n, size)), n, size, what);
}

void *himpi_zalloc(size_t n, size_t size, const char *what)
{
    return checked(calloc(1, bytes(n, size)), n, size, what);
}

void *himpi_realloc(void *old, size_t n, size_t size, const char *what)
{
    return checked(realloc(old, bytes(n, size)), n, size, what);
}

void *himpi_data_alloc(size_t bytes, const char *what)
{
    return checked(data_malloc(bytes > 0 ? bytes : 1), bytes, 1, what);
}

/* alloc.c: memory that cannot fail on one rank alone. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include <mpi.h>

#include "core/alloc.h"

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

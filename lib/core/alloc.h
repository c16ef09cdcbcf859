/* alloc.h: the memory of a collective call that is under way.
 *
 * Once a collective call may be communicating, running out of memory on
 * one rank cannot be reported as an error: that rank would return while
 * the others wait for it in the collective, for ever.  So HiMPI has one
 * rule for every algorithm, driver and layout: memory a collective call
 * needs comes from these functions, which stop the whole job with a
 * message naming what ran out (MPI_Abort with MPI_ERR_NO_MEM).  Only what
 * fails before any rank communicates, alike on every rank, is returned as
 * an error (doc/architecture.md). */
#ifndef HIMPI_CORE_ALLOC_H
#define HIMPI_CORE_ALLOC_H

#include <stddef.h>

/* n elements of size bytes (zeroed by himpi_zalloc), or old resized to n
 * elements; what names them in the message.  Never NULL. */
void *himpi_alloc(size_t n, size_t size, const char *what);
void *himpi_zalloc(size_t n, size_t size, const char *what);
void *himpi_realloc(void *old, size_t n, size_t size, const char *what);
/* bytes of message data, which a simulator may share between its simulated
 * ranks as it does the program's own buffers (alloc.c); freed with free. */
void *himpi_data_alloc(size_t bytes, const char *what);

#endif /* HIMPI_CORE_ALLOC_H */

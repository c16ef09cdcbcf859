/* scratch.h: the temporary buffers of a persistent request.  The drivers
 * and algorithms take their temporaries from himpi_tmp_alloc (coll.h) in
 * the same order at every start of a request, so while a start runs
 * inside himpi_scratch_begin/end, himpi_tmp_alloc hands out the buffers the
 * first start allocated, in that order, and himpi_tmp_free keeps them. */
#ifndef HIMPI_SCRATCH_H
#define HIMPI_SCRATCH_H

#include <stddef.h>

typedef struct himpi_scratch {
    struct himpi_scratch_buf *bufs;
    int n, cap; /* buffers held, room for */
    int next;   /* the next one to hand out */
} himpi_scratch;

/* Makes s the source of temporary buffers until himpi_scratch_end. */
void himpi_scratch_begin(himpi_scratch *s);
void himpi_scratch_end(void);

/* A buffer of bytes from the current scratch: the next one in order,
 * allocated if the scratch has none of that size yet (core/alloc.h).
 * *kept is 1 when a scratch is current (the buffer is then not to be
 * freed), 0 otherwise (the function then does nothing). */
void *himpi_scratch_take(size_t bytes, int *kept);

/* 1 while a scratch is current. */
int himpi_scratch_current(void);

/* Frees s's buffers. */
void himpi_scratch_free(himpi_scratch *s);

#endif /* HIMPI_SCRATCH_H */

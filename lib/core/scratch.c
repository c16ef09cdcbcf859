/* scratch.c: the temporary buffers of a persistent request. */
#include <config.h>

#include <stdlib.h>

#include "core/alloc.h"
#include "core/scratch.h"
#include "core/thread_local.h"

struct himpi_scratch_buf {
    void *base;
    size_t bytes;
};

/* A start runs in one thread from begin to end, while other threads may
 * run starts or plain calls of their own (MPI_THREAD_MULTIPLE): each thread
 * has its own current scratch. */
static HIMPI_THREAD_LOCAL himpi_scratch *current;

void himpi_scratch_begin(himpi_scratch *s)
{
    s->next = 0;
    current = s;
}

void himpi_scratch_end(void)
{
    current = NULL;
}

int himpi_scratch_current(void)
{
    return current != NULL;
}

void *himpi_scratch_take(size_t bytes, int *kept)
{
    himpi_scratch *s = current;
    *kept = s != NULL;
    if (s == NULL)
        return NULL;
    if (s->next < s->n && s->bufs[s->next].bytes == bytes)
        return s->bufs[s->next++].base;
    if (s->next == s->n) {
        if (s->n == s->cap) {
            int cap = s->cap > 0 ? 2 * s->cap : 8;
            s->bufs = himpi_realloc(s->bufs, (size_t)cap, sizeof *s->bufs,
                                    "a persistent request's temporary buffers");
            s->cap = cap;
        }
        s->bufs[s->n++] = (struct himpi_scratch_buf){NULL, 0};
    }
    /* A size that differs from the first start's (only if a start took
     * another path) replaces the buffer. */
    struct himpi_scratch_buf *b = &s->bufs[s->next];
    free(b->base);
    b->base = himpi_alloc(bytes, 1, "a temporary buffer");
    b->bytes = bytes;
    return s->bufs[s->next++].base;
}

void himpi_scratch_free(himpi_scratch *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->bufs[i].base);
    free(s->bufs);
    *s = (himpi_scratch){NULL, 0, 0, 0};
}

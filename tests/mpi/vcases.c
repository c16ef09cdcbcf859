/* vcases.c: the v-variants' counts and displacements (vcases.h). */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "vcases.h"

int vc_count(const ct_case *c, int r, int send)
{
    int n = c->count < 0 ? c->count
            : r % 3 == 1 ? 0
            : r % 3 == 2 ? c->count + (c->count + 1) / 2
                         : c->count;
    return send && n > 0 ? n * c->recv->slots / c->send->slots : n;
}

/* Whether c's blocks run backwards with gaps. */
static int gapped(const ct_case *c)
{
    return (c->count + c->root + c->in_place) % 2 != 0;
}

/* Vectors already made, each kept for the rest of the run: a nonblocking
 * call's must stay as they are until it completes, and two or four may be
 * outstanding at once. */
typedef struct made {
    int key[6];
    int *v;
    struct made *next;
} made;

void vc_vectors(const ct_case *c, int send, const int **counts, const int **displs)
{
    static made *list;
    const int key[6] = {c->p, c->count, c->root, c->in_place, send,
                        c->recv->slots * 16 + c->send->slots};
    made *m = list;
    while (m != NULL && memcmp(m->key, key, sizeof key) != 0)
        m = m->next;
    if (m == NULL) {
        if ((m = malloc(sizeof *m)) == NULL ||
            (m->v = malloc(2 * (size_t)c->p * sizeof *m->v)) == NULL)
            MPI_Abort(MPI_COMM_WORLD, 1);
        memcpy(m->key, key, sizeof key);
        m->next = list;
        list = m;
        int *v = m->v;
        for (int r = 0; r < c->p; r++)
            v[r] = vc_count(c, r, send);
        if (!gapped(c))
            for (int r = 0, at = 0; r < c->p; at += v[r] > 0 ? v[r] : 0, r++)
                v[c->p + r] = at;
        else
            for (int r = c->p - 1, at = 1; r >= 0; at += (v[r] > 0 ? v[r] : 0) + 1, r--)
                v[c->p + r] = at;
    }
    *counts = m->v;
    *displs = m->v + c->p;
}

long vc_span(const ct_case *c, int send)
{
    const int *counts, *displs;
    vc_vectors(c, send, &counts, &displs);
    long end = 0;
    for (int r = 0; r < c->p; r++)
        if (counts[r] > 0 && displs[r] + counts[r] > end)
            end = displs[r] + counts[r];
    return end + gapped(c);
}

void vc_put_own(const ct_case *c, void *buf)
{
    const int *counts, *displs;
    int n = vc_count(c, c->rank, 1);
    if (n <= 0)
        return;
    vc_vectors(c, 0, &counts, &displs);
    char *mine = (char *)buf + (MPI_Aint)displs[c->rank] * c->recv->extent;
    MPI_Sendrecv(c->in, n, c->send->type, 0, 0, mine, counts[c->rank], c->recv->type, 0, 0,
                 MPI_COMM_SELF, MPI_STATUS_IGNORE);
}

static int misuse;

const char *vc_misuse(int k, int *want)
{
    static const char *const what[] = {"counts NULL", "displacements NULL", "a count -1",
                                       "buffer NULL with elements to hold"};
    static const int classes[] = {MPI_ERR_ARG, MPI_ERR_ARG, MPI_ERR_COUNT, MPI_ERR_BUFFER};
    misuse = k;
    if (k < 1 || k > 4)
        return NULL;
    *want = classes[k - 1];
    return what[k - 1];
}

void vc_misuse_apply(const int **counts, const int **displs, const void **buf)
{
    static int *bad, cap;
    int p;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    switch (misuse) {
    case 1:
        *counts = NULL;
        break;
    case 2:
        *displs = NULL;
        break;
    case 3:
        if (cap < p) {
            bad = realloc(bad, (size_t)p * sizeof *bad);
            cap = p;
        }
        for (int r = 0; r < p; r++)
            bad[r] = (*counts)[r];
        bad[p - 1] = -1;
        *counts = bad;
        break;
    case 4:
        *buf = NULL;
        break;
    }
}

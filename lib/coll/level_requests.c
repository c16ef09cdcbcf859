/* level_requests.c: persistent collectives on the levels of a persistent
 * request. */
#include <config.h>

#include <stdlib.h>

#include "coll/level_requests.h"
#include "core/alloc.h"
#include "coll/native.h"
#include "core/thread_local.h"
#include "mpib.h"

struct himpi_level_request {
    HiMPI_Op op;
    himpi_coll_args args;
    MPI_Comm comm;
    MPI_Request request; /* MPI_REQUEST_NULL: the library has no persistent op */
};

/* Each thread has its own current set, as it has its own scratch
 * (scratch.c). */
static HIMPI_THREAD_LOCAL himpi_level_requests *current;

void himpi_level_requests_begin(himpi_level_requests *s)
{
    s->next = 0;
    current = s;
}

void himpi_level_requests_end(void)
{
    current = NULL;
}

static int same_call(const struct himpi_level_request *r, HiMPI_Op op,
                     const himpi_coll_args *a, MPI_Comm comm)
{
    const himpi_coll_args *b = &r->args;
    return r->op == op && r->comm == comm && a->sendbuf == b->sendbuf &&
           a->sendcount == b->sendcount && a->sendtype == b->sendtype &&
           a->recvbuf == b->recvbuf && a->recvcount == b->recvcount &&
           a->recvtype == b->recvtype && a->op == b->op && a->root == b->root &&
           a->recvcounts == b->recvcounts && a->sendcounts == b->sendcounts &&
           a->displs == b->displs;
}

/* The request for the call at s->next, created if this is its first run. */
static int request_of(himpi_level_requests *s, HiMPI_Op op, const himpi_coll_args *args,
                      MPI_Comm comm, struct himpi_level_request **out)
{
    if (s->next < s->n) {
        *out = &s->reqs[s->next++];
        return same_call(*out, op, args, comm) ? MPI_SUCCESS : MPI_ERR_INTERN;
    }
    if (s->n == s->cap) {
        int cap = s->cap > 0 ? 2 * s->cap : 4;
        s->reqs = himpi_realloc(s->reqs, (size_t)cap, sizeof *s->reqs, "persistent requests");
        s->cap = cap;
    }
    struct himpi_level_request *r = &s->reqs[s->n];
    *r = (struct himpi_level_request){op, *args, comm, MPI_REQUEST_NULL};
    int rc = himpi_native_init(op, args, comm, MPI_INFO_NULL, &r->request);
    if (rc != MPI_SUCCESS)
        return rc;
    s->n++;
    s->next++;
    *out = r;
    return MPI_SUCCESS;
}

int himpi_level_requests_run(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm, int *done)
{
    *done = 0;
    if (current == NULL)
        return MPI_SUCCESS;
    struct himpi_level_request *r;
    int rc = request_of(current, op, args, comm, &r);
    if (rc != MPI_SUCCESS) {
        *done = 1;
        return rc;
    }
    if (r->request == MPI_REQUEST_NULL)
        return MPI_SUCCESS;
    *done = 1;
    rc = MPI_Start(&r->request);
    return rc == MPI_SUCCESS ? MPIB_Wait(&r->request, MPI_STATUS_IGNORE) : rc;
}

int himpi_level_requests_free(himpi_level_requests *s)
{
    int rc = MPI_SUCCESS;
    for (int i = 0; i < s->n; i++)
        if (s->reqs[i].request != MPI_REQUEST_NULL) {
            int r = MPI_Request_free(&s->reqs[i].request);
            rc = rc == MPI_SUCCESS ? r : rc;
        }
    free(s->reqs);
    *s = (himpi_level_requests){NULL, 0, 0, 0};
    return rc;
}

/* pingpong.c: the point-to-point round trip that Hockney's alpha and beta
 * are fitted to. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "mpib.h"

typedef struct {
    MPIB_coll_container base;
    void *buf;
} pingpong_container;

/* The root's partner: the next rank. */
static int partner(MPI_Comm comm, int root)
{
    int p;
    MPI_Comm_size(comm, &p);
    return (root + 1) % p;
}

static int pingpong_execute(void *self, MPI_Comm comm, int root, int M)
{
    pingpong_container *c = self;
    int rank, peer = partner(comm, root);
    MPI_Comm_rank(comm, &rank);
    MPI_Request request;
    int rc = MPI_SUCCESS;
    /* Both sides wait under the wait policy, like the collectives. */
    if (rank == root) {
        if ((rc = MPI_Isend(c->buf, M, MPI_BYTE, peer, 0, comm, &request)) == MPI_SUCCESS &&
            (rc = MPIB_Wait(&request, MPI_STATUS_IGNORE)) == MPI_SUCCESS &&
            (rc = MPI_Irecv(c->buf, M, MPI_BYTE, peer, 0, comm, &request)) == MPI_SUCCESS)
            rc = MPIB_Wait(&request, MPI_STATUS_IGNORE);
    } else if (rank == peer) {
        if ((rc = MPI_Irecv(c->buf, M, MPI_BYTE, root, 0, comm, &request)) == MPI_SUCCESS &&
            (rc = MPIB_Wait(&request, MPI_STATUS_IGNORE)) == MPI_SUCCESS &&
            (rc = MPI_Isend(c->buf, M, MPI_BYTE, root, 0, comm, &request)) == MPI_SUCCESS)
            rc = MPIB_Wait(&request, MPI_STATUS_IGNORE);
    }
    return rc;
}

static int pingpong_initialize(void *self, MPI_Comm comm, int root, int M)
{
    pingpong_container *c = self;
    int p;
    MPI_Comm_size(comm, &p);
    if (p < 2)
        return MPI_ERR_COMM;
    c->buf = malloc((size_t)M + 1);
    if (c->buf == NULL)
        return MPI_ERR_NO_MEM;
    memset(c->buf, 0, (size_t)M + 1);
    /* One untimed round trip: a library may connect a pair of processes
     * at its first message between them. */
    return pingpong_execute(self, comm, root, M);
}

static int pingpong_finalize(void *self, MPI_Comm comm, int root)
{
    pingpong_container *c = self;
    (void)comm, (void)root;
    free(c->buf);
    c->buf = NULL;
    return MPI_SUCCESS;
}

MPIB_coll_container *MPIB_Pingpong_container_alloc(void)
{
    pingpong_container *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    c->base = (MPIB_coll_container){"pingpong", pingpong_initialize, pingpong_execute,
                                    pingpong_finalize};
    return &c->base;
}

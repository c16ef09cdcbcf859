/* wait.c: the wait policy and the MPI calls that honour it. */
#include <config.h>

#include <sched.h>
#include <stdatomic.h>
#include <string.h>

#include "mpib.h"

static const char *const policy_names[] = {"blocking", "yield"};

/* Atomic: under MPI_THREAD_MULTIPLE one thread may set it while others wait. */
static _Atomic(MPIB_wait_policy) current_policy = MPIB_WAIT_BLOCKING;

int MPIB_wait_policy_parse(const char *name, MPIB_wait_policy *policy)
{
    for (int i = 0; name != NULL && i < 2; i++)
        if (strcmp(name, policy_names[i]) == 0) {
            *policy = (MPIB_wait_policy)i;
            return MPI_SUCCESS;
        }
    return MPI_ERR_ARG;
}

const char *MPIB_wait_policy_name(MPIB_wait_policy policy)
{
    if (policy != MPIB_WAIT_BLOCKING && policy != MPIB_WAIT_YIELD)
        return NULL;
    return policy_names[policy];
}

MPIB_wait_policy MPIB_get_wait_policy(void)
{
    return current_policy;
}

void MPIB_set_wait_policy(MPIB_wait_policy policy)
{
    current_policy = policy;
}

int MPIB_Wait(MPI_Request *request, MPI_Status *status)
{
    if (MPIB_get_wait_policy() == MPIB_WAIT_BLOCKING)
        return MPI_Wait(request, status);
    for (;;) {
        int done = 0;
        int rc = MPI_Test(request, &done, status);
        if (rc != MPI_SUCCESS || done)
            return rc;
        sched_yield();
    }
}

int MPIB_Waitall(int count, MPI_Request *requests, MPI_Status *statuses)
{
    if (MPIB_get_wait_policy() == MPIB_WAIT_BLOCKING)
        return MPI_Waitall(count, requests, statuses);
    for (;;) {
        int done = 0;
        int rc = MPI_Testall(count, requests, &done, statuses);
        if (rc != MPI_SUCCESS || done)
            return rc;
        sched_yield();
    }
}

int MPIB_Waitany(int count, MPI_Request *requests, int *index, MPI_Status *status)
{
    if (MPIB_get_wait_policy() == MPIB_WAIT_BLOCKING)
        return MPI_Waitany(count, requests, index, status);
    for (;;) {
        int done = 0;
        int rc = MPI_Testany(count, requests, index, &done, status);
        if (rc != MPI_SUCCESS || done)
            return rc;
        sched_yield();
    }
}

/* Completes a nonblocking collective's request, or passes on its error. */
static int finish(int rc, MPI_Request *request)
{
    return rc == MPI_SUCCESS ? MPIB_Wait(request, MPI_STATUS_IGNORE) : rc;
}

int MPIB_Barrier(MPI_Comm comm)
{
    MPI_Request r;
    if (MPIB_get_wait_policy() == MPIB_WAIT_BLOCKING)
        return MPI_Barrier(comm);
    return finish(MPI_Ibarrier(comm, &r), &r);
}

int MPIB_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    MPI_Request r;
    if (MPIB_get_wait_policy() == MPIB_WAIT_BLOCKING)
        return MPI_Bcast(buffer, count, datatype, root, comm);
    /* One rank has nothing to receive; skipping the call also avoids SimGrid
     * 3.32, whose MPI_Ibcast on one rank never completes under MPI_Test. */
    int size;
    MPI_Comm_size(comm, &size);
    if (size == 1)
        return root == 0 ? MPI_SUCCESS : MPI_ERR_ROOT;
    return finish(MPI_Ibcast(buffer, count, datatype, root, comm, &r), &r);
}

int MPIB_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                MPI_Op op, int root, MPI_Comm comm)
{
    MPI_Request r;
    if (MPIB_get_wait_policy() == MPIB_WAIT_BLOCKING)
        return MPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
    return finish(MPI_Ireduce(sendbuf, recvbuf, count, datatype, op, root, comm, &r), &r);
}

int MPIB_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                   MPI_Op op, MPI_Comm comm)
{
    MPI_Request r;
    if (MPIB_get_wait_policy() == MPIB_WAIT_BLOCKING)
        return MPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
    return finish(MPI_Iallreduce(sendbuf, recvbuf, count, datatype, op, comm, &r), &r);
}

/* request.c: HiMPI_Request, HiMPI_Start, HiMPI_Wait, HiMPI_Test,
 * HiMPI_Waitall and HiMPI_Request_free, and the progress every call makes
 * on the requests under way.
 *
 * A request holds the schedule of one collective (core/sched.h), built
 * once: a nonblocking call builds and starts it, a persistent init builds
 * it and each HiMPI_Start starts it again.  Everything a start needs is in
 * the schedule, so requests share no state: two can be started and
 * completed in any order, from two threads too.
 *
 * The requests under way are listed, so that any HiMPI call can progress
 * them (himpi_requests_progress) and a program that computes between a
 * start and a wait still sees its collective move.  A request is
 * progressed by one thread at a time: its flag is taken for each pass, and
 * a pass from another call skips a request whose flag is taken rather than
 * wait for it. */
#include <config.h>

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "core/ops.h"
#include "hier/drivers.h"
#include "hier/levels.h"
#include "hier/request.h"
#include "mpib.h"

struct HiMPI_Request_s {
    himpi_sched *sched;
    int persistent;
    int active; /* started, and not yet completed by a wait or test */
    /* The current start's schedule has completed: set by the thread that
     * makes the last pass, which may be another call's, and read by the
     * request's own thread, which then reads result. */
    atomic_int done;
    int result; /* of the current start, written before done */
    atomic_flag busy;
    HiMPI_Request prev, next; /* the list of requests under way */
};

static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;
static HiMPI_Request under_way;
static atomic_int listed; /* the requests in the list, read without its lock */

static void enlist(HiMPI_Request r)
{
    /* Waits, blocking calls' too, progress the requests under way. */
    himpi_sched_others_hook(himpi_requests_progress);
    pthread_mutex_lock(&list_lock);
    r->prev = NULL;
    r->next = under_way;
    if (under_way != NULL)
        under_way->prev = r;
    under_way = r;
    atomic_fetch_add(&listed, 1);
    pthread_mutex_unlock(&list_lock);
}

static void delist(HiMPI_Request r)
{
    pthread_mutex_lock(&list_lock);
    if (r->prev != NULL)
        r->prev->next = r->next;
    else
        under_way = r->next;
    if (r->next != NULL)
        r->next->prev = r->prev;
    r->prev = r->next = NULL;
    atomic_fetch_sub(&listed, 1);
    pthread_mutex_unlock(&list_lock);
}

/* One pass of r's schedule, by the thread that holds r's flag. */
static void pass(HiMPI_Request r)
{
    if (r->done)
        return;
    int done = 0, rc = himpi_sched_test(r->sched, &done);
    if (rc != MPI_SUCCESS || done) {
        r->result = rc;
        r->done = 1;
    }
}

int himpi_requests_progress(void)
{
    /* A pass that finds the list taken is skipped: the thread that holds it
     * is making one. */
    int passed = 0;
    if (atomic_load(&listed) == 0 || pthread_mutex_trylock(&list_lock) != 0)
        return 0;
    for (HiMPI_Request r = under_way; r != NULL; r = r->next)
        if (!atomic_flag_test_and_set_explicit(&r->busy, memory_order_acquire)) {
            pass(r);
            passed++;
            atomic_flag_clear_explicit(&r->busy, memory_order_release);
        }
    pthread_mutex_unlock(&list_lock);
    return passed;
}

/* Takes r's flag, waiting for a pass from another thread to end. */
static void take(HiMPI_Request r)
{
    while (atomic_flag_test_and_set_explicit(&r->busy, memory_order_acquire))
        sched_yield();
}

static void release(HiMPI_Request r)
{
    atomic_flag_clear_explicit(&r->busy, memory_order_release);
}

static int start(HiMPI_Request r)
{
    r->done = 0;
    r->result = MPI_SUCCESS;
    int rc = himpi_sched_start(r->sched);
    if (rc != MPI_SUCCESS)
        return rc;
    r->active = 1;
    enlist(r);
    return MPI_SUCCESS;
}

static void request_free(HiMPI_Request *request)
{
    himpi_sched_free(&(*request)->sched);
    free(*request);
    *request = HIMPI_REQUEST_NULL;
}

/* A request of op with checked arguments on state's communicator, its
 * schedule built. */
static int create(HiMPI_Op op, himpi_comm *state, const HiMPI_Plan *plan,
                  const himpi_coll_args *args, int persistent, MPI_Info info,
                  HiMPI_Request *request)
{
    *request = HIMPI_REQUEST_NULL;
    HiMPI_Request r = himpi_zalloc(1, sizeof *r, "a request");
    r->persistent = persistent;
    atomic_flag_clear(&r->busy);
    himpi_sched_create(&r->sched);
    int rc = persistent ? himpi_sched_persistent(r->sched, info) : MPI_SUCCESS;
    if (rc == MPI_SUCCESS)
        rc = himpi_driver(op)(r->sched, args, himpi_comm_private(state), plan);
    if (rc != MPI_SUCCESS) {
        request_free(&r);
        return rc;
    }
    *request = r;
    return MPI_SUCCESS;
}

int himpi_request_init(HiMPI_Op op, himpi_comm *state, const HiMPI_Plan *plan,
                       const himpi_coll_args *args, MPI_Info info, HiMPI_Request *request)
{
    return create(op, state, plan, args, 1, info, request);
}

int himpi_request_start(HiMPI_Op op, himpi_comm *state, const HiMPI_Plan *plan,
                        const himpi_coll_args *args, HiMPI_Request *request)
{
    int rc = create(op, state, plan, args, 0, MPI_INFO_NULL, request);
    if (rc == MPI_SUCCESS && (rc = start(*request)) != MPI_SUCCESS)
        request_free(request);
    return rc;
}

int HiMPI_Start(HiMPI_Request *request)
{
    if (request == NULL || *request == HIMPI_REQUEST_NULL || !(*request)->persistent ||
        (*request)->active)
        return MPI_ERR_REQUEST;
    return start(*request);
}

/* The empty status MPI gives for a completed collective. */
static void empty_status(MPI_Status *status, int rc)
{
    if (status == MPI_STATUS_IGNORE)
        return;
    status->MPI_SOURCE = MPI_ANY_SOURCE;
    status->MPI_TAG = MPI_ANY_TAG;
    status->MPI_ERROR = rc;
    MPI_Status_set_elements(status, MPI_BYTE, 0);
    MPI_Status_set_cancelled(status, 0);
}

/* The end of a completed start: the request leaves the list, a persistent
 * one becomes inactive and any other is freed. */
static int finish(HiMPI_Request *request, MPI_Status *status)
{
    HiMPI_Request r = *request;
    int rc = r->result;
    delist(r);
    r->active = 0;
    if (!r->persistent)
        request_free(request);
    empty_status(status, rc);
    return rc;
}

/* Completes r's start.  MPI completes collectives whatever order they are
 * waited for in, and one rank's collective may wait for another's stage
 * that this rank has not issued yet: so while other requests are under way
 * every request is progressed in turn.  Alone, r waits for its own
 * messages, without polling. */
static void complete(HiMPI_Request r)
{
    while (!r->done) {
        if (atomic_load(&listed) > 1) {
            himpi_requests_progress();
            if (!r->done)
                sched_yield();
            continue;
        }
        take(r);
        if (!r->done) {
            r->result = himpi_sched_wait(r->sched);
            r->done = 1;
        }
        release(r);
    }
}

int HiMPI_Wait(HiMPI_Request *request, MPI_Status *status)
{
    if (request == NULL)
        return MPI_ERR_REQUEST;
    HiMPI_Request r = *request;
    if (r == HIMPI_REQUEST_NULL || !r->active) {
        empty_status(status, MPI_SUCCESS);
        return MPI_SUCCESS;
    }
    complete(r);
    return finish(request, status);
}

int HiMPI_Test(HiMPI_Request *request, int *flag, MPI_Status *status)
{
    if (request == NULL || flag == NULL)
        return MPI_ERR_ARG;
    HiMPI_Request r = *request;
    if (r == HIMPI_REQUEST_NULL || !r->active) {
        *flag = 1;
        empty_status(status, MPI_SUCCESS);
        return MPI_SUCCESS;
    }
    /* Every request under way, as for a wait: another rank's part of r may
     * wait for a stage of another request here. */
    if (atomic_load(&listed) > 1)
        himpi_requests_progress();
    take(r);
    pass(r);
    release(r);
    if (!(*flag = r->done))
        return MPI_SUCCESS;
    return finish(request, status);
}

int HiMPI_Waitall(int count, HiMPI_Request requests[], MPI_Status statuses[])
{
    if (count < 0 || (count > 0 && requests == NULL))
        return MPI_ERR_ARG;
    int first = MPI_SUCCESS, failed = 0;
    for (int i = 0; i < count; i++) {
        int rc = HiMPI_Wait(&requests[i],
                            statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i]);
        if (rc != MPI_SUCCESS && failed++ == 0)
            first = rc;
    }
    /* As MPI_Waitall: each status then holds its request's error. */
    if (failed > 0 && statuses != MPI_STATUSES_IGNORE)
        return MPI_ERR_IN_STATUS;
    return first;
}

int HiMPI_Request_free(HiMPI_Request *request)
{
    if (request == NULL || *request == HIMPI_REQUEST_NULL || (*request)->active)
        return MPI_ERR_REQUEST;
    request_free(request);
    return MPI_SUCCESS;
}

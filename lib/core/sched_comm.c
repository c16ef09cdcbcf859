/* sched_comm.c: each communicator's state of its schedules, kept as an
 * attribute, and the tags a ticket names. */
#include <config.h>

#include <stdlib.h>

#include "core/alloc.h"
#include "core/p2p.h"
#include "core/sched.h"
#include "core/sched_comm.h"
#include "core/setup_lock.h"

static atomic_int state_keyval = MPI_KEYVAL_INVALID;
static int finalize_keyval = MPI_KEYVAL_INVALID;

/* A schedule still outstanding on comm (MPI lets a communicator be freed
 * with operations pending) keeps its lanes, now of no list. */
static int delete_state(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)extra;
    himpi_sched_comm *state = value;
    for (himpi_sched_lane *l = state->first; l != NULL; l = l->next)
        l->at = NULL;
    free(state);
    return MPI_SUCCESS;
}

static int at_finalize(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)value, (void)extra;
    himpi_keyval_free(&state_keyval);
    MPI_Comm_free_keyval(&finalize_keyval);
    return MPI_SUCCESS;
}

int himpi_sched_comm_of(MPI_Comm comm, himpi_sched_comm **state)
{
    int rc = himpi_keyval_once(&state_keyval, delete_state, &finalize_keyval, at_finalize);
    int found = 0, keyval = himpi_keyval_get(&state_keyval);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_get_attr(comm, keyval, state, &found);
    if (rc != MPI_SUCCESS || found)
        return rc;
    *state = himpi_zalloc(1, sizeof **state, "a communicator's state of schedules");
    rc = MPI_Comm_set_attr(comm, keyval, *state);
    if (rc != MPI_SUCCESS)
        free(*state);
    return rc;
}

int himpi_sched_lane_join(himpi_sched_lane *lane)
{
    himpi_sched_comm *state;
    int rc = himpi_sched_comm_of(lane->comm, &state);
    if (rc != MPI_SUCCESS)
        return rc;
    lane->at = state;
    lane->next = NULL;
    lane->prev = state->last;
    if (state->last != NULL)
        state->last->next = lane;
    else
        state->first = lane;
    state->last = lane;
    return MPI_SUCCESS;
}

void himpi_sched_lane_leave(himpi_sched_lane *lane)
{
    if (lane->prev != NULL)
        lane->prev->next = lane->next;
    else if (lane->at != NULL && lane->at->first == lane)
        lane->at->first = lane->next;
    if (lane->next != NULL)
        lane->next->prev = lane->prev;
    else if (lane->at != NULL && lane->at->last == lane)
        lane->at->last = lane->prev;
    lane->at = NULL;
    lane->prev = lane->next = NULL;
}

int himpi_sched_ticket(MPI_Comm comm, int *base)
{
    int *tag_ub, found = 0;
    himpi_sched_comm *state;
    /* MPI attaches MPI_TAG_UB to MPI_COMM_WORLD only, and it holds for
     * every communicator. */
    int rc = MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &found);
    if (rc == MPI_SUCCESS && (!found || *tag_ub - HIMPI_TAG < HIMPI_SCHED_KEYS))
        rc = MPI_ERR_INTERN;
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_comm_of(comm, &state);
    if (rc != MPI_SUCCESS)
        return rc;
    unsigned long tickets = (unsigned long)(*tag_ub - HIMPI_TAG) / HIMPI_SCHED_KEYS;
    *base = HIMPI_TAG + 1 + (int)(state->tickets % tickets) * HIMPI_SCHED_KEYS;
    state->tickets++;
    return MPI_SUCCESS;
}

/* sched_tag.c: each communicator's count of the schedules that joined it,
 * kept as an attribute, and the tags a ticket names. */
#include <config.h>

#include <stdlib.h>

#include "core/alloc.h"
#include "core/p2p.h"
#include "core/sched.h"
#include "core/sched_tag.h"
#include "core/setup_lock.h"

static atomic_int ticket_keyval = MPI_KEYVAL_INVALID;
static int finalize_keyval = MPI_KEYVAL_INVALID;

static int delete_count(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)extra;
    free(value);
    return MPI_SUCCESS;
}

static int at_finalize(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)value, (void)extra;
    himpi_keyval_free(&ticket_keyval);
    MPI_Comm_free_keyval(&finalize_keyval);
    return MPI_SUCCESS;
}

/* The count of comm's schedules, made at its first; a duplicate starts
 * its own (MPI_COMM_NULL_COPY_FN). */
static int schedules_of(MPI_Comm comm, unsigned long **count)
{
    int rc = himpi_keyval_once(&ticket_keyval, delete_count, &finalize_keyval, at_finalize);
    int found = 0, keyval = himpi_keyval_get(&ticket_keyval);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_get_attr(comm, keyval, count, &found);
    if (rc != MPI_SUCCESS || found)
        return rc;
    *count = himpi_zalloc(1, sizeof **count, "a communicator's count of schedules");
    rc = MPI_Comm_set_attr(comm, keyval, *count);
    if (rc != MPI_SUCCESS)
        free(*count);
    return rc;
}

int himpi_sched_ticket(MPI_Comm comm, int *base)
{
    int *tag_ub, found = 0;
    unsigned long *count;
    /* MPI attaches MPI_TAG_UB to MPI_COMM_WORLD only, and it holds for
     * every communicator. */
    int rc = MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &found);
    if (rc == MPI_SUCCESS && (!found || *tag_ub - HIMPI_TAG < HIMPI_SCHED_KEYS))
        rc = MPI_ERR_INTERN;
    if (rc == MPI_SUCCESS)
        rc = schedules_of(comm, &count);
    if (rc != MPI_SUCCESS)
        return rc;
    unsigned long tickets = (unsigned long)(*tag_ub - HIMPI_TAG) / HIMPI_SCHED_KEYS;
    *base = HIMPI_TAG + 1 + (int)(*count % tickets) * HIMPI_SCHED_KEYS;
    ++*count;
    return MPI_SUCCESS;
}

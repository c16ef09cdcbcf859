/* native_calls.c: the count of a communicator's plain calls before HiMPI
 * sets it up. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "api/native_calls.h"
#include "core/alloc.h"
#include "hier/cache.h"

/* The attribute that holds a communicator's count, MPI_KEYVAL_INVALID when
 * nothing is counted. */
static int count_keyval = MPI_KEYVAL_INVALID;
static int threshold, debug;

static int free_count(MPI_Comm comm, int keyval, void *count, void *extra)
{
    (void)comm, (void)keyval, (void)extra;
    free(count);
    return MPI_SUCCESS;
}

int himpi_native_calls_start(int n, int debugging)
{
    threshold = n;
    debug = debugging;
    if (n == 0 || count_keyval != MPI_KEYVAL_INVALID)
        return MPI_SUCCESS;
    /* A duplicate of a communicator is a new one, with its own set-up to
     * repay: the count is not copied. */
    return MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, free_count, &count_keyval, NULL);
}

void himpi_native_calls_stop(void)
{
    if (count_keyval != MPI_KEYVAL_INVALID)
        MPI_Comm_free_keyval(&count_keyval);
}

int himpi_native_calls_take(MPI_Comm comm, const char *call)
{
    int *count, found;
    if (count_keyval == MPI_KEYVAL_INVALID ||
        MPI_Comm_get_attr(comm, count_keyval, &count, &found) != MPI_SUCCESS)
        return 0;
    if (found && *count >= threshold)
        return 0;
    /* An explicit plan may have set comm up already: then every call is
     * HiMPI's, and the count stops there. */
    if (himpi_comm_has_state(comm)) {
        if (found)
            *count = threshold;
        return 0;
    }
    if (!found) {
        count = himpi_zalloc(1, sizeof *count, "a communicator's count of calls");
        if (MPI_Comm_set_attr(comm, count_keyval, count) != MPI_SUCCESS) {
            free(count);
            return 0;
        }
    }
    ++*count;
    int rank;
    if (debug && MPI_Comm_rank(comm, &rank) == MPI_SUCCESS && rank == 0)
        fprintf(stderr,
                "himpi: %s: call %d of HIMPI_NATIVE_CALLS=%d on this communicator, the MPI "
                "library's collective\n",
                call, *count, threshold);
    return 1;
}

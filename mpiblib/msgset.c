/* msgset.c: message-size sweeps. */
#include <config.h>

#include <stdlib.h>

#include "mpib.h"

int MPIB_msgset_sizes(const MPIB_msgset *msgset, int *count, int *sizes)
{
    if (msgset == NULL || count == NULL || msgset->min_size < 0 ||
        msgset->max_size < msgset->min_size || msgset->stride < 2)
        return MPI_ERR_ARG;
    int n = 0;
    for (int size = msgset->min_size;;) {
        if (sizes != NULL)
            sizes[n] = size;
        n++;
        if (size == 0)
            size = 1;
        else if (size > msgset->max_size / msgset->stride)
            break; /* the next size would exceed max_size (or overflow) */
        else
            size *= msgset->stride;
        if (size > msgset->max_size)
            break;
    }
    *count = n;
    return MPI_SUCCESS;
}

int MPIB_measure_msgset(MPIB_method method, MPIB_coll_container *container, MPI_Comm comm,
                        int root, const MPIB_msgset *msgset, const MPIB_precision *precision,
                        void (*progress)(const MPIB_result *result, int done, int total),
                        int *count, MPIB_result **results)
{
    if (comm == MPI_COMM_NULL)
        return MPI_ERR_COMM;
    int n, rc = MPIB_msgset_sizes(msgset, &n, NULL);
    if (rc != MPI_SUCCESS)
        return rc;
    int *sizes = malloc((size_t)n * sizeof *sizes);
    MPIB_result *out = malloc((size_t)n * sizeof *out);
    /* Every rank must agree before the first collective measurement. */
    int failed = (sizes == NULL || out == NULL), any_failed = 1;
    rc = MPIB_Allreduce(&failed, &any_failed, 1, MPI_INT, MPI_MAX, comm);
    if (rc == MPI_SUCCESS && any_failed)
        rc = MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS)
        MPIB_msgset_sizes(msgset, &n, sizes);
    for (int i = 0; rc == MPI_SUCCESS && i < n; i++) {
        rc = MPIB_measure(method, container, comm, root, sizes[i], precision, &out[i]);
        if (rc == MPI_SUCCESS && progress != NULL)
            progress(&out[i], i + 1, n);
    }
    free(sizes);
    if (rc != MPI_SUCCESS) {
        free(out);
        return rc;
    }
    *count = n;
    *results = out;
    return MPI_SUCCESS;
}

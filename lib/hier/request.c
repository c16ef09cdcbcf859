/* request.c: HiMPI_Request, HiMPI_Start, HiMPI_Wait, HiMPI_Test and
 * HiMPI_Request_free. */
#include <config.h>

#include <stdlib.h>

#include "coll/native.h"
#include "core/alloc.h"
#include "core/level_requests.h"
#include "core/ops.h"
#include "core/scratch.h"
#include "hier/drivers.h"
#include "hier/levels.h"
#include "hier/request.h"
#include "mpib.h"

struct HiMPI_Request_s {
    HiMPI_Plan plan;
    himpi_coll_args args;
    himpi_driver_fn driver;
    MPI_Comm comm;         /* HiMPI's private communicator the plan runs on */
    MPI_Request native;    /* the library's persistent collective, or MPI_REQUEST_NULL */
    himpi_scratch scratch; /* the starts' temporary buffers */
    himpi_level_requests levels; /* the library's persistent collectives on the levels */
    int active;
    int result; /* of the current start when it ran in HiMPI_Start */
};

int himpi_request_init(HiMPI_Op op, himpi_comm *state, const HiMPI_Plan *plan,
                       const himpi_coll_args *args, MPI_Info info, HiMPI_Request *request)
{
    *request = HIMPI_REQUEST_NULL;
    /* The drivers keep their layouts on the state of HiMPI's duplicate. */
    MPI_Comm comm = himpi_comm_private(state);
    HiMPI_Alg flat;
    int rc = himpi_levels_prepare(comm, plan, args->root, himpi_args_ordered(op, args), &flat);
    if (rc != MPI_SUCCESS)
        return rc;
    HiMPI_Request r = himpi_alloc(1, sizeof *r, "a persistent request");
    *r = (struct HiMPI_Request_s){.plan = *plan, .args = *args, .driver = himpi_driver(op),
                                  .comm = comm,
                                  .native = MPI_REQUEST_NULL};
    if (flat == HIMPI_ALG_NATIVE &&
        (rc = himpi_native_init(op, args, r->comm, info, &r->native)) != MPI_SUCCESS) {
        free(r);
        return rc;
    }
    *request = r;
    return MPI_SUCCESS;
}

int HiMPI_Start(HiMPI_Request *request)
{
    if (request == NULL || *request == HIMPI_REQUEST_NULL || (*request)->active)
        return MPI_ERR_REQUEST;
    HiMPI_Request r = *request;
    if (r->native != MPI_REQUEST_NULL) {
        int rc = MPI_Start(&r->native);
        r->active = rc == MPI_SUCCESS;
        return rc;
    }
    himpi_scratch_begin(&r->scratch);
    himpi_level_requests_begin(&r->levels);
    r->result = r->driver(&r->args, r->comm, &r->plan);
    himpi_level_requests_end();
    himpi_scratch_end();
    r->active = 1;
    return MPI_SUCCESS;
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

int HiMPI_Wait(HiMPI_Request *request, MPI_Status *status)
{
    if (request == NULL)
        return MPI_ERR_REQUEST;
    HiMPI_Request r = *request;
    if (r == HIMPI_REQUEST_NULL || !r->active) {
        empty_status(status, MPI_SUCCESS);
        return MPI_SUCCESS;
    }
    int rc;
    if (r->native != MPI_REQUEST_NULL)
        rc = MPIB_Wait(&r->native, status);
    else
        empty_status(status, rc = r->result);
    r->active = 0;
    return rc;
}

int HiMPI_Test(HiMPI_Request *request, int *flag, MPI_Status *status)
{
    if (request == NULL || flag == NULL)
        return MPI_ERR_ARG;
    HiMPI_Request r = *request;
    if (r != HIMPI_REQUEST_NULL && r->active && r->native != MPI_REQUEST_NULL) {
        int rc = MPI_Test(&r->native, flag, status);
        r->active = rc == MPI_SUCCESS && !*flag;
        return rc;
    }
    *flag = 1;
    return HiMPI_Wait(request, status);
}

int HiMPI_Request_free(HiMPI_Request *request)
{
    if (request == NULL || *request == HIMPI_REQUEST_NULL || (*request)->active)
        return MPI_ERR_REQUEST;
    HiMPI_Request r = *request;
    int rc = r->native != MPI_REQUEST_NULL ? MPI_Request_free(&r->native) : MPI_SUCCESS;
    int levels = himpi_level_requests_free(&r->levels);
    rc = rc == MPI_SUCCESS ? levels : rc;
    himpi_scratch_free(&r->scratch);
    free(r);
    *request = HIMPI_REQUEST_NULL;
    return rc;
}

/* call.c: checks, plan and driver, once per call. */
#include <config.h>

#include "api/call.h"
#include "api/load.h"
#include "api/native_calls.h"
#include "coll/native.h"
#include "config/runtime.h"
#include "core/ops.h"
#include "core/sched.h"
#include "core/validate.h"
#include "hier/drivers.h"
#include "hier/request.h"
#include "select/plan.h"
#include "tune/tune_runtime.h"

static void release_runtime(void *rt)
{
    himpi_runtime_release(rt);
}

/* The settings and table of state's plain calls, kept on the state. */
static int runtime_of(himpi_comm *state, himpi_runtime **rt)
{
    if ((*rt = himpi_comm_slot(state)) != NULL)
        return MPI_SUCCESS;
    himpi_runtime *global = himpi_runtime_global();
    if (global != NULL)
        *rt = himpi_runtime_retain(global);
    else {
        int rc = himpi_load(himpi_comm_private(state), rt);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    himpi_comm_set_slot(state, *rt, release_runtime);
    return MPI_SUCCESS;
}

int himpi_choose(HiMPI_Op op, himpi_comm *state, long long count, MPI_Datatype datatype,
                 HiMPI_Plan *plan)
{
    MPI_Comm comm = himpi_comm_private(state);
    himpi_runtime *rt;
    int p, rank, size, tuned, rc;
    if ((rc = runtime_of(state, &rt)) != MPI_SUCCESS)
        return rc;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    MPI_Type_size(datatype, &size);
    long long bytes = count * size;
    if ((rc = himpi_runtime_tune_lazily(rt, op, comm, bytes, &tuned)) != MPI_SUCCESS)
        return rc;
    himpi_plan_select(rt, op, p, rank, bytes, tuned, plan);
    return MPI_SUCCESS;
}

/* The message size of a call whose size only the root knows (a gatherv's
 * or a scatterv's, core/ops.h): the root's, broadcast, where the plan may
 * depend on it; *bytes (this rank's share) is left as it is otherwise,
 * since every rank then finds the same plan whatever its size.  The plan
 * comes before the schedule, so the broadcast is a schedule of its own,
 * run now, in a nonblocking call too; its collective is the nonblocking
 * one, so that its wait progresses the requests under way, which another
 * rank may need before it gets here. */
static int root_bytes(HiMPI_Op op, himpi_comm *state, int root, long long *bytes)
{
    MPI_Comm comm = himpi_comm_private(state);
    himpi_runtime *rt;
    int p, rc = runtime_of(state, &rt);
    MPI_Comm_size(comm, &p);
    if (rc != MPI_SUCCESS || !himpi_plan_by_size(rt, op, p))
        return rc;
    const himpi_coll_args a = {
        .recvbuf = bytes, .recvcount = 1, .recvtype = MPI_LONG_LONG, .root = root};
    himpi_sched *sched;
    himpi_sched_create(&sched);
    return himpi_sched_finish(
        &sched, himpi_sched_coll(sched, HIMPI_SCHED_FIRST, HIMPI_OP_BCAST, &a, NULL, comm, NULL));
}

/* What a persistent init checks besides the arguments. */
static int request_checked(const HiMPI_Request *request)
{
    return request == NULL ? MPI_ERR_REQUEST : MPI_SUCCESS;
}

/* Checks a plain call of op and chooses its plan; gives comm's state. */
static int check_and_choose(HiMPI_Op op, const himpi_coll_args *args, int checked,
                            MPI_Comm comm, himpi_comm **state, HiMPI_Plan *plan)
{
    int p, rank, size, rc;
    long long count;
    MPI_Datatype datatype;
    if ((rc = himpi_hier_check(op, args, NULL, checked, comm, &rank, state)) != MPI_SUCCESS)
        return rc;
    MPI_Comm_size(comm, &p);
    int alike = himpi_args_share(op, args, p, rank, &count, &datatype);
    MPI_Type_size(datatype, &size);
    long long bytes = count * size;
    if (!alike && (rc = root_bytes(op, *state, args->root, &bytes)) != MPI_SUCCESS)
        return rc;
    return himpi_choose(op, *state, bytes, MPI_BYTE, plan);
}

/* A plain call among comm's first (native_calls.h): 1 if it ran as the MPI
 * library's collective on comm, after the checks of every call, made
 * locally (the agreement belongs to the call that sets comm up); its
 * outcome in *rc. */
static int native_call(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm, int *rc)
{
    int p, rank;
    if (himpi_check_comm(comm, &p, &rank) != MPI_SUCCESS ||
        !himpi_native_calls_take(comm, HiMPI_Op_name(op)))
        return 0;
    if ((*rc = himpi_check_args(op, args, p, rank)) == MPI_SUCCESS)
        *rc = himpi_native_call(op, args, comm);
    return 1;
}

int himpi_call(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm)
{
    himpi_comm *state;
    HiMPI_Plan plan;
    int rc;
    himpi_requests_progress();
    if (native_call(op, args, comm, &rc))
        return rc;
    rc = check_and_choose(op, args, MPI_SUCCESS, comm, &state, &plan);
    return rc != MPI_SUCCESS ? rc : himpi_hier_run(op, args, state, &plan);
}

int himpi_call_params(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm,
                      const HiMPI_Params *params)
{
    himpi_comm *state;
    HiMPI_Plan plan;
    int p, rank, rc;
    himpi_requests_progress();
    if ((rc = himpi_check_comm(comm, &p, &rank)) != MPI_SUCCESS)
        return rc;
    if ((rc = himpi_check_params(op, params, p)) == MPI_SUCCESS)
        rc = himpi_check_args(op, args, p, rank);
    if ((rc = himpi_comm_get(comm, rc, &state)) != MPI_SUCCESS)
        return rc;
    himpi_plan_of_params(params, &plan);
    return himpi_hier_run(op, args, state, &plan);
}

int himpi_call_init(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm, MPI_Info info,
                    HiMPI_Request *request)
{
    himpi_comm *state;
    HiMPI_Plan plan;
    himpi_requests_progress();
    int rc = check_and_choose(op, args, request_checked(request), comm, &state, &plan);
    return rc != MPI_SUCCESS ? rc : himpi_request_init(op, state, &plan, args, info, request);
}

/* The checks of a call with a plan that makes a request. */
static int check_plan_call(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm,
                           const HiMPI_Plan *plan, HiMPI_Request *request, himpi_comm **state)
{
    int rank, rc = request_checked(request);
    if (plan == NULL && rc == MPI_SUCCESS)
        rc = MPI_ERR_ARG;
    return himpi_hier_check(op, args, plan, rc, comm, &rank, state);
}

int himpi_call_init_plan(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm,
                         const HiMPI_Plan *plan, MPI_Info info, HiMPI_Request *request)
{
    himpi_comm *state;
    himpi_requests_progress();
    int rc = check_plan_call(op, args, comm, plan, request, &state);
    return rc != MPI_SUCCESS ? rc : himpi_request_init(op, state, plan, args, info, request);
}

int himpi_call_start(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm,
                     HiMPI_Request *request)
{
    himpi_comm *state;
    HiMPI_Plan plan;
    himpi_requests_progress();
    int rc = check_and_choose(op, args, request_checked(request), comm, &state, &plan);
    return rc != MPI_SUCCESS ? rc : himpi_request_start(op, state, &plan, args, request);
}

int himpi_call_start_plan(HiMPI_Op op, const himpi_coll_args *args, MPI_Comm comm,
                          const HiMPI_Plan *plan, HiMPI_Request *request)
{
    himpi_comm *state;
    himpi_requests_progress();
    int rc = check_plan_call(op, args, comm, plan, request, &state);
    return rc != MPI_SUCCESS ? rc : himpi_request_start(op, state, plan, args, request);
}

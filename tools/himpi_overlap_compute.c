/* himpi_overlap_compute.c: a nonblocking collective hidden behind
 * computation, HiMPI's against the MPI library's. */
#include <config.h>

#include <stdlib.h>

#include "himpi_overlap_busy.h"
#include "himpi_overlap_compute.h"
#include "himpi_overlap_search.h"

typedef enum {
    KIND_HIMPI,  /* HiMPI_I<op>_plan, HiMPI_Test, HiMPI_Wait */
    KIND_MPI,    /* MPI_I<op>, MPI_Test, MPI_Wait */
    KIND_COMPUTE /* the computation alone */
} kind;

typedef struct {
    MPIB_coll_container base;
    HiMPI_Op op;
    kind kind;
    HiMPI_Plan plan;
    double compute, every; /* seconds */
    void *sendbuf, *recvbuf;
    int count;
    HiMPI_Request himpi;
    MPI_Request mpi;
} nb_container;

double overlap_hidden(double coll, double compute, double total)
{
    double hidden = (coll + compute - total) / coll;
    return hidden < 0 ? 0 : hidden > 1 ? 1 : hidden;
}

static int post(nb_container *c, int root, MPI_Comm comm)
{
    void *s = c->sendbuf, *r = c->recvbuf;
    int n = c->count;
    const HiMPI_Plan *p = &c->plan;
    if (c->kind == KIND_HIMPI) {
        switch (c->op) {
        case HIMPI_OP_BCAST:
            return HiMPI_Ibcast_plan(r, n, MPI_BYTE, root, comm, p, &c->himpi);
        case HIMPI_OP_REDUCE:
            return HiMPI_Ireduce_plan(s, r, n, MPI_DOUBLE, MPI_SUM, root, comm, p, &c->himpi);
        default:
            return HiMPI_Iallreduce_plan(s, r, n, MPI_DOUBLE, MPI_SUM, comm, p, &c->himpi);
        }
    }
    switch (c->op) {
    case HIMPI_OP_BCAST:
        return MPI_Ibcast(r, n, MPI_BYTE, root, comm, &c->mpi);
    case HIMPI_OP_REDUCE:
        return MPI_Ireduce(s, r, n, MPI_DOUBLE, MPI_SUM, root, comm, &c->mpi);
    default:
        return MPI_Iallreduce(s, r, n, MPI_DOUBLE, MPI_SUM, comm, &c->mpi);
    }
}

static int test_request(nb_container *c, int *done)
{
    return c->kind == KIND_HIMPI ? HiMPI_Test(&c->himpi, done, MPI_STATUS_IGNORE)
                                 : MPI_Test(&c->mpi, done, MPI_STATUS_IGNORE);
}

static int wait_request(nb_container *c)
{
    return c->kind == KIND_HIMPI ? HiMPI_Wait(&c->himpi, MPI_STATUS_IGNORE)
                                 : MPIB_Wait(&c->mpi, MPI_STATUS_IGNORE);
}

static int execute(void *self, MPI_Comm comm, int root, int M)
{
    nb_container *c = self;
    (void)M;
    if (c->kind == KIND_COMPUTE) {
        overlap_busy(c->compute);
        return MPI_SUCCESS;
    }
    int rc = post(c, root, comm), done = 0;
    /* The computation in pieces of every seconds, the collective tested
     * between them; the last piece is followed by the wait. */
    for (double left = c->compute; rc == MPI_SUCCESS && left > 0;) {
        double piece = c->every > 0 && c->every < left ? c->every : left;
        overlap_busy(piece);
        left -= piece;
        if (left > 0 && !done)
            rc = test_request(c, &done);
    }
    return rc == MPI_SUCCESS && !done ? wait_request(c) : rc;
}

/* The blocking call of the plan first: a nonblocking call creates the
 * layout's sub-communicators at its first use, collectively, which
 * would otherwise fall into the untimed run's wait. */
static int blocking(nb_container *c, int root, MPI_Comm comm)
{
    void *s = c->sendbuf, *r = c->recvbuf;
    int n = c->count;
    const HiMPI_Plan *p = &c->plan;
    switch (c->op) {
    case HIMPI_OP_BCAST:
        return HiMPI_Bcast_plan(r, n, MPI_BYTE, root, comm, p);
    case HIMPI_OP_REDUCE:
        return HiMPI_Reduce_plan(s, r, n, MPI_DOUBLE, MPI_SUM, root, comm, p);
    default:
        return HiMPI_Allreduce_plan(s, r, n, MPI_DOUBLE, MPI_SUM, comm, p);
    }
}

static int initialize(void *self, MPI_Comm comm, int root, int M)
{
    nb_container *c = self;
    int rc = HiMPI_Container_buffers(c->op, comm, root, M, &c->sendbuf, &c->recvbuf, &c->count);
    if (rc == MPI_SUCCESS && c->kind == KIND_HIMPI)
        rc = blocking(c, root, comm);
    return rc == MPI_SUCCESS ? execute(self, comm, root, M) : rc;
}

static int finalize(void *self, MPI_Comm comm, int root)
{
    nb_container *c = self;
    (void)comm, (void)root;
    free(c->sendbuf);
    free(c->recvbuf);
    c->sendbuf = c->recvbuf = NULL;
    return MPI_SUCCESS;
}

static MPIB_coll_container *nb_alloc(HiMPI_Op op, kind k, const overlap_best *best,
                                     double compute, double every)
{
    nb_container *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    c->base = (MPIB_coll_container){HiMPI_Op_name(op), initialize, execute, finalize};
    c->op = op;
    c->kind = k;
    c->plan = (HiMPI_Plan){.nlevels = 1, .level = {{best->g, HIMPI_HW_NODE, best->alg}},
                           .alg_in = best->alg, .overlap = best->overlap};
    c->compute = compute;
    c->every = every;
    c->himpi = HIMPI_REQUEST_NULL;
    c->mpi = MPI_REQUEST_NULL;
    return &c->base;
}

/* The plan to post: the one plan --groups, --algs and --overlaps give
 * when each gives one value, else the best overlapped plan, or the best
 * plan where no overlap fits the message.  0, or 1 after reporting a
 * failed measurement. */
static int choose(const overlap_options *o, HiMPI_Op op, int M, overlap_best *best)
{
    static const int none = 0;
    HiMPI_Alg algs[HIMPI_ALG_COUNT];
    if (o->ngroups == 1 && overlap_algs(o, op, algs) == 1 && o->noverlaps == 1) {
        *best = (overlap_best){o->groups[0], algs[0], o->overlaps[0], {0}};
        return 0;
    }
    int p, groups[OVERLAP_MAX_LIST], overlaps[OVERLAP_MAX_LIST];
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    int ngroups = overlap_groups(o, p, groups), noverlaps = overlap_overlaps(o, M, overlaps);
    if (overlap_fastest(o, op, M, groups, ngroups, overlaps, noverlaps, best) != 0)
        return 1;
    return best->g == 0 ? overlap_fastest(o, op, M, groups, ngroups, &none, 1, best) : 0;
}

static void start(const overlap_options *o)
{
    if (o->csv) {
        cli_say(stdout, "table,op,bytes,g,alg,overlap,test_every_us,compute_us,himpi_coll_us,"
                        "himpi_total_us,himpi_hidden,mpi_coll_us,mpi_total_us,mpi_hidden\n");
        return;
    }
    cli_say(stdout,
            "# the collective posted (HiMPI_I<op>_plan on the plan g, alg, overlap; MPI_I<op>),\n"
            "# then computation for the time asked, testing the request every %d us (0: "
            "never),\n"
            "# then the wait: coll, the collective alone (posted, then waited for); compute,\n"
            "# the computation alone; total, all of it; hidden = (coll + compute - total) /\n"
            "# coll, from 0 to 1\n", o->test_every);
    cli_say(stdout, "# %-8s %9s %4s %-22s %8s %10s %10s %10s %6s %10s %10s %6s\n", "op", "bytes",
            "g", "alg", "overlap", "compute", "himpi-coll", "himpi-tot", "hidden", "mpi-coll",
            "mpi-tot", "hidden");
}

static void row(const overlap_options *o, HiMPI_Op op, int M, const overlap_best *b,
                double compute, const double coll[2], const double total[2])
{
    double hidden[2] = {overlap_hidden(coll[0], compute, total[0]),
                        overlap_hidden(coll[1], compute, total[1])};
    if (o->csv)
        cli_say(stdout, "compute,%s,%d,%d,%s,%d,%d,%.3f,%.3f,%.3f,%.6g,%.3f,%.3f,%.6g\n",
                HiMPI_Op_name(op), M, b->g, HiMPI_Alg_name(b->alg), b->overlap, o->test_every,
                compute * 1e6, coll[0] * 1e6, total[0] * 1e6, hidden[0], coll[1] * 1e6,
                total[1] * 1e6, hidden[1]);
    else
        cli_say(stdout, "%-10s %9d %4d %-22s %8d %10.2f %10.2f %10.2f %6.2f %10.2f %10.2f %6.2f\n",
                HiMPI_Op_name(op), M, b->g, HiMPI_Alg_name(b->alg), b->overlap, compute * 1e6,
                coll[0] * 1e6, total[0] * 1e6, hidden[0], coll[1] * 1e6, total[1] * 1e6,
                hidden[1]);
}

/* Every computation of o at M bytes of op on best: 0, or 1. */
static int rows(const overlap_options *o, HiMPI_Op op, int M, const overlap_best *best)
{
    const kind kinds[2] = {KIND_HIMPI, KIND_MPI};
    double every = o->test_every * 1e-6, coll[2], total[2];
    MPIB_result r;
    for (int k = 0; k < 2; k++) {
        if (overlap_time(o, nb_alloc(op, kinds[k], best, 0, every), M, &r) != 0)
            return 1;
        coll[k] = r.T;
    }
    for (int i = 0; i < o->ncompute; i++) {
        double asked = o->compute[i] * 1e-6, compute;
        if (overlap_time(o, nb_alloc(op, KIND_COMPUTE, best, asked, every), M, &r) != 0)
            return 1;
        compute = r.T;
        for (int k = 0; k < 2; k++) {
            if (overlap_time(o, nb_alloc(op, kinds[k], best, asked, every), M, &r) != 0)
                return 1;
            total[k] = r.T;
        }
        row(o, op, M, best, compute, coll, total);
    }
    return 0;
}

int overlap_compute(const overlap_options *o)
{
    overlap_busy_calibrate();
    start(o);
    for (int i = 0; i < o->nops; i++)
        for (int s = 0; s < o->nsizes; s++) {
            HiMPI_Op op = (HiMPI_Op)o->ops[i];
            overlap_best best;
            if (choose(o, op, o->sizes[s], &best) != 0 || rows(o, op, o->sizes[s], &best) != 0)
                return 1;
        }
    return 0;
}

/* colltest.c: the collective test matrix (see colltest.h). */
#include <config.h>

#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "colltest.h"
#include "mpitap.h"
#include "plans.h"

enum {
    SENTINEL = 0xa5,
    BIG_BYTES = 1 << 20, /* the large count's message size (see big_count) */
    SCALE_BIG_BYTES = 1 << 16, /* the same in scale mode: two default segments */
    PRIME = 97
};

ct_type ct_types[CT_NTYPES];
ct_reduction ct_reductions[CT_NREDUCTIONS];

/* ---------------------------------------------------------------- counting */

/* Every communicator HiMPI creates or frees passes through here (PMPI), so
 * the cache test can see what a call creates: communicators, not the
 * MPI_COMM_NULL a split gives the ranks it leaves out. */
static long created, freed;

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
    int rc = PMPI_Comm_split(comm, color, key, newcomm);
    created += *newcomm != MPI_COMM_NULL;
    return rc;
}

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
    int rc = PMPI_Comm_dup(comm, newcomm);
    created += *newcomm != MPI_COMM_NULL;
    return rc;
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm)
{
    int rc = PMPI_Comm_create(comm, group, newcomm);
    created += *newcomm != MPI_COMM_NULL;
    return rc;
}

int MPI_Comm_free(MPI_Comm *comm)
{
    freed++;
    return PMPI_Comm_free(comm);
}

/* The MPI library's persistent collectives pass through here too, so that
 * the request test can see the levels of a plan use them. */
static long library_inits;

#if defined(HAVE_MPI_BCAST_INIT) || defined(HAVE_MPIX_BCAST_INIT)
#define LIBRARY_PERSISTENT 1
#if defined(HAVE_MPI_BCAST_INIT)
#define INIT(name) MPI_##name##_init
#define PINIT(name) PMPI_##name##_init
#else
#include <mpi-ext.h>
#define INIT(name) MPIX_##name##_init
#define PINIT(name) PMPIX_##name##_init
#endif

int INIT(Bcast)(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                MPI_Info info, MPI_Request *request)
{
    library_inits++;
    return PINIT(Bcast)(buffer, count, datatype, root, comm, info, request);
}

int INIT(Reduce)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                 MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    library_inits++;
    return PINIT(Reduce)(sendbuf, recvbuf, count, datatype, op, root, comm, info, request);
}

int INIT(Allreduce)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                    MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    library_inits++;
    return PINIT(Allreduce)(sendbuf, recvbuf, count, datatype, op, comm, info, request);
}

int INIT(Scatter)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                  MPI_Request *request)
{
    library_inits++;
    return PINIT(Scatter)(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                          comm, info, request);
}

int INIT(Gather)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                 MPI_Request *request)
{
    library_inits++;
    return PINIT(Gather)(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                         comm, info, request);
}

int INIT(Allgather)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                    MPI_Request *request)
{
    library_inits++;
    return PINIT(Allgather)(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                            info, request);
}

int INIT(Scan)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
               MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    library_inits++;
    return PINIT(Scan)(sendbuf, recvbuf, count, datatype, op, comm, info, request);
}

int INIT(Exscan)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                 MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    library_inits++;
    return PINIT(Exscan)(sendbuf, recvbuf, count, datatype, op, comm, info, request);
}

int INIT(Reduce_scatter_block)(const void *sendbuf, void *recvbuf, int recvcount,
                               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                               MPI_Request *request)
{
    library_inits++;
    return PINIT(Reduce_scatter_block)(sendbuf, recvbuf, recvcount, datatype, op, comm, info,
                                       request);
}

int INIT(Reduce_scatter)(const void *sendbuf, void *recvbuf, const int recvcounts[],
                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                         MPI_Request *request)
{
    library_inits++;
    return PINIT(Reduce_scatter)(sendbuf, recvbuf, recvcounts, datatype, op, comm, info,
                                 request);
}

int INIT(Alltoall)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                   MPI_Request *request)
{
    library_inits++;
    return PINIT(Alltoall)(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                           info, request);
}

int INIT(Gatherv)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                  MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    library_inits++;
    return PINIT(Gatherv)(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                          root, comm, info, request);
}

int INIT(Scatterv)(const void *sendbuf, const int sendcounts[], const int displs[],
                   MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                   int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    library_inits++;
    return PINIT(Scatterv)(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
                           root, comm, info, request);
}

int INIT(Allgatherv)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                     MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    library_inits++;
    return PINIT(Allgatherv)(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                             recvtype, comm, info, request);
}
#else
#define LIBRARY_PERSISTENT 0
#endif

/* ------------------------------------------------------------ datatypes */

/* A commutative sum of both ints of the vector type. */
static void vector_sum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    const ct_type *t = &ct_types[CT_VECTOR];
    for (int i = 0; i < *len; i++)
        for (int s = 0; s < t->slots; s++) {
            int *a = (int *)((char *)inout + i * t->extent + t->offset[s]);
            *a += *(int *)((char *)in + i * t->extent + t->offset[s]);
        }
}

/* Composition of affine maps x -> a x + b over 32-bit unsigned integers:
 * associative, not commutative.  MPI asks for inout = in o inout. */
static void affine_compose(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    const ct_type *t = &ct_types[CT_AFFINE];
    for (int i = 0; i < *len; i++) {
        char *x = (char *)in + i * t->extent, *y = (char *)inout + i * t->extent;
        uint32_t *a1 = (uint32_t *)(x + t->offset[0]), *b1 = (uint32_t *)(x + t->offset[1]);
        uint32_t *a2 = (uint32_t *)(y + t->offset[0]), *b2 = (uint32_t *)(y + t->offset[1]);
        *b2 = *a1 * *b2 + *b1;
        *a2 = *a1 * *a2;
    }
}

static MPI_Datatype resized(MPI_Datatype inner, MPI_Aint extent)
{
    MPI_Datatype t;
    MPI_Type_create_resized(inner, 0, extent, &t);
    MPI_Type_free(&inner);
    MPI_Type_commit(&t);
    return t;
}

static void types_init(void)
{
    MPI_Datatype v, pair, s;
    MPI_Type_vector(2, 1, 2, MPI_INT, &v);
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    /* Two unsigned ints at bytes 4 and 12 of 16: a lower bound of 0 but a
     * true lower bound of 4, and gaps on both sides. */
    int lengths[2] = {1, 1};
    MPI_Aint displs[2] = {4, 12};
    MPI_Datatype members[2] = {MPI_UINT32_T, MPI_UINT32_T};
    MPI_Type_create_struct(2, lengths, displs, members, &s);
    ct_types[CT_INT] = (ct_type){"int", MPI_INT, sizeof(int), 1, {0, 0}, 0};
    ct_types[CT_DOUBLE] = (ct_type){"double", MPI_DOUBLE, sizeof(double), 1, {0, 0}, 1};
    ct_types[CT_VECTOR] = (ct_type){"vector", resized(v, 16), 16, 2, {0, 8}, 0};
    ct_types[CT_PAIR] = (ct_type){"pair", pair, 8, 2, {0, 4}, 0};
    ct_types[CT_AFFINE] = (ct_type){"affine", resized(s, 16), 16, 2, {4, 12}, 0};

    MPI_Op vsum, compose;
    MPI_Op_create(vector_sum, 1, &vsum);
    MPI_Op_create(affine_compose, 0, &compose);
    ct_reductions[0] = (ct_reduction){"sum", MPI_SUM, CT_INT};
    ct_reductions[1] = (ct_reduction){"max", MPI_MAX, CT_INT};
    ct_reductions[2] = (ct_reduction){"sum", MPI_SUM, CT_DOUBLE};
    ct_reductions[3] = (ct_reduction){"max", MPI_MAX, CT_DOUBLE};
    ct_reductions[4] = (ct_reduction){"user-sum", vsum, CT_VECTOR};
    ct_reductions[CT_NONCOMMUTATIVE] = (ct_reduction){"user-affine", compose, CT_AFFINE};
}

static void types_free(void)
{
    MPI_Type_free(&ct_types[CT_VECTOR].type);
    MPI_Type_free(&ct_types[CT_PAIR].type);
    MPI_Type_free(&ct_types[CT_AFFINE].type);
    MPI_Op_free(&ct_reductions[4].op);
    MPI_Op_free(&ct_reductions[CT_NONCOMMUTATIVE].op);
}

void ct_clear(void *buf, size_t bytes)
{
    memset(buf, SENTINEL, bytes);
}

/* Small integer values keep sums of doubles exact in any order; odd
 * multipliers keep the affine maps from collapsing to zero. */
void ct_fill(const ct_type *t, void *buf, long n, int rank, int salt)
{
    ct_clear(buf, (size_t)(n * t->extent));
    for (long i = 0; i < n; i++)
        for (int s = 0; s < t->slots; s++) {
            char *at = (char *)buf + i * t->extent + t->offset[s];
            long v = (rank * 131L + i * 17 + s * 5 + salt * 7) % 2001 - 1000;
            if (t->is_double)
                *(double *)at = (double)v;
            else if (t == &ct_types[CT_AFFINE])
                *(uint32_t *)at = s == 0 ? (uint32_t)(2 * ((rank * 3 + i) % 7) + 1) : (uint32_t)v;
            else
                *(int *)at = (int)v;
        }
}

/* ---------------------------------------------------------------- cases */

static const ct_op *the_op;
static int rank, size;

/* --persistent, --nonblocking: the matrix through the persistent or the
 * nonblocking calls (colltest.h). */
static int persistent, nonblocking;

/* Allocates the buffers of c, fills the input and computes the expected
 * result.  The salt makes every configuration's data different. */
static void case_setup(ct_case *c, int salt)
{
    long in_n, out_n;
    the_op->sizes(c, &in_n, &out_n);
    c->in_bytes = (size_t)(in_n * c->send->extent);
    c->out_bytes = (size_t)(out_n * c->recv->extent);
    c->in = malloc(c->in_bytes + 1);
    c->expected = malloc(c->out_bytes + 1);
    c->out = malloc(c->out_bytes + 1);
    ct_fill(c->send, c->in, in_n, c->rank, salt);
    ct_clear(c->expected, c->out_bytes);
    int rc = the_op->reference(c);
    tap_check(rc == MPI_SUCCESS, "the native collective failed (%d)", rc);
}

static void case_free(ct_case *c)
{
    free(c->in);
    free(c->expected);
    free(c->out);
}

static ct_case case_new(const ct_type *send, const ct_type *recv, MPI_Op op, int count,
                        int root, int in_place, int salt)
{
    ct_case c = {MPI_COMM_WORLD, size, rank, send, recv, op, count,
                 count * recv->slots / send->slots, root, in_place, NULL, NULL, NULL, 0, 0};
    case_setup(&c, salt);
    return c;
}

static const char *alg(HiMPI_Alg a)
{
    return HiMPI_Alg_name(a);
}

/* Describes params or plan for messages. */
static const char *describe(const HiMPI_Params *params, const HiMPI_Plan *plan)
{
    static char text[512];
    if (plan == NULL && params == NULL)
        return "the plain call's plan";
    if (plan == NULL) {
        snprintf(text, sizeof text, "g=%d out=%s in=%s seg=%d", params->groups,
                 alg(params->alg_out), alg(params->alg_in), params->segment_size);
        return text;
    }
    int n = snprintf(text, sizeof text, "plan");
    for (int i = 0; i < plan->nlevels && n < (int)sizeof text; i++) {
        const HiMPI_Level *l = &plan->level[i];
        if (l->groups > 0)
            n += snprintf(text + n, sizeof text - (size_t)n, " %d:%s", l->groups, alg(l->alg));
        else
            n += snprintf(text + n, sizeof text - (size_t)n, " %s:%s", HiMPI_Hwlevel_name(l->hw),
                          alg(l->alg));
    }
    if (n < (int)sizeof text)
        snprintf(text + n, sizeof text - (size_t)n, " in=%s", alg(plan->alg_in));
    return text;
}

/* Checks the result of a call or start that returned rc on every rank
 * that holds one; also checks that the input (filled with salt) was left
 * alone. */
static void verify(ct_case *c, int rc, const HiMPI_Params *params, const HiMPI_Plan *plan,
                   int salt, const char *how)
{
    const char *where = "";
    long bad = -1;
    if (rc == MPI_SUCCESS && the_op->significant(c)) {
        const unsigned char *a = c->out, *b = c->expected;
        size_t defined = the_op->defined != NULL ? the_op->defined(c) : c->out_bytes;
        for (size_t i = 0; i < defined && bad < 0; i++)
            if (a[i] != b[i])
                bad = (long)(i / (size_t)c->recv->extent), where = "output";
    }
    if (rc == MPI_SUCCESS && bad < 0 && !c->in_place) {
        long in_n, out_n;
        the_op->sizes(c, &in_n, &out_n);
        unsigned char *pristine = malloc(c->in_bytes + 1);
        ct_fill(c->send, pristine, in_n, c->rank, salt);
        for (size_t i = 0; i < c->in_bytes && bad < 0; i++)
            if (pristine[i] != ((unsigned char *)c->in)[i])
                bad = (long)(i / (size_t)c->send->extent), where = "input (modified)";
        free(pristine);
    }
    if (rc != MPI_SUCCESS)
        tap_check(0, "%s root=%d type=%s count=%d%s%s: returned error %d",
                  describe(params, plan), c->root, c->send->name, c->count,
                  c->in_place ? " in place" : "", how, rc);
    else
        tap_check(bad < 0, "%s root=%d type=%s count=%d%s%s: wrong %s at element %ld",
                  describe(params, plan), c->root, c->send->name, c->count,
                  c->in_place ? " in place" : "", how, where, bad);
}

/* New input for c, from salt, and its expected result. */
static void refill(ct_case *c, int salt)
{
    long in_n, out_n;
    the_op->sizes(c, &in_n, &out_n);
    ct_fill(c->send, c->in, in_n, c->rank, salt);
    ct_clear(c->expected, c->out_bytes);
    int rc = the_op->reference(c);
    tap_check(rc == MPI_SUCCESS, "the native collective failed (%d)", rc);
}

/* Completes a started request: with HiMPI_Wait, or by polling HiMPI_Test
 * if poll is set. */
static int complete(HiMPI_Request *request, int poll)
{
    int done = 0, rc = MPI_SUCCESS;
    /* Polling leaves the core to the other ranks between tests: on an
     * oversubscribed machine a rank that spins starves the ranks whose
     * messages it waits for. */
    while (poll && !done && rc == MPI_SUCCESS)
        if ((rc = HiMPI_Test(request, &done, MPI_STATUS_IGNORE)) == MPI_SUCCESS && !done)
            sched_yield();
    return poll ? rc : HiMPI_Wait(request, MPI_STATUS_IGNORE);
}

/* Runs starts starts of the persistent request of c with plan (NULL: the
 * plain call's plan), new input before each, checking every result; then
 * puts back c's input of salt.  Returns the communicators the starts
 * created. */
static long later_inits; /* the library's persistent collectives created after a first start */

static long check_starts(ct_case *c, const HiMPI_Plan *plan, int salt, int starts)
{
    HiMPI_Request request = HIMPI_REQUEST_NULL;
    long before = 0, made = 0, inits = 0;
    int rc = the_op->init(c, plan, &request);
    tap_check(rc == MPI_SUCCESS, "%s: init returned error %d", describe(NULL, plan), rc);
    for (int s = 0; s < starts && rc == MPI_SUCCESS; s++) {
        char how[32];
        snprintf(how, sizeof how, ", start %d", s + 1);
        refill(c, salt + 7919 * (s + 1));
        the_op->prepare(c);
        before = created;
        inits = library_inits;
        rc = HiMPI_Start(&request);
        if (rc == MPI_SUCCESS)
            rc = complete(&request, s % 2);
        made += created - before;
        later_inits += s > 0 ? library_inits - inits : 0;
        verify(c, rc, NULL, plan, salt + 7919 * (s + 1), how);
    }
    if (request != HIMPI_REQUEST_NULL)
        tap_check(HiMPI_Request_free(&request) == MPI_SUCCESS && request == HIMPI_REQUEST_NULL,
                  "%s: HiMPI_Request_free failed", describe(NULL, plan));
    refill(c, salt);
    return made;
}

/* Two nonblocking calls of c's collective with plan (NULL: the plain
 * call's) outstanding at once, on c and on a twin with buffers and data of
 * its own, completed in reverse order: the twin first, by HiMPI_Wait or by
 * polling HiMPI_Test as salt's parity says, then c the other way.  Checks
 * both results, and that completion freed both requests. */
static void check_outstanding(ct_case *c, const HiMPI_Plan *plan, int salt)
{
    ct_case twin = *c;
    case_setup(&twin, salt + 4099);
    HiMPI_Request r[2] = {HIMPI_REQUEST_NULL, HIMPI_REQUEST_NULL};
    ct_case *cases[2] = {c, &twin};
    int rc[2];
    for (int k = 0; k < 2; k++) {
        the_op->prepare(cases[k]);
        rc[k] = the_op->start(cases[k], plan, &r[k]);
    }
    for (int k = 1; k >= 0; k--) {
        if (rc[k] == MPI_SUCCESS)
            rc[k] = complete(&r[k], (salt + k) % 2);
        tap_check(r[k] == HIMPI_REQUEST_NULL, "%s: a completed request was not freed",
                  describe(NULL, plan));
    }
    verify(c, rc[0], NULL, plan, salt, ", nonblocking, started first");
    verify(&twin, rc[1], NULL, plan, salt + 4099, ", nonblocking, started second");
    case_free(&twin);
}

/* Runs HiMPI's collective on c with params (or plan) and checks the
 * result: one call, the starts of a persistent request, or two nonblocking
 * calls. */
static void check_run_with(ct_case *c, const HiMPI_Params *params, const HiMPI_Plan *plan,
                           int salt)
{
    if (persistent || nonblocking) {
        HiMPI_Plan of_params;
        if (plan == NULL) {
            of_params = (HiMPI_Plan){1, {{params->groups, HIMPI_HW_NODE, params->alg_out}},
                                     params->alg_in, params->segment_size, params->overlap};
            plan = &of_params;
        }
        if (persistent)
            check_starts(c, plan, salt, CT_STARTS);
        else
            check_outstanding(c, plan, salt);
        return;
    }
    the_op->prepare(c);
    verify(c, the_op->run(c, params, plan), params, plan, salt, "");
}

static void check_run(ct_case *c, const HiMPI_Params *params, int salt)
{
    check_run_with(c, params, NULL, salt);
}

/* ------------------------------------------------------------ sampling */

/* HIMPI_TEST_SAMPLE=1: the sampled matrix ("scale mode", colltest.h). */
static int scale;

static int isqrt(int p)
{
    int s = 1;
    while ((s + 1) * (s + 1) <= p)
        s++;
    return s;
}

/* Appends to v (of length n) the values of pick within [lo, hi] that it
 * does not hold yet; returns the new length. */
static int add_distinct(int *v, int n, const int *pick, int npick, int lo, int hi)
{
    for (int i = 0; i < npick; i++) {
        int dup = pick[i] < lo || pick[i] > hi;
        for (int j = 0; j < n; j++)
            dup |= v[j] == pick[i];
        if (!dup)
            v[n++] = pick[i];
    }
    return n;
}

/* Group counts to try: all up to 8 ranks, a spread above; in scale mode
 * flat, two groups, about square, uneven and one rank per group. */
static int group_counts(int p, int *g)
{
    if (scale) {
        const int pick[] = {1, 2, isqrt(p), p / 2 + 1, p};
        return add_distinct(g, 0, pick, 5, 1, p);
    }
    if (p <= 8) {
        for (int i = 1; i <= p; i++)
            g[i - 1] = i;
        return p;
    }
    const int pick[] = {1, 2, 3, 4, p / 2, p / 2 + 1, p - 1, p};
    return add_distinct(g, 0, pick, 8, 1, p);
}

/* Roots to try: all up to 8 ranks, a spread above; in scale mode the
 * first and the last. */
static int roots_of(int p, int *r)
{
    if (!the_op->rooted) {
        r[0] = 0;
        return 1;
    }
    if (scale) {
        const int pick[] = {0, p - 1};
        return add_distinct(r, 0, pick, 2, 0, p - 1);
    }
    if (p <= 8) {
        for (int i = 0; i < p; i++)
            r[i] = i;
        return p;
    }
    const int pick[] = {0, 1, p / 2, p - 1};
    return add_distinct(r, 0, pick, 4, 0, p - 1);
}

/* Whether the matrix runs the pair (out, in): every pair, or, when
 * sampling, each algorithm with itself and with native on either side,
 * which still puts every algorithm on both levels.  Scale mode and the
 * persistent calls sample every sweep, the large messages every variant:
 * a persistent start runs the blocking call's driver, whose every pair the
 * blocking test of the same operation runs, and every pair runs the small
 * counts of every variant; a pair's levels meet only at the leaders, so
 * the large message's segments and protocols are those of each algorithm
 * on its level.  Sampling keeps the suite within CI's time: the large
 * messages took most of it. */
static int pair_kept(int sample, HiMPI_Alg out, HiMPI_Alg in)
{
    return !(sample || scale || persistent || nonblocking) || out == in ||
           out == HIMPI_ALG_NATIVE || in == HIMPI_ALG_NATIVE;
}

/* A group count that makes uneven groups (1 if there is none). */
static int uneven_groups(int p)
{
    return p >= 3 ? p / 2 + 1 : 1;
}

/* The operation's algorithms, or those of them named in HIMPI_TEST_ALGS
 * (comma-separated), to work on one algorithm at a time. */
static int algorithms(HiMPI_Alg *a)
{
    const char *only = getenv("HIMPI_TEST_ALGS");
    int n = 0;
    for (int i = 0; i < HIMPI_ALG_COUNT; i++) {
        if (!HiMPI_Alg_supported(the_op->op, (HiMPI_Alg)i))
            continue;
        const char *name = HiMPI_Alg_name((HiMPI_Alg)i), *at = only;
        size_t len = strlen(name);
        while (at != NULL && !(strncmp(at, name, len) == 0 && (at[len] == ',' || !at[len])))
            at = (at = strchr(at, ',')) != NULL ? at + 1 : NULL;
        if (only == NULL || at != NULL)
            a[n++] = (HiMPI_Alg)i;
    }
    return n;
}

/* --------------------------------------------------------------- sweeps */

/* Every pair of algorithms, every group count, every root, on the base
 * case: the non-commutative affine reduction for reductions, the vector
 * sent and received as the contiguous pair where types may differ, the
 * vector otherwise. */
static void sweep_pairs(void)
{
    HiMPI_Alg algs[HIMPI_ALG_COUNT];
    int nalg = algorithms(algs), gs[16], roots[16];
    int ng = group_counts(size, gs), nroots = roots_of(size, roots);
    const ct_type *send = &ct_types[the_op->reduction ? CT_AFFINE : CT_VECTOR];
    const ct_type *recv = the_op->two_types ? &ct_types[CT_PAIR] : send;
    MPI_Op op = the_op->reduction ? ct_reductions[CT_NONCOMMUTATIVE].op : MPI_OP_NULL;
    ct_case cases[16];
    for (int r = 0; r < nroots; r++)
        cases[r] = case_new(send, recv, op, PRIME, roots[r], 0, r);
    for (int o = 0; o < nalg; o++)
        for (int i = 0; i < nalg; i++) {
            if (!pair_kept(0, algs[o], algs[i]))
                continue;
            int runs = 0;
            for (int k = 0; k < ng; k++) {
                /* g = 1 runs only alg_in and g = p only alg_out: once each. */
                if ((gs[k] == 1 && o != 0) || (gs[k] == size && i != 0 && size > 1))
                    continue;
                HiMPI_Params params = {gs[k], algs[o], algs[i], 0, 0};
                for (int r = 0; r < nroots; r++, runs++)
                    check_run(&cases[r], &params, r);
            }
            /* Pairs that differ only where no layout here uses them have
             * nothing to run (all but a few at 1 or 2 ranks). */
            if (runs > 0)
                tap_ok("%s out, %s in: %s%s %d elements, %d runs over group counts and roots",
                       alg(algs[o]), alg(algs[i]), send->name, send == recv ? "" : "->pair",
                       PRIME, runs);
        }
    for (int r = 0; r < nroots; r++)
        case_free(&cases[r]);
}

/* One configuration on every algorithm flat and every pair over uneven
 * groups, with a small segment size so that segmented algorithms really
 * cut the message: 60 bytes, a whole number of neither doubles nor pairs,
 * so that cuts must fall on element boundaries of both sides.  Scale mode
 * runs the sampled pairs over about sqrt(p) uneven groups, so that both
 * levels hold many ranks, and nothing flat: the pairs sweep runs every
 * algorithm flat, and flat on hundreds of ranks the ring algorithms send
 * p^2 messages, which would take most of the simulation's time. */
static void sweep_variant(const ct_type *send, const ct_type *recv, MPI_Op op,
                          const char *op_name, int count, int in_place, int salt)
{
    HiMPI_Alg algs[HIMPI_ALG_COUNT];
    int nalg = algorithms(algs);
    int g = !scale ? uneven_groups(size) : isqrt(size) < size ? isqrt(size) + 1 : size;
    int root = the_op->rooted ? size - 1 : 0;
    ct_case c = case_new(send, recv, op, count, root, in_place, salt);
    int big = count > PRIME, seg = big ? 0 : 60; /* big messages: the default segment */
    for (int a = 0; a < nalg && !scale; a++) {
        HiMPI_Params in = {1, HIMPI_ALG_NATIVE, algs[a], seg, 0},
                     out = {size, algs[a], algs[a], seg, 0};
        check_run(&c, &in, salt);
        check_run(&c, &out, salt);
    }
    for (int o = 0; o < nalg && (g > 1 || scale); o++)
        for (int i = 0; i < nalg; i++)
            if (pair_kept(big, algs[o], algs[i])) {
                HiMPI_Params params = {g, algs[o], algs[i], seg, 0};
                check_run(&c, &params, salt);
            }
    tap_ok("%s%s%s%s%s, %d elements%s, root %d: %s %d groups", send->name,
           send == recv ? "" : "->", send == recv ? "" : recv->name, op_name ? " " : "",
           op_name ? op_name : "", count, in_place ? ", in place" : "", root,
           scale                 ? "sampled pairs over"
           : persistent || big ? "flat and sampled pairs over"
                                 : "flat and",
           g);
    case_free(&c);
}

/* An element count for messages of at least 1 MiB (64 KiB in scale mode):
 * per process for broadcast and reductions, in all for scatter, gather,
 * allgather and the reduce-scatters (the message size MPI libraries tune
 * these by). */
static int big_count(const ct_type *t)
{
    MPI_Aint per = the_op->two_types || the_op->blocks ? t->extent * size : t->extent;
    MPI_Aint bytes = scale ? SCALE_BIG_BYTES : BIG_BYTES;
    return (int)((bytes + per - 1) / per) + 3;
}

/* Whether the variants keep only the datatypes scale mode keeps: in scale
 * mode, and above 8 ranks, where every datatype has already run at 1 to 8
 * and what grows with p is the algorithms' structure, which the pairs
 * sweep and the kept datatypes still cover. */
static int few_variants(void)
{
    return scale || size > 8;
}

/* Whether a variant also runs with the large message.  full: whether the
 * full matrix runs it in place too (the first variant, and for reductions
 * the non-commutative one); not in place it runs every variant's.  Scale
 * mode runs the first variant's alone.  The persistent calls, and the
 * matrix above 8 ranks, run the first's and the gapped affine type's, not
 * in place: a start replays the blocking driver, whose large messages the
 * blocking test runs for every variant, and the large messages took most
 * of the suite's time. */
static int big_variant(int in_place, int first, int affine, int full)
{
    if (scale)
        return !in_place && first;
    if (persistent || nonblocking || size > 8)
        return !in_place && (first || affine);
    return !in_place || full;
}

/* The levels overlapped (HiMPI_Params.overlap), for the operations that
 * overlap them: the sampled pairs over uneven groups (and over two groups,
 * the root's group alone or not) at every root, on PRIME elements of the
 * gapped type (non-commutative for reductions) cut into segments of 7
 * elements (which leave a shorter last one), 1 and 32; a two-level plan cut
 * as the first; in place where the operation allows; and the
 * large message of ints in segments of 100000 bytes, 25000 ints, which do
 * not divide it. */
static void sweep_overlaps(void)
{
    if (!HiMPI_Op_overlaps(the_op->op) || size < 2)
        return;
    HiMPI_Alg algs[HIMPI_ALG_COUNT];
    int nalg = algorithms(algs), roots[16], nroots = roots_of(size, roots);
    int gs[2] = {2, uneven_groups(size)}, ng = gs[1] > 2 ? 2 : 1;
    const ct_type *t = &ct_types[the_op->reduction ? CT_AFFINE : CT_VECTOR];
    const ct_type *ints = &ct_types[CT_INT];
    MPI_Op op = the_op->reduction ? ct_reductions[CT_NONCOMMUTATIVE].op : MPI_OP_NULL;
    int tsize;
    MPI_Type_size(t->type, &tsize);
    /* The matrix above 8 ranks cuts into 7 elements only; scale mode into
     * 32 (four segments, the last of one element), since under SimGrid a
     * rank with a collective in flight waits by tests, whose cost grows
     * with the requests in flight and the segments that keep them there
     * (14 segments over 129 leaders took over 10 minutes a pair). */
    const int segments[] = {scale ? 32 : 7, 1, 32}, nsegments = scale || size > 8 ? 1 : 3;
    ct_case cases[16], in_place[16];
    for (int r = 0; r < nroots; r++) {
        cases[r] = case_new(t, t, op, PRIME, roots[r], 0, 50 + r);
        if (the_op->in_place)
            in_place[r] = case_new(t, t, op, PRIME, roots[r], 1, 70 + r);
    }
    for (int o = 0; o < nalg; o++)
        for (int i = 0; i < nalg; i++) {
            if (!pair_kept(1, algs[o], algs[i]))
                continue;
            int runs = 0;
            for (int k = 0; k < ng; k++)
                for (int sg = 0; sg < nsegments; sg++) {
                    HiMPI_Params params = {gs[k], algs[o], algs[i], 0, segments[sg] * tsize};
                    for (int r = 0; r < nroots; r++, runs++) {
                        check_run(&cases[r], &params, 50 + r);
                        if (the_op->in_place && sg == 0)
                            check_run(&in_place[r], &params, 70 + r), runs++;
                    }
                }
            HiMPI_Plan plan = {2,
                               {{gs[ng - 1], HIMPI_HW_NODE, algs[o]},
                                {2, HIMPI_HW_NODE, algs[i]}},
                               algs[i],
                               0,
                               segments[0] * tsize};
            for (int r = 0; r < nroots; r++, runs++)
                check_run_with(&cases[r], NULL, &plan, 50 + r);
            tap_ok("%s out, %s in, overlapped in segments of %s elements: %s %d elements, %d "
                   "runs over group counts, roots, in place and a two-level plan",
                   alg(algs[o]), alg(algs[i]), nsegments > 1 ? "7, 1 and 32" : scale ? "32" : "7",
                   t->name,
                   PRIME, runs);
        }
    for (int r = 0; r < nroots; r++) {
        case_free(&cases[r]);
        if (the_op->in_place)
            case_free(&in_place[r]);
    }
    ct_case big = case_new(ints, ints, the_op->reduction ? MPI_SUM : MPI_OP_NULL,
                           big_count(ints), roots[nroots - 1], 0, 90);
    for (int o = 0; o < nalg; o++) {
        HiMPI_Params params = {gs[ng - 1], algs[o], algs[o], 0, 100000};
        check_run(&big, &params, 90);
    }
    tap_ok("every algorithm on both levels, overlapped in segments of 100000 bytes: int %d "
           "elements over %d groups",
           big.count, gs[ng - 1]);
    case_free(&big);
}

/* The datatypes and counts on every algorithm, with and without in place.
 * Scale mode and the matrix above 8 ranks keep the contiguous and the
 * gapped datatype with a non-zero lower bound (sum on ints and the non-commutative affine maps for
 * reductions; ints, affine pairs and ints received as pairs otherwise),
 * and its one large message is of ints, not in place. */
static void sweep_variants(void)
{
    const int counts[] = {0, 1, PRIME};
    int salt = 100;
    for (int ip = 0; ip <= the_op->in_place; ip++) {
        if (the_op->reduction) {
            for (int r = 0; r < CT_NREDUCTIONS; r++) {
                if (few_variants() && r != 0 && r != CT_NONCOMMUTATIVE)
                    continue;
                const ct_type *t = &ct_types[ct_reductions[r].type];
                for (int k = 0; k < 3; k++)
                    sweep_variant(t, t, ct_reductions[r].op, ct_reductions[r].name, counts[k], ip,
                                  salt++);
                if (big_variant(ip, r == 0, r == CT_NONCOMMUTATIVE, r == 0 || r == CT_NONCOMMUTATIVE))
                    sweep_variant(t, t, ct_reductions[r].op, ct_reductions[r].name, big_count(t),
                                  ip, salt++);
            }
            continue;
        }
        /* Send and receive datatype, and whether scale mode keeps them. */
        const int kinds[][3] = {{CT_INT, CT_INT, 1},       {CT_DOUBLE, CT_DOUBLE, 0},
                                {CT_VECTOR, CT_VECTOR, 0}, {CT_AFFINE, CT_AFFINE, 1},
                                {CT_VECTOR, CT_PAIR, 0},   {CT_INT, CT_PAIR, 1}};
        int nkinds = the_op->two_types ? 6 : 4;
        for (int k = 0; k < nkinds; k++) {
            if (few_variants() && !kinds[k][2])
                continue;
            const ct_type *s = &ct_types[kinds[k][0]], *t = &ct_types[kinds[k][1]];
            for (int n = 0; n < 3; n++)
                sweep_variant(s, t, MPI_OP_NULL, NULL, counts[n], ip, salt++);
            if (big_variant(ip, k == 0, kinds[k][0] == CT_AFFINE, k == 0))
                sweep_variant(s, t, MPI_OP_NULL, NULL, big_count(s), ip, salt++);
        }
    }
}

/* ---------------------------------------------------------------- plans */

/* Every algorithm in every plan, at every root, on the base case and in
 * place, on a fresh communicator so that its layouts follow the binding
 * in force (the topology is read once per process). */
static void sweep_plans(const char *binding)
{
    HiMPI_Alg algs[HIMPI_ALG_COUNT];
    int nalg = algorithms(algs), roots[16], nroots = roots_of(size, roots);
    const ct_type *send = &ct_types[the_op->reduction ? CT_AFFINE : CT_VECTOR];
    const ct_type *recv = the_op->two_types ? &ct_types[CT_PAIR] : send;
    MPI_Op op = the_op->reduction ? ct_reductions[CT_NONCOMMUTATIVE].op : MPI_OP_NULL;
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    for (int a = 0; a < nalg; a++) {
        HiMPI_Plan plans[TEST_NPLANS];
        int nplans = test_plans(algs[a], algs[0] == HIMPI_ALG_NATIVE, plans), runs = 0;
        for (int ip = 0; ip <= (the_op->in_place ? 1 : 0); ip++)
            for (int r = 0; r < nroots; r++) {
                ct_case c = case_new(send, recv, op, PRIME, roots[r], ip, r);
                c.comm = comm;
                for (int k = 0; k < nplans; k++, runs++)
                    check_run_with(&c, NULL, &plans[k], r);
                case_free(&c);
            }
        /* A non-commutative reduction runs groups that are not contiguous
         * flat; a sum on ints, at the first root, runs them through the
         * drivers' permutations. */
        if (the_op->reduction) {
            const ct_type *t = &ct_types[CT_INT];
            ct_case c = case_new(t, t, MPI_SUM, PRIME, roots[0], 0, 1);
            c.comm = comm;
            for (int k = 0; k < nplans; k++, runs++)
                check_run_with(&c, NULL, &plans[k], 1);
            case_free(&c);
        }
        tap_ok("%s in %d multi-level and hardware plans, %s binding: %d runs over roots%s%s",
               alg(algs[a]), nplans, binding, runs, the_op->in_place ? " and in place" : "",
               the_op->reduction ? ", and a commutative sum" : "");
    }
    MPI_Comm_free(&comm);
}

/* ---------------------------------------------------------------- errors */

static void expect_error(ct_case c, HiMPI_Params params, int want, const char *what)
{
    the_op->prepare(&c);
    int rc = the_op->run(&c, &params, NULL);
    tap_check(rc == want, "%s: returned %d, expected %d", what, rc, want);
}

static void test_errors(void)
{
    const ct_type *t = &ct_types[CT_INT];
    MPI_Op op = the_op->reduction ? MPI_SUM : MPI_OP_NULL;
    ct_case c = case_new(t, t, op, 5, 0, 0, 1);
    const HiMPI_Params good = {1, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 0, 0};
    HiMPI_Params bad = good;
    bad.groups = 0;
    expect_error(c, bad, MPI_ERR_ARG, "groups = 0");
    bad.groups = size + 1;
    expect_error(c, bad, MPI_ERR_ARG, "groups = p + 1");
    bad = good, bad.alg_in = HIMPI_ALG_COUNT;
    expect_error(c, bad, MPI_ERR_ARG, "alg_in = HIMPI_ALG_COUNT");
    bad = good, bad.alg_out = (HiMPI_Alg)-1;
    expect_error(c, bad, MPI_ERR_ARG, "alg_out = -1");
    for (int a = 0; a < HIMPI_ALG_COUNT; a++)
        if (!HiMPI_Alg_supported(the_op->op, (HiMPI_Alg)a)) {
            bad = good, bad.alg_in = (HiMPI_Alg)a;
            expect_error(c, bad, MPI_ERR_ARG, "an algorithm the operation lacks");
        }
    bad = good, bad.segment_size = -1;
    expect_error(c, bad, MPI_ERR_ARG, "segment_size = -1");
    bad = good, bad.overlap = -1;
    expect_error(c, bad, MPI_ERR_ARG, "overlap = -1");
    /* A positive overlap is accepted by every operation, which runs it
     * where its levels can overlap and ignores it elsewhere. */
    HiMPI_Params over = good;
    over.groups = uneven_groups(size), over.overlap = 4096;
    expect_error(c, over, MPI_SUCCESS, "overlap = 4096");
    int rc = the_op->run(&c, NULL, NULL);
    tap_check(rc == MPI_ERR_ARG, "params = NULL: returned %d", rc);
    HiMPI_Plan plan = {.nlevels = HIMPI_MAX_LEVELS + 1, .alg_in = HIMPI_ALG_NATIVE};
    rc = the_op->run(&c, NULL, &plan);
    tap_check(rc == MPI_ERR_ARG, "plan with %d levels: returned %d", plan.nlevels, rc);
    plan.nlevels = 1;
    plan.level[0] = (HiMPI_Level){0, HIMPI_HW_COUNT, HIMPI_ALG_NATIVE};
    rc = the_op->run(&c, NULL, &plan);
    tap_check(rc == MPI_ERR_ARG, "plan with an invalid hardware level: returned %d", rc);
    plan.level[0] = (HiMPI_Level){-1, HIMPI_HW_NODE, HIMPI_ALG_NATIVE};
    rc = the_op->run(&c, NULL, &plan);
    tap_check(rc == MPI_ERR_ARG, "plan with groups = -1: returned %d", rc);
    plan.level[0] = (HiMPI_Level){1, HIMPI_HW_NODE, HIMPI_ALG_NATIVE};
    plan.overlap = -1;
    rc = the_op->run(&c, NULL, &plan);
    tap_check(rc == MPI_ERR_ARG, "plan with overlap = -1: returned %d", rc);
    ct_case d = c;
    d.comm = MPI_COMM_NULL;
    expect_error(d, good, MPI_ERR_COMM, "MPI_COMM_NULL");
    d = c, d.count = d.send_count = -1;
    expect_error(d, good, MPI_ERR_COUNT, "count = -1");
    if (the_op->rooted) {
        d = c, d.root = size;
        expect_error(d, good, MPI_ERR_ROOT, "root = p");
        d = c, d.root = -1;
        expect_error(d, good, MPI_ERR_ROOT, "root = -1");
    }
    /* The operation's own arguments may be the root's alone (gatherv's
     * vectors), which the ranks agree on at a communicator's first call
     * only: each case on a fresh one. */
    const char *what;
    int want;
    for (int k = 1; the_op->misuse != NULL && (what = the_op->misuse(k, &want)) != NULL; k++) {
        d = c;
        MPI_Comm_dup(MPI_COMM_WORLD, &d.comm);
        expect_error(d, good, want, what);
        MPI_Comm_free(&d.comm);
    }
    if (the_op->misuse != NULL)
        the_op->misuse(0, &want);
    case_free(&c);
    tap_ok("invalid arguments give the matching error class on every rank");
}

/* The first call on a fresh communicator, with a count that fails the
 * checks on every rank but the root (rank 0 for the unrooted operations):
 * every rank returns MPI_ERR_COUNT.  The call sets up HiMPI's state of
 * the communicator, a collective step, so a rank whose checks passed
 * would wait there for the others if the ranks did not agree first.  The
 * _params and _plan calls and a persistent init (which chooses its plan as
 * the plain calls do) each meet it. */
static void test_errors_on_some(void)
{
    const ct_type *t = &ct_types[CT_INT];
    MPI_Op op = the_op->reduction ? MPI_SUM : MPI_OP_NULL;
    const HiMPI_Params params = {1, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 0, 0};
    HiMPI_Plan plan = {.nlevels = 1, .alg_in = HIMPI_ALG_NATIVE};
    plan.level[0] = (HiMPI_Level){size, HIMPI_HW_NODE, HIMPI_ALG_NATIVE};
    const char *const calls[] = {"_params", "_plan", "_init"};
    for (int call = 0; call < 3; call++) {
        ct_case c = case_new(t, t, op, 5, 0, 0, 1);
        MPI_Comm fresh;
        MPI_Comm_dup(MPI_COMM_WORLD, &fresh);
        c.comm = fresh;
        if (rank != c.root)
            c.count = c.send_count = -1;
        the_op->prepare(&c);
        HiMPI_Request request = HIMPI_REQUEST_NULL;
        int rc = call == 0   ? the_op->run(&c, &params, NULL)
                 : call == 1 ? the_op->run(&c, NULL, &plan)
                             : the_op->init(&c, NULL, &request);
        tap_check(rc == MPI_ERR_COUNT && request == HIMPI_REQUEST_NULL,
                  "%s with count -1 on the ranks but %d, at a communicator's first call: "
                  "returned %d, expected %d",
                  calls[call], c.root, rc, MPI_ERR_COUNT);
        MPI_Comm_free(&fresh);
        case_free(&c);
    }
    tap_ok("invalid arguments on some ranks only at a communicator's first call: every rank "
           "returns the error");
}

/* ----------------------------------------------------------------- cache */

/* A layout's communicators are created at its first call and never again;
 * freeing the application's communicator frees them all. */
static void test_cache(void)
{
    const ct_type *t = &ct_types[CT_INT];
    MPI_Op op = the_op->reduction ? MPI_SUM : MPI_OP_NULL;
    ct_case c = case_new(t, t, op, 7, size - 1, 0, 2);
    MPI_Comm mine;
    PMPI_Comm_dup(MPI_COMM_WORLD, &mine);
    c.comm = mine;
    int g = uneven_groups(size);
    HiMPI_Params params = {g, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 0, 0};
    long before = created;
    check_run(&c, &params, 2);
    long first = created - before;
    for (int i = 0; i < 5; i++)
        check_run(&c, &params, 2);
    long again = created - before - first;
    /* A duplicate, and for 1 < g < p a group and, on the ranks that take
     * part in the step between groups, a leaders or columns communicator. */
    long least = g > 1 && g < size ? 2 : 1, most = g > 1 && g < size ? 3 : 1;
    tap_check(first >= least && first <= most,
              "the first call created %ld communicators, expected %ld to %ld", first, least, most);
    tap_check(again == 0, "five more calls created %ld communicators", again);
    long freed_before = freed;
    MPI_Comm_free(&mine);
    long released = freed - freed_before - 1; /* not counting mine itself */
    tap_check(released == first, "freeing the communicator freed %ld of HiMPI's %ld", released,
              first);
    case_free(&c);
    tap_ok("communicators: %ld created at the first call, none after, all freed with the "
           "communicator (g = %d)", first, g);
}

/* ------------------------------------------------------------- requests */

/* Many starts of the plain call's plan (the MPI library's own persistent
 * collective where it has one) and of a two-level plan over uneven groups,
 * none creating a communicator; and the errors of the request calls. */
static void test_requests(void)
{
    HiMPI_Alg algs[HIMPI_ALG_COUNT];
    HiMPI_Alg a = algs[algorithms(algs) - 1];
    const ct_type *t = &ct_types[CT_INT];
    MPI_Op op = the_op->reduction ? MPI_SUM : MPI_OP_NULL;
    ct_case c = case_new(t, t, op, PRIME, size - 1, 0, 3);
    const HiMPI_Plan plan = {
        2, {{uneven_groups(size), HIMPI_HW_NODE, a}, {2, HIMPI_HW_NODE, HIMPI_ALG_NATIVE}}, a, 0, 0};
    enum { MANY = 25 };
    long made = check_starts(&c, NULL, 3, MANY) + check_starts(&c, &plan, 3, MANY);
    tap_check(made == 0, "the starts created %ld communicators", made);
    /* Two groups, the library's collective on both levels: its persistent
     * form on each level where it has one, created once. */
    const HiMPI_Plan native = {1, {{2, HIMPI_HW_NODE, HIMPI_ALG_NATIVE}}, HIMPI_ALG_NATIVE, 0,
                               0};
    long inits = library_inits;
    later_inits = 0;
    check_starts(&c, &native, 3, MANY);
    inits = library_inits - inits;
    tap_check(later_inits == 0, "%s: later starts created %ld persistent collectives",
              describe(NULL, &native), later_inits);
    int library_has = LIBRARY_PERSISTENT;
#ifdef MPICH
    /* lib/core/sched_coll.c leaves MPICH's scatter, gather and allgather
     * out: alltoall's ranks outside the leaders only gather and scatter. */
    library_has &= the_op->op != HIMPI_OP_SCATTER && the_op->op != HIMPI_OP_GATHER &&
                   the_op->op != HIMPI_OP_ALLGATHER && the_op->op != HIMPI_OP_ALLTOALL;
#endif
    /* Between groups of different sizes these four run their v-forms,
     * which have no persistent form: a rank alone in its group (the last
     * of three: groups {0, 1} and {2}) then has no level of the library's. */
    int v_between = the_op->op == HIMPI_OP_SCATTER || the_op->op == HIMPI_OP_GATHER ||
                    the_op->op == HIMPI_OP_ALLGATHER || the_op->op == HIMPI_OP_ALLTOALL;
    if (v_between && size % 2 != 0 && size / 2 == 1 && rank == size - 1)
        library_has = 0;
    tap_check(inits >= library_has, "%s: %ld persistent collectives of the MPI library",
              describe(NULL, &native), inits);
    tap_diag("%s: %ld persistent collectives of the MPI library on rank %d",
             describe(NULL, &native), inits, rank);

    HiMPI_Request r = HIMPI_REQUEST_NULL;
    int flag = 0;
    tap_check(HiMPI_Start(&r) == MPI_ERR_REQUEST, "HiMPI_Start(HIMPI_REQUEST_NULL) succeeded");
    tap_check(HiMPI_Start(NULL) == MPI_ERR_REQUEST, "HiMPI_Start(NULL) succeeded");
    tap_check(HiMPI_Request_free(&r) == MPI_ERR_REQUEST,
              "HiMPI_Request_free(HIMPI_REQUEST_NULL) succeeded");
    tap_check(HiMPI_Wait(&r, MPI_STATUS_IGNORE) == MPI_SUCCESS,
              "HiMPI_Wait(HIMPI_REQUEST_NULL) failed");
    tap_check(HiMPI_Test(&r, &flag, MPI_STATUS_IGNORE) == MPI_SUCCESS && flag == 1,
              "HiMPI_Test(HIMPI_REQUEST_NULL) did not complete at once");
    int rc = the_op->init(&c, &plan, NULL);
    tap_check(rc == MPI_ERR_REQUEST, "init with a NULL request: returned %d", rc);
    ct_case d = c;
    d.comm = MPI_COMM_NULL;
    rc = the_op->init(&d, &plan, &r);
    tap_check(rc == MPI_ERR_COMM, "init on MPI_COMM_NULL: returned %d", rc);
    d = c, d.count = d.send_count = -1;
    rc = the_op->init(&d, &plan, &r);
    tap_check(rc == MPI_ERR_COUNT, "init with count = -1: returned %d", rc);

    /* An active request can be neither started again nor freed. */
    rc = the_op->init(&c, &plan, &r);
    the_op->prepare(&c);
    if (rc == MPI_SUCCESS)
        rc = HiMPI_Start(&r);
    tap_check(rc == MPI_SUCCESS, "init and start returned %d", rc);
    tap_check(HiMPI_Start(&r) == MPI_ERR_REQUEST, "an active request started again");
    tap_check(HiMPI_Request_free(&r) == MPI_ERR_REQUEST, "an active request was freed");
    MPI_Status status;
    rc = HiMPI_Wait(&r, &status);
    int bytes = -1;
    MPI_Get_count(&status, MPI_BYTE, &bytes);
    tap_check(rc == MPI_SUCCESS && bytes == 0, "HiMPI_Wait returned %d and a status of %d bytes",
              rc, bytes);
    verify(&c, rc, NULL, &plan, 3, " after the request errors");
    tap_check(HiMPI_Wait(&r, MPI_STATUS_IGNORE) == MPI_SUCCESS, "a second HiMPI_Wait failed");
    tap_check(HiMPI_Request_free(&r) == MPI_SUCCESS && r == HIMPI_REQUEST_NULL,
              "freeing the completed request failed");
    case_free(&c);
    tap_ok("persistent requests: %d starts each of the plain call's plan, of %s and of two "
           "native levels, no communicator created by a start, the library's persistent "
           "collectives on the levels created once, request errors",
           MANY, describe(NULL, &plan));
}

/* The plain call's plan through the nonblocking call, two outstanding;
 * several on one communicator whose starts and completions interleave; a
 * persistent request's operations refused on a nonblocking one; and the
 * nonblocking call's argument errors. */
static void test_nonblocking(void)
{
    HiMPI_Alg algs[HIMPI_ALG_COUNT];
    HiMPI_Alg a = algs[algorithms(algs) - 1];
    const ct_type *t = &ct_types[CT_INT];
    MPI_Op op = the_op->reduction ? MPI_SUM : MPI_OP_NULL;
    ct_case c = case_new(t, t, op, PRIME, size - 1, 0, 5);
    const HiMPI_Plan plan = {
        2, {{uneven_groups(size), HIMPI_HW_NODE, a}, {2, HIMPI_HW_NODE, HIMPI_ALG_NATIVE}}, a, 0, 0};
    check_outstanding(&c, NULL, 5);
    check_outstanding(&c, &plan, 5);

    /* Four at once, on four cases: started 0 1 2 3, each tested once after
     * the next is started, then the odd ones waited for, then the even
     * ones by HiMPI_Waitall, last started first. */
    enum { N = 4 };
    ct_case d[N];
    HiMPI_Request r[N];
    int rc[N];
    for (int k = 0; k < N; k++) {
        d[k] = c;
        case_setup(&d[k], 40 + k);
        the_op->prepare(&d[k]);
        rc[k] = the_op->start(&d[k], k % 2 ? &plan : NULL, &r[k]);
        int flag;
        if (k > 0 && rc[k - 1] == MPI_SUCCESS && r[k - 1] != HIMPI_REQUEST_NULL)
            rc[k - 1] = HiMPI_Test(&r[k - 1], &flag, MPI_STATUS_IGNORE);
    }
    for (int k = 1; k < N + 1; k += 2)
        if (rc[k % N] == MPI_SUCCESS)
            rc[k % N] = HiMPI_Wait(&r[k % N], MPI_STATUS_IGNORE);
    MPI_Status statuses[2];
    HiMPI_Request even[2] = {r[2], r[0]};
    int all = HiMPI_Waitall(2, even, statuses);
    tap_check(all == MPI_SUCCESS && even[0] == HIMPI_REQUEST_NULL &&
                  even[1] == HIMPI_REQUEST_NULL,
              "HiMPI_Waitall returned %d", all);
    for (int k = 0; k < N; k++) {
        int got = k % 2 == 0 && rc[k] == MPI_SUCCESS ? all : rc[k];
        verify(&d[k], got, NULL, k % 2 ? &plan : NULL, 40 + k, ", one of four nonblocking calls");
        case_free(&d[k]);
    }

    /* A blocking call while a nonblocking one is outstanding, which the odd
     * ranks complete first: the even ones must progress it while they wait
     * in the blocking call, since the odd ones enter it only after. */
    const HiMPI_Plan own = {0, {{0, HIMPI_HW_NODE, a}}, a, 0, 0};
    ct_case e2 = c;
    case_setup(&e2, 60);
    HiMPI_Request pending = HIMPI_REQUEST_NULL;
    the_op->prepare(&c);
    the_op->prepare(&e2);
    int first = the_op->start(&c, &own, &pending), second = MPI_SUCCESS;
    if (rank % 2 == 1 && first == MPI_SUCCESS)
        first = HiMPI_Wait(&pending, MPI_STATUS_IGNORE);
    second = the_op->run(&e2, NULL, &own);
    if (rank % 2 == 0 && first == MPI_SUCCESS)
        first = HiMPI_Wait(&pending, MPI_STATUS_IGNORE);
    verify(&c, first, NULL, &own, 5, ", nonblocking, then a blocking call on the even ranks");
    verify(&e2, second, NULL, &own, 60, ", blocking while a nonblocking call was outstanding");
    case_free(&e2);

    HiMPI_Request req = HIMPI_REQUEST_NULL;
    int r0 = the_op->start(&c, NULL, NULL);
    tap_check(r0 == MPI_ERR_REQUEST, "a nonblocking call with a NULL request: returned %d", r0);
    ct_case e = c;
    e.comm = MPI_COMM_NULL;
    r0 = the_op->start(&e, &plan, &req);
    tap_check(r0 == MPI_ERR_COMM && req == HIMPI_REQUEST_NULL,
              "a nonblocking call on MPI_COMM_NULL: returned %d", r0);
    e = c, e.count = e.send_count = -1;
    r0 = the_op->start(&e, &plan, &req);
    tap_check(r0 == MPI_ERR_COUNT, "a nonblocking call with count = -1: returned %d", r0);
    r0 = the_op->start(&c, NULL, &req);
    tap_check(r0 == MPI_SUCCESS, "a nonblocking call returned %d", r0);
    tap_check(HiMPI_Start(&req) == MPI_ERR_REQUEST, "HiMPI_Start of a nonblocking request");
    tap_check(HiMPI_Request_free(&req) == MPI_ERR_REQUEST, "an active request was freed");
    r0 = HiMPI_Wait(&req, MPI_STATUS_IGNORE);
    verify(&c, r0, NULL, NULL, 5, " after the request errors");
    case_free(&c);
    tap_ok("nonblocking calls: the plain call's plan and %s two at a time, four at once "
           "completed odd first then by HiMPI_Waitall, a blocking call while one is "
           "outstanding, request and argument errors",
           describe(NULL, &plan));
}

int ct_main(int argc, char **argv, const ct_op *op)
{
    tap_init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    the_op = op;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--persistent") == 0 && !nonblocking)
            persistent = 1;
        else if (strcmp(argv[i], "--nonblocking") == 0 && !persistent)
            nonblocking = 1;
        else {
            if (rank == 0)
                printf("Bail out! usage: %s [--persistent | --nonblocking]\n", argv[0]);
            MPI_Finalize();
            return EXIT_FAILURE;
        }
    }
    types_init();
    const char *sampled = getenv("HIMPI_TEST_SAMPLE");
    scale = sampled != NULL && strcmp(sampled, "1") == 0;
    tap_diag("%s on %d ranks%s%s", HiMPI_Op_name(op->op), size,
             persistent    ? ", persistent calls"
             : nonblocking ? ", nonblocking calls"
                           : "",
             scale ? ", sampled matrix" : "");
    test_errors();
    if (size > 1) /* one rank has no others to disagree with */
        test_errors_on_some();
    test_cache();
    if (persistent)
        test_requests();
    if (nonblocking)
        test_nonblocking();
    sweep_pairs();
    sweep_overlaps();
    sweep_variants();
    test_plans_bindings(sweep_plans, scale);
    types_free();
    /* SimGrid's SMPI refuses MPI calls from MPI_Finalize's callbacks. */
    HiMPI_Finalize();
    return tap_finish();
}

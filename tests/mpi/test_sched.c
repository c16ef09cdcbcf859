/* test_sched: schedules (core/sched.h) on MPI_COMM_SELF and on every rank:
 * stages of every kind in one graph, dependencies that chain messages
 * around a ring, two schedules outstanding on one communicator completed
 * in reverse order, a schedule started again, and the misuses the
 * schedule refuses; the coll stage of every operation in each way a
 * schedule runs, and two schedules whose collectives on one communicator
 * would cross if the schedules did not keep them in start order; a
 * message cut where a value received says, its rest sent after; a gate on
 * what a rank has issued, which a synchronous send does not hold.  Every
 * value is computed here from its definition. */
#include <config.h>

#include <stddef.h>
#include <stdlib.h>

#include "mpib.h"
#include "mpitap.h"
#include "core/sched.h"

enum { N = 37, MAX_STEPS = 16, M = 5 };

#ifndef SMPI_H
/* Which of the library's allreduces the coll stages make: the blocking
 * call, or the nonblocking one (SimGrid's mpi.h renames the MPI calls, so
 * they are not counted there). */
static int allreduces, iallreduces;

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                  MPI_Op op, MPI_Comm comm)
{
    allreduces++;
    return PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
}

int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                   MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    iallreduces++;
    return PMPI_Iallreduce(sendbuf, recvbuf, count, datatype, op, comm, request);
}
#endif

static int rank, size;

/* A message to itself, copies through a strided datatype and a reduction
 * that needs both copies, on MPI_COMM_SELF: c[i] = a[2i] + a[2i + 1], the
 * odd elements taken from the received message. */
static void self_graph(void)
{
    double a[2 * N], r[2 * N], c[N], d[N];
    for (int i = 0; i < 2 * N; i++)
        a[i] = i + 0.5 * rank, r[i] = -1;
    MPI_Datatype strided;
    MPI_Type_vector(N, 1, 2, MPI_DOUBLE, &strided);
    MPI_Type_commit(&strided);
    himpi_sched *s;
    int ch, recv, even, odd, sum;
    himpi_sched_create(&s);
    int rc = himpi_sched_join(s, MPI_COMM_SELF, &ch);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_recv(s, HIMPI_SCHED_FIRST, ch, 3, r, 2 * N, MPI_DOUBLE, 0, &recv);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_send(s, HIMPI_SCHED_FIRST, ch, 3, a, 2 * N, MPI_DOUBLE, 0, NULL);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_copy(s, HIMPI_SCHED_FIRST, a, 1, strided, c, N, MPI_DOUBLE, &even);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_copy(s, recv, r + 1, 1, strided, d, N, MPI_DOUBLE, &odd);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_reduce(s, odd, d, c, N, MPI_DOUBLE, MPI_SUM, &sum);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_after(s, sum, even);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_run(s);
    himpi_sched_free(&s);
    tap_check(rc == MPI_SUCCESS, "schedule failed: %d", rc);
    tap_check(s == NULL, "free leaves NULL");
    for (int i = 0; rc == MPI_SUCCESS && i < N; i++)
        tap_check(c[i] == a[2 * i] + a[2 * i + 1], "c[%d] = %g, expected %g", i, c[i],
                  a[2 * i] + a[2 * i + 1]);
    MPI_Type_free(&strided);
    tap_ok("MPI_COMM_SELF: a message to itself, strided copies and a reduction after both");
}

/* Every rank's value travels around the ring, each step's send after the
 * step before has received, and each arrival is added on as it comes:
 * steps of different ranks overlap, and the sum needs every edge. */
static void ring(void)
{
    int steps = size - 1 < MAX_STEPS ? size - 1 : MAX_STEPS;
    long mine = 1000 + rank, got[MAX_STEPS], sum = mine;
    int right = (rank + 1) % size, left = (rank - 1 + size) % size;
    himpi_sched *s;
    himpi_sched_create(&s);
    int ch, prev = HIMPI_SCHED_FIRST, rc = himpi_sched_join(s, MPI_COMM_WORLD, &ch);
    for (int k = 0; k < steps && rc == MPI_SUCCESS; k++) {
        const long *out = k == 0 ? &mine : &got[k - 1];
        int recv;
        rc = himpi_sched_send(s, prev, ch, k, out, 1, MPI_LONG, right, NULL);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_recv(s, prev, ch, k, &got[k], 1, MPI_LONG, left, &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_reduce(s, recv, &got[k], &sum, 1, MPI_LONG, MPI_SUM, NULL);
        prev = recv;
    }
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_run(s);
    himpi_sched_free(&s);
    tap_check(rc == MPI_SUCCESS, "ring schedule failed: %d", rc);
    long expected = 0;
    for (int k = 0; k <= steps; k++)
        expected += 1000 + (rank - k + size) % size;
    tap_check(sum == expected, "sum %ld, expected %ld", sum, expected);
    tap_ok("%d ranks: values passed around a ring, each step after the one before", size);
}

/* Two schedules on one communicator, with the same key between the same
 * two ranks.  The receiver posts the second's receive before the first's,
 * which waits for a gate message, while the sender sends the first's data
 * first: with one tag for both, the second's receive would take the first
 * schedule's data.  Both complete the second before the first. */
static void two_outstanding(void)
{
    int partner = rank ^ 1, sender = rank % 2 == 0;
    int paired = partner < size;
    int data[2][N], gate = 7;
    himpi_sched *s[2];
    int ch[2], rc = MPI_SUCCESS;
    for (int i = 0; i < N; i++)
        data[0][i] = sender ? i : -1, data[1][i] = sender ? 100 + i : -1;
    for (int k = 0; k < 2 && rc == MPI_SUCCESS; k++) {
        himpi_sched_create(&s[k]);
        rc = himpi_sched_join(s[k], MPI_COMM_WORLD, &ch[k]);
    }
    if (paired && rc == MPI_SUCCESS) {
        if (sender) {
            rc = himpi_sched_send(s[0], HIMPI_SCHED_FIRST, ch[0], 0, data[0], N, MPI_INT, partner,
                                  NULL);
            if (rc == MPI_SUCCESS)
                rc = himpi_sched_send(s[0], HIMPI_SCHED_FIRST, ch[0], 1, &gate, 1, MPI_INT,
                                      partner, NULL);
            if (rc == MPI_SUCCESS)
                rc = himpi_sched_send(s[1], HIMPI_SCHED_FIRST, ch[1], 0, data[1], N, MPI_INT,
                                      partner, NULL);
        } else {
            int g;
            rc = himpi_sched_recv(s[0], HIMPI_SCHED_FIRST, ch[0], 1, &gate, 1, MPI_INT, partner,
                                  &g);
            if (rc == MPI_SUCCESS)
                rc = himpi_sched_recv(s[0], g, ch[0], 0, data[0], N, MPI_INT, partner, NULL);
            if (rc == MPI_SUCCESS)
                rc = himpi_sched_recv(s[1], HIMPI_SCHED_FIRST, ch[1], 0, data[1], N, MPI_INT,
                                      partner, NULL);
        }
    }
    for (int k = 0; k < 2 && rc == MPI_SUCCESS; k++)
        rc = himpi_sched_start(s[k]);
    for (int k = 1; k >= 0 && rc == MPI_SUCCESS; k--)
        rc = himpi_sched_wait(s[k]);
    for (int k = 0; k < 2; k++)
        himpi_sched_free(&s[k]);
    tap_check(rc == MPI_SUCCESS, "schedules failed: %d", rc);
    for (int i = 0; paired && i < N; i++)
        tap_check(data[0][i] == i && data[1][i] == 100 + i,
                  "element %d: first %d (expected %d), second %d (expected %d)", i, data[0][i], i,
                  data[1][i], 100 + i);
    tap_ok("%d ranks: two schedules on one communicator, the second completed first", size);
}

/* One schedule started three times, as a persistent request is; a start
 * while it runs is refused. */
static void restart(void)
{
    int value = 0, got = -1, root_data;
    himpi_sched *s;
    himpi_sched_create(&s);
    int ch, rc = himpi_sched_join(s, MPI_COMM_WORLD, &ch);
    /* Everyone sends value to rank 0 in turn: rank 0 receives into got
     * and adds it up in root_data. */
    if (rc == MPI_SUCCESS && rank > 0)
        rc = himpi_sched_send(s, HIMPI_SCHED_FIRST, ch, 0, &value, 1, MPI_INT, 0, NULL);
    for (int r = 1, prev = HIMPI_SCHED_FIRST; rank == 0 && r < size && rc == MPI_SUCCESS; r++) {
        int recv;
        rc = himpi_sched_recv(s, prev, ch, 0, &got, 1, MPI_INT, r, &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_reduce(s, recv, &got, &root_data, 1, MPI_INT, MPI_SUM, &prev);
    }
    for (int round = 1; round <= 3 && rc == MPI_SUCCESS; round++) {
        value = round * rank;
        root_data = 0;
        rc = himpi_sched_start(s);
        if (rc == MPI_SUCCESS && size > 1)
            tap_check(himpi_sched_start(s) == MPI_ERR_REQUEST,
                      "a second start of a running schedule was not refused");
        int done = 0;
        while (rc == MPI_SUCCESS && !done)
            rc = himpi_sched_test(s, &done);
        tap_check(rank > 0 || root_data == round * size * (size - 1) / 2,
                  "round %d: %d, expected %d", round, root_data, round * size * (size - 1) / 2);
    }
    himpi_sched_free(&s);
    tap_check(rc == MPI_SUCCESS, "restarted schedule failed: %d", rc);
    tap_ok("%d ranks: one schedule started three times, completed by tests", size);
}

/* Misuses: an edge to a later stage, a key out of range, a channel never
 * joined, a received count or bounds on a stage that is no message, and a
 * stage added once the graph was fixed. */
static void refused(void)
{
    himpi_sched *s;
    int ch, a, b, x = 0, y = 0;
    himpi_sched_create(&s);
    himpi_sched_join(s, MPI_COMM_SELF, &ch);
    himpi_sched_copy(s, HIMPI_SCHED_FIRST, &x, 1, MPI_INT, &y, 1, MPI_INT, &a);
    himpi_sched_copy(s, HIMPI_SCHED_FIRST, &y, 1, MPI_INT, &x, 1, MPI_INT, &b);
    tap_check(himpi_sched_after(s, a, b) != MPI_SUCCESS, "an edge to a later stage was taken");
    tap_check(himpi_sched_after(s, b, b) != MPI_SUCCESS, "an edge to itself was taken");
    tap_check(himpi_sched_send(s, a, ch, HIMPI_SCHED_KEYS, &x, 1, MPI_INT, 0, NULL) !=
                  MPI_SUCCESS,
              "key %d was taken", HIMPI_SCHED_KEYS);
    tap_check(himpi_sched_send(s, a, ch + 1, 0, &x, 1, MPI_INT, 0, NULL) != MPI_SUCCESS,
              "a channel never joined was taken");
    tap_check(himpi_sched_received(s, a, &x) != MPI_SUCCESS, "a copy took a received count");
    tap_check(himpi_sched_bounds(s, b, NULL, &x) != MPI_SUCCESS, "a copy took bounds");
    tap_check(himpi_sched_run(s) == MPI_SUCCESS, "run");
    tap_check(himpi_sched_copy(s, HIMPI_SCHED_FIRST, &x, 1, MPI_INT, &y, 1, MPI_INT, NULL) !=
                  MPI_SUCCESS,
              "a stage was added after the first start");
    himpi_sched_free(&s);
    tap_ok("misuses are refused");
}

/* The ways a schedule with a coll stage runs: by a blocking call with the
 * stage alone or among others, started and tested, persistent. */
typedef enum mode { ALONE, JOINED, NONBLOCKING, PERSISTENT, MODES } mode;
static const char *const mode_names[] = {"blocking, alone", "blocking, among others",
                                         "nonblocking", "persistent"};

/* Element i of the block rank r has for rank j in round `round`. */
static int value(int r, int j, int i, int round)
{
    return 1000 * r + 10 * j + i + 7 * round;
}

/* The sum of value(r, j, i, round) over ranks r from `from` to to - 1. */
static int sum(int from, int to, int j, int i, int round)
{
    int s = 0;
    for (int r = from; r < to; r++)
        s += value(r, j, i, round);
    return s;
}

/* One operation's buffers and arguments: MPI_INT blocks of M elements (of
 * 1 + j % M for rank j where the counts are a vector, one after the other:
 * reduce_scatter, the v-variants), the root the last rank. */
typedef struct coll_case {
    HiMPI_Op op;
    int *send, *recv, *counts, *displs;
    himpi_coll_args a;
} coll_case;

/* The rank whose block of a vector holds element k, -1 for none; its
 * element there in *i. */
static int owner(const coll_case *c, int k, int *i)
{
    for (int j = 0; j < size; j++)
        if (k >= c->displs[j] && k < c->displs[j] + c->counts[j]) {
            *i = k - c->displs[j];
            return j;
        }
    return -1;
}

static void case_fill(coll_case *c, int round)
{
    int root = size - 1;
    for (int k = 0; k < size * M; k++)
        c->send[k] = c->recv[k] = -1;
    for (int j = 0, at = 0; j < size; at += c->counts[j++]) {
        c->counts[j] = 1 + j % M;
        c->displs[j] = at;
    }
    c->a = (himpi_coll_args){.sendbuf = c->send, .sendcount = M, .sendtype = MPI_INT,
                             .recvbuf = c->recv, .recvcount = M, .recvtype = MPI_INT,
                             .op = MPI_SUM, .root = -1};
    for (int k = 0, at = 0; k < size * M; k++) {
        int j = k / M, i = k % M;
        switch (c->op) {
        case HIMPI_OP_BCAST:
            c->a.root = root;
            if (rank == root && k < M)
                c->recv[k] = value(root, 0, k, round);
            break;
        case HIMPI_OP_REDUCE:
        case HIMPI_OP_SCATTER:
        case HIMPI_OP_GATHER:
            c->a.root = root;
            /* fall through */
        case HIMPI_OP_ALLREDUCE:
        case HIMPI_OP_SCAN:
        case HIMPI_OP_EXSCAN:
        case HIMPI_OP_ALLGATHER:
            if (c->op == HIMPI_OP_SCATTER)
                c->send[k] = rank == root ? value(j, 0, i, round) : -1;
            else if (k < M)
                c->send[k] = value(rank, 0, k, round);
            break;
        case HIMPI_OP_REDUCE_SCATTER:
            c->a.recvcounts = c->counts;
            if (i < c->counts[j])
                c->send[at++] = value(rank, j, i, round);
            break;
        case HIMPI_OP_SCATTERV:
            c->a = (himpi_coll_args){.sendbuf = c->send, .sendtype = MPI_INT,
                                     .recvbuf = c->recv, .recvcount = c->counts[rank],
                                     .recvtype = MPI_INT, .root = root,
                                     .sendcounts = c->counts, .displs = c->displs};
            if (rank == root && i < c->counts[j])
                c->send[c->displs[j] + i] = value(j, 0, i, round);
            break;
        case HIMPI_OP_GATHERV:
        case HIMPI_OP_ALLGATHERV:
            c->a = (himpi_coll_args){.sendbuf = c->send, .sendcount = c->counts[rank],
                                     .sendtype = MPI_INT, .recvbuf = c->recv,
                                     .recvtype = MPI_INT,
                                     .root = c->op == HIMPI_OP_GATHERV ? root : -1,
                                     .recvcounts = c->counts, .displs = c->displs};
            if (k < c->counts[rank])
                c->send[k] = value(rank, 0, k, round);
            break;
        default: /* alltoall, reduce_scatter_block; barrier has no data */
            c->send[k] = value(rank, j, i, round);
        }
    }
}

/* Checks c's result of round `round` against the operation's definition. */
static void case_check(const coll_case *c, int round, const char *how)
{
    int root = size - 1;
    for (int k = 0; k < size * M; k++) {
        int j = k / M, i = k % M, want = -1, first = k < M;
        switch (c->op) {
        case HIMPI_OP_BCAST:
            want = first ? value(root, 0, k, round) : -1;
            break;
        case HIMPI_OP_REDUCE:
            want = first && rank == root ? sum(0, size, 0, k, round) : -1;
            break;
        case HIMPI_OP_ALLREDUCE:
            want = first ? sum(0, size, 0, k, round) : -1;
            break;
        case HIMPI_OP_SCAN:
            want = first ? sum(0, rank + 1, 0, k, round) : -1;
            break;
        case HIMPI_OP_EXSCAN:
            if (rank == 0)
                continue; /* undefined */
            want = first ? sum(0, rank, 0, k, round) : -1;
            break;
        case HIMPI_OP_SCATTER:
            want = first ? value(rank, 0, k, round) : -1;
            break;
        case HIMPI_OP_GATHER:
            want = rank == root ? value(j, 0, i, round) : -1;
            break;
        case HIMPI_OP_ALLGATHER:
            want = value(j, 0, i, round);
            break;
        case HIMPI_OP_ALLTOALL:
            want = value(j, rank, i, round);
            break;
        case HIMPI_OP_REDUCE_SCATTER_BLOCK:
            want = first ? sum(0, size, rank, k, round) : -1;
            break;
        case HIMPI_OP_REDUCE_SCATTER:
            want = k < 1 + rank % M ? sum(0, size, rank, k, round) : -1;
            break;
        case HIMPI_OP_SCATTERV:
            want = k < c->counts[rank] ? value(rank, 0, k, round) : -1;
            break;
        case HIMPI_OP_GATHERV:
        case HIMPI_OP_ALLGATHERV:
            if ((rank == root || c->op == HIMPI_OP_ALLGATHERV) && (j = owner(c, k, &i)) >= 0)
                want = value(j, 0, i, round);
            break;
        default: /* barrier */
            break;
        }
        if (c->recv[k] != want) {
            tap_check(0, "%s, %s, round %d: element %d is %d, expected %d",
                      HiMPI_Op_name(c->op), how, round, k, c->recv[k], want);
            return;
        }
    }
}

#ifndef SMPI_H
/* Checks which allreduce the run of a coll stage in `m` made: the blocking
 * one alone in a blocking call under the blocking wait policy, and on one
 * rank; the persistent one (counted as neither) where the library has it;
 * the nonblocking one otherwise. */
static void check_calls(mode m, int blocking, int nonblocking)
{
    int persistent = 0;
#if defined(HAVE_MPI_BCAST_INIT) || defined(HAVE_MPIX_BCAST_INIT)
    persistent = m == PERSISTENT;
#endif
    int want_blocking =
        size == 1 || (m == ALONE && MPIB_get_wait_policy() == MPIB_WAIT_BLOCKING);
    int want_nonblocking = !want_blocking && !(persistent && size > 1);
    tap_check(blocking == want_blocking && nonblocking == want_nonblocking,
              "%s: %d MPI_Allreduce and %d MPI_Iallreduce, expected %d and %d", mode_names[m],
              blocking, nonblocking, want_blocking, want_nonblocking);
}
#endif

/* Runs c's coll stage three times, in mode m. */
static void case_run(coll_case *c, mode m)
{
    himpi_sched *s;
    himpi_sched_create(&s);
    if (m == PERSISTENT) {
        /* The schedule keeps its own copy of the info: the caller's may go. */
        MPI_Info info;
        MPI_Info_create(&info);
        MPI_Info_set(info, "himpi_test_hint", "1");
        int made = himpi_sched_persistent(s, info);
        MPI_Info_free(&info);
        tap_check(made == MPI_SUCCESS, "himpi_sched_persistent returned %d", made);
    }
    case_fill(c, 0);
    int rc, ch, other = 0, copied = -1;
    if (m == ALONE) {
        rc = himpi_sched_coll_alone(s, c->op, &c->a, NULL, MPI_COMM_WORLD);
    } else {
        rc = himpi_sched_coll(s, HIMPI_SCHED_FIRST, c->op, &c->a, NULL, MPI_COMM_WORLD, NULL);
        /* Among others: a message to itself beside it. */
        if (rc == MPI_SUCCESS && m == JOINED)
            rc = himpi_sched_join(s, MPI_COMM_SELF, &ch);
        if (rc == MPI_SUCCESS && m == JOINED)
            rc = himpi_sched_send(s, HIMPI_SCHED_FIRST, ch, 0, &rank, 1, MPI_INT, 0, NULL);
        if (rc == MPI_SUCCESS && m == JOINED)
            rc = himpi_sched_recv(s, HIMPI_SCHED_FIRST, ch, 0, &copied, 1, MPI_INT, 0, NULL);
        other = m == JOINED;
    }
    for (int round = 0; round < 3 && rc == MPI_SUCCESS; round++) {
        case_fill(c, round);
        copied = -1;
#ifndef SMPI_H
        int blocking = allreduces, nonblocking = iallreduces;
#endif
        int done = 0;
        if (m == ALONE || m == JOINED)
            rc = himpi_sched_run(s);
        else if ((rc = himpi_sched_start(s)) == MPI_SUCCESS && m == NONBLOCKING)
            while (rc == MPI_SUCCESS && !done)
                rc = himpi_sched_test(s, &done);
        else if (rc == MPI_SUCCESS)
            rc = himpi_sched_wait(s);
#ifndef SMPI_H
        if (c->op == HIMPI_OP_ALLREDUCE)
            check_calls(m, allreduces - blocking, iallreduces - nonblocking);
#endif
        if (rc == MPI_SUCCESS)
            case_check(c, round, mode_names[m]);
        tap_check(!other || copied == rank, "the message beside the collective: %d", copied);
    }
    himpi_sched_free(&s);
    tap_check(rc == MPI_SUCCESS, "%s, %s: %d", HiMPI_Op_name(c->op), mode_names[m], rc);
}

/* Every operation's coll stage in every mode, three runs each, against
 * the operations' definitions. */
static void coll_modes(void)
{
    coll_case c;
    c.send = malloc((size_t)size * M * sizeof *c.send);
    c.recv = malloc((size_t)size * M * sizeof *c.recv);
    c.counts = malloc((size_t)size * sizeof *c.counts);
    c.displs = malloc((size_t)size * sizeof *c.displs);
    for (mode m = ALONE; m < MODES; m++) {
        for (int op = 0; op < HIMPI_OP_COUNT; op++) {
            c.op = (HiMPI_Op)op;
            case_run(&c, m);
        }
        tap_ok("%d ranks: the coll stage of every operation, %s", size, mode_names[m]);
    }
    free(c.send);
    free(c.recv);
    free(c.counts);
    free(c.displs);
}

/* Two schedules with an allreduce each on MPI_COMM_WORLD, started one
 * after the other and completed in reverse order.  The first's waits for a
 * message around the ring on odd ranks only, the second's for nothing: if
 * each issued as soon as it could, the odd ranks would call the second's
 * first and the even ranks the first's, and the two would meet each other. */
static void colls_in_start_order(void)
{
    int gate = rank, got = -1, mine[2] = {rank + 1, 100 * (rank + 1)}, sums[2] = {0, 0};
    himpi_sched *s[2];
    int ch, recv, rc;
    himpi_sched_create(&s[0]);
    himpi_sched_create(&s[1]);
    const himpi_coll_args first = {.sendbuf = &mine[0], .sendcount = 1, .sendtype = MPI_INT,
                                   .recvbuf = &sums[0], .recvcount = 1, .recvtype = MPI_INT,
                                   .op = MPI_SUM, .root = -1};
    const himpi_coll_args second = {.sendbuf = &mine[1], .sendcount = 1, .sendtype = MPI_INT,
                                    .recvbuf = &sums[1], .recvcount = 1, .recvtype = MPI_INT,
                                    .op = MPI_SUM, .root = -1};
    rc = himpi_sched_join(s[0], MPI_COMM_WORLD, &ch);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_send(s[0], HIMPI_SCHED_FIRST, ch, 0, &gate, 1, MPI_INT,
                              (rank + 1) % size, NULL);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_recv(s[0], HIMPI_SCHED_FIRST, ch, 0, &got, 1, MPI_INT,
                              (rank - 1 + size) % size, &recv);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_coll(s[0], rank % 2 ? recv : HIMPI_SCHED_FIRST, HIMPI_OP_ALLREDUCE,
                              &first, NULL, MPI_COMM_WORLD, NULL);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_coll(s[1], HIMPI_SCHED_FIRST, HIMPI_OP_ALLREDUCE, &second, NULL,
                              MPI_COMM_WORLD, NULL);
    for (int k = 0; k < 2 && rc == MPI_SUCCESS; k++)
        rc = himpi_sched_start(s[k]);
    for (int k = 1; k >= 0 && rc == MPI_SUCCESS; k--)
        rc = himpi_sched_wait(s[k]);
    himpi_sched_free(&s[0]);
    himpi_sched_free(&s[1]);
    tap_check(rc == MPI_SUCCESS, "schedules failed: %d", rc);
    tap_check(sums[0] == size * (size + 1) / 2 && sums[1] == 100 * size * (size + 1) / 2,
              "sums %d and %d, expected %d and %d", sums[0], sums[1], size * (size + 1) / 2,
              100 * size * (size + 1) / 2);
    tap_check(got == (rank - 1 + size) % size, "the ring's message: %d", got);
    tap_ok("%d ranks: two schedules' collectives on one communicator in start order, the "
           "second completed first",
           size);
}

/* What a sender's call works out: its cut, as much as was asked for. */
typedef struct asked {
    int want, cut;
} asked;

static int cut_at(void *arg)
{
    asked *a = arg;
    a->cut = a->want < N ? a->want : N;
    return MPI_SUCCESS;
}

/* Pairs of ranks: the even one asks the odd one for a first part of its
 * message and learns where it was cut from that part's length; the odd
 * one cuts where asked and sends the rest after, both synchronously.  One
 * schedule started three times: a cut inside the message, none (the rest
 * is empty and never sent), and one at 0 (the first part is empty). */
static void cut_where_asked(void)
{
    const int wants[3] = {9, N + 4, 0};
    int partner = rank ^ 1, asking = rank % 2 == 0, data[N], got = -1, ch, first, rest;
    asked a = {0, -1};
    himpi_sched *s;
    himpi_sched_create(&s);
    int rc = himpi_sched_join(s, MPI_COMM_WORLD, &ch);
    if (rc == MPI_SUCCESS && partner < size && asking) {
        rc = himpi_sched_recv(s, HIMPI_SCHED_FIRST, ch, 0, data, N, MPI_INT, partner, &first);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_received(s, first, &got);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(s, HIMPI_SCHED_FIRST, ch, 0, &a.want, 1, MPI_INT, partner, NULL);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_recv(s, first, ch, 0, data, N, MPI_INT, partner, &rest);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_bounds(s, rest, &got, NULL);
    } else if (rc == MPI_SUCCESS && partner < size) {
        int asked_for, worked;
        rc = himpi_sched_recv(s, HIMPI_SCHED_FIRST, ch, 0, &a.want, 1, MPI_INT, partner,
                              &asked_for);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_call(s, asked_for, cut_at, &a, &worked);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_ssend(s, worked, ch, 0, data, N, MPI_INT, partner, &first);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_bounds(s, first, NULL, &a.cut);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_ssend(s, first, ch, 0, data, N, MPI_INT, partner, &rest);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_bounds(s, rest, &a.cut, NULL);
    }
    for (int round = 0; round < 3 && rc == MPI_SUCCESS; round++) {
        a.want = wants[round];
        for (int i = 0; i < N; i++)
            data[i] = asking ? -1 : 100 * round + i;
        got = -1;
        rc = himpi_sched_run(s);
        int cut = wants[round] < N ? wants[round] : N;
        for (int i = 0; asking && partner < size && i < N; i++)
            tap_check(data[i] == 100 * round + i, "round %d: element %d is %d, expected %d",
                      round, i, data[i], 100 * round + i);
        tap_check(!asking || partner >= size || got == cut, "round %d: cut at %d, expected %d",
                  round, got, cut);
    }
    himpi_sched_free(&s);
    tap_check(rc == MPI_SUCCESS, "schedule failed: %d", rc);
    tap_ok("%d ranks: a message cut where a value received says, found by its first part's "
           "length",
           size);
}

/* What the stage after an issued gate saw: the message the gate waited
 * for, which must have arrived. */
typedef struct seen {
    const int *reply;
    int value;
} seen;

static int look(void *arg)
{
    seen *s = arg;
    s->value = *s->reply;
    return MPI_SUCCESS;
}

/* Pairs of ranks: the even one sends a synchronously, receives a reply,
 * then passes a gate on what it has issued (himpi_sched_issued) and sends
 * b after it.  The odd one sends the reply, and receives a only after b,
 * so a completes only after b is sent: a gate that waited for the sends
 * would never open.  The stage after the gate must see the reply, which
 * the gate does wait for.  Tests for at most a minute rather than hang. */
static void issued_gate(void)
{
    int partner = rank ^ 1, even = rank % 2 == 0, paired = partner < size;
    int a = even ? 11 : -1, b = even ? 22 : -1, reply = even ? -1 : 33, channel, done = 0;
    seen after = {&reply, -1};
    himpi_sched *s;
    himpi_sched_create(&s);
    int rc = himpi_sched_join(s, MPI_COMM_WORLD, &channel), gate, got;
    if (paired && even && rc == MPI_SUCCESS) {
        rc = himpi_sched_ssend(s, HIMPI_SCHED_FIRST, channel, 0, &a, 1, MPI_INT, partner, NULL);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_recv(s, HIMPI_SCHED_FIRST, channel, 2, &reply, 1, MPI_INT, partner,
                                  NULL);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_issued(s, &gate);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_call(s, gate, look, &after, NULL);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(s, gate, channel, 1, &b, 1, MPI_INT, partner, NULL);
    } else if (paired && rc == MPI_SUCCESS) {
        rc = himpi_sched_send(s, HIMPI_SCHED_FIRST, channel, 2, &reply, 1, MPI_INT, partner,
                              NULL);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_recv(s, HIMPI_SCHED_FIRST, channel, 1, &b, 1, MPI_INT, partner,
                                  &got);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_recv(s, got, channel, 0, &a, 1, MPI_INT, partner, NULL);
    }
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_start(s);
    for (double end = MPI_Wtime() + 60; rc == MPI_SUCCESS && !done && MPI_Wtime() < end;)
        rc = himpi_sched_test(s, &done);
    himpi_sched_free(&s);
    tap_check(rc == MPI_SUCCESS, "schedule failed: %d", rc);
    tap_check(done, "not complete after a minute: the gate waited for the synchronous send");
    tap_check(!paired || (a == 11 && b == 22 && reply == 33), "a %d, b %d, reply %d", a, b,
              reply);
    tap_check(!paired || !even || after.value == 33,
              "the stage after the gate saw %d before the reply, 33", after.value);
    tap_ok("%d ranks: a gate on what was issued waits for the receives, not the sends", size);
}

/* Rank 0 sends a to rank 1 synchronously, then, in a second scope whose
 * sends wait for those of the first (himpi_sched_sent and
 * himpi_sched_sends_after, as a level's segments do), b to rank 2.  Rank 1
 * posts its receive of a only once rank 2 has tested its receive of b for
 * a while: b must not arrive meanwhile, since a cannot complete before.
 * Without the order b arrives at once, unless the machine takes longer
 * than that while to deliver one integer; with it and a wrong gate the
 * ranks wait for each other, which is reported after a minute. */
static void sends_in_order(void)
{
    int a = rank == 0 ? 11 : -1, b = rank == 0 ? 22 : -1, channel, done = 0, early = 0;
    MPI_Comm side;
    MPI_Comm_dup(MPI_COMM_WORLD, &side);
    himpi_sched *s;
    himpi_sched_create(&s);
    int rc = himpi_sched_join(s, MPI_COMM_WORLD, &channel), sent;
    if (size >= 3 && rank == 0 && rc == MPI_SUCCESS) {
        himpi_sched_scope(s, HIMPI_SCHED_FIRST);
        rc = himpi_sched_ssend(s, HIMPI_SCHED_FIRST, channel, 0, &a, 1, MPI_INT, 1, NULL);
        if (rc == MPI_SUCCESS && (rc = himpi_sched_sent(s, &sent)) == MPI_SUCCESS) {
            himpi_sched_scope(s, HIMPI_SCHED_FIRST);
            rc = himpi_sched_send(s, HIMPI_SCHED_FIRST, channel, 1, &b, 1, MPI_INT, 2, NULL);
        }
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_sends_after(s, sent);
    } else if (size >= 3 && rank == 2 && rc == MPI_SUCCESS) {
        rc = himpi_sched_recv(s, HIMPI_SCHED_FIRST, channel, 1, &b, 1, MPI_INT, 0, NULL);
    } else if (size >= 3 && rank == 1 && rc == MPI_SUCCESS) {
        rc = himpi_sched_recv(s, HIMPI_SCHED_FIRST, channel, 0, &a, 1, MPI_INT, 0, NULL);
    }
    if (rank == 1 && size >= 3)
        MPI_Recv(&early, 1, MPI_INT, 2, 0, side, MPI_STATUS_IGNORE);
    if (rc == MPI_SUCCESS)
        rc = himpi_sched_start(s);
    if (rank == 2 && size >= 3) {
        for (double end = MPI_Wtime() + 0.5; rc == MPI_SUCCESS && !done && MPI_Wtime() < end;)
            rc = himpi_sched_test(s, &done);
        early = done;
        MPI_Send(&early, 1, MPI_INT, 1, 0, side);
    }
    for (double end = MPI_Wtime() + 60; rc == MPI_SUCCESS && !done && MPI_Wtime() < end;)
        rc = himpi_sched_test(s, &done);
    himpi_sched_free(&s);
    MPI_Comm_free(&side);
    tap_check(rc == MPI_SUCCESS, "schedule failed: %d", rc);
    tap_check(done, "not complete after a minute: the ranks waited for each other");
    tap_check(!early, "b arrived before a's synchronous send completed");
    tap_check(size < 3 || rank != 1 || a == 11, "a is %d, expected 11", a);
    tap_check(size < 3 || rank != 2 || b == 22, "b is %d, expected 22", b);
    tap_ok("%d ranks: a scope's sends leave after the sends they are ordered after", size);
}

int main(int argc, char **argv)
{
    tap_init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    self_graph();
    ring();
    two_outstanding();
    restart();
    refused();
    coll_modes();
    colls_in_start_order();
    cut_where_asked();
    issued_gate();
    sends_in_order();
    return tap_finish();
}

/* test_sched: schedules (core/sched.h) on MPI_COMM_SELF and on every rank:
 * stages of every kind in one graph, dependencies that chain messages
 * around a ring, two schedules outstanding on one communicator completed
 * in reverse order, a schedule started again, and the misuses the
 * schedule refuses.  Every value is computed here from its definition. */
#include <config.h>

#include <stddef.h>


#include "mpitap.h"
#include "core/sched.h"

enum { N = 37, MAX_STEPS = 16 };

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
 * joined, and a stage added once the graph was fixed. */
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
    tap_check(himpi_sched_run(s) == MPI_SUCCESS, "run");
    tap_check(himpi_sched_copy(s, HIMPI_SCHED_FIRST, &x, 1, MPI_INT, &y, 1, MPI_INT, NULL) !=
                  MPI_SUCCESS,
              "a stage was added after the first start");
    himpi_sched_free(&s);
    tap_ok("misuses are refused");
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
    return tap_finish();
}

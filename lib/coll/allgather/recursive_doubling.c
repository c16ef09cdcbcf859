/* allgather/recursive_doubling.c: ranks pair up at distances 1, 2, 4, ... and swap all the
 * blocks they hold, so that what every rank holds doubles at each step.  With p not a power of
 * two, the first 2r ranks (r = p - 2^floor(log2 p)) pair up first: each even one hands its
 * blocks to the odd one above it, and gets the whole result back from it at the end. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

/* Survivor q, once the even ranks among the first 2 * extra have handed their blocks on,
 * holds the blocks of the real ranks from first(q, extra) up to first(q + 1, extra). */
static int first(int q, int extra)
{
    return q < extra ? 2 * q : q + extra;
}

/* The blocks of rank in recvbuf. */
static void *at(void *recvbuf, int recvcount, MPI_Datatype recvtype, const int *blocks, int rank)
{
    return himpi_at(recvbuf, (MPI_Aint)himpi_blocks_before(blocks, rank) * recvcount, recvtype);
}

int himpi_allgather_recursive_doubling_build(himpi_sched *sched, const void *sendbuf,
                                             int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                             const int *blocks, int segsize)
{
    (void)segsize;
    int p, rank, channel, last = HIMPI_SCHED_FIRST, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int pof2 = 1;
    while (pof2 <= p / 2)
        pof2 <<= 1;
    int extra = p - pof2, own = himpi_blocks_of(blocks, rank), all = himpi_blocks_before(blocks, p);
    void *mine = at(recvbuf, recvcount, recvtype, blocks, rank);
    if (rank < 2 * extra && rank % 2 == 0) {
        /* The whole result comes back later, so the blocks go from where they are. */
        if (rc == MPI_SUCCESS)
            rc = sendbuf == MPI_IN_PLACE
                     ? himpi_sched_send(sched, last, channel, 0, mine, own * recvcount, recvtype,
                                        rank + 1, &last)
                     : himpi_sched_send(sched, last, channel, 0, sendbuf, own * sendcount,
                                        sendtype, rank + 1, &last);
        return rc == MPI_SUCCESS ? himpi_sched_recv(sched, last, channel, 0, recvbuf,
                                                    all * recvcount, recvtype, rank + 1, NULL)
                                 : rc;
    }
    /* Every step waits for both messages of the step before; the first waits for the copy of
     * the rank's own blocks and for those of the rank that sits out. */
    int step[2] = {HIMPI_SCHED_FIRST, HIMPI_SCHED_FIRST};
    if (rc == MPI_SUCCESS && sendbuf != MPI_IN_PLACE)
        rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, sendbuf, own * sendcount, sendtype, mine,
                              own * recvcount, recvtype, &step[0]);
    if (rc == MPI_SUCCESS && rank < 2 * extra)
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0,
                              at(recvbuf, recvcount, recvtype, blocks, rank - 1),
                              himpi_blocks_of(blocks, rank - 1) * recvcount, recvtype, rank - 1,
                              &step[1]);
    int q = rank < 2 * extra ? rank / 2 : rank - extra;
    for (int mask = 1; mask < pof2 && rc == MPI_SUCCESS; mask <<= 1) {
        /* Both hold the blocks of mask survivors, from the first survivor of their group on. */
        int partner = q ^ mask, start = q & ~(mask - 1), from = partner & ~(mask - 1);
        int peer = partner < extra ? 2 * partner + 1 : partner + extra;
        int out = himpi_blocks_before(blocks, first(start, extra));
        int in = himpi_blocks_before(blocks, first(from, extra));
        int outs = himpi_blocks_before(blocks, first(start + mask, extra)) - out;
        int ins = himpi_blocks_before(blocks, first(from + mask, extra)) - in;
        int send, recv;
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0,
                              himpi_at(recvbuf, (MPI_Aint)in * recvcount, recvtype),
                              ins * recvcount, recvtype, peer, &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0,
                                  himpi_at(recvbuf, (MPI_Aint)out * recvcount, recvtype),
                                  outs * recvcount, recvtype, peer, &send);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, recv, send, step);
    }
    if (rc == MPI_SUCCESS && rank < 2 * extra) {
        int send;
        rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, recvbuf, all * recvcount,
                              recvtype, rank - 1, &send);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, send, send, step);
    }
    return rc;
}

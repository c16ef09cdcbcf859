/* allgather/recursive_doubling.c: ranks pair up at distances 1, 2, 4, ... and swap all the
 * blocks they hold, so that what every rank holds doubles at each step.  With p not a power of
 * two, the first 2r ranks (r = p - 2^floor(log2 p)) pair up first: each even one hands its
 * blocks to the odd one above it, and gets the whole result back from it at the end. */
#include <config.h>

#include "coll/algorithms.h"

/* Survivor q, once the even ranks among the first 2 * extra have handed their blocks on,
 * holds the blocks of the real ranks from first(q, extra) up to first(q + 1, extra). */
static int first(int q, int extra)
{
    return q < extra ? 2 * q : q + extra;
}

int himpi_allgather_recursive_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                       void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                       MPI_Comm comm, const int *blocks, int segsize)
{
    (void)segsize;
    int p, rank, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int pof2 = 1;
    while (pof2 <= p / 2)
        pof2 <<= 1;
    int extra = p - pof2, own = himpi_blocks_of(blocks, rank);
    void *mine = himpi_at(recvbuf, (MPI_Aint)himpi_blocks_before(blocks, rank) * recvcount,
                          recvtype);
    if (rank < 2 * extra && rank % 2 == 0) {
        /* The whole result comes back later, so the blocks go from where they are. */
        rc = sendbuf == MPI_IN_PLACE
                 ? himpi_send(mine, own * recvcount, recvtype, rank + 1, comm)
                 : himpi_send(sendbuf, own * sendcount, sendtype, rank + 1, comm);
        return rc == MPI_SUCCESS ? himpi_recv(recvbuf, himpi_blocks_before(blocks, p) * recvcount,
                                              recvtype, rank + 1, comm)
                                 : rc;
    }
    if (sendbuf != MPI_IN_PLACE)
        rc = himpi_copy(sendbuf, own * sendcount, sendtype, mine, own * recvcount, recvtype);
    if (rc == MPI_SUCCESS && rank < 2 * extra)
        rc = himpi_recv(
            himpi_at(recvbuf, (MPI_Aint)himpi_blocks_before(blocks, rank - 1) * recvcount,
                     recvtype),
            himpi_blocks_of(blocks, rank - 1) * recvcount, recvtype, rank - 1, comm);
    int q = rank < 2 * extra ? rank / 2 : rank - extra;
    for (int mask = 1; mask < pof2 && rc == MPI_SUCCESS; mask <<= 1) {
        /* Both hold the blocks of mask survivors, from the first survivor of their group on. */
        int partner = q ^ mask, at = q & ~(mask - 1), from = partner & ~(mask - 1);
        int peer = partner < extra ? 2 * partner + 1 : partner + extra;
        int out = himpi_blocks_before(blocks, first(at, extra));
        int in = himpi_blocks_before(blocks, first(from, extra));
        int outs = himpi_blocks_before(blocks, first(at + mask, extra)) - out;
        int ins = himpi_blocks_before(blocks, first(from + mask, extra)) - in;
        rc = himpi_sendrecv(himpi_at(recvbuf, (MPI_Aint)out * recvcount, recvtype),
                            outs * recvcount, recvtype, peer,
                            himpi_at(recvbuf, (MPI_Aint)in * recvcount, recvtype),
                            ins * recvcount, recvtype, peer, comm);
    }
    if (rc == MPI_SUCCESS && rank < 2 * extra)
        rc = himpi_send(recvbuf, himpi_blocks_before(blocks, p) * recvcount, recvtype, rank - 1,
                        comm);
    return rc;
}

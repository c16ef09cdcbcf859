/* alltoall/pairwise.c: MPICH's pairwise exchange, its algorithm for long
 * messages (MPIR_Alltoall_intra_pairwise; Thakur, Rabenseifner and Gropp,
 * 2005): p - 1 steps in which every rank sends one chunk and receives one.
 * When p is a power of two, step k pairs rank with rank ^ k, which swap
 * their chunks; otherwise a rank sends to rank + k and receives from
 * rank - k (mod p).  Each step waits for both messages of the step before,
 * as a send-receive after another.  Each rank copies its own chunk. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_alltoall_pairwise_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                                  MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                  MPI_Datatype recvtype, MPI_Comm comm, const int *blocks,
                                  int segsize)
{
    (void)segsize;
    int p, rank, channel, step[2], rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rc == MPI_SUCCESS)
        rc = himpi_alltoall_source_build(sched, &sendbuf, &sendcount, &sendtype, recvbuf,
                                         recvcount, recvtype, comm, blocks, &step[0]);
    step[1] = step[0];
    int pow2 = (p & (p - 1)) == 0;
    for (int k = 0; k < p && rc == MPI_SUCCESS; k++) {
        int to = pow2 ? rank ^ k : (rank + k) % p, from = pow2 ? to : (rank - k + p) % p;
        MPI_Aint out, in;
        int n_out = himpi_alltoall_chunk(blocks, rank, to, &out);
        int n_in = himpi_alltoall_chunk(blocks, rank, from, &in);
        const void *s = himpi_at(sendbuf, out * sendcount, sendtype);
        void *r = himpi_at(recvbuf, in * recvcount, recvtype);
        int recv, send;
        if (k == 0) {
            rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, s, n_out * sendcount, sendtype, r,
                                  n_in * recvcount, recvtype, &recv);
            if (rc == MPI_SUCCESS)
                rc = himpi_sched_step(sched, recv, recv, step);
            continue;
        }
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, r, n_in * recvcount,
                              recvtype, from, &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, s, n_out * sendcount,
                                  sendtype, to, &send);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, recv, send, step);
    }
    return rc;
}

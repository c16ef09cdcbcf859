/* alltoall/pairwise.c: MPICH's pairwise exchange, its algorithm for long
 * messages (MPIR_Alltoall_intra_pairwise; Thakur, Rabenseifner and Gropp,
 * 2005): p - 1 steps in which every rank sends one chunk and receives one.
 * When p is a power of two, step k pairs rank with rank ^ k, which swap
 * their chunks; otherwise a rank sends to rank + k and receives from
 * rank - k (mod p).  Each rank copies its own chunk. */
#include <config.h>

#include "coll/algorithms.h"

int himpi_alltoall_pairwise(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                            const int *blocks, int segsize)
{
    (void)segsize;
    int p, rank, rc;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    void *copy;
    if ((rc = himpi_alltoall_source(&sendbuf, &sendcount, &sendtype, recvbuf, recvcount,
                                    recvtype, comm, blocks, &copy)) != MPI_SUCCESS)
        return rc;
    int pow2 = (p & (p - 1)) == 0;
    for (int k = 0; k < p && rc == MPI_SUCCESS; k++) {
        int to = pow2 ? rank ^ k : (rank + k) % p, from = pow2 ? to : (rank - k + p) % p;
        MPI_Aint out, in;
        int n_out = himpi_alltoall_chunk(blocks, rank, to, &out);
        int n_in = himpi_alltoall_chunk(blocks, rank, from, &in);
        const void *s = himpi_at(sendbuf, out * sendcount, sendtype);
        void *r = himpi_at(recvbuf, in * recvcount, recvtype);
        rc = k == 0 ? himpi_copy(s, n_out * sendcount, sendtype, r, n_in * recvcount, recvtype)
                    : himpi_sendrecv(s, n_out * sendcount, sendtype, to, r, n_in * recvcount,
                                     recvtype, from, comm);
    }
    himpi_tmp_free(copy, recvtype);
    return rc;
}

/* reduce/linear.c: every rank sends to the root, which combines the
 * contributions from the last rank down to the first, so that the result is
 * x0 op (x1 op (... op x(p-1))): rank order for any operation. */
#include <config.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

int himpi_reduce_linear_build(himpi_sched *sched, const void *sendbuf, void *recvbuf, int count,
                              MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                              int segsize)
{
    (void)segsize;
    int p, rank, channel, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rank != root)
        return rc == MPI_SUCCESS ? himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, sendbuf,
                                                    count, datatype, root, NULL)
                                 : rc;
    /* With MPI_IN_PLACE the root's input is in recvbuf, read before the
     * result overwrites it at the end.  The contributions arrive in two
     * buffers in turn, each receive after the combination that read the
     * buffer it fills. */
    const void *mine = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    void *acc = himpi_sched_tmp(sched, count, datatype);
    void *in[2] = {himpi_sched_tmp(sched, count, datatype), NULL};
    if (p > 2)
        in[1] = himpi_sched_tmp(sched, count, datatype);
    int last = HIMPI_SCHED_FIRST, read[2] = {HIMPI_SCHED_FIRST, HIMPI_SCHED_FIRST}, k = 0;
    for (int i = p - 1; i >= 0 && rc == MPI_SUCCESS; i--) {
        const void *x = mine;
        int arrived = HIMPI_SCHED_FIRST;
        if (i != root) {
            x = in[k];
            rc = himpi_sched_recv(sched, read[k], channel, 0, in[k], count, datatype, i,
                                  &arrived);
        }
        int step;
        if (rc == MPI_SUCCESS)
            rc = i == p - 1 ? himpi_sched_copy(sched, arrived, x, count, datatype, acc, count,
                                               datatype, &step)
                            : himpi_sched_reduce(sched, arrived, x, acc, count, datatype, op,
                                                 &step);
        if (rc == MPI_SUCCESS && last != HIMPI_SCHED_FIRST)
            rc = himpi_sched_after(sched, step, last);
        last = step;
        if (i != root) {
            read[k] = step;
            k = in[1] != NULL ? 1 - k : k;
        }
    }
    return rc == MPI_SUCCESS ? himpi_sched_copy(sched, last, acc, count, datatype, recvbuf, count,
                                                datatype, NULL)
                             : rc;
}

/* p2p.c: point-to-point messages that wait under the HIMPI_WAIT policy. */
#include <config.h>

#include "core/p2p.h"
#include "mpib.h"

int himpi_send(const void *buf, int count, MPI_Datatype datatype, int dest, MPI_Comm comm)
{
    MPI_Request r;
    int rc = MPI_Isend(buf, count, datatype, dest, HIMPI_TAG, comm, &r);
    return rc == MPI_SUCCESS ? MPIB_Wait(&r, MPI_STATUS_IGNORE) : rc;
}

int himpi_recv(void *buf, int count, MPI_Datatype datatype, int source, MPI_Comm comm)
{
    MPI_Request r;
    int rc = MPI_Irecv(buf, count, datatype, source, HIMPI_TAG, comm, &r);
    return rc == MPI_SUCCESS ? MPIB_Wait(&r, MPI_STATUS_IGNORE) : rc;
}

int himpi_sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
                   void *recvbuf, int recvcount, MPI_Datatype recvtype, int source,
                   MPI_Comm comm)
{
    MPI_Request r[2];
    int rc = MPI_Irecv(recvbuf, recvcount, recvtype, source, HIMPI_TAG, comm, &r[0]);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = MPI_Isend(sendbuf, sendcount, sendtype, dest, HIMPI_TAG, comm, &r[1]);
    if (rc != MPI_SUCCESS) {
        MPI_Cancel(&r[0]);
        MPI_Request_free(&r[0]);
        return rc;
    }
    return MPIB_Waitall(2, r, MPI_STATUSES_IGNORE);
}

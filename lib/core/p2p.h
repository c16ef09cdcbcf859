/* p2p.h: HiMPI's point-to-point messages.  They travel on HiMPI's own
 * communicators under one tag, and every wait goes through MPIB_Wait, so
 * that they honour the wait policy (HIMPI_WAIT). */
#ifndef HIMPI_CORE_P2P_H
#define HIMPI_CORE_P2P_H

#include <mpi.h>

/* The tag of HiMPI's point-to-point messages. */
#define HIMPI_TAG 0x4853 /* "HS" */

int himpi_send(const void *buf, int count, MPI_Datatype datatype, int dest, MPI_Comm comm);
int himpi_recv(void *buf, int count, MPI_Datatype datatype, int source, MPI_Comm comm);
int himpi_sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
                   void *recvbuf, int recvcount, MPI_Datatype recvtype, int source,
                   MPI_Comm comm);

#endif /* HIMPI_CORE_P2P_H */

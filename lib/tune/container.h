/* container.h: what HiMPI's libmpib containers share with the tools'
 * containers (tools/pcoll_container.c). */
#ifndef HIMPI_CONTAINER_H
#define HIMPI_CONTAINER_H

#include "himpi.h"

/* The zeroed buffers of op at size M on comm with root, as libmpib's
 * native containers size them (M bytes for bcast, M / 8 doubles for
 * reduce and allreduce, M bytes per rank for scatter, gather and
 * allgather), and the count to pass: bytes, or doubles for the
 * reductions.  MPI_ERR_NO_MEM if memory runs out (free both buffers
 * either way). */
int himpi_container_buffers(HiMPI_Op op, MPI_Comm comm, int root, int M, void **sendbuf,
                            void **recvbuf, int *count);

#endif /* HIMPI_CONTAINER_H */

/* typed.h: buffers of any MPI datatype, derived and non-contiguous ones
 * too, and how a message is cut into segments and chunks. */
#ifndef HIMPI_CORE_TYPED_H
#define HIMPI_CORE_TYPED_H

#include <mpi.h>

/* The extent of datatype. */
MPI_Aint himpi_extent(MPI_Datatype datatype);

/* buf advanced by n elements of datatype. */
void *himpi_at(const void *buf, MPI_Aint n, MPI_Datatype datatype);

/* A scratch buffer for count elements of datatype, laid out as MPI lays out
 * a user buffer (lower bound and true extent respected); count 0 gives a
 * valid address too.  Returns the address to pass to MPI calls; memory
 * comes as core/alloc.h says.  Release with himpi_tmp_free. */
void *himpi_tmp_alloc(int count, MPI_Datatype datatype);
void himpi_tmp_free(void *buf, MPI_Datatype datatype);

/* Copies sendcount elements of sendtype to recvcount elements of recvtype
 * on this process (the type signatures must match, as in a message). */
int himpi_copy(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype);

/* Elements of datatype per segment of segsize bytes (segsize 0: the
 * default): at least 1. */
int himpi_segment_count(int segsize, MPI_Datatype datatype);

/* Splits count elements into n nearly equal chunks: chunk i starts at
 * himpi_chunk_start(count, n, i) and ends where chunk i + 1 starts. */
int himpi_chunk_start(int count, int n, int i);

#endif /* HIMPI_CORE_TYPED_H */

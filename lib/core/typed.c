/* typed.c: buffers of any MPI datatype, derived and non-contiguous ones too. */
#include <config.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "himpi.h"
#include "core/alloc.h"
#include "core/p2p.h"
#include "core/typed.h"
#include "core/scratch.h"

MPI_Aint himpi_extent(MPI_Datatype datatype)
{
    MPI_Aint lb, extent;
    MPI_Type_get_extent(datatype, &lb, &extent);
    return extent;
}

void *himpi_at(const void *buf, MPI_Aint n, MPI_Datatype datatype)
{
    return (char *)buf + n * himpi_extent(datatype);
}

/* Elements live at lb + i * extent and span the true extent each, so the
 * memory runs from true_lb to (count - 1) * extent + true_lb + true_extent. */
void *himpi_tmp_alloc(int count, MPI_Datatype datatype)
{
    MPI_Aint true_lb, true_extent;
    MPI_Type_get_true_extent(datatype, &true_lb, &true_extent);
    MPI_Aint bytes = count > 0 ? (count - 1) * himpi_extent(datatype) + true_extent : 0;
    int kept;
    char *base = himpi_scratch_take((size_t)bytes + 1, &kept);
    if (!kept)
        base = himpi_alloc((size_t)bytes + 1, 1, "a temporary buffer");
    return base - true_lb;
}

void himpi_tmp_free(void *buf, MPI_Datatype datatype)
{
    if (buf == NULL || himpi_scratch_current())
        return;
    MPI_Aint true_lb, true_extent;
    MPI_Type_get_true_extent(datatype, &true_lb, &true_extent);
    free((char *)buf + true_lb);
}

/* A message to oneself: MPI converts between any two datatypes with the
 * same signature. */
int himpi_copy(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype)
{
    return MPI_Sendrecv(sendbuf, sendcount, sendtype, 0, HIMPI_TAG, recvbuf, recvcount,
                        recvtype, 0, HIMPI_TAG, MPI_COMM_SELF, MPI_STATUS_IGNORE);
}

int himpi_segment_count(int segsize, MPI_Datatype datatype)
{
    int size;
    MPI_Type_size(datatype, &size);
    if (size == 0)
        return INT_MAX;
    int n = (segsize > 0 ? segsize : HIMPI_SEGMENT_DEFAULT) / size;
    return n > 0 ? n : 1;
}

int himpi_chunk_start(int count, int n, int i)
{
    return (int)((long long)count * i / n);
}

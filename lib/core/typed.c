/* typed.c: buffers of any MPI datatype, derived and non-contiguous ones too. */
#include <config.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "himpi.h"
#include "core/alloc.h"
#include "core/typed.h"

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
    char *base = himpi_data_alloc((size_t)bytes + 1, "a temporary buffer");
    return base - true_lb;
}

void himpi_tmp_free(void *buf, MPI_Datatype datatype)
{
    if (buf == NULL)
        return;
    MPI_Aint true_lb, true_extent;
    MPI_Type_get_true_extent(datatype, &true_lb, &true_extent);
    free((char *)buf + true_lb);
}

/* Whether count elements of datatype are one block of bytes, from true_lb. */
static int contiguous(int count, MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *bytes)
{
    MPI_Aint lb, extent, true_extent;
    int size;
    MPI_Type_get_extent(datatype, &lb, &extent);
    MPI_Type_get_true_extent(datatype, true_lb, &true_extent);
    MPI_Type_size(datatype, &size);
    *bytes = (MPI_Aint)count * size;
    return size == extent && size == true_extent;
}

/* Whether datatype is predefined, and so holds its bytes in the order of
 * its type map.  A derived datatype without gaps may still list them out
 * of order (an indexed type whose blocks come backwards, a vector of
 * negative stride), and its memory is then not its message.  Derived
 * datatypes are not inspected further (MPI_Type_get_contents): SimGrid
 * 3.32 returns the inner datatype itself rather than a new reference, so
 * freeing it as MPI asks frees the caller's datatype. */
static int predefined(MPI_Datatype datatype)
{
    int nints, naddrs, ntypes, combiner;
    MPI_Type_get_envelope(datatype, &nints, &naddrs, &ntypes, &combiner);
    return combiner == MPI_COMBINER_NAMED;
}

/* A local copy.  Where both sides are one block of bytes that holds the
 * message in order (predefined datatypes), or the same datatype both
 * sides (whose bytes then map onto each other one for one), a memmove;
 * otherwise packed with one datatype and unpacked with the other: MPI
 * converts between any two datatypes with the same signature.  Not a message to oneself on
 * MPI_COMM_SELF, whose tag two threads copying at once would share, so
 * that each could receive the other's data. */
int himpi_copy(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype)
{
    MPI_Aint send_lb, recv_lb, send_bytes, recv_bytes;
    if (contiguous(sendcount, sendtype, &send_lb, &send_bytes) &&
        contiguous(recvcount, recvtype, &recv_lb, &recv_bytes) && send_bytes == recv_bytes &&
        (sendtype == recvtype ||
         (predefined(sendtype) && predefined(recvtype)))) {
        if (send_bytes > 0) /* buffers of no elements may be NULL */
            memmove((char *)recvbuf + recv_lb, (const char *)sendbuf + send_lb,
                    (size_t)send_bytes);
        return MPI_SUCCESS;
    }
    int bytes, packed = 0, unpacked = 0;
    int rc = MPI_Pack_size(sendcount, sendtype, MPI_COMM_SELF, &bytes);
    if (rc != MPI_SUCCESS)
        return rc;
    char *buf = himpi_tmp_alloc(bytes, MPI_BYTE);
    rc = MPI_Pack(sendbuf, sendcount, sendtype, buf, bytes, &packed, MPI_COMM_SELF);
    if (rc == MPI_SUCCESS)
        rc = MPI_Unpack(buf, packed, &unpacked, recvbuf, recvcount, recvtype, MPI_COMM_SELF);
    himpi_tmp_free(buf, MPI_BYTE);
    return rc;
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

/* gather/linear_sync.c: Open MPI's linear gather with synchronisation: the root calls on the
 * other ranks one after the other, and each answers with its blocks in two synchronous
 * messages, a first segment of about segsize bytes and the rest, so that no rank floods the
 * root with data it has not asked for yet.
 *
 * The sending and receiving datatypes may differ in element size (2n ints received as n pairs
 * of ints), and both sides must cut at the same byte.  So the root's call carries the size of
 * its receiving element; the sender cuts at a multiple of both sizes, and the root learns
 * where from the length of the first segment.  Ranks without blocks take no part. */
#include <config.h>

#include <stdlib.h>

#include "coll/algorithms.h"
#include "mpib.h"

static int gcd(int a, int b)
{
    return b == 0 ? a : gcd(b, a % b);
}

/* Elements of the first segment of count elements of datatype, when the root's elements
 * have root_size bytes: a whole number of both elements, segsize bytes at most unless that
 * is less than one of each. */
static int head(int count, int segsize, MPI_Datatype datatype, int root_size)
{
    int size;
    MPI_Type_size(datatype, &size);
    if (size == 0 || root_size == 0)
        return count;
    long long unit = (long long)size / gcd(size, root_size) * root_size;
    long long bytes = (segsize > 0 ? segsize : HIMPI_SEGMENT_DEFAULT) / unit * unit;
    long long n = (bytes > unit ? bytes : unit) / size;
    return count < n ? count : (int)n;
}

static int ssend(const void *buf, int count, MPI_Datatype datatype, int dest, MPI_Comm comm)
{
    MPI_Request r;
    int rc = MPI_Issend(buf, count, datatype, dest, HIMPI_TAG, comm, &r);
    return rc == MPI_SUCCESS ? MPIB_Wait(&r, MPI_STATUS_IGNORE) : rc;
}

int himpi_gather_linear_sync(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                             MPI_Comm comm, const int *blocks, int segsize)
{
    int p, rank, rc = MPI_SUCCESS;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    int root_size;
    if (rank != root) {
        if (himpi_blocks_of(blocks, rank) == 0)
            return MPI_SUCCESS;
        int count = himpi_blocks_of(blocks, rank) * sendcount, segment = 0;
        rc = himpi_recv(&root_size, 1, MPI_INT, root, comm);
        if (rc == MPI_SUCCESS) {
            segment = head(count, segsize, sendtype, root_size);
            rc = ssend(sendbuf, segment, sendtype, root, comm);
        }
        if (rc == MPI_SUCCESS && segment < count)
            rc = ssend(himpi_at(sendbuf, segment, sendtype), count - segment, sendtype, root,
                       comm);
        return rc;
    }
    MPI_Request *rest = himpi_alloc((size_t)p, sizeof *rest, "requests");
    int n = 0;
    for (int i = 0, first = 0; i < p && rc == MPI_SUCCESS; first += himpi_blocks_of(blocks, i++)) {
        if (i == root || himpi_blocks_of(blocks, i) == 0)
            continue;
        void *at = himpi_at(recvbuf, (MPI_Aint)first * recvcount, recvtype);
        int count = himpi_blocks_of(blocks, i) * recvcount, segment = 0;
        MPI_Request r;
        MPI_Status status;
        MPI_Type_size(recvtype, &root_size);
        /* Room for all of it: only the sender knows where it cuts. */
        rc = MPI_Irecv(at, count, recvtype, i, HIMPI_TAG, comm, &r);
        if (rc == MPI_SUCCESS)
            rc = himpi_send(&root_size, 1, MPI_INT, i, comm);
        if (rc == MPI_SUCCESS)
            rc = MPIB_Wait(&r, &status);
        if (rc == MPI_SUCCESS)
            rc = root_size > 0 ? MPI_Get_count(&status, recvtype, &segment)
                               : (segment = count, MPI_SUCCESS);
        if (rc == MPI_SUCCESS && segment < count)
            rc = MPI_Irecv(himpi_at(at, segment, recvtype), count - segment, recvtype, i,
                           HIMPI_TAG, comm, &rest[n++]);
    }
    if (rc == MPI_SUCCESS && sendbuf != MPI_IN_PLACE) {
        int own = himpi_blocks_of(blocks, root);
        rc = himpi_copy(
            sendbuf, own * sendcount, sendtype,
            himpi_at(recvbuf, (MPI_Aint)himpi_blocks_before(blocks, root) * recvcount, recvtype),
            own * recvcount, recvtype);
    }
    if (rc == MPI_SUCCESS)
        rc = MPIB_Waitall(n, rest, MPI_STATUSES_IGNORE);
    free(rest);
    return rc;
}

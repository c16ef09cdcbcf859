/* alltoall/bruck.c: Bruck, Ho, Kipnis, Upfal and Weathersby's index
 * algorithm (IEEE TPDS 8(11), 1997), MPICH's algorithm for short messages
 * (MPIR_Alltoall_intra_brucks): ceil(log2 p) steps for any p, each moving
 * about half of the data.  A local rotation first puts the chunk for rank
 * rank + i in slot i; in step k every rank sends the slots whose index has
 * bit k set to rank + 2^k and receives the same slots from rank - 2^k, so
 * that a chunk travels its distance i in the binary digits of i and slot i
 * ends up holding the chunk from rank - i, which the last rotation puts in
 * place.  The slots are sent and received through indexed datatypes built
 * on the receive datatype, so any datatype works, and chunks of uneven
 * sizes too (the slots are as large as the largest chunk). */
#include <config.h>

#include <stdlib.h>

#include "coll/algorithms.h"
#include "coll/builders.h"

/* The chunk slot i holds on rank r before step bit: it left rank
 * r - (i mod bit) for rank r - (i mod bit) + i.  Its size in elements. */
static int slot_elements(const int *blocks, int p, int r, int i, int bit, int count)
{
    int from = ((r - i % bit) % p + p) % p;
    return himpi_blocks_of(blocks, from) * himpi_blocks_of(blocks, (from + i) % p) * count;
}

/* The slots with bit set, of slot_elements each on rank r, as one datatype
 * over the slots of cap elements of datatype. */
static int slots_type(const int *blocks, int p, int r, int bit, int count, int cap,
                      MPI_Datatype datatype, int *lengths, int *displs, MPI_Datatype *type)
{
    int n = 0;
    for (int i = 1; i < p; i++)
        if (i & bit) {
            lengths[n] = slot_elements(blocks, p, r, i, bit, count);
            displs[n++] = i * cap;
        }
    int rc = MPI_Type_indexed(n, lengths, displs, datatype, type);
    return rc == MPI_SUCCESS ? MPI_Type_commit(type) : rc;
}

int himpi_alltoall_bruck_build(himpi_sched *sched, const void *sendbuf, int sendcount,
                               MPI_Datatype sendtype, void *recvbuf, int recvcount,
                               MPI_Datatype recvtype, MPI_Comm comm, const int *blocks,
                               int segsize)
{
    (void)segsize;
    int p, rank, largest = 0, channel, copied, rc = himpi_sched_join(sched, comm, &channel);
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if (rc == MPI_SUCCESS)
        rc = himpi_alltoall_source_build(sched, &sendbuf, &sendcount, &sendtype, recvbuf,
                                         recvcount, recvtype, comm, blocks, &copied);
    for (int i = 0; i < p; i++)
        if (himpi_blocks_of(blocks, i) > largest)
            largest = himpi_blocks_of(blocks, i);
    int cap = largest * largest * recvcount;
    /* The slots, and where a step's slots arrive before they replace the
     * ones sent (a message's buffers may not overlap).  Each step waits for
     * the one before, whose copy filled the slots it sends and which read
     * the buffer it receives into; its copy waits for both its messages,
     * since the slots that arrive are those that leave. */
    void *slots = himpi_sched_tmp(sched, p * cap, recvtype);
    void *in = himpi_sched_tmp(sched, p * cap, recvtype);
    int last = copied;
    for (int i = 0; i < p && rc == MPI_SUCCESS; i++) {
        MPI_Aint first;
        int n = himpi_alltoall_chunk(blocks, rank, (rank + i) % p, &first);
        rc = himpi_sched_copy(sched, last, himpi_at(sendbuf, first * sendcount, sendtype),
                              n * sendcount, sendtype,
                              himpi_at(slots, (MPI_Aint)i * cap, recvtype), n * recvcount,
                              recvtype, &last);
    }
    int step[2] = {last, last};
    int *lengths = himpi_alloc(2 * (size_t)p, sizeof *lengths, "slot lengths");
    for (int bit = 1; bit < p && rc == MPI_SUCCESS; bit *= 2) {
        MPI_Datatype out, arriving;
        int to = (rank + bit) % p, from = (rank - bit + p) % p, recv, send, moved;
        if ((rc = slots_type(blocks, p, rank, bit, recvcount, cap, recvtype, lengths,
                             lengths + p, &out)) != MPI_SUCCESS)
            break;
        himpi_sched_keep_type(sched, &out);
        if ((rc = slots_type(blocks, p, from, bit, recvcount, cap, recvtype, lengths,
                             lengths + p, &arriving)) != MPI_SUCCESS)
            break;
        himpi_sched_keep_type(sched, &arriving);
        rc = himpi_sched_recv(sched, HIMPI_SCHED_FIRST, channel, 0, in, 1, arriving, from, &recv);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_send(sched, HIMPI_SCHED_FIRST, channel, 0, slots, 1, out, to, &send);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, recv, send, step);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_copy(sched, HIMPI_SCHED_FIRST, in, 1, arriving, slots, 1, arriving,
                                  &moved);
        if (rc == MPI_SUCCESS)
            rc = himpi_sched_step(sched, moved, moved, step);
    }
    free(lengths);
    for (int i = 0; i < p && rc == MPI_SUCCESS; i++) {
        MPI_Aint first;
        int n = himpi_alltoall_chunk(blocks, rank, (rank - i + p) % p, &first);
        rc = himpi_sched_copy(sched, step[0], himpi_at(slots, (MPI_Aint)i * cap, recvtype),
                              n * recvcount, recvtype,
                              himpi_at(recvbuf, first * recvcount, recvtype), n * recvcount,
                              recvtype, NULL);
    }
    return rc;
}

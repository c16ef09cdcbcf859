/* test_plain: the plain calls (HiMPI_Bcast and friends, which look their
 * plans up) against MPI's own collectives, element by element, over a
 * range of sizes and roots.  Whatever table and HIMPI_* settings the run
 * has decide the plans: the end-to-end tests run it on a tuned table.
 * Barrier is checked to keep every rank in until the last has entered.
 * Arguments name the operations to test (default: all), so that a run on
 * hundreds of ranks can test what it tuned and leave out the gathers,
 * whose buffers grow with the number of ranks. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "barrier_check.h"
#include "himpi.h"
#include "mpitap.h"

static int p, rank;

static const int counts[] = {1, 2, 16, 256, 1024, 4096}; /* ints: 4 B to 16 KiB */

static void fill(int *buf, long n, int salt)
{
    for (long i = 0; i < n; i++)
        buf[i] = (int)((rank + 1) * 7919 + i * 31 + salt);
}

static void compare(const int *got, const int *want, long n, const char *what, int count,
                    int root, int rc)
{
    tap_check(rc == MPI_SUCCESS, "%s count %d root %d returned %d", what, count, root, rc);
    for (long i = 0; i < n; i++)
        if (got[i] != want[i]) {
            tap_check(0, "%s count %d root %d: element %ld is %d, expected %d", what, count,
                      root, i, got[i], want[i]);
            return;
        }
}

/* Blocks of count ints in the buffers of op: one per rank for the
 * operations that deal out or collect a block per rank. */
static long blocks(HiMPI_Op op)
{
    return op == HIMPI_OP_SCATTER || op == HIMPI_OP_GATHER || op == HIMPI_OP_ALLGATHER ||
                   op == HIMPI_OP_REDUCE_SCATTER_BLOCK || op == HIMPI_OP_REDUCE_SCATTER ||
                   op == HIMPI_OP_ALLTOALL || op == HIMPI_OP_GATHERV ||
                   op == HIMPI_OP_SCATTERV || op == HIMPI_OP_ALLGATHERV
               ? p
               : 1;
}

/* Reduce_scatter's and the v-variants' counts for count: count, and half
 * of it on the odd ranks; then the v-variants' displacements, the blocks
 * one after the other. */
static int *uneven(int count)
{
    static int *counts;
    if (counts == NULL)
        counts = malloc(2 * (size_t)p * sizeof *counts);
    for (int r = 0, at = 0; r < p; at += counts[r++]) {
        counts[r] = r % 2 ? count / 2 : count;
        counts[p + r] = at;
    }
    return counts;
}

static int plain_barrier(MPI_Comm comm, const void *ctx)
{
    (void)ctx;
    return HiMPI_Barrier(comm);
}

/* Runs op at every count and root; a, b, c hold blocks(op) * count ints.
 * Barrier, which has neither, enters late on the root, and no rank may
 * leave before it has entered (barrier_check.h). */
static void run(HiMPI_Op op, int count, int root, int *a, int *b, int *c)
{
    long all = blocks(op) * count;
    int rc = MPI_SUCCESS;
    fill(a, all, count);
    memset(b, 0, (size_t)all * sizeof *b);
    memset(c, 0, (size_t)all * sizeof *c);
    switch (op) {
    case HIMPI_OP_BCAST:
        memcpy(b, a, (size_t)count * sizeof *a);
        memcpy(c, a, (size_t)count * sizeof *a);
        rc = HiMPI_Bcast(b, count, MPI_INT, root, MPI_COMM_WORLD);
        MPI_Bcast(c, count, MPI_INT, root, MPI_COMM_WORLD);
        compare(b, c, count, "bcast", count, root, rc);
        break;
    case HIMPI_OP_REDUCE:
        rc = HiMPI_Reduce(a, b, count, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
        MPI_Reduce(a, c, count, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
        compare(b, c, rank == root ? count : 0, "reduce", count, root, rc);
        break;
    case HIMPI_OP_ALLREDUCE:
        rc = HiMPI_Allreduce(a, b, count, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        MPI_Allreduce(a, c, count, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        compare(b, c, count, "allreduce", count, root, rc);
        break;
    case HIMPI_OP_SCATTER:
        rc = HiMPI_Scatter(a, count, MPI_INT, b, count, MPI_INT, root, MPI_COMM_WORLD);
        MPI_Scatter(a, count, MPI_INT, c, count, MPI_INT, root, MPI_COMM_WORLD);
        compare(b, c, count, "scatter", count, root, rc);
        break;
    case HIMPI_OP_GATHER:
        rc = HiMPI_Gather(a, count, MPI_INT, b, count, MPI_INT, root, MPI_COMM_WORLD);
        MPI_Gather(a, count, MPI_INT, c, count, MPI_INT, root, MPI_COMM_WORLD);
        compare(b, c, rank == root ? all : 0, "gather", count, root, rc);
        break;
    case HIMPI_OP_ALLGATHER:
        rc = HiMPI_Allgather(a, count, MPI_INT, b, count, MPI_INT, MPI_COMM_WORLD);
        MPI_Allgather(a, count, MPI_INT, c, count, MPI_INT, MPI_COMM_WORLD);
        compare(b, c, all, "allgather", count, root, rc);
        break;
    case HIMPI_OP_SCAN:
        rc = HiMPI_Scan(a, b, count, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Scan(a, c, count, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        compare(b, c, count, "scan", count, root, rc);
        break;
    case HIMPI_OP_EXSCAN:
        rc = HiMPI_Exscan(a, b, count, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Exscan(a, c, count, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        compare(b, c, rank == 0 ? 0 : count, "exscan", count, root, rc);
        break;
    case HIMPI_OP_REDUCE_SCATTER_BLOCK:
        rc = HiMPI_Reduce_scatter_block(a, b, count, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Reduce_scatter_block(a, c, count, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        compare(b, c, count, "reduce_scatter_block", count, root, rc);
        break;
    case HIMPI_OP_REDUCE_SCATTER:
        rc = HiMPI_Reduce_scatter(a, b, uneven(count), MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Reduce_scatter(a, c, uneven(count), MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        compare(b, c, uneven(count)[rank], "reduce_scatter", count, root, rc);
        break;
    case HIMPI_OP_BARRIER:
        barrier_round(MPI_COMM_WORLD, root, plain_barrier, NULL, "barrier", 1);
        break;
    case HIMPI_OP_ALLTOALL:
        rc = HiMPI_Alltoall(a, count, MPI_INT, b, count, MPI_INT, MPI_COMM_WORLD);
        MPI_Alltoall(a, count, MPI_INT, c, count, MPI_INT, MPI_COMM_WORLD);
        compare(b, c, all, "alltoall", count, root, rc);
        break;
    case HIMPI_OP_GATHERV: {
        int *n = uneven(count), *d = n + p;
        rc = HiMPI_Gatherv(a, n[rank], MPI_INT, b, n, d, MPI_INT, root, MPI_COMM_WORLD);
        MPI_Gatherv(a, n[rank], MPI_INT, c, n, d, MPI_INT, root, MPI_COMM_WORLD);
        compare(b, c, rank == root ? all : 0, "gatherv", count, root, rc);
        break;
    }
    case HIMPI_OP_SCATTERV: {
        int *n = uneven(count), *d = n + p;
        rc = HiMPI_Scatterv(a, n, d, MPI_INT, b, n[rank], MPI_INT, root, MPI_COMM_WORLD);
        MPI_Scatterv(a, n, d, MPI_INT, c, n[rank], MPI_INT, root, MPI_COMM_WORLD);
        compare(b, c, n[rank], "scatterv", count, root, rc);
        break;
    }
    case HIMPI_OP_ALLGATHERV: {
        int *n = uneven(count), *d = n + p;
        rc = HiMPI_Allgatherv(a, n[rank], MPI_INT, b, n, d, MPI_INT, MPI_COMM_WORLD);
        MPI_Allgatherv(a, n[rank], MPI_INT, c, n, d, MPI_INT, MPI_COMM_WORLD);
        compare(b, c, all, "allgatherv", count, root, rc);
        break;
    }
    case HIMPI_OP_COUNT:
        break;
    }
}

int main(int argc, char **argv)
{
    tap_init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int rc = HiMPI_Init(&argc, &argv);
    tap_check(rc == MPI_SUCCESS, "HiMPI_Init returned %d", rc);
    int wanted[HIMPI_OP_COUNT];
    for (int op = 0; op < HIMPI_OP_COUNT; op++)
        wanted[op] = argc < 2;
    for (int i = 1; i < argc; i++) {
        HiMPI_Op op;
        int known = HiMPI_Op_from_name(argv[i], &op) == MPI_SUCCESS;
        tap_check(known, "%s is not an operation", argv[i]);
        if (known)
            wanted[op] = 1;
    }
    if (!tap_ok("HiMPI_Init and the operations to test"))
        return tap_finish();
    const int ncounts = (int)(sizeof counts / sizeof counts[0]);
    long most_blocks = 1;
    for (int op = 0; op < HIMPI_OP_COUNT; op++)
        if (wanted[op] && blocks((HiMPI_Op)op) > most_blocks)
            most_blocks = blocks((HiMPI_Op)op);
    size_t most = (size_t)most_blocks * (size_t)counts[ncounts - 1] * sizeof(int);
    int *a = malloc(most), *b = malloc(most), *c = malloc(most);
    for (int op = 0; op < HIMPI_OP_COUNT; op++) {
        if (!wanted[op])
            continue;
        for (int i = 0; i < ncounts; i++) {
            run((HiMPI_Op)op, counts[i], 0, a, b, c);
            run((HiMPI_Op)op, counts[i], p - 1, a, b, c);
        }
        tap_ok("plain %s equals MPI's at %d sizes and 2 roots", HiMPI_Op_name((HiMPI_Op)op),
               ncounts);
    }
    free(a);
    free(b);
    free(c);
    HiMPI_Finalize();
    return tap_finish();
}

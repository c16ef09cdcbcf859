/* bench_overhead.c: himpi-bench's last table, what HiMPI's calls cost
 * over the MPI library's own on 8 bytes (barrier: none). */
#include <config.h>

#include <float.h>

#include "bench_format.h"
#include "bench_overhead.h"
#include "himpi.h"

/* The counts of a vector on MPI_COMM_SELF, one double, and the v-variants'
 * displacement. */
static const int one[1] = {1}, zero[1] = {0};

/* One call of op on 8 bytes (one double), through MPI or through HiMPI with
 * one group and the native algorithm. */
static void call(HiMPI_Op op, int himpi, MPI_Comm comm, double *a, double *b)
{
    static const HiMPI_Params native = {1, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 0, 0};
    switch (op) {
    case HIMPI_OP_BCAST:
        himpi ? HiMPI_Bcast_params(a, 1, MPI_DOUBLE, 0, comm, &native)
              : MPI_Bcast(a, 1, MPI_DOUBLE, 0, comm);
        break;
    case HIMPI_OP_REDUCE:
        himpi ? HiMPI_Reduce_params(a, b, 1, MPI_DOUBLE, MPI_SUM, 0, comm, &native)
              : MPI_Reduce(a, b, 1, MPI_DOUBLE, MPI_SUM, 0, comm);
        break;
    case HIMPI_OP_ALLREDUCE:
        himpi ? HiMPI_Allreduce_params(a, b, 1, MPI_DOUBLE, MPI_SUM, comm, &native)
              : MPI_Allreduce(a, b, 1, MPI_DOUBLE, MPI_SUM, comm);
        break;
    case HIMPI_OP_SCATTER:
        himpi ? HiMPI_Scatter_params(a, 1, MPI_DOUBLE, b, 1, MPI_DOUBLE, 0, comm, &native)
              : MPI_Scatter(a, 1, MPI_DOUBLE, b, 1, MPI_DOUBLE, 0, comm);
        break;
    case HIMPI_OP_GATHER:
        himpi ? HiMPI_Gather_params(a, 1, MPI_DOUBLE, b, 1, MPI_DOUBLE, 0, comm, &native)
              : MPI_Gather(a, 1, MPI_DOUBLE, b, 1, MPI_DOUBLE, 0, comm);
        break;
    case HIMPI_OP_ALLGATHER:
        himpi ? HiMPI_Allgather_params(a, 1, MPI_DOUBLE, b, 1, MPI_DOUBLE, comm, &native)
              : MPI_Allgather(a, 1, MPI_DOUBLE, b, 1, MPI_DOUBLE, comm);
        break;
    case HIMPI_OP_SCAN:
        himpi ? HiMPI_Scan_params(a, b, 1, MPI_DOUBLE, MPI_SUM, comm, &native)
              : MPI_Scan(a, b, 1, MPI_DOUBLE, MPI_SUM, comm);
        break;
    case HIMPI_OP_EXSCAN:
        himpi ? HiMPI_Exscan_params(a, b, 1, MPI_DOUBLE, MPI_SUM, comm, &native)
              : MPI_Exscan(a, b, 1, MPI_DOUBLE, MPI_SUM, comm);
        break;
    case HIMPI_OP_REDUCE_SCATTER_BLOCK:
        himpi ? HiMPI_Reduce_scatter_block_params(a, b, 1, MPI_DOUBLE, MPI_SUM, comm, &native)
              : MPI_Reduce_scatter_block(a, b, 1, MPI_DOUBLE, MPI_SUM, comm);
        break;
    case HIMPI_OP_REDUCE_SCATTER:
        himpi ? HiMPI_Reduce_scatter_params(a, b, one, MPI_DOUBLE, MPI_SUM, comm, &native)
              : MPI_Reduce_scatter(a, b, one, MPI_DOUBLE, MPI_SUM, comm);
        break;
    case HIMPI_OP_BARRIER:
        himpi ? HiMPI_Barrier_params(comm, &native) : MPI_Barrier(comm);
        break;
    case HIMPI_OP_ALLTOALL:
        himpi ? HiMPI_Alltoall_params(a, 1, MPI_DOUBLE, b, 1, MPI_DOUBLE, comm, &native)
              : MPI_Alltoall(a, 1, MPI_DOUBLE, b, 1, MPI_DOUBLE, comm);
        break;
    case HIMPI_OP_GATHERV:
        himpi ? HiMPI_Gatherv_params(a, 1, MPI_DOUBLE, b, one, zero, MPI_DOUBLE, 0, comm, &native)
              : MPI_Gatherv(a, 1, MPI_DOUBLE, b, one, zero, MPI_DOUBLE, 0, comm);
        break;
    case HIMPI_OP_SCATTERV:
        himpi ? HiMPI_Scatterv_params(a, one, zero, MPI_DOUBLE, b, 1, MPI_DOUBLE, 0, comm, &native)
              : MPI_Scatterv(a, one, zero, MPI_DOUBLE, b, 1, MPI_DOUBLE, 0, comm);
        break;
    case HIMPI_OP_ALLGATHERV:
        himpi ? HiMPI_Allgatherv_params(a, 1, MPI_DOUBLE, b, one, zero, MPI_DOUBLE, comm, &native)
              : MPI_Allgatherv(a, 1, MPI_DOUBLE, b, one, zero, MPI_DOUBLE, comm);
        break;
    case HIMPI_OP_COUNT:
        break;
    }
}

/* One plain call of op on 8 bytes: HiMPI chooses the plan. */
static void plain(HiMPI_Op op, MPI_Comm comm, double *a, double *b)
{
    switch (op) {
    case HIMPI_OP_BCAST: HiMPI_Bcast(a, 1, MPI_DOUBLE, 0, comm); break;
    case HIMPI_OP_REDUCE: HiMPI_Reduce(a, b, 1, MPI_DOUBLE, MPI_SUM, 0, comm); break;
    case HIMPI_OP_ALLREDUCE: HiMPI_Allreduce(a, b, 1, MPI_DOUBLE, MPI_SUM, comm); break;
    case HIMPI_OP_SCATTER: HiMPI_Scatter(a, 1, MPI_DOUBLE, b, 1, MPI_DOUBLE, 0, comm); break;
    case HIMPI_OP_GATHER: HiMPI_Gather(a, 1, MPI_DOUBLE, b, 1, MPI_DOUBLE, 0, comm); break;
    case HIMPI_OP_ALLGATHER: HiMPI_Allgather(a, 1, MPI_DOUBLE, b, 1, MPI_DOUBLE, comm); break;
    case HIMPI_OP_SCAN: HiMPI_Scan(a, b, 1, MPI_DOUBLE, MPI_SUM, comm); break;
    case HIMPI_OP_EXSCAN: HiMPI_Exscan(a, b, 1, MPI_DOUBLE, MPI_SUM, comm); break;
    case HIMPI_OP_REDUCE_SCATTER_BLOCK:
        HiMPI_Reduce_scatter_block(a, b, 1, MPI_DOUBLE, MPI_SUM, comm);
        break;
    case HIMPI_OP_REDUCE_SCATTER: HiMPI_Reduce_scatter(a, b, one, MPI_DOUBLE, MPI_SUM, comm); break;
    case HIMPI_OP_BARRIER: HiMPI_Barrier(comm); break;
    case HIMPI_OP_ALLTOALL: HiMPI_Alltoall(a, 1, MPI_DOUBLE, b, 1, MPI_DOUBLE, comm); break;
    case HIMPI_OP_GATHERV:
        HiMPI_Gatherv(a, 1, MPI_DOUBLE, b, one, zero, MPI_DOUBLE, 0, comm);
        break;
    case HIMPI_OP_SCATTERV:
        HiMPI_Scatterv(a, one, zero, MPI_DOUBLE, b, 1, MPI_DOUBLE, 0, comm);
        break;
    case HIMPI_OP_ALLGATHERV:
        HiMPI_Allgatherv(a, 1, MPI_DOUBLE, b, one, zero, MPI_DOUBLE, comm);
        break;
    case HIMPI_OP_COUNT: break;
    }
}

/* Per-call times on MPI_COMM_SELF, where the collective itself costs
 * almost nothing and what HiMPI adds shows: t[0] MPI's call, t[1]
 * HiMPI's with an explicit plan (one group, native), t[2] HiMPI's plain
 * call, which looks its plan up as well.  The fastest of several
 * alternating rounds of many calls, so that a round the machine
 * interrupted does not count. */
static void self_overhead(HiMPI_Op op, double t[3])
{
    enum { CALLS = 20000, ROUNDS = 15 };
    double a[2] = {1.0, 2.0}, b[2];
    t[0] = t[1] = t[2] = DBL_MAX;
    /* Creates HiMPI's state for the communicator and loads the table. */
    plain(op, MPI_COMM_SELF, a, b);
    for (int r = 0; r < ROUNDS; r++)
        for (int h = 0; h <= 2; h++) {
            double start = MPI_Wtime();
            for (int i = 0; i < CALLS; i++) {
                if (h == 2)
                    plain(op, MPI_COMM_SELF, a, b);
                else
                    call(op, h, MPI_COMM_SELF, a, b);
            }
            double per_call = (MPI_Wtime() - start) / CALLS;
            t[h] = per_call < t[h] ? per_call : t[h];
        }
}

int bench_overhead(const cli_measure *m, const int *ops, int nops)
{
    bench_format_overhead_header();
    for (int i = 0; i < nops; i++) {
        HiMPI_Op op = (HiMPI_Op)ops[i];
        double t[3];
        self_overhead(op, t);
        int M = HiMPI_Op_has_size(op) ? 8 : 0;
        double all_mpi = cli_time(m, MPIB_native_container_alloc(HiMPI_Op_name(op)), M);
        HiMPI_Params native = {1, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 0, 0};
        double all_himpi = cli_time(m, HiMPI_Container_alloc(op, &native), M);
        if (all_mpi < 0 || all_himpi < 0)
            return 1;
        bench_format_overhead_row(op, t, all_mpi, all_himpi);
    }
    return 0;
}

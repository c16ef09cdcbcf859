/* comm_churn: short-lived communicators, for tests/e2e/comm_churn.sh.  A
 * plain MPI program that knows nothing of HiMPI: ROUNDS times it splits
 * MPI_COMM_WORLD by the parity of the rank, makes CALLS pairs of
 * MPI_Allreduce and MPI_Bcast on the new communicator, checks them and
 * frees it.  Rank 0 prints "rounds R calls C seconds T": the wall time of
 * the rounds, from a barrier to a barrier.  Exits 1 on a wrong result. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, p, rounds = argc > 1 ? atoi(argv[1]) : 600, calls = argc > 2 ? atoi(argv[2]) : 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    /* The ranks of this parity: their sum, and the first of them, which
     * broadcasts. */
    int sum = 0, wrong = 0;
    for (int r = rank % 2; r < p; r += 2)
        sum += r;
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    for (int round = 0; round < rounds; round++) {
        MPI_Comm comm;
        MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &comm);
        for (int call = 0; call < calls; call++) {
            int total = 0, value = rank + round;
            MPI_Allreduce(&rank, &total, 1, MPI_INT, MPI_SUM, comm);
            MPI_Bcast(&value, 1, MPI_INT, 0, comm);
            wrong |= total != sum || value != rank % 2 + round;
        }
        MPI_Comm_free(&comm);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double seconds = MPI_Wtime() - start;
    int any = 0;
    MPI_Reduce(&wrong, &any, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("rounds %d calls %d seconds %.3f%s\n", rounds, calls, seconds,
               any ? " WRONG RESULTS" : "");
    MPI_Finalize();
    return any;
}

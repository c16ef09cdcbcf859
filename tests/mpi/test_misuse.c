/* test_misuse: an MPI program with no HiMPI in its source, doing what real
 * programs do and interposition once got wrong.  tests/e2e/interpose.sh
 * runs it under LD_PRELOAD=libhimpi-pmpi.so and without it; both must
 * pass.  The argument names the case:
 *   self        a collective on MPI_COMM_SELF and on a duplicate of it,
 *               then MPI_Finalize (which once crashed MPICH);
 *   errhandler  a collective, then MPI_ERRORS_RETURN set on the
 *               communicator, then a broadcast of an uncommitted datatype:
 *               every rank must get MPI_ERR_TYPE back, as MPI gives it,
 *               rather than the job aborting under the handler the
 *               communicator had before.
 * Prints one line per rank, "rank R: ok" or what went wrong; exits 0 when
 * every rank passed. */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include <mpi.h>

static int rank;

static int fail(const char *what, int got, int want)
{
    printf("rank %d: %s: %d, expected %d\n", rank, what, got, want);
    return 1;
}

static int on_self(void)
{
    int in[3] = {rank, 1, 2}, out[3] = {-1, -1, -1};
    int rc = MPI_Allreduce(in, out, 3, MPI_INT, MPI_SUM, MPI_COMM_SELF);
    if (rc != MPI_SUCCESS || out[0] != rank || out[2] != 2)
        return fail("MPI_Allreduce on MPI_COMM_SELF", rc != MPI_SUCCESS ? rc : out[0], rank);
    MPI_Comm self;
    MPI_Comm_dup(MPI_COMM_SELF, &self);
    rc = MPI_Bcast(in, 3, MPI_INT, 0, self);
    MPI_Comm_free(&self);
    return rc != MPI_SUCCESS ? fail("MPI_Bcast on a duplicate of MPI_COMM_SELF", rc, 0) : 0;
}

static int handler_set_late(void)
{
    int buf[4] = {rank, rank, rank, rank};
    int rc = MPI_Bcast(buf, 4, MPI_INT, 0, MPI_COMM_WORLD);
    if (rc != MPI_SUCCESS || buf[0] != 0)
        return fail("a valid MPI_Bcast", rc, MPI_SUCCESS);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Datatype uncommitted;
    MPI_Type_contiguous(2, MPI_INT, &uncommitted);
    rc = MPI_Bcast(buf, 2, uncommitted, 0, MPI_COMM_WORLD);
    MPI_Type_free(&uncommitted);
    int class = MPI_SUCCESS;
    if (rc != MPI_SUCCESS)
        MPI_Error_class(rc, &class);
    return class != MPI_ERR_TYPE ? fail("MPI_Bcast of an uncommitted type: error class", class,
                                        MPI_ERR_TYPE)
                                 : 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int failed;
    if (argc == 2 && strcmp(argv[1], "self") == 0)
        failed = on_self();
    else if (argc == 2 && strcmp(argv[1], "errhandler") == 0)
        failed = handler_set_late();
    else {
        if (rank == 0)
            fprintf(stderr, "usage: %s self|errhandler\n", argv[0]);
        failed = 2;
    }
    if (failed == 0)
        printf("rank %d: ok\n", rank);
    int worst;
    MPI_Allreduce(&failed, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return worst;
}

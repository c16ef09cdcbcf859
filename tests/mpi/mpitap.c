/* mpitap.c: collective TAP output for MPI tests. */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "himpi_tune.h"
#include "mpib.h"
#include "mpitap.h"

enum { MESSAGE = 512, TAG = 0x7a7 };

static int rank, size, points, failures;
static int failed_here;         /* failures recorded on this rank since the last tap_ok */
static char first_failure[MESSAGE];

void tap_init(int *argc, char ***argv)
{
    MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* Every rank has the same environment, so all stop or none. */
    MPIB_wait_policy wait;
    char err[256];
    if (HiMPI_Wait_policy_from_env(&wait, err, sizeof err) != 0) {
        if (rank == 0)
            printf("Bail out! %s\n", err);
        MPI_Finalize();
        exit(1);
    }
    MPIB_set_wait_policy(wait);
}

void tap_check(int cond, const char *fmt, ...)
{
    if (cond)
        return;
    if (failed_here++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(first_failure, sizeof first_failure, fmt, ap);
        va_end(ap);
    }
}

int tap_ok(const char *fmt, ...)
{
    /* The lowest failing rank (size if none) and how many ranks failed. */
    int mine[2] = {failed_here ? rank : size, failed_here ? 1 : 0}, lowest, count;
    MPIB_Allreduce(&mine[0], &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPIB_Allreduce(&mine[1], &count, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    char message[MESSAGE] = "";
    if (lowest < size && lowest != 0) {
        MPI_Request r;
        if (rank == lowest)
            MPI_Isend(first_failure, MESSAGE, MPI_CHAR, 0, TAG, MPI_COMM_WORLD, &r);
        else if (rank == 0)
            MPI_Irecv(message, MESSAGE, MPI_CHAR, lowest, TAG, MPI_COMM_WORLD, &r);
        if (rank == lowest || rank == 0)
            MPIB_Wait(&r, MPI_STATUS_IGNORE);
    } else if (lowest == 0 && rank == 0) {
        memcpy(message, first_failure, MESSAGE);
    }
    points++;
    if (count > 0)
        failures++;
    if (rank == 0) {
        char name[MESSAGE];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(name, sizeof name, fmt, ap);
        va_end(ap);
        printf("%s %d - %s\n", count ? "not ok" : "ok", points, name);
        if (count)
            printf("# %d of %d ranks failed; rank %d: %s\n", count, size, lowest, message);
        fflush(stdout);
    }
    failed_here = 0;
    return count == 0;
}

void tap_diag(const char *fmt, ...)
{
    if (rank != 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("# ", stdout);
    vprintf(fmt, ap);
    fputc('\n', stdout);
    fflush(stdout);
    va_end(ap);
}

int tap_finish(void)
{
    if (rank == 0) {
        printf("1..%d\n", points);
        fflush(stdout);
    }
    MPI_Finalize();
    return failures != 0;
}

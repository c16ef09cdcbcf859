/* runtime.c: the settings and the table, loaded once and shared alike by
 * every rank. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config/runtime.h"
#include "config/table_file.h"
#include "himpi_tune.h"
#include "mpib.h"

extern char **environ;

static himpi_runtime *global;

himpi_runtime *himpi_runtime_global(void)
{
    return global;
}

void himpi_runtime_set_global(himpi_runtime *rt)
{
    global = rt;
}

himpi_runtime *himpi_runtime_retain(himpi_runtime *rt)
{
    atomic_fetch_add_explicit(&rt->refs, 1, memory_order_relaxed);
    return rt;
}

void himpi_runtime_release(himpi_runtime *rt)
{
    if (rt == NULL || atomic_fetch_sub_explicit(&rt->refs, 1, memory_order_acq_rel) > 1)
        return;
    himpi_index_free(rt->index);
    HiMPI_Table_free(&rt->table);
    free(rt);
}

static const char *from_environ(const char *name, void *ctx)
{
    (void)ctx;
    return getenv(name);
}

/* Rank 0's part of loading: the settings, then the table.  Returns the
 * status every rank must return. */
static int read_on_root(himpi_runtime *rt)
{
    char err[4352];
    if (himpi_env_check_names(environ, err, sizeof err) != 0)
        fprintf(stderr, "himpi: warning: %s\n", err);
    if (himpi_env_parse(from_environ, NULL, &rt->env, err, sizeof err) != 0) {
        fprintf(stderr, "himpi: %s\n", err);
        return MPI_ERR_ARG;
    }
    if (HiMPI_Table_load(rt->env.conf_file, &rt->table, err, sizeof err) == 0)
        return MPI_SUCCESS;
    if (rt->env.strict) {
        fprintf(stderr, "himpi: %s\nhimpi: HIMPI_STRICT=1: refusing to run without the table\n",
                err);
        return MPI_ERR_ARG;
    }
    fprintf(stderr, "himpi: %s\nhimpi: ignoring the table: every collective runs flat (g = 1)\n",
            err);
    return MPI_SUCCESS;
}

/* Rank 0's table, row for row, on every rank. */
static int share_table(HiMPI_Table *t, MPI_Comm comm, int rank)
{
    unsigned long long n = t->nrows;
    int rc = MPI_Bcast(&t->header, (int)sizeof t->header, MPI_BYTE, 0, comm);
    if (rc == MPI_SUCCESS)
        rc = MPI_Bcast(&n, 1, MPI_UNSIGNED_LONG_LONG, 0, comm);
    if (rc == MPI_SUCCESS)
        rc = MPI_Bcast(&t->legacy, 1, MPI_INT, 0, comm);
    if (rc != MPI_SUCCESS || n == 0)
        return rc;
    if (rank != 0 && (t->rows = malloc(n * sizeof *t->rows)) != NULL)
        t->nrows = t->cap = n;
    int ok = rank == 0 || t->rows != NULL;
    if ((rc = MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, comm)) != MPI_SUCCESS)
        return rc;
    if (!ok)
        return MPI_ERR_NO_MEM;
    /* Rows are plain data and every rank runs the same binary; chunks keep
     * each count within int. */
    const size_t chunk = 1 << 20;
    for (size_t i = 0; rc == MPI_SUCCESS && i < n; i += chunk) {
        size_t m = n - i < chunk ? n - i : chunk;
        rc = MPI_Bcast(t->rows + i, (int)(m * sizeof *t->rows), MPI_BYTE, 0, comm);
    }
    return rc;
}

/* Lazy tuning times a collective on the application's communicator and
 * adds to the table that every call reads.  Under MPI_THREAD_MULTIPLE other
 * threads may communicate meanwhile, which the timing would take for the
 * collective's cost, and read the table while it changes: the table's plans
 * are used as they are.  level is the highest thread level of comm's ranks
 * (processes may differ), so that all agree. */
static void untuned_if_threads(himpi_env *env, int level, int rank)
{
    if (env->tune != HIMPI_TUNE_LAZY || level != MPI_THREAD_MULTIPLE)
        return;
    env->tune = HIMPI_TUNE_OFF;
    if (rank == 0)
        fprintf(stderr, "himpi: HIMPI_TUNE=lazy is off under MPI_THREAD_MULTIPLE (other threads' "
                        "communication would distort the timings): the table's plans are used\n");
}

int himpi_runtime_load(MPI_Comm comm, himpi_runtime **out)
{
    int rank;
    MPI_Comm_rank(comm, &rank);
    himpi_runtime *rt = calloc(1, sizeof *rt);
    int status = rt != NULL ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    if (rt != NULL) {
        HiMPI_Table_init(&rt->table);
        atomic_init(&rt->refs, 1);
        if (rank == 0)
            status = read_on_root(rt);
    }
    /* Every rank learns the worst status, so that all fail or none, and
     * the highest thread level. */
    int mine[2] = {status, MPI_THREAD_SINGLE}, most[2];
    MPI_Query_thread(&mine[1]);
    int rc = MPI_Allreduce(mine, most, 2, MPI_INT, MPI_MAX, comm);
    if (rc == MPI_SUCCESS)
        rc = most[0];
    if (rc == MPI_SUCCESS)
        rc = MPI_Bcast(&rt->env, (int)sizeof rt->env, MPI_BYTE, 0, comm);
    if (rc == MPI_SUCCESS)
        rc = share_table(&rt->table, comm, rank);
    if (rc == MPI_SUCCESS && (rt->index = himpi_index_build(&rt->table)) == NULL)
        rc = MPI_ERR_NO_MEM;
    if (rc != MPI_SUCCESS) {
        himpi_runtime_release(rt);
        return rc;
    }
    untuned_if_threads(&rt->env, most[1], rank);
    MPIB_set_wait_policy(rt->env.wait);
    *out = rt;
    return MPI_SUCCESS;
}

int himpi_runtime_fingerprinted(const himpi_runtime *rt)
{
    return rt->table.nrows > 0 && rt->table.header.fp.himpi[0] != '\0';
}

/* Whether this process has said its word about a table already: without
 * HiMPI_Init every communicator loads the table, and one warning is
 * enough. */
static atomic_flag said = ATOMIC_FLAG_INIT;

int himpi_runtime_check(const himpi_runtime *rt, MPI_Comm comm, const HiMPI_Fingerprint *job)
{
    int rank, status = MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    const char *file = rt->env.conf_file;
    if (job == NULL) {
        if (rank == 0 && rt->table.nrows > 0 && !atomic_flag_test_and_set(&said))
            fprintf(stderr,
                    "himpi: note: %s has no fingerprint (format 3 or older), so nothing tells "
                    "whether it was tuned on this machine, library and job shape; tuning "
                    "again records one\n",
                    file);
        return MPI_SUCCESS;
    }
    if (rank == 0) {
        char what[1024];
        if (HiMPI_Fingerprint_compare(&rt->table.header.fp, job, what, sizeof what) == 0)
            status = MPI_SUCCESS;
        else if (rt->env.strict) {
            fprintf(stderr, "himpi: %s was tuned elsewhere: %s\nhimpi: HIMPI_STRICT=1: refusing "
                            "a table tuned elsewhere\n",
                    file, what);
            status = MPI_ERR_ARG;
        } else if (!atomic_flag_test_and_set(&said))
            fprintf(stderr,
                    "himpi: warning: %s was tuned elsewhere: %s; its plans are used as they "
                    "are (himpi-tune --verify checks them here; HIMPI_STRICT=1 refuses such "
                    "a table)\n",
                    file, what);
    }
    int rc = MPI_Bcast(&status, 1, MPI_INT, 0, comm);
    return rc != MPI_SUCCESS ? rc : status;
}

int himpi_runtime_add(himpi_runtime *rt, MPI_Comm comm, const HiMPI_Table_header *header,
                      const HiMPI_Row *rows, int n)
{
    HiMPI_Table fresh;
    HiMPI_Table_init(&fresh);
    fresh.header = *header;
    int rc = MPI_SUCCESS;
    for (int i = 0; i < n && rc == MPI_SUCCESS; i++)
        if (HiMPI_Table_put(&rt->table, &rows[i]) != 0 || HiMPI_Table_put(&fresh, &rows[i]) != 0)
            rc = MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS) {
        himpi_index *ix = himpi_index_build(&rt->table);
        if (ix == NULL) {
            rc = MPI_ERR_NO_MEM;
        } else {
            himpi_index_free(rt->index);
            rt->index = ix;
        }
    }
    int rank;
    MPI_Comm_rank(comm, &rank);
    char err[4352];
    /* A failed save (a lock held past HIMPI_LOCK_TIMEOUT, say) costs only
     * the file: the plans are in rt's table already. */
    if (rc == MPI_SUCCESS && rank == 0 &&
        HiMPI_Table_save(rt->env.conf_file, &fresh, err, sizeof err) != 0)
        fprintf(stderr,
                "himpi: could not save the tuned plans: %s\nhimpi: they are used for the rest "
                "of this run but are not saved\n",
                err);
    HiMPI_Table_free(&fresh);
    return rc;
}

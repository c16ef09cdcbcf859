/* tune_init.c: the tuning HiMPI_Init does when HIMPI_TUNE=init (or
 * HIMPI_GENERATE_CONFIG=1) asks for it. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "tune/tune.h"
#include "tune/tune_runtime.h"

/* Tunes op at every size not yet in the table and adds the rows at once,
 * so an interrupted run keeps every operation finished before.  An
 * operation without a message (barrier) is tuned at 0 bytes alone. */
static int tune_op(himpi_runtime *rt, MPI_Comm comm, HiMPI_Op op, const int *sizes, int nsizes,
                   int *tuned)
{
    int p, rank;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    HiMPI_Tune_task task = {op, 0, himpi_env_alg(&rt->env, op, 1), himpi_env_alg(&rt->env, op, 0),
                            rt->env.segment_size > 0 ? rt->env.segment_size : 0};
    HiMPI_Tuner tuner = {.precision = rt->env.precision, .levels = rt->env.num_levels,
                         .search = HiMPI_Search_by_name(rt->env.search),
                         .memory = HiMPI_Tune_memory_new(), .pairs = rt->env.pairs,
                         .min_effect = rt->env.min_effect, .pair_span = rt->env.pair_span};
    himpi_tuner_overlap(&tuner, &rt->env);
    HiMPI_Row *rows = malloc((size_t)nsizes * sizeof *rows);
    if (rows == NULL || tuner.memory == NULL) {
        free(rows);
        HiMPI_Tune_memory_free(tuner.memory);
        return MPI_ERR_NO_MEM;
    }
    MPI_Comm work = MPI_COMM_NULL;
    int n = 0, rc = MPI_Comm_dup(comm, &work), sized = HiMPI_Op_has_size(op);
    tuner.work = &work;
    for (int i = 0; i < (sized ? nsizes : 1) && rc == MPI_SUCCESS; i++) {
        task.msg_size = sized ? sizes[i] : 0;
        if (himpi_table_find(&rt->table, op, p, task.msg_size, task.alg_out, task.alg_in) !=
            NULL)
            continue;
        rc = HiMPI_Tune(comm, &tuner, &task, &rows[n], NULL);
        if (rc == MPI_SUCCESS && rank == 0 && rt->env.debug) {
            char layout[128];
            HiMPI_Row_layout(&rows[n], layout, sizeof layout);
            fprintf(stderr, "himpi: tuned %s p=%d size=%d: %s overlap=%d %.3g s (flat %.3g s)\n",
                    HiMPI_Op_name(op), p, task.msg_size, layout, rows[n].overlap, rows[n].time,
                    rows[n].flat_time);
        }
        n += rc == MPI_SUCCESS;
    }
    if (work != MPI_COMM_NULL)
        MPI_Comm_free(&work);
    if (rc == MPI_SUCCESS && n > 0)
        rc = himpi_runtime_keep(rt, comm, rows, n);
    free(rows);
    HiMPI_Tune_memory_free(tuner.memory);
    *tuned += n;
    return rc;
}

int himpi_runtime_tune_init(himpi_runtime *rt, MPI_Comm comm)
{
    const himpi_env *env = &rt->env;
    MPIB_msgset set = {(int)env->min_msg, (int)env->max_msg, env->msg_stride};
    int nsizes, rc;
    if ((rc = MPIB_msgset_sizes(&set, &nsizes, NULL)) != MPI_SUCCESS)
        return rc;
    int *sizes = malloc((size_t)nsizes * sizeof *sizes);
    if (sizes == NULL)
        return MPI_ERR_NO_MEM;
    MPIB_msgset_sizes(&set, &nsizes, sizes);
    double start = MPI_Wtime();
    int tuned = 0;
    for (int op = 0; op < HIMPI_OP_COUNT && rc == MPI_SUCCESS; op++)
        if (env->ops & (1u << op))
            rc = tune_op(rt, comm, (HiMPI_Op)op, sizes, nsizes, &tuned);
    free(sizes);
    int rank;
    MPI_Comm_rank(comm, &rank);
    if (rc == MPI_SUCCESS && rank == 0 && tuned > 0)
        fprintf(stderr, "himpi: tuned %d plans in %.1f s, saved in %s\n", tuned,
                MPI_Wtime() - start, env->conf_file);
    return rc;
}

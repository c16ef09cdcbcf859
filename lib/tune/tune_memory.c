/* tune_memory.c: the results of the previous size of every sequence of
 * sizes a tuning run follows. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "tune/tune.h"

/* One sequence: its key (the task without its size), the process count,
 * and the previous size's result of each of its n candidates. */
typedef struct {
    HiMPI_Tune_task key;
    int procs, n;
    MPIB_result *results;
} sequence;

struct HiMPI_Tune_memory {
    sequence *list;
    int count;
};

HiMPI_Tune_memory *HiMPI_Tune_memory_new(void)
{
    return calloc(1, sizeof(HiMPI_Tune_memory));
}

void HiMPI_Tune_memory_free(HiMPI_Tune_memory *memory)
{
    for (int i = 0; memory != NULL && i < memory->count; i++)
        free(memory->list[i].results);
    if (memory != NULL)
        free(memory->list);
    free(memory);
}

static sequence *find(const HiMPI_Tune_memory *memory, const HiMPI_Tune_task *task, int procs,
                      int n)
{
    for (int i = 0; i < memory->count; i++) {
        sequence *s = &memory->list[i];
        if (s->key.op == task->op && s->key.alg_out == task->alg_out &&
            s->key.alg_in == task->alg_in && s->key.segment_size == task->segment_size &&
            s->procs == procs && s->n == n)
            return s;
    }
    return NULL;
}

const MPIB_result *himpi_tune_memory_previous(const HiMPI_Tune_memory *memory,
                                              const HiMPI_Tune_task *task, int procs, int n)
{
    const sequence *s = find(memory, task, procs, n);
    return s != NULL ? s->results : NULL;
}

int himpi_tune_memory_keep(HiMPI_Tune_memory *memory, const HiMPI_Tune_task *task, int procs,
                           int n, const MPIB_result *results)
{
    sequence *s = find(memory, task, procs, n);
    if (s == NULL) {
        sequence *list = realloc(memory->list, (size_t)(memory->count + 1) * sizeof *list);
        if (list == NULL)
            return MPI_ERR_NO_MEM;
        memory->list = list;
        s = &list[memory->count];
        *s = (sequence){*task, procs, n, malloc((size_t)n * sizeof *results)};
        if (s->results == NULL)
            return MPI_ERR_NO_MEM;
        memory->count++;
    }
    memcpy(s->results, results, (size_t)n * sizeof *results);
    return MPI_SUCCESS;
}

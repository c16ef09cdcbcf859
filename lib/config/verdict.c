/* verdict.c: the names of a row's verdicts, as tables hold them. */
#include <config.h>

#include <string.h>

#include "himpi_tune.h"

static const char *const names[HIMPI_VERDICT_COUNT] = {"-", "faster", "n.s.", "small", "slower",
                                                       "native"};

const char *HiMPI_Verdict_name(HiMPI_Verdict verdict)
{
    return verdict >= 0 && verdict < HIMPI_VERDICT_COUNT ? names[verdict] : NULL;
}

int HiMPI_Verdict_from_name(const char *name, HiMPI_Verdict *verdict)
{
    for (int i = 0; name != NULL && i < HIMPI_VERDICT_COUNT; i++)
        if (strcmp(name, names[i]) == 0) {
            *verdict = (HiMPI_Verdict)i;
            return MPI_SUCCESS;
        }
    return MPI_ERR_ARG;
}

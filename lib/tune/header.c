/* header.c: the header of a table tuned on a communicator (its hosts, its
 * fingerprint, the precision and the date), and the rows a tuning run
 * adds under it. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "himpi_tune.h"
#include "tune/tune_runtime.h"

/* The distinct names of the hosts of comm, comma-separated. */
static void describe_hosts(MPI_Comm comm, HiMPI_Table_header *h)
{
    int p, rank, len;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    char name[MPI_MAX_PROCESSOR_NAME] = "";
    MPI_Get_processor_name(name, &len);
    char *all = rank == 0 ? calloc((size_t)p, sizeof name) : NULL;
    int ok = rank != 0 || all != NULL;
    MPI_Bcast(&ok, 1, MPI_INT, 0, comm);
    if (!ok)
        return;
    MPI_Gather(name, (int)sizeof name, MPI_CHAR, all, (int)sizeof name, MPI_CHAR, 0, comm);
    if (rank != 0)
        return;
    int hosts = 0;
    for (int i = 0; i < p; i++) {
        const char *host = all + (size_t)i * sizeof name;
        int first = 1;
        for (int j = 0; j < i && first; j++)
            first = strcmp(host, all + (size_t)j * sizeof name) != 0;
        if (!first)
            continue;
        size_t used = strlen(h->hosts), need = strlen(host) + (hosts > 0);
        if (used + need + 4 < sizeof h->hosts)
            snprintf(h->hosts + used, sizeof h->hosts - used, "%s%s", hosts > 0 ? "," : "", host);
        else if (used + 4 < sizeof h->hosts && strstr(h->hosts, ",...") == NULL)
            strcat(h->hosts, ",...");
        hosts++;
    }
    free(all);
}

void HiMPI_Table_header_fill(MPI_Comm comm, const MPIB_precision *precision,
                             HiMPI_Table_header *h)
{
    memset(h, 0, sizeof *h);
    describe_hosts(comm, h);
    HiMPI_Fingerprint_get(comm, &h->fp);
    h->precision = *precision;
    time_t now = time(NULL);
    struct tm utc;
    gmtime_r(&now, &utc);
    strftime(h->date, sizeof h->date, "%Y-%m-%dT%H:%M:%SZ", &utc);
}

int himpi_runtime_keep(himpi_runtime *rt, MPI_Comm comm, const HiMPI_Row *rows, int n)
{
    HiMPI_Table_header header;
    HiMPI_Table_header_fill(comm, &rt->env.precision, &header);
    return himpi_runtime_add(rt, comm, &header, rows, n);
}

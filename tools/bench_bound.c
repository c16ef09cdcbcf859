/* bench_bound.c: where the bound columns of himpi-bench and himpi-overlap
 * take alpha and beta from. */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bench_bound.h"

int bench_bound_read(const char *path, HiMPI_Hockney *h)
{
    /* values: alpha, beta and 0, or the exit status in the last one. */
    double values[3] = {0, 0, 2};
    if (cli_rank() == 0) {
        FILE *f = fopen(path, "r");
        char line[1024];
        double a, b;
        int found = 0;
        if (f == NULL) {
            fprintf(stderr, "%s: %s: %s\n", cli_program(), path, strerror(errno));
        } else {
            /* The last line that is not a comment holds alpha_us beta_ns. */
            while (fgets(line, sizeof line, f) != NULL)
                if (line[0] != '#' && line[0] != '\n')
                    found = sscanf(line, "%lf %lf", &a, &b) == 2 && a >= 0 && b >= 0;
            fclose(f);
            if (found) {
                values[0] = a * 1e-6;
                values[1] = b * 1e-9;
                values[2] = 0;
            } else {
                fprintf(stderr, "%s: %s: no 'alpha_us beta_ns' line (the output of "
                                "himpi-model --fit)\n", cli_program(), path);
            }
        }
    }
    MPI_Bcast(values, 3, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    h->alpha = values[0];
    h->beta = values[1];
    h->gamma = 0;
    return (int)values[2];
}

int bench_bound_measure(const cli_measure *m, HiMPI_Hockney *h)
{
    enum { SIZES = 6 };
    double bytes[SIZES], one_way[SIZES];
    for (int i = 0; i < SIZES; i++) {
        bytes[i] = (double)(1 << (4 * i)); /* 1 B to 1 MiB */
        double t = cli_time(m, MPIB_Pingpong_container_alloc(), (int)bytes[i]);
        if (t < 0)
            return 1;
        one_way[i] = t / 2;
    }
    h->gamma = 0;
    if (HiMPI_Model_fit(bytes, one_way, SIZES, h) != 0) {
        cli_say(stderr, "%s: the ping-pong gave no alpha and beta\n", cli_program());
        return 1;
    }
    return 0;
}

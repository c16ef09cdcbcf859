/* bench_osu.h: himpi-bench's --osu output, the latencies as the OSU
 * micro-benchmarks print them (osu_bcast --full and the others): a block
 * for each operation and variant timed, a line for each message size. */
#ifndef HIMPI_BENCH_OSU_H
#define HIMPI_BENCH_OSU_H

#include "cli.h"
#include "himpi.h"

/* Times container at M bytes and frees it, as cli_time does (libmpib's
 * mean time, or -1 after reporting a failure), and keeps for the block of
 * op's variant (a few words, e.g. "linear, flat") what OSU reports: each
 * rank's mean time per call over the repetitions libmpib ran, their mean,
 * smallest and largest over the ranks, and the number of repetitions.
 * Collective over MPI_COMM_WORLD. */
double bench_osu_time(const cli_measure *m, MPIB_coll_container *container, HiMPI_Op op,
                      const char *variant, int M);

/* Prints the blocks of what bench_osu_time kept since the last call (none
 * if it kept nothing), one for each operation and variant in the order
 * first timed, its sizes in the order timed, and forgets it. */
void bench_osu_print(void);

#endif /* HIMPI_BENCH_OSU_H */

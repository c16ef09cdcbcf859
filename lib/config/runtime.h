/* runtime.h: what plain collective calls decide with, identical on every
 * rank: the HIMPI_* settings and the configuration table.
 *
 * Rank 0 of a communicator reads the environment and the table file and
 * broadcasts both, so a rank whose environment or file differs still
 * decides like the others (a plan that differs between ranks would
 * deadlock).  HiMPI_Init loads one over MPI_COMM_WORLD that every
 * communicator shares; without HiMPI_Init, each communicator loads its own
 * at its first collective. */
#ifndef HIMPI_RUNTIME_H
#define HIMPI_RUNTIME_H

#include <stdatomic.h>

#include "config/env.h"
#include "config/table.h"

/* Shared by the communicators that use it, which threads may free at once:
 * hence the atomic count. */
typedef struct himpi_runtime {
    himpi_env env;
    HiMPI_Table table;
    himpi_index *index;
    atomic_int refs;
} himpi_runtime;

/* Loads the settings and the table on comm (collective).  An invalid
 * setting is reported on rank 0 and gives MPI_ERR_ARG on every rank.  A
 * malformed or unreadable table is reported on rank 0 ("file:line:
 * reason") and the runtime starts with an empty table (the default plan),
 * or, with HIMPI_STRICT=1, gives MPI_ERR_ARG on every rank.  Loaded, its
 * wait policy (rank 0's, like every setting) becomes the process's: the
 * one place HIMPI_WAIT takes effect. */
int himpi_runtime_load(MPI_Comm comm, himpi_runtime **rt);

/* Takes and drops a reference; the last drop frees. */
himpi_runtime *himpi_runtime_retain(himpi_runtime *rt);
void himpi_runtime_release(himpi_runtime *rt);

/* The runtime HiMPI_Init loaded, or NULL. */
himpi_runtime *himpi_runtime_global(void);
void himpi_runtime_set_global(himpi_runtime *rt);

/* Adds rows (identical on every rank of comm) to the table and its index,
 * and on rank 0 of comm merges them into the table file under header; a
 * failure to write is reported on rank 0 and leaves the rows in use for
 * this run.  Collective only in that every rank must call it alike. */
int himpi_runtime_add(himpi_runtime *rt, MPI_Comm comm, const HiMPI_Table_header *header,
                      const HiMPI_Row *rows, int n);

/* Whether the loaded table has rows and a fingerprint to check: alike on
 * every rank. */
int himpi_runtime_fingerprinted(const himpi_runtime *rt);

/* Checks the loaded table against the job (its fingerprint, job; NULL for
 * a table that has none).  Rank 0 says, once a process, what differs and
 * that the plans are used as they are, or notes a table without a
 * fingerprint; with HIMPI_STRICT=1 a table tuned elsewhere gives
 * MPI_ERR_ARG on every rank instead.  Collective over comm. */
int himpi_runtime_check(const himpi_runtime *rt, MPI_Comm comm, const HiMPI_Fingerprint *job);

#endif /* HIMPI_RUNTIME_H */

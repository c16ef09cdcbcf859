/* himpi_summa_bcast.h: where a pivot broadcast of himpi-summa goes: the MPI
 * library's MPI_Bcast, HiMPI's plain HiMPI_Bcast (the plan of the tuned
 * table, HIMPI_CONF_FILE), or HiMPI_Bcast_plan with an explicit plan. */
#ifndef HIMPI_SUMMA_BCAST_H
#define HIMPI_SUMMA_BCAST_H

#include <stddef.h>

#include "himpi.h"

typedef enum summa_source_kind {
    SUMMA_SOURCE_MPI,   /* MPI_Bcast */
    SUMMA_SOURCE_TABLE, /* HiMPI_Bcast */
    SUMMA_SOURCE_PLAN   /* HiMPI_Bcast_plan(plan) */
} summa_source_kind;

typedef struct summa_source {
    summa_source_kind kind;
    HiMPI_Plan plan; /* SUMMA_SOURCE_PLAN */
} summa_source;

/* Reads "mpi", "table", an algorithm name (HiMPI's algorithm flat on the
 * communicator) or "G:OUT:IN" (G groups, OUT between them, IN inside;
 * G is clamped to the communicator's size); 1, or 0 if text is none of
 * these or names an algorithm bcast lacks. */
int summa_source_parse(const char *text, summa_source *src);

/* The source as text, as it was given ("mpi", "table", "binomial",
 * "4:pipeline:binomial"). */
void summa_source_name(const summa_source *src, char *buf, size_t len);

/* Broadcasts count doubles at buf from root over comm through src; an MPI
 * error code. */
int summa_bcast(const summa_source *src, double *buf, int count, int root, MPI_Comm comm);

#endif /* HIMPI_SUMMA_BCAST_H */

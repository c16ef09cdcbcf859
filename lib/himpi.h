/*
 * himpi.h: HiMPI, hierarchical and auto-tuned MPI collectives (libhimpi).
 *
 * Functions return MPI_SUCCESS or an MPI error class.
 *
 * Copyright (c) 2026, the HiMPI developers.  BSD 3-Clause licence.
 */
#ifndef HIMPI_H
#define HIMPI_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of HiMPI this header belongs to. */
#define HIMPI_VERSION_MAJOR 0
#define HIMPI_VERSION_MINOR 1
#define HIMPI_VERSION_PATCH 0

/* The version of the library actually linked, which may differ from the
 * header's after an upgrade.  Any pointer may be NULL. */
void HiMPI_Get_version(int *major, int *minor, int *patch);

/* Initialises HiMPI, and MPI too if the application has not called MPI_Init
 * itself (argc and argv are then passed on to MPI_Init; both may be NULL).
 * Reads the HIMPI_* environment; an invalid value is reported once on
 * stderr by rank 0 of MPI_COMM_WORLD, naming the variable, the value and
 * what is accepted, and HiMPI_Init returns MPI_ERR_ARG on every rank (MPI
 * stays initialised, so the caller can still report and finalise).
 * Collective over MPI_COMM_WORLD. */
int HiMPI_Init(int *argc, char ***argv);

/* Releases what HiMPI holds and finalises MPI if HiMPI_Init initialised
 * it; otherwise MPI stays up for the application to finalise. */
int HiMPI_Finalize(void);

#ifdef __cplusplus
}
#endif

#endif /* HIMPI_H */

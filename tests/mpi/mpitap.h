/* mpitap.h: TAP output for tests that run on every rank of MPI_COMM_WORLD.
 *
 * A failed check must not make one rank leave a test while the others wait
 * for it in a collective, so checks only record a failure; tap_ok() then
 * combines the verdicts of all ranks and rank 0 prints one TAP line, with
 * the first failure message of the lowest failing rank. */
#ifndef MPITAP_H
#define MPITAP_H

/* Initialises MPI and sets the wait policy from HIMPI_WAIT (an invalid
 * value bails out). */
void tap_init(int *argc, char ***argv);

/* Records a failure on this rank if cond is false (local, not collective). */
void tap_check(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Ends a test point: ok if no rank recorded a failure since the last one.
 * Collective; returns 1 if ok everywhere. */
int tap_ok(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A "# ..." comment from rank 0. */
void tap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Prints the plan, finalises MPI; returns the exit status (0 if all ok). */
int tap_finish(void);

#endif /* MPITAP_H */

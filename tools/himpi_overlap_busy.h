/* himpi_overlap_busy.h: computation for a set time, for himpi-overlap's
 * compute mode.  Outside SimGrid, a loop of floating-point work
 * calibrated to this process's speed: a fixed amount of work, so that
 * what the calls between its pieces cost adds to the time, as it would
 * in an application.  Under SimGrid's SMPI, whose simulated clock does not
 * see the program's own computation (the report runs with
 * smpi/simulate-computation:no), the flops the rank's simulated host
 * computes in that time (smpi_execute_flops), which SMPI charges to it as
 * computation. */
#ifndef HIMPI_OVERLAP_BUSY_H
#define HIMPI_OVERLAP_BUSY_H

/* Measures this process's speed at the loop (about a tenth of a second;
 * nothing under SimGrid).  Local. */
void overlap_busy_calibrate(void);

/* Computes for about seconds. */
void overlap_busy(double seconds);

#endif /* HIMPI_OVERLAP_BUSY_H */

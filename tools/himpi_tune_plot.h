/* himpi_tune_plot.h: himpi-tune's plot (--plot): for each process count,
 * operation and algorithm pair tuned, a panel of the time against the
 * number of groups g on log scales, one curve per message size with the
 * confidence intervals as error bars, and the choice the table made at
 * each size marked; gnuplot draws it into an SVG file.  Hardware layouts
 * ("node", "node/2") and layouts of several levels are not a number of
 * groups: they are left out of the curves, and each panel's title counts
 * them. */
#ifndef HIMPI_TUNE_PLOT_H
#define HIMPI_TUNE_PLOT_H

#include "himpi_tune_trace.h"

typedef struct tune_plot tune_plot;

/* Creates the SVG file at path, empty until the drawing: NULL after
 * saying why. */
tune_plot *tune_plot_open(const char *path);

/* Keeps a measurement for the drawing, which fails if memory ran out. */
void tune_plot_add(tune_plot *p, const tune_record *r);

/* Draws the measurements kept, marking the choices of the rows of t
 * (the table the run wrote), with the gnuplot of PATH: 0, or -1 after
 * saying why on stderr (gnuplot missing or failing, nothing measured,
 * memory). */
int tune_plot_draw(tune_plot *p, const HiMPI_Table *t);

/* Frees p, and removes its file unless a drawing succeeded; NULL is
 * allowed. */
void tune_plot_free(tune_plot *p);

#endif /* HIMPI_TUNE_PLOT_H */

/* himpi_tune_csv.h: himpi-tune's measurements as CSV (--csv), for
 * spreadsheets and data frames: RFC 4180 with LF line ends, a field
 * quoted only where it must be. */
#ifndef HIMPI_TUNE_CSV_H
#define HIMPI_TUNE_CSV_H

#include <stdio.h>

#include "himpi_tune_trace.h"

/* The line of column names. */
void tune_csv_header(FILE *f);

/* The line of one measurement; times in microseconds as in the text
 * trace, groups empty where the layout is not a number of groups. */
void tune_csv_line(FILE *f, const tune_record *r);

#endif /* HIMPI_TUNE_CSV_H */

/* table_parse.h: the parser's state and helpers, shared by the files of
 * the text parser: table_parse.c (lines, header fields, the whole table),
 * table_parse_row.c (the rows of format versions 5 to 1) and
 * table_legacy.c (the rows of the original HiMPI's 7-column format).
 * Nothing outside them includes it. */
#ifndef HIMPI_TABLE_PARSE_H
#define HIMPI_TABLE_PARSE_H

#include <stddef.h>

#include "config/table.h"

/* Limits of the text format: a row of version 3 (and 4) has the 11 fields
 * of versions 1 and 2, flat_time's interval and the 4 fields of its
 * comparison with the MPI library; version 5 adds the overlap after the
 * segment. */
#define ROW_FIELDS_V2 11
#define ROW_FIELDS_V4 16
#define ROW_FIELDS 17
#define LEGACY_FIELDS 7
#define MAX_FIELDS (ROW_FIELDS + 1) /* enough to tell 17 fields from more */
#define QUOTE "%.64s"               /* quoted input stays short in messages */

enum mode {
    MODE_START,   /* before the first line that says which format */
    MODE_CURRENT, /* after "himpi-table N" (version 1 to 5) */
    MODE_LEGACY   /* the original HiMPI's 7 columns */
};

enum field {
    F_HOST,
    F_MPI,
    F_HIMPI,
    F_NODES,
    F_PPN,
    F_PLACEMENT,
    F_TOPOLOGY,
    F_PRECISION,
    F_DATE,
    F_COUNT
};

typedef struct parser {
    const char *name;
    char *err;
    size_t errlen;
    HiMPI_Table *t;
    long line; /* the line being read, from 1 */
    enum mode mode;
    int version;              /* the version line's number in MODE_CURRENT */
    int seen_content;         /* a non-blank line has been read */
    long header_line;         /* where "himpi-table" was */
    long field_line[F_COUNT]; /* where each header field was, 0 if absent */
    long *row_line;           /* the line of each row of t */
    size_t row_line_cap;
} parser;

/* A line split at blanks; n counts every field, v keeps the first few. */
typedef struct fields {
    char *v[MAX_FIELDS];
    int n;
} fields;

/* Writes "NAME:LINE: reason" into the error buffer and returns -1. */
__attribute__((format(printf, 3, 4))) int himpi_table_fail(parser *ps, long line,
                                                           const char *fmt, ...);

/* What the original format's rows consist of: integers, possibly negative. */
int himpi_table_integer_like(const char *s);

/* A plain decimal integer in [min, max] (min >= 0, so a sign is never
 * valid).  Returns 0, or -1 after reporting the field as what. */
int himpi_table_parse_int(parser *ps, const char *field, const char *what, long long min,
                          long long max, long long *out);

/* A finite number in plain decimal: [-]digits[.digits][(e|E)[+|-]digits]
 * (a digit before the exponent at least). */
int himpi_table_parse_real(parser *ps, const char *field, const char *what, double *out);

/* Appends the row, whose fields the caller checked, and records its line. */
int himpi_table_add_row(parser *ps, const HiMPI_Row *r);

/* A row of the current format (version 5 to 1), checked and appended
 * (table_parse_row.c). */
int himpi_table_parse_row(parser *ps, const fields *f);

/* A row of the original HiMPI's 7-column format, checked, translated and
 * appended (table_legacy.c). */
int himpi_table_legacy_row(parser *ps, const fields *f);

#endif /* HIMPI_TABLE_PARSE_H */

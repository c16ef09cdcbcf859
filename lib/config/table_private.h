/* table_private.h: what table.c shares with the other table files only
 * (the parser, the formatter and the index): room for rows, rows sorted by
 * key, duplicate keys, and the C numeric locale of the text.  Nothing
 * outside lib/config/table*.c includes it. */
#ifndef HIMPI_TABLE_PRIVATE_H
#define HIMPI_TABLE_PRIVATE_H

#include <locale.h>
#include <stddef.h>

#include "config/table.h"

/* Numbers are read and written in the C locale whatever the application
 * chose, so that a table written by one program reads in any other. */
typedef struct c_numeric {
    locale_t c;
    locale_t saved;
} c_numeric;

int himpi_c_numeric_enter(c_numeric *cn);
void himpi_c_numeric_leave(c_numeric *cn);

/* Room for n rows in all.  Returns 0, or -1 if memory runs out. */
int himpi_table_reserve(HiMPI_Table *t, size_t n);

/* A row and its position in the row array, so that sorting by key keeps
 * file order among equal keys. */
typedef struct ref {
    const HiMPI_Row *row;
    size_t index;
} ref;

/* Orders refs by key, then by position (for qsort). */
int himpi_table_ref_cmp(const void *a, const void *b);

/* The n rows sorted by key, then by position.  NULL if memory runs out. */
ref *himpi_table_sorted_refs(const HiMPI_Row *rows, size_t n);

/* The first row in array order whose key an earlier row already has:
 * returns 1 with *dup and *first (the earlier row) set, 0 if all keys are
 * distinct, -1 if memory runs out. */
int himpi_table_first_duplicate(const HiMPI_Table *t, size_t *dup, size_t *first);

#endif /* HIMPI_TABLE_PRIVATE_H */

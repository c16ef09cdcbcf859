/* table_file.h: files, read whole.  Tables on disk are himpi_tune.h's
 * HiMPI_Table_load, _save and _write (table_file.c): the lock is on
 * PATH.lock since the rename replaces the table's inode. */
#ifndef HIMPI_TABLE_FILE_H
#define HIMPI_TABLE_FILE_H

#include <stddef.h>

#include "config/table.h"

/* Reads the file at path into a malloc'ed, NUL-terminated buffer.  Returns
 * 0 with *text and *len set, 1 if the file does not exist (*text = NULL),
 * or -1 with "path: reason" in err. */
int himpi_file_read(const char *path, char **text, size_t *len, char *err, size_t errlen);

#endif /* HIMPI_TABLE_FILE_H */

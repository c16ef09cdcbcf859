/* table_file.h: configuration tables on disk.
 *
 * Reading is plain.  Writing is safe against the three ways a table can be
 * lost: it merges with what the file holds at the moment of writing (rows
 * for keys already present are replaced, others kept), it holds an
 * exclusive lock on PATH.lock meanwhile (flock; the table itself cannot be
 * locked since the rename replaces its inode), so two tuning runs writing
 * the same file lose no rows, and it writes a temporary file in the same
 * directory and renames it over PATH, so an interrupted run leaves the
 * previous file intact. */
#ifndef HIMPI_TABLE_FILE_H
#define HIMPI_TABLE_FILE_H

#include <stddef.h>

#include "config/table.h"

/* Reads the file at path into a malloc'ed, NUL-terminated buffer.  Returns
 * 0 with *text and *len set, 1 if the file does not exist (*text = NULL),
 * or -1 with "path: reason" in err. */
int himpi_file_read(const char *path, char **text, size_t *len, char *err, size_t errlen);

/* Reads and parses the table at path into t (initialised by the caller).
 * A missing file gives an empty table and 0.  Returns -1 with the reason
 * ("path:line: reason" for a malformed file) in err. */
int himpi_table_load(const char *path, himpi_table *t, char *err, size_t errlen);

/* Merges t into the table at path as described above and writes the
 * result in the current format.  A malformed existing file is not
 * overwritten: returns -1 with its error.  Returns 0 or -1 with the reason
 * in err. */
int himpi_table_save(const char *path, const himpi_table *t, char *err, size_t errlen);

/* Writes t to path in the current format, replacing what the file holds,
 * under the same lock and with the same temporary file and rename.
 * Returns 0 or -1 with the reason in err. */
int himpi_table_write(const char *path, const himpi_table *t, char *err, size_t errlen);

#endif /* HIMPI_TABLE_FILE_H */

/* table_file.h: files, read whole.  Tables on disk are himpi_tune.h's
 * HiMPI_Table_load, _save and _write (table_file.c, doc/config-format.md's
 * "Files"): a table file is a regular file of at most HIMPI_TABLE_FILE_MAX
 * bytes; a save locks PATH.lock beside the file the path leads to (the
 * rename replaces the table's inode) and keeps the table's mode and, where
 * it may, its owner. */
#ifndef HIMPI_TABLE_FILE_H
#define HIMPI_TABLE_FILE_H

#include <stddef.h>

#include "config/table.h"

/* The largest table file read: a table of every operation, size and
 * algorithm pair is a few hundred KiB, and the cap keeps /dev/zero-like
 * files from taking all memory. */
#define HIMPI_TABLE_FILE_MAX (16 << 20)

/* Reads the regular file at path (at most HIMPI_TABLE_FILE_MAX bytes) into
 * a malloc'ed, NUL-terminated buffer.  Returns 0 with *text and *len set,
 * 1 if the file does not exist (*text = NULL), or -1 with "path: reason"
 * in err ("not a regular file", "larger than the 16 MiB limit", or the
 * system's message). */
int himpi_file_read(const char *path, char **text, size_t *len, char *err, size_t errlen);

/* Writes "path: reason" into err, the form of every message about a table
 * file (the read, the lock, the write), and returns -1. */
__attribute__((format(printf, 4, 5))) int himpi_file_error(char *err, size_t errlen,
                                                           const char *path, const char *fmt, ...);

#endif /* HIMPI_TABLE_FILE_H */

/* table_lock.h: the lock file of a table save (table_lock.c,
 * doc/config-format.md's "Lock", "Waiting for the lock" and "Who may take
 * the lock"): FILE.lock beside the table's file, taken before the table
 * is read for the merge and held until it is replaced.  Nothing outside
 * table_file.c includes it. */
#ifndef HIMPI_TABLE_LOCK_H
#define HIMPI_TABLE_LOCK_H

#include <stddef.h>
#include <sys/stat.h>

/* The lock file of a save: its name, descriptor and status.  Closing fd
 * releases the lock. */
typedef struct lock_file {
    const char *name;
    int fd;
    struct stat st;
} lock_file;

/* Opens the lock file name (made if missing) and takes its write lock,
 * waiting at most seconds for another process to release it.  Returns 0
 * with lock set, or -1 with "name: reason" in err; on the time-out the
 * reason says that table was not written. */
int himpi_table_lock(lock_file *lock, const char *name, int seconds, const char *table, char *err,
                     size_t errlen);

/* Brings the lock file in line with the table as it will be saved: old is
 * the file it replaces (NULL for a new table), mode its permission bits.
 * Returns 0, or -1 with errno set. */
int himpi_table_lock_match(const lock_file *lock, const struct stat *old, mode_t mode);

#endif /* HIMPI_TABLE_LOCK_H */

/* table_target.h: the file a table save replaces (table_target.c): the one
 * a table path's symbolic links lead to, and the mode and owner the new
 * file takes from it.  Shared by the write (table_file.c) and its lock
 * (table_lock.c), which is owned like the table. */
#ifndef HIMPI_TABLE_TARGET_H
#define HIMPI_TABLE_TARGET_H

#include <stddef.h>
#include <sys/stat.h>

/* The file a table path names: path itself, or where the symbolic links it
 * ends in lead (the file need not exist yet).  A save replaces that file,
 * so that a link to a shared table stays a link and the table is updated
 * where it is; the rename would otherwise put a file in the link's place.
 * Malloc'ed, or NULL with "path: reason" in err. */
char *himpi_table_resolve(const char *path, char *err, size_t errlen);

/* The permission bits of the table once saved: those of the file it
 * replaces (old), or a new file's, as if created by open(0644). */
mode_t himpi_table_mode(const struct stat *old);

/* Gives the file at fd the owner and group of the table it stands in for
 * (nothing for a new table).  Only root may give a file away; anyone else
 * may still give it a group they belong to, and when even that is refused
 * (EPERM) the writer's owner and group stay, as doc/config-format.md
 * says.  Returns 0, or -1 with errno set. */
int himpi_table_keep_owner(int fd, const struct stat *old);

#endif /* HIMPI_TABLE_TARGET_H */

/* table_target.c: the file a table save replaces and what the new file
 * keeps of it (table_target.h, doc/config-format.md's "Symbolic links" and
 * "Mode and owner"). */
#include <config.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/table_file.h"
#include "config/table_target.h"

enum {
    MAX_LINKS = 40, /* symbolic links followed to a table, as Linux's path lookup */
};

/* What the symbolic link at link points to, as a path from where link's
 * path starts (a relative target is relative to the link's directory).
 * Malloc'ed, or NULL with errno set. */
static char *follow(const char *link)
{
    char target[PATH_MAX];
    ssize_t n = readlink(link, target, sizeof target);
    if (n < 0)
        return NULL;
    if ((size_t)n == sizeof target) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    target[n] = '\0';
    const char *slash = strrchr(link, '/');
    size_t dir = target[0] == '/' || slash == NULL ? 0 : (size_t)(slash - link) + 1;
    char *next = malloc(dir + (size_t)n + 1);
    if (next != NULL) {
        memcpy(next, link, dir);
        memcpy(next + dir, target, (size_t)n + 1);
    }
    return next;
}

char *himpi_table_resolve(const char *path, char *err, size_t errlen)
{
    char *file = strdup(path);
    struct stat st;
    for (int links = 0; file != NULL && lstat(file, &st) == 0 && S_ISLNK(st.st_mode); links++) {
        errno = ELOOP;
        char *next = links < MAX_LINKS ? follow(file) : NULL;
        int saved = errno;
        free(file);
        file = next;
        if (next == NULL && saved != ENOMEM) {
            himpi_file_error(err, errlen, path, "%s", strerror(saved));
            return NULL;
        }
    }
    if (file == NULL)
        himpi_file_error(err, errlen, path, "out of memory");
    return file;
}

/* The process's umask.  Linux shows it in /proc; elsewhere it can only be
 * read by setting it, which another thread creating a file at that moment
 * would see. */
static mode_t current_umask(void)
{
    FILE *f = fopen("/proc/self/status", "re");
    char line[256];
    unsigned mask;
    while (f != NULL && fgets(line, sizeof line, f) != NULL)
        if (sscanf(line, "Umask: %o", &mask) == 1) {
            fclose(f);
            return (mode_t)mask;
        }
    if (f != NULL)
        fclose(f);
    mode_t old = umask(022);
    umask(old);
    return old;
}

mode_t himpi_table_mode(const struct stat *old)
{
    return old != NULL ? old->st_mode & 0777 : 0644 & ~current_umask();
}

int himpi_table_keep_owner(int fd, const struct stat *old)
{
    if (old == NULL)
        return 0;
    uid_t owner = geteuid() == 0 ? old->st_uid : (uid_t)-1;
    return fchown(fd, owner, old->st_gid) == 0 || errno == EPERM ? 0 : -1;
}

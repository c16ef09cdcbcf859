/* table_file.c: configuration tables on disk: reading, and the merging
 * write under a lock with an atomic rename (table_file.h). */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/table_file.h"

/* Writes "path: reason" into err and returns -1. */
__attribute__((format(printf, 4, 5))) static int report(char *err, size_t errlen,
                                                        const char *path, const char *fmt, ...)
{
    if (err == NULL || errlen == 0)
        return -1;
    int n = snprintf(err, errlen, "%s: ", path);
    if (n >= 0 && (size_t)n < errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Reads fd to its end into a NUL-terminated buffer.  Returns 0, or -1 with
 * errno set. */
static int read_all(int fd, char **text, size_t *len)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    if (buf == NULL)
        return -1;
    for (;;) {
        if (n + 1 == cap) {
            char *bigger = cap < SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
            if (bigger == NULL) {
                free(buf);
                errno = ENOMEM;
                return -1;
            }
            buf = bigger;
            cap *= 2;
        }
        ssize_t got = read(fd, buf + n, cap - n - 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            int saved = errno;
            free(buf);
            errno = saved;
            return -1;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return 0;
}

int himpi_file_read(const char *path, char **text, size_t *len, char *err, size_t errlen)
{
    *text = NULL;
    *len = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT)
        return 1;
    if (fd < 0 || read_all(fd, text, len) != 0) {
        int saved = errno;
        if (fd >= 0)
            close(fd);
        return report(err, errlen, path, "%s", strerror(saved));
    }
    close(fd);
    return 0;
}

int HiMPI_Table_load(const char *path, HiMPI_Table *t, char *err, size_t errlen)
{
    char *text;
    size_t len;
    HiMPI_Table_free(t);
    int rc = himpi_file_read(path, &text, &len, err, errlen);
    if (rc != 0)
        return rc > 0 ? 0 : -1;
    rc = himpi_table_parse(text, len, path, t, err, errlen);
    free(text);
    return rc;
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

static int write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t done = write(fd, s, n);
        if (done < 0 && errno == EINTR)
            continue;
        if (done < 0)
            return -1;
        s += done;
        n -= (size_t)done;
    }
    return 0;
}

/* path followed by suffix, malloc'ed; NULL if memory runs out. */
static char *with_suffix(const char *path, const char *suffix)
{
    size_t n = strlen(path), m = strlen(suffix) + 1;
    char *s = malloc(n + m);
    if (s != NULL) {
        memcpy(s, path, n);
        memcpy(s + n, suffix, m);
    }
    return s;
}

/* Writes text to a new file beside path and renames it over path; the
 * temporary file goes if anything fails. */
static int replace_file(const char *path, const char *text, char *err, size_t errlen)
{
    char *tmp = with_suffix(path, ".tmp.XXXXXX");
    if (tmp == NULL)
        return report(err, errlen, path, "out of memory");
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int rc = report(err, errlen, tmp, "%s", strerror(errno));
        free(tmp);
        return rc;
    }
    /* mkstemp makes the file private (0600); a table is for everyone to
     * read, as a file created with open(0644) would be. */
    int ok = fchmod(fd, 0644 & ~current_umask()) == 0 &&
             write_all(fd, text, strlen(text)) == 0 && fsync(fd) == 0;
    int saved = errno;
    if (close(fd) != 0 && ok) {
        ok = 0;
        saved = errno;
    }
    const char *failed = ok ? NULL : tmp;
    if (ok && rename(tmp, path) != 0) {
        saved = errno;
        failed = path;
    }
    int rc = 0;
    if (failed != NULL) {
        rc = report(err, errlen, failed, "%s", strerror(saved));
        unlink(tmp);
    }
    free(tmp);
    return rc;
}

/* The directory entry made by rename reaches the disk with the directory's
 * fsync.  A failure leaves the new table in place (and readable), so it is
 * not reported: the caller would wrongly believe its rows were not saved. */
static void sync_directory(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash == NULL ? strdup(".") : strndup(path, (size_t)(slash - path) + 1);
    int fd = dir != NULL ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

/* With the lock held: merges t into the file's table (or into an empty one
 * if merge is 0) and replaces the file.  The merged text is parsed before
 * it is written, so a table that would not load (a row built by hand with
 * groups > procs, say) never reaches disk. */
static int merge_and_write(const char *path, const HiMPI_Table *t, int merge, char *err,
                           size_t errlen)
{
    HiMPI_Table merged, check;
    HiMPI_Table_init(&merged);
    HiMPI_Table_init(&check);
    if (merge && HiMPI_Table_load(path, &merged, err, errlen) != 0)
        return -1;
    char *text = NULL, why[512];
    int rc;
    if (himpi_table_merge(&merged, t) != 0 || (text = HiMPI_Table_format(&merged)) == NULL)
        rc = report(err, errlen, path, "out of memory");
    else if (himpi_table_parse(text, strlen(text), "merged table", &check, why, sizeof why) != 0)
        rc = report(err, errlen, path, "not written: the table would not read back: %s", why);
    else
        rc = replace_file(path, text, err, errlen);
    free(text);
    HiMPI_Table_free(&check);
    HiMPI_Table_free(&merged);
    return rc;
}

static int write_locked(const char *path, const HiMPI_Table *t, int merge, char *err,
                        size_t errlen)
{
    char *lock = with_suffix(path, ".lock");
    if (lock == NULL)
        return report(err, errlen, path, "out of memory");
    /* The lock file stays: removing it would let a writer that opened it
     * before the removal lock a file that a newer writer no longer sees. */
    int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    int rc;
    if (fd < 0) {
        rc = report(err, errlen, lock, "%s", strerror(errno));
    } else {
        while ((rc = flock(fd, LOCK_EX)) != 0 && errno == EINTR)
            continue;
        if (rc != 0) {
            rc = report(err, errlen, lock, "cannot lock: %s", strerror(errno));
        } else {
            rc = merge_and_write(path, t, merge, err, errlen);
            if (rc == 0)
                sync_directory(path);
        }
        close(fd); /* releases the lock */
    }
    free(lock);
    return rc;
}

int HiMPI_Table_save(const char *path, const HiMPI_Table *t, char *err, size_t errlen)
{
    return write_locked(path, t, 1, err, errlen);
}

int HiMPI_Table_write(const char *path, const HiMPI_Table *t, char *err, size_t errlen)
{
    return write_locked(path, t, 0, err, errlen);
}

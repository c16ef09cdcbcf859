/* table_file.c: configuration tables on disk: reading, and the merging
 * write with an atomic rename (table_file.h, doc/config-format.md's
 * "Files" and "Writing safely").  The write holds table_lock.c's lock and
 * replaces the file table_target.c resolves. */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/env.h"
#include "config/table_file.h"
#include "config/table_lock.h"
#include "config/table_target.h"

int himpi_file_error(char *err, size_t errlen, const char *path, const char *fmt, ...)
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

static int too_large(const char *path, char *err, size_t errlen)
{
    return himpi_file_error(err, errlen, path, "larger than the %d MiB limit",
                            HIMPI_TABLE_FILE_MAX >> 20);
}

/* Reads fd to its end into a NUL-terminated buffer.  Returns 0, or -1 with
 * errno set: EFBIG past HIMPI_TABLE_FILE_MAX bytes, since the file can
 * grow after fstat saw its size, and some regular files (in /proc) say 0
 * whatever they hold. */
static int read_all(int fd, char **text, size_t *len)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    if (buf == NULL)
        return -1;
    for (;;) {
        if (n > HIMPI_TABLE_FILE_MAX) {
            free(buf);
            errno = EFBIG;
            return -1;
        }
        if (n + 1 == cap) {
            char *bigger = realloc(buf, cap * 2);
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

/* Opens a table file for reading: a regular file of at most the limit.
 * O_NONBLOCK keeps the open of a FIFO from waiting for a writer; reading a
 * regular file ignores it.  Returns the descriptor with the file's status
 * in st, -2 if path does not exist, or -1 with "path: reason" in err. */
static int open_table(const char *path, int flags, struct stat *st, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | flags);
    if (fd < 0)
        return errno == ENOENT ? -2 : himpi_file_error(err, errlen, path, "%s", strerror(errno));
    int rc = fd;
    if (fstat(fd, st) != 0)
        rc = himpi_file_error(err, errlen, path, "%s", strerror(errno));
    else if (!S_ISREG(st->st_mode))
        rc = himpi_file_error(err, errlen, path, "not a regular file");
    else if (st->st_size > HIMPI_TABLE_FILE_MAX)
        rc = too_large(path, err, errlen);
    if (rc < 0)
        close(fd);
    return rc;
}

/* himpi_file_read, with open's extra flags and the file's status. */
static int read_table(const char *path, int flags, struct stat *st, char **text, size_t *len,
                      char *err, size_t errlen)
{
    *text = NULL;
    *len = 0;
    int fd = open_table(path, flags, st, err, errlen);
    if (fd < 0)
        return fd == -2 ? 1 : -1;
    int rc = 0;
    if (read_all(fd, text, len) != 0)
        rc = errno == EFBIG ? too_large(path, err, errlen)
                            : himpi_file_error(err, errlen, path, "%s", strerror(errno));
    close(fd);
    return rc;
}

int himpi_file_read(const char *path, char **text, size_t *len, char *err, size_t errlen)
{
    struct stat st;
    return read_table(path, 0, &st, text, len, err, errlen);
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

/* ------------------------------------------------------------------------ */
/* The write                                                                 */
/* ------------------------------------------------------------------------ */

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

/* Writes text to a new file beside path, with the mode and owner of the
 * file it replaces (old, NULL for a new table), and renames it over path;
 * the temporary file goes if anything fails. */
static int replace_file(const char *path, const char *text, const struct stat *old, mode_t mode,
                        char *err, size_t errlen)
{
    char *tmp = with_suffix(path, ".tmp.XXXXXX");
    if (tmp == NULL)
        return himpi_file_error(err, errlen, path, "out of memory");
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int rc = himpi_file_error(err, errlen, tmp, "%s", strerror(errno));
        free(tmp);
        return rc;
    }
    /* The owner first: chown may clear mode bits.  mkstemp made the file
     * private (0600), which mode replaces. */
    int ok = himpi_table_keep_owner(fd, old) == 0 && fchmod(fd, mode) == 0 &&
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
        rc = himpi_file_error(err, errlen, failed, "%s", strerror(saved));
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

/* Merges t into the table text (the file's, NULL for none) and replaces
 * the file.  The merged text is parsed before it is written, so a table
 * that would not load (a row built by hand with groups > procs, say) never
 * reaches disk. */
static int merge_and_write(const char *path, const char *text, size_t len, const HiMPI_Table *t,
                           const struct stat *old, mode_t mode, char *err, size_t errlen)
{
    HiMPI_Table merged, check;
    HiMPI_Table_init(&merged);
    HiMPI_Table_init(&check);
    if (text != NULL && himpi_table_parse(text, len, path, &merged, err, errlen) != 0)
        return -1;
    char *out = NULL, why[512];
    int rc;
    if (himpi_table_merge(&merged, t) != 0 || (out = HiMPI_Table_format(&merged)) == NULL)
        rc = himpi_file_error(err, errlen, path, "out of memory");
    else if (himpi_table_parse(out, strlen(out), "merged table", &check, why, sizeof why) != 0)
        rc = himpi_file_error(err, errlen, path, "not written: the table would not read back: %s",
                              why);
    else
        rc = replace_file(path, out, old, mode, err, errlen);
    free(out);
    HiMPI_Table_free(&check);
    HiMPI_Table_free(&merged);
    return rc;
}

/* With the lock held: reads the table file as it is now (its status
 * always, its text when merging), brings the lock file in line with it,
 * and replaces it.  O_NOFOLLOW: path is the file himpi_table_resolve
 * found, which must not have become a link meanwhile. */
static int update(const char *path, const lock_file *lock, const HiMPI_Table *t, int merge,
                  char *err, size_t errlen)
{
    struct stat st;
    char *text = NULL;
    size_t len = 0;
    int found;
    if (merge) {
        found = read_table(path, O_NOFOLLOW, &st, &text, &len, err, errlen);
    } else {
        int fd = open_table(path, O_NOFOLLOW, &st, err, errlen);
        found = fd == -2 ? 1 : fd < 0 ? -1 : 0;
        if (fd >= 0)
            close(fd);
    }
    if (found < 0)
        return -1;
    const struct stat *old = found == 0 ? &st : NULL;
    mode_t mode = himpi_table_mode(old);
    int rc;
    if (himpi_table_lock_match(lock, old, mode) != 0)
        rc = himpi_file_error(err, errlen, lock->name, "%s", strerror(errno));
    else
        rc = merge_and_write(path, text, len, t, old, mode, err, errlen);
    free(text);
    return rc;
}

static int save_locked(const char *path, const char *name, int seconds, const HiMPI_Table *t,
                       int merge, char *err, size_t errlen)
{
    lock_file lock;
    if (himpi_table_lock(&lock, name, seconds, path, err, errlen) != 0)
        return -1;
    int rc = update(path, &lock, t, merge, err, errlen);
    if (rc == 0)
        sync_directory(path);
    close(lock.fd); /* releases the lock */
    return rc;
}

static const char *from_environ(const char *name, void *ctx)
{
    (void)ctx;
    return getenv(name);
}

/* The lock file stays: removing it would let a writer that opened it
 * before the removal lock a file that a newer writer no longer sees. */
static int write_locked(const char *path, const HiMPI_Table *t, int merge, char *err,
                        size_t errlen)
{
    int seconds;
    char why[512];
    if (himpi_env_lock_timeout(from_environ, NULL, &seconds, why, sizeof why) != 0)
        return himpi_file_error(err, errlen, path, "%s", why);
    char *file = himpi_table_resolve(path, err, errlen);
    if (file == NULL)
        return -1;
    char *lock = with_suffix(file, ".lock");
    int rc = lock != NULL ? save_locked(file, lock, seconds, t, merge, err, errlen)
                          : himpi_file_error(err, errlen, path, "out of memory");
    free(lock);
    free(file);
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
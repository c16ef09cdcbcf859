/* table_file.c: configuration tables on disk: reading, and the merging
 * write under a lock with an atomic rename (table_file.h,
 * doc/config-format.md's "Files" and "Writing safely"). */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config/env.h"
#include "config/table_file.h"

#ifndef F_OFD_SETLK
/* Without open file description locks (Linux has them), the process's
 * own: they still keep other processes out, which is what a save needs,
 * but not other threads of the same process. */
#define F_OFD_SETLK F_SETLK
#endif

enum {
    MAX_LINKS = 40,    /* symbolic links followed to a table, as Linux's path lookup */
    LOCK_POLL_MS = 50, /* between two tries of a lock another process holds */
};

/* The lock file of a save: its name, descriptor and status. */
typedef struct lock_file {
    const char *name;
    int fd;
    struct stat st;
} lock_file;

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

static int too_large(const char *path, char *err, size_t errlen)
{
    return report(err, errlen, path, "larger than the %d MiB limit", HIMPI_TABLE_FILE_MAX >> 20);
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
        return errno == ENOENT ? -2 : report(err, errlen, path, "%s", strerror(errno));
    int rc = fd;
    if (fstat(fd, st) != 0)
        rc = report(err, errlen, path, "%s", strerror(errno));
    else if (!S_ISREG(st->st_mode))
        rc = report(err, errlen, path, "not a regular file");
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
                            : report(err, errlen, path, "%s", strerror(errno));
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
/* The file a path leads to                                                  */
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

/* The file a table path names: path itself, or where the symbolic links it
 * ends in lead (the file need not exist yet).  A save replaces that file,
 * so that a link to a shared table stays a link and the table is updated
 * where it is; the rename would otherwise put a file in the link's place.
 * Malloc'ed, or NULL with "path: reason" in err. */
static char *resolve(const char *path, char *err, size_t errlen)
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
            report(err, errlen, path, "%s", strerror(saved));
            return NULL;
        }
    }
    if (file == NULL)
        report(err, errlen, path, "out of memory");
    return file;
}

/* ------------------------------------------------------------------------ */
/* Modes and owners                                                          */
/* ------------------------------------------------------------------------ */

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

/* The permission bits of the table once saved: those of the file it
 * replaces (old), or a new file's, as if created by open(0644). */
static mode_t table_mode(const struct stat *old)
{
    return old != NULL ? old->st_mode & 0777 : 0644 & ~current_umask();
}

/* Gives the file at fd the owner and group of the table it stands in for
 * (nothing for a new table).  Only root may give a file away; anyone else
 * may still give it a group they belong to, and when even that is refused
 * (EPERM) the writer's owner and group stay, as doc/config-format.md
 * says. */
static int keep_owner(int fd, const struct stat *old)
{
    if (old == NULL)
        return 0;
    uid_t owner = geteuid() == 0 ? old->st_uid : (uid_t)-1;
    return fchown(fd, owner, old->st_gid) == 0 || errno == EPERM ? 0 : -1;
}

/* ------------------------------------------------------------------------ */
/* The lock                                                                  */
/* ------------------------------------------------------------------------ */

/* Why lock, which open refused with errno, cannot be the lock file. */
static int refuse_lock(const char *lock, int saved, char *err, size_t errlen)
{
    struct stat st;
    int exists = lstat(lock, &st) == 0;
    if (exists && S_ISLNK(st.st_mode))
        return report(err, errlen, lock, "a symbolic link, which the lock never follows");
    if (exists && !S_ISREG(st.st_mode))
        return report(err, errlen, lock, "not a regular file");
    if (saved == EACCES)
        return report(err, errlen, lock, "%s (only those who may write the table may lock it)",
                      strerror(saved));
    return report(err, errlen, lock, "%s", strerror(saved));
}

/* Opens the lock file for writing (the write lock needs it), made if
 * missing with write permission for its owner alone; match_lock widens it
 * to the table's writers.  Never through a symbolic link, which would let
 * whoever made the link have root create or lock any file; and only a
 * regular file with no other name, since match_lock changes its owner and
 * mode, which must not reach another file through a hard link.  Returns
 * the descriptor with the file's status in st, or -1 with the reason in
 * err. */
static int open_lock(const char *lock, struct stat *st, char *err, size_t errlen)
{
    int fd;
    for (;;) {
        fd = open(lock, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd >= 0 || errno != ENOENT)
            break;
        fd = open(lock, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0200);
        if (fd >= 0 || errno != EEXIST)
            break; /* else another writer made it just now: open theirs */
    }
    if (fd < 0)
        return refuse_lock(lock, errno, err, errlen);
    int rc = fd;
    if (fstat(fd, st) != 0)
        rc = report(err, errlen, lock, "%s", strerror(errno));
    else if (!S_ISREG(st->st_mode))
        rc = report(err, errlen, lock, "not a regular file");
    else if (st->st_nlink != 1)
        rc = report(err, errlen, lock, "has %ju names (hard links); the lock file must have one",
                    (uintmax_t)st->st_nlink);
    if (rc < 0)
        close(fd);
    return rc;
}

/* Brings the lock file in line with the table: owned like it, writable by
 * its owner and by the table's group and others as far as they may write
 * the table, readable by nobody.  Whoever cannot write the table then
 * cannot open the lock file at all, not even to hold a read lock that
 * writers would wait for.  Only the lock file's owner (or root) may change
 * it; anyone else uses it as it is. */
static int match_lock(const lock_file *lock, const struct stat *old, mode_t mode)
{
    mode_t want = 0200 | (mode & 0022);
    if (geteuid() != 0 && lock->st.st_uid != geteuid())
        return 0;
    if (keep_owner(lock->fd, old) != 0)
        return -1;
    return (lock->st.st_mode & 07777) == want ? 0 : fchmod(lock->fd, want);
}

static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + 1e-9 * (double)(now.tv_nsec - start->tv_nsec);
}

/* Takes the write lock on the whole lock file, trying again every
 * LOCK_POLL_MS for at most seconds: a blocking F_OFD_SETLKW could only be
 * cut short by a signal, which a library must not take over, and without a
 * limit a stopped or hostile holder would stop the save, and under lazy
 * tuning the whole job, for ever.  Returns 0, 1 on the time-out, or -1
 * with errno set. */
static int lock_within(int fd, int seconds)
{
    const struct timespec pause = {0, LOCK_POLL_MS * 1000000L};
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        struct flock whole = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
        if (fcntl(fd, F_OFD_SETLK, &whole) == 0)
            return 0;
        if (errno != EAGAIN && errno != EACCES)
            return -1;
        if (seconds_since(&start) >= seconds)
            return 1;
        nanosleep(&pause, NULL);
    }
}

/* ------------------------------------------------------------------------ */
/* The write                                                                 */
/* ------------------------------------------------------------------------ */

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
        return report(err, errlen, path, "out of memory");
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int rc = report(err, errlen, tmp, "%s", strerror(errno));
        free(tmp);
        return rc;
    }
    /* The owner first: chown may clear mode bits.  mkstemp made the file
     * private (0600), which mode replaces. */
    int ok = keep_owner(fd, old) == 0 && fchmod(fd, mode) == 0 &&
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
        rc = report(err, errlen, path, "out of memory");
    else if (himpi_table_parse(out, strlen(out), "merged table", &check, why, sizeof why) != 0)
        rc = report(err, errlen, path, "not written: the table would not read back: %s", why);
    else
        rc = replace_file(path, out, old, mode, err, errlen);
    free(out);
    HiMPI_Table_free(&check);
    HiMPI_Table_free(&merged);
    return rc;
}

/* With the lock held: reads the table file as it is now (its status
 * always, its text when merging), brings the lock file in line with it,
 * and replaces it.  O_NOFOLLOW: path is the file resolve found, which
 * must not have become a link meanwhile. */
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
    mode_t mode = table_mode(old);
    int rc;
    if (match_lock(lock, old, mode) != 0)
        rc = report(err, errlen, lock->name, "%s", strerror(errno));
    else
        rc = merge_and_write(path, text, len, t, old, mode, err, errlen);
    free(text);
    return rc;
}

static int save_locked(const char *path, const char *name, int seconds, const HiMPI_Table *t,
                       int merge, char *err, size_t errlen)
{
    lock_file lock = {.name = name};
    if ((lock.fd = open_lock(name, &lock.st, err, errlen)) < 0)
        return -1;
    int rc = lock_within(lock.fd, seconds);
    if (rc > 0)
        rc = report(err, errlen, name,
                    "still held by another process after %d s (HIMPI_LOCK_TIMEOUT); "
                    "%s not written",
                    seconds, path);
    else if (rc < 0)
        rc = report(err, errlen, name, "cannot lock: %s", strerror(errno));
    else if ((rc = update(path, &lock, t, merge, err, errlen)) == 0)
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
        return report(err, errlen, path, "%s", why);
    char *file = resolve(path, err, errlen);
    if (file == NULL)
        return -1;
    char *lock = with_suffix(file, ".lock");
    int rc = lock != NULL ? save_locked(file, lock, seconds, t, merge, err, errlen)
                          : report(err, errlen, path, "out of memory");
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

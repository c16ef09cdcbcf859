/* table_lock.c: the lock file of a table save: opened without following
 * links, only a regular file with one name, owned and writable like the
 * table, and locked within a bounded wait (table_lock.h). */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config/table_file.h"
#include "config/table_lock.h"
#include "config/table_target.h"

#ifndef F_OFD_SETLK
/* Without open file description locks (Linux has them), the process's
 * own: they still keep other processes out, which is what a save needs,
 * but not other threads of the same process. */
#define F_OFD_SETLK F_SETLK
#endif

enum {
    LOCK_POLL_MS = 50, /* between two tries of a lock another process holds */
};

/* Why lock, which open refused with errno, cannot be the lock file. */
static int refuse_lock(const char *lock, int saved, char *err, size_t errlen)
{
    struct stat st;
    int exists = lstat(lock, &st) == 0;
    if (exists && S_ISLNK(st.st_mode))
        return himpi_file_error(err, errlen, lock, "a symbolic link, which the lock never follows");
    if (exists && !S_ISREG(st.st_mode))
        return himpi_file_error(err, errlen, lock, "not a regular file");
    if (saved == EACCES)
        return himpi_file_error(err, errlen, lock,
                                "%s (only those who may write the table may lock it)",
                                strerror(saved));
    return himpi_file_error(err, errlen, lock, "%s", strerror(saved));
}

/* Opens the lock file for writing (the write lock needs it), made if
 * missing with write permission for its owner alone; himpi_table_lock_match
 * widens it to the table's writers.  Never through a symbolic link, which
 * would let whoever made the link have root create or lock any file; and
 * only a regular file with no other name, since himpi_table_lock_match
 * changes its owner and mode, which must not reach another file through a
 * hard link.  Returns the descriptor with the file's status in st, or -1
 * with the reason in err. */
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
        rc = himpi_file_error(err, errlen, lock, "%s", strerror(errno));
    else if (!S_ISREG(st->st_mode))
        rc = himpi_file_error(err, errlen, lock, "not a regular file");
    else if (st->st_nlink != 1)
        rc = himpi_file_error(err, errlen, lock,
                              "has %ju names (hard links); the lock file must have one",
                              (uintmax_t)st->st_nlink);
    if (rc < 0)
        close(fd);
    return rc;
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

int himpi_table_lock(lock_file *lock, const char *name, int seconds, const char *table, char *err,
                     size_t errlen)
{
    lock->name = name;
    if ((lock->fd = open_lock(name, &lock->st, err, errlen)) < 0)
        return -1;
    int rc = lock_within(lock->fd, seconds);
    if (rc > 0)
        rc = himpi_file_error(err, errlen, name,
                              "still held by another process after %d s (HIMPI_LOCK_TIMEOUT); "
                              "%s not written",
                              seconds, table);
    else if (rc < 0)
        rc = himpi_file_error(err, errlen, name, "cannot lock: %s", strerror(errno));
    if (rc != 0)
        close(lock->fd);
    return rc;
}

/* Owned like the table, writable by its owner and by the table's group and
 * others as far as they may write the table, readable by nobody: whoever
 * cannot write the table then cannot open the lock file at all, not even
 * to hold a read lock that writers would wait for.  Only the lock file's
 * owner (or root) may change it; anyone else uses it as it is. */
int himpi_table_lock_match(const lock_file *lock, const struct stat *old, mode_t mode)
{
    mode_t want = 0200 | (mode & 0022);
    if (geteuid() != 0 && lock->st.st_uid != geteuid())
        return 0;
    if (himpi_table_keep_owner(lock->fd, old) != 0)
        return -1;
    return (lock->st.st_mode & 07777) == want ? 0 : fchmod(lock->fd, want);
}

/* test_table_file: configuration tables on disk: loading, and the merging,
 * locked, atomic save (table_file.h), including writers that race, writers
 * killed in the middle of a save and locks held by others; what a table
 * file may be (a regular file of bounded size), the modes and owners a
 * save keeps, and tables and lock files behind symbolic links. */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "config/table_file.h"
#include "unit.h"

/* Every test works in its own directory under /tmp (a checked fixture). */
static char dir[64];
static char path[128]; /* dir/t.conf */

static void make_dir(void)
{
    strcpy(dir, "/tmp/himpi-table-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/t.conf", dir);
}

static void remove_dir(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d != NULL && (e = readdir(d)) != NULL) {
        char name[512];
        snprintf(name, sizeof name, "%s/%s", dir, e->d_name);
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            unlink(name);
    }
    if (d != NULL)
        closedir(d);
    rmdir(dir);
}

/* The names in dir, sorted and joined by spaces. */
static void list_dir(char *out, size_t size)
{
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort);
    ck_assert_int_ge(n, 0);
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (names[i]->d_name[0] != '.') {
            strncat(out, names[i]->d_name, size - strlen(out) - 1);
            strncat(out, " ", size - strlen(out) - 1);
        }
        free(names[i]);
    }
    free(names);
}

/* The lock of the table at path, as table_lock.c takes it: a write lock
 * on all of path.lock, owned by the open file description.  cmd is
 * F_OFD_SETLK (try) or F_OFD_SETLKW (wait). */
static int take_lock(int fd, int cmd)
{
    struct flock whole = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    return fcntl(fd, cmd, &whole);
}

static void lock_name(char *out, size_t size)
{
    snprintf(out, size, "%s.lock", path);
}

static void write_text(const char *p, const char *text)
{
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fputs(text, f) >= 0, 1);
    ck_assert_int_eq(fclose(f), 0);
}

static char *read_text(const char *p)
{
    char *text, err[256];
    size_t len;
    ck_assert_msg(himpi_file_read(p, &text, &len, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(strlen(text), len);
    return text;
}

static HiMPI_Row row(int procs, long long size, double time)
{
    HiMPI_Row r = {HIMPI_OP_BCAST, procs, size, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 1, {2}, {0},
                   0, time, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0, HIMPI_VERDICT_UNKNOWN, 0};
    return r;
}

/* A table of n rows on procs processes at sizes first, first + 1, ... */
static HiMPI_Table rows(int procs, long long first, int n, double time)
{
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    t.rows = malloc((size_t)n * sizeof *t.rows);
    ck_assert_ptr_nonnull(t.rows);
    t.cap = t.nrows = (size_t)n;
    for (int i = 0; i < n; i++)
        t.rows[i] = row(procs, first + i, time);
    return t;
}

static void save_ok(const HiMPI_Table *t)
{
    char err[512] = "";
    ck_assert_msg(HiMPI_Table_save(path, t, err, sizeof err) == 0, "%s", err);
}

static HiMPI_Table load_ok(void)
{
    HiMPI_Table t;
    char err[512] = "";
    HiMPI_Table_init(&t);
    ck_assert_msg(HiMPI_Table_load(path, &t, err, sizeof err) == 0, "%s", err);
    return t;
}

/* Every row of t is in back as it was saved, bytes and all. */
static void assert_read_back(const HiMPI_Table *back, const HiMPI_Table *t)
{
    for (size_t i = 0; i < t->nrows; i++) {
        const HiMPI_Row *r = &t->rows[i];
        const HiMPI_Row *b =
            himpi_table_find(back, r->op, r->procs, r->msg_size, r->alg_out, r->alg_in);
        ck_assert_ptr_nonnull(b);
        ck_assert_int_eq(memcmp(b, r, sizeof *r), 0);
    }
}

/* The table's text, for comparing whole tables. */
static char *text_of(const HiMPI_Table *t)
{
    char *s = HiMPI_Table_format(t);
    ck_assert_ptr_nonnull(s);
    return s;
}

START_TEST(load_missing_file)
{
    HiMPI_Table t = rows(4, 0, 3, 1);
    char err[256] = "", *text = (char *)"x";
    size_t len = 7;
    ck_assert_int_eq(himpi_file_read(path, &text, &len, err, sizeof err), 1);
    ck_assert_ptr_null(text);
    ck_assert_uint_eq(len, 0);
    ck_assert_int_eq(HiMPI_Table_load(path, &t, err, sizeof err), 0);
    ck_assert_uint_eq(t.nrows, 0);
    ck_assert_str_eq(err, "");
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(read_errors_name_the_file)
{
    char err[256], *text, want[160];
    size_t len;
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    ck_assert_int_eq(himpi_file_read(dir, &text, &len, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: ", dir);
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
    write_text(path, "himpi-table 1\nppn x\n");
    ck_assert_int_eq(HiMPI_Table_load(path, &t, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:2: ppn 'x': non-numeric field", path);
    ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(save_creates_the_file)
{
    umask(027);
    HiMPI_Table t = rows(8, 1024, 2, 1e-5);
    strcpy(t.header.hosts, "node01");
    save_ok(&t);
    char *text = read_text(path), *want = text_of(&t), names[256];
    ck_assert_str_eq(text, want);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0640);
    list_dir(names, sizeof names);
    ck_assert_str_eq(names, "t.conf t.conf.lock "); /* no temporary file left */
    /* The table then keeps its mode; only a new one follows the umask. */
    umask(022);
    save_ok(&t);
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0640);
    ck_assert_int_eq(unlink(path), 0);
    save_ok(&t);
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0644);
    free(text);
    free(want);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(save_merges)
{
    write_text(path, "himpi-table 1\nhost old\n"
                     "bcast 8 1 native native 2 1 0 1 - -\n"
                     "bcast 8 2 native native 2 1 0 2 - -\n");
    HiMPI_Table t = rows(8, 2, 2, 5); /* replaces size 2, adds size 3 */
    strcpy(t.header.hosts, "new");
    save_ok(&t);
    HiMPI_Table back = load_ok();
    ck_assert_str_eq(back.header.hosts, "new");
    ck_assert_uint_eq(back.nrows, 3);
    const HiMPI_Row *r[3];
    for (int i = 0; i < 3; i++) {
        r[i] = himpi_table_find(&back, HIMPI_OP_BCAST, 8, i + 1, HIMPI_ALG_NATIVE,
                                HIMPI_ALG_NATIVE);
        ck_assert_ptr_nonnull(r[i]);
    }
    ck_assert_double_eq(r[0]->time, 1);
    ck_assert_double_eq(r[1]->time, 5);
    ck_assert_double_eq(r[2]->time, 5);
    HiMPI_Table_free(&back);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(save_over_legacy_file)
{
    write_text(path, "#num_procs\tnum_groups\tnum_levels\tmsg_size\talg_in\talg_out\top_id\n"
                     "8\t2\t1\t1024\t0\t0\t0\n");
    HiMPI_Table t = rows(16, 1024, 1, 1);
    save_ok(&t);
    HiMPI_Table back = load_ok();
    ck_assert_int_eq(back.legacy, 0);
    ck_assert_uint_eq(back.nrows, 2);
    ck_assert_ptr_nonnull(
        himpi_table_find(&back, HIMPI_OP_BCAST, 8, 1024, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE));
    HiMPI_Table_free(&back);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(save_refuses_malformed_file)
{
    const char *bad = "himpi-table 1\nbcast 8 1 native native 9 1 0 - - -\n";
    write_text(path, bad);
    HiMPI_Table t = rows(8, 2, 1, 1);
    char err[512], want[256], names[256];
    ck_assert_int_eq(HiMPI_Table_save(path, &t, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:2: groups 9 > procs 8", path);
    ck_assert_str_eq(err, want);
    char *text = read_text(path);
    ck_assert_str_eq(text, bad);
    list_dir(names, sizeof names);
    ck_assert_str_eq(names, "t.conf t.conf.lock ");
    free(text);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(save_refuses_table_that_would_not_load)
{
    HiMPI_Table good = rows(8, 1, 1, 1), bad = rows(8, 2, 1, 1);
    save_ok(&good);
    char *before = read_text(path), err[512];
    bad.rows[0].groups[0] = 9;
    ck_assert_int_eq(HiMPI_Table_save(path, &bad, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "not written") != NULL && strstr(err, "groups 9 > procs 8"), "%s",
                  err);
    char *after = read_text(path);
    ck_assert_str_eq(after, before);
    free(before);
    free(after);
    HiMPI_Table_free(&good);
    HiMPI_Table_free(&bad);
}
END_TEST

/* A version 4 file's rows are kept by a save, with overlap 0 and their
 * verdicts, beside the new rows' overlaps; the file becomes version 5 and
 * reads back as saved.  A row with a negative overlap is not written. */
START_TEST(save_over_version_4)
{
    write_text(path, "himpi-table 4\nhimpi 0.1.0\n"
                     "bcast 8 1 native native 2 1 0 1 - - - 0.5 0.4 0.6 faster\n"
                     "bcast 8 2 native native 2 1 0 2 - - - 1 1 1 native\n");
    HiMPI_Table t = rows(8, 2, 2, 5); /* replaces size 2, adds size 3 */
    t.rows[0].overlap = 8192;
    t.rows[1].overlap = 1 << 20;
    save_ok(&t);
    char *text = read_text(path);
    ck_assert_msg(strncmp(text, "himpi-table 5\n", 14) == 0, "%s", text);
    ck_assert_ptr_nonnull(strstr(text, "bcast  8  1  native  native  2  1  0  0  1.000000e+00  "
                                       "-  -  -  5.000000e-01  4.000000e-01  6.000000e-01  "
                                       "faster\n"));
    HiMPI_Table back = load_ok();
    ck_assert_uint_eq(back.nrows, 3);
    assert_read_back(&back, &t);
    HiMPI_Table bad = rows(8, 4, 1, 1);
    bad.rows[0].overlap = -1;
    char err[512];
    ck_assert_int_eq(HiMPI_Table_save(path, &bad, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "not written") != NULL && strstr(err, "overlap '-1': out of range"),
                  "%s", err);
    char *after = read_text(path);
    ck_assert_str_eq(after, text);
    free(after);
    free(text);
    HiMPI_Table_free(&bad);
    HiMPI_Table_free(&back);
    HiMPI_Table_free(&t);
}
END_TEST

/* Layouts of several levels and of hardware levels (format version 2) go
 * to disk and back, merged with a version 1 file's rows. */
START_TEST(save_keeps_layouts)
{
    write_text(path, "himpi-table 1\n"
                     "bcast 8 1 native native 2 1 0 1 - -\n"
                     "bcast 8 2 native native 2 1 0 2 - -\n");
    HiMPI_Table t = rows(8, 2, 2, 5); /* replaces size 2, adds size 3 */
    t.rows[0].levels = 2;
    t.rows[0].groups[0] = 0;
    t.rows[0].hw[0] = HIMPI_HW_NODE;
    t.rows[0].groups[1] = 4;
    t.rows[1].levels = 3;
    t.rows[1].groups[0] = 0;
    t.rows[1].hw[0] = HIMPI_HW_PACKAGE;
    t.rows[1].groups[1] = 2;
    t.rows[1].groups[2] = 0;
    t.rows[1].hw[2] = HIMPI_HW_CORE;
    t.rows[1].overlap = 65536;
    save_ok(&t);
    char *text = read_text(path);
    ck_assert_msg(strncmp(text, "himpi-table 5\n", 14) == 0, "%s", text);
    /* The version 1 row reads as overlap 0. */
    ck_assert_ptr_nonnull(strstr(text, "bcast  8  1  native  native  2  1  0  0  "));
    ck_assert_ptr_nonnull(strstr(text, "bcast  8  2  native  native  node/4  2  0  0  "));
    ck_assert_ptr_nonnull(
        strstr(text, "bcast  8  3  native  native  package/2/core  3  0  65536  "));
    HiMPI_Table back = load_ok();
    ck_assert_uint_eq(back.nrows, 3);
    assert_read_back(&back, &t);
    const HiMPI_Row *old =
        himpi_table_find(&back, HIMPI_OP_BCAST, 8, 1, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE);
    ck_assert_ptr_nonnull(old);
    ck_assert_int_eq(old->levels, 1);
    ck_assert_int_eq(old->groups[0], 2);
    /* Saving the loaded table again writes the same text. */
    save_ok(&back);
    char *again = read_text(path);
    ck_assert_str_eq(again, text);
    free(again);
    free(text);
    HiMPI_Table_free(&back);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(save_refuses_bad_layouts)
{
    const char *bad = "himpi-table 2\nbcast 8 1 native native node/socket 2 0 - - -\n";
    write_text(path, bad);
    HiMPI_Table t = rows(8, 2, 1, 1);
    char err[512], want[256];
    ck_assert_int_eq(HiMPI_Table_save(path, &t, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:2: groups 'node/socket': unknown level 'socket'", path);
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
    char *text = read_text(path);
    ck_assert_str_eq(text, bad);
    free(text);
    /* A hand-built layout that would not load is not written. */
    unlink(path);
    t.rows[0].levels = 2;
    t.rows[0].groups[1] = 9;
    ck_assert_int_eq(HiMPI_Table_save(path, &t, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "not written") != NULL &&
                      strstr(err, "groups '2/9': level 2: 9 out of range (1..8)") != NULL,
                  "%s", err);
    ck_assert_int_eq(access(path, F_OK), -1);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(save_into_missing_directory)
{
    char p[160], err[512], want[200];
    snprintf(p, sizeof p, "%s/none/t.conf", dir);
    HiMPI_Table t = rows(8, 1, 1, 1);
    ck_assert_int_eq(HiMPI_Table_save(p, &t, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s.lock: No such file or directory", p);
    ck_assert_str_eq(err, want);
    HiMPI_Table_free(&t);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Concurrent and interrupted writers                                        */
/* ------------------------------------------------------------------------ */

enum { WRITERS = 4, SAVES = 25, ROUNDS = 10 };

/* A child process: saves its rows one at a time, each save a load, merge
 * and write of the whole file.  Exits 0 if every save succeeded. */
static void writer(int w)
{
    for (int i = 0; i < SAVES; i++) {
        HiMPI_Table t = rows(8 + w, i, 1, w + i);
        char err[512];
        if (HiMPI_Table_save(path, &t, err, sizeof err) != 0) {
            fprintf(stderr, "writer %d: %s\n", w, err);
            _exit(1);
        }
        HiMPI_Table_free(&t);
    }
    _exit(0);
}

START_TEST(concurrent_writers_lose_no_rows)
{
    pid_t pid[WRITERS];
    for (int w = 0; w < WRITERS; w++) {
        pid[w] = fork();
        ck_assert_int_ge(pid[w], 0);
        if (pid[w] == 0)
            writer(w);
    }
    for (int w = 0; w < WRITERS; w++) {
        int status;
        ck_assert_int_eq(waitpid(pid[w], &status, 0), pid[w]);
        ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "writer %d failed", w);
    }
    HiMPI_Table t = load_ok();
    ck_assert_uint_eq(t.nrows, WRITERS * SAVES);
    for (int w = 0; w < WRITERS; w++)
        for (int i = 0; i < SAVES; i++) {
            const HiMPI_Row *r = himpi_table_find(&t, HIMPI_OP_BCAST, 8 + w, i,
                                                  HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE);
            ck_assert_msg(r != NULL, "row %d of writer %d lost", i, w);
            ck_assert_double_eq(r->time, w + i);
        }
    char names[256];
    list_dir(names, sizeof names);
    ck_assert_str_eq(names, "t.conf t.conf.lock ");
    HiMPI_Table_free(&t);
}
END_TEST

/* Takes the lock without waiting: 1 if it was free. */
static int lock_is_free(void)
{
    char lock[160];
    lock_name(lock, sizeof lock);
    int fd = open(lock, O_WRONLY);
    ck_assert_int_ge(fd, 0);
    int free_now = take_lock(fd, F_OFD_SETLK) == 0;
    close(fd);
    return free_now;
}

/* A child that does what a save does up to the rename, stopping half way
 * through writing the temporary file, and is killed there. */
START_TEST(writer_killed_before_rename)
{
    HiMPI_Table before = rows(8, 0, 10, 1);
    save_ok(&before);
    char *old_text = read_text(path);
    int ready[2];
    ck_assert_int_eq(pipe(ready), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        char lock[160], tmp[160];
        lock_name(lock, sizeof lock);
        snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", path);
        int fd = open(lock, O_WRONLY);
        if (fd < 0 || take_lock(fd, F_OFD_SETLKW) != 0)
            _exit(1);
        HiMPI_Table big = rows(16, 0, 1000, 2);
        char *text = HiMPI_Table_format(&big);
        int out = mkstemp(tmp);
        if (text == NULL || out < 0 || write(out, text, strlen(text) / 2) < 0)
            _exit(1);
        if (write(ready[1], "x", 1) != 1)
            _exit(1);
        pause();
        _exit(1);
    }
    close(ready[1]);
    char c;
    ck_assert_int_eq(read(ready[0], &c, 1), 1);
    close(ready[0]);
    ck_assert_int_eq(lock_is_free(), 0);
    kill(pid, SIGKILL);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    /* The table is what it was; the kernel released the lock. */
    char *text = read_text(path);
    ck_assert_str_eq(text, old_text);
    HiMPI_Table back = load_ok();
    ck_assert_uint_eq(back.nrows, 10);
    ck_assert_int_eq(lock_is_free(), 1);
    HiMPI_Table more = rows(8, 10, 1, 1);
    save_ok(&more);
    HiMPI_Table_free(&back);
    back = load_ok();
    ck_assert_uint_eq(back.nrows, 11);
    free(text);
    free(old_text);
    HiMPI_Table_free(&back);
    HiMPI_Table_free(&more);
    HiMPI_Table_free(&before);
}
END_TEST

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A child saving a large table through HiMPI_Table_save, killed at random
 * moments: the file always holds either the rows before or the rows after
 * the save, never a part, and the next save works. */
START_TEST(writer_killed_at_random_moments)
{
    HiMPI_Table before = rows(8, 0, 10, 1), big = rows(64, 0, 50000, 3), after;
    HiMPI_Table_init(&after);
    ck_assert_int_eq(himpi_table_merge(&after, &before), 0);
    ck_assert_int_eq(himpi_table_merge(&after, &big), 0);
    char *old_text = text_of(&before), *new_text = text_of(&after);
    /* How long a save takes here, to spread the kills over it. */
    write_text(path, old_text);
    double start = now();
    save_ok(&big);
    double span = now() - start;
    srand((unsigned)time(NULL));
    for (int round = 0; round < ROUNDS; round++) {
        write_text(path, old_text);
        pid_t pid = fork();
        ck_assert_int_ge(pid, 0);
        if (pid == 0) {
            char err[512];
            _exit(HiMPI_Table_save(path, &big, err, sizeof err) == 0 ? 0 : 1);
        }
        long ns = (long)(1e9 * span * 1.5 * rand() / RAND_MAX);
        struct timespec delay = {ns / 1000000000L, ns % 1000000000L};
        nanosleep(&delay, NULL);
        kill(pid, SIGKILL);
        int status;
        ck_assert_int_eq(waitpid(pid, &status, 0), pid);
        char *text = read_text(path);
        ck_assert_msg(strcmp(text, old_text) == 0 || strcmp(text, new_text) == 0,
                      "round %d: the file holds neither the old nor the new table", round);
        free(text);
        ck_assert_int_eq(lock_is_free(), 1);
    }
    /* The next save works, whatever the killed ones left. */
    HiMPI_Table more = rows(8, 10, 1, 1);
    save_ok(&more);
    HiMPI_Table back = load_ok();
    ck_assert_ptr_nonnull(
        himpi_table_find(&back, HIMPI_OP_BCAST, 8, 10, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE));
    ck_assert_ptr_nonnull(
        himpi_table_find(&back, HIMPI_OP_BCAST, 8, 9, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE));
    free(old_text);
    free(new_text);
    HiMPI_Table_free(&back);
    HiMPI_Table_free(&more);
    HiMPI_Table_free(&after);
    HiMPI_Table_free(&big);
    HiMPI_Table_free(&before);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Locks held by others, and who may take the lock                           */
/* ------------------------------------------------------------------------ */

/* A child holding the table's lock until the parent closes *release; the
 * child then reads the end of the pipe and exits, also when the parent
 * dies first, so that no test leaves a holder behind. */
static pid_t hold_lock(int *release)
{
    int ready[2], hold[2];
    ck_assert_int_eq(pipe(ready), 0);
    ck_assert_int_eq(pipe(hold), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        char lock[160], c;
        close(ready[0]);
        close(hold[1]);
        lock_name(lock, sizeof lock);
        int fd = open(lock, O_WRONLY | O_CREAT, 0200);
        if (fd < 0 || take_lock(fd, F_OFD_SETLK) != 0 || write(ready[1], "x", 1) != 1)
            _exit(1);
        while (read(hold[0], &c, 1) > 0)
            continue;
        _exit(0);
    }
    close(ready[1]);
    close(hold[0]);
    char c;
    ck_assert_int_eq(read(ready[0], &c, 1), 1);
    close(ready[0]);
    *release = hold[1];
    return pid;
}

/* A save waits HIMPI_LOCK_TIMEOUT seconds for a lock another process
 * holds, then fails naming the lock and leaves the table alone. */
START_TEST(save_gives_up_on_a_held_lock)
{
    HiMPI_Table before = rows(8, 0, 1, 1), more = rows(8, 1, 1, 1);
    save_ok(&before);
    char *old_text = read_text(path), err[512], want[200];
    int release;
    pid_t pid = hold_lock(&release);
    setenv("HIMPI_LOCK_TIMEOUT", "1", 1);
    double start = now();
    int rc = HiMPI_Table_save(path, &more, err, sizeof err);
    double waited = now() - start;
    ck_assert_msg(rc == -1, "saved while another process held the lock");
    ck_assert_msg(waited >= 1.0, "gave up after %.3f s instead of 1 s", waited);
    snprintf(want, sizeof want, "%s.lock: still held by another process after 1 s ", path);
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
    ck_assert_msg(strstr(err, "(HIMPI_LOCK_TIMEOUT)") != NULL && strstr(err, "not written"),
                  "%s", err);
    char *text = read_text(path);
    ck_assert_str_eq(text, old_text);
    free(text);
    /* 0 does not wait at all. */
    setenv("HIMPI_LOCK_TIMEOUT", "0", 1);
    ck_assert_int_eq(HiMPI_Table_save(path, &more, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "after 0 s") != NULL, "%s", err);
    /* Released, the lock is the next save's. */
    close(release);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    save_ok(&more);
    HiMPI_Table back = load_ok();
    ck_assert_uint_eq(back.nrows, 2);
    /* A time-out that is not a number of seconds stops the save before
     * it touches anything. */
    setenv("HIMPI_LOCK_TIMEOUT", "1s", 1);
    ck_assert_int_eq(HiMPI_Table_save(path, &more, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "HIMPI_LOCK_TIMEOUT='1s' is not valid") != NULL, "%s", err);
    unsetenv("HIMPI_LOCK_TIMEOUT");
    free(old_text);
    HiMPI_Table_free(&back);
    HiMPI_Table_free(&more);
    HiMPI_Table_free(&before);
}
END_TEST

/* The lock file admits exactly who may write the table: write permission
 * for its owner and for the table's group and others as far as the table
 * gives them write permission, read permission for nobody.  A user who can
 * only read the table thus cannot open the lock file, and so cannot hold a
 * lock (not even a read lock) that writers would wait for. */
START_TEST(lock_file_admits_only_writers)
{
    static const struct {
        mode_t table, lock;
    } cases[] = {{0644, 0200}, {0600, 0200}, {0664, 0220}, {0666, 0222}, {0646, 0202},
                 {0640, 0200}};
    char lock[160];
    lock_name(lock, sizeof lock);
    umask(022);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        /* Made anew, and brought in line with the table when it exists. */
        if (i % 2 == 0)
            unlink(lock);
        write_text(path, "himpi-table 2\n");
        ck_assert_int_eq(chmod(path, cases[i].table), 0);
        HiMPI_Table t = rows(8, 1, 1, 1);
        save_ok(&t);
        HiMPI_Table_free(&t);
        struct stat st;
        ck_assert_int_eq(stat(lock, &st), 0);
        ck_assert_msg((st.st_mode & 07777) == cases[i].lock, "table %o: lock file %o, not %o",
                      cases[i].table, st.st_mode & 07777, cases[i].lock);
    }
    /* Only root can open it for reading, and a descriptor open for reading
     * alone cannot take the lock. */
    int fd = open(lock, O_RDONLY);
    if (fd < 0) {
        ck_assert_int_eq(errno, EACCES);
    } else {
        ck_assert_int_eq(take_lock(fd, F_OFD_SETLK), -1);
        ck_assert_int_eq(errno, EBADF);
        close(fd);
    }
}
END_TEST

/* A symbolic link, or anything else but a plain file, at the lock's path
 * is refused: the lock never creates or opens what a link points to. */
START_TEST(lock_file_never_followed)
{
    char lock[160], target[160], other[160], want[200], err[512];
    lock_name(lock, sizeof lock);
    snprintf(target, sizeof target, "%s/nologin", dir);
    snprintf(other, sizeof other, "%s/other", dir);
    HiMPI_Table t = rows(8, 1, 1, 1);
    snprintf(want, sizeof want, "%s: ", lock);
    ck_assert_int_eq(symlink(target, lock), 0);
    ck_assert_int_eq(HiMPI_Table_save(path, &t, err, sizeof err), -1);
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0 && strstr(err, "symbolic link"), "%s",
                  err);
    ck_assert_int_eq(access(target, F_OK), -1);
    ck_assert_int_eq(access(path, F_OK), -1);
    /* Nor through a link to an existing file, which stays as it was. */
    write_text(target, "");
    ck_assert_int_eq(chmod(target, 0600), 0);
    ck_assert_int_eq(HiMPI_Table_save(path, &t, err, sizeof err), -1);
    struct stat st;
    ck_assert_int_eq(stat(target, &st), 0);
    ck_assert_int_eq(st.st_mode & 07777, 0600);
    ck_assert_int_eq(unlink(lock), 0);
    /* A FIFO, which must not block the save either, and a directory. */
    ck_assert_int_eq(mkfifo(lock, 0600), 0);
    ck_assert_int_eq(HiMPI_Table_save(path, &t, err, sizeof err), -1);
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0 && strstr(err, "not a regular file"),
                  "%s", err);
    ck_assert_int_eq(unlink(lock), 0);
    ck_assert_int_eq(mkdir(lock, 0700), 0);
    ck_assert_int_eq(HiMPI_Table_save(path, &t, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "not a regular file") != NULL, "%s", err);
    ck_assert_int_eq(rmdir(lock), 0);
    /* A second name of another file, whose mode the save would change. */
    write_text(other, "");
    ck_assert_int_eq(chmod(other, 0644), 0);
    ck_assert_int_eq(link(other, lock), 0);
    ck_assert_int_eq(HiMPI_Table_save(path, &t, err, sizeof err), -1);
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0 && strstr(err, "hard link"), "%s", err);
    ck_assert_int_eq(stat(other, &st), 0);
    ck_assert_int_eq(st.st_mode & 07777, 0644);
    ck_assert_int_eq(access(path, F_OK), -1);
    HiMPI_Table_free(&t);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* What a table file may be, its mode and owner, and links to it             */
/* ------------------------------------------------------------------------ */

/* A FIFO or a device is refused at once, without reading from it. */
START_TEST(only_regular_files_read)
{
    char err[512], want[200], *text;
    size_t len;
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    snprintf(want, sizeof want, "%s: not a regular file", path);
    ck_assert_int_eq(HiMPI_Table_load(path, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, want);
    ck_assert_int_eq(himpi_file_read(path, &text, &len, err, sizeof err), -1);
    ck_assert_str_eq(err, want);
    HiMPI_Table more = rows(8, 1, 1, 1);
    ck_assert_int_eq(HiMPI_Table_save(path, &more, err, sizeof err), -1);
    ck_assert_str_eq(err, want);
    struct stat st;
    ck_assert_int_eq(lstat(path, &st), 0);
    ck_assert(S_ISFIFO(st.st_mode));
    ck_assert_int_eq(HiMPI_Table_load("/dev/zero", &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "/dev/zero: not a regular file");
    HiMPI_Table_free(&more);
}
END_TEST

/* A table is at most 16 MiB (doc/config-format.md): one byte more is
 * refused before it is read, 16 MiB itself is read (and then rejected
 * for what it holds, zeros). */
START_TEST(size_capped)
{
    const off_t cap = 16 << 20;
    char err[512], want[200];
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    int fd = open(path, O_WRONLY | O_CREAT, 0644);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(ftruncate(fd, cap + 1), 0);
    ck_assert_int_eq(close(fd), 0);
    snprintf(want, sizeof want, "%s: larger than the 16 MiB limit", path);
    ck_assert_int_eq(HiMPI_Table_load(path, &t, err, sizeof err), -1);
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
    ck_assert_int_eq(truncate(path, cap), 0);
    snprintf(want, sizeof want, "%s:1: NUL byte", path);
    ck_assert_int_eq(HiMPI_Table_load(path, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, want);
}
END_TEST

static void write_ok(const HiMPI_Table *t)
{
    char err[512] = "";
    ck_assert_msg(HiMPI_Table_write(path, t, err, sizeof err) == 0, "%s", err);
}

/* An existing table keeps its mode whatever the umask: a private table
 * stays private, a group's table stays writable by the group. */
START_TEST(save_keeps_the_mode)
{
    const mode_t modes[] = {0600, 0640, 0664, 0604, 0444};
    umask(022);
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        HiMPI_Table t = rows(8, 1, 1, 1);
        for (int merge = 0; merge < 2; merge++) {
            unlink(path); /* 0444 is read-only to its owner too */
            write_text(path, "himpi-table 2\n");
            ck_assert_int_eq(chmod(path, modes[i]), 0);
            if (merge)
                save_ok(&t);
            else
                write_ok(&t);
            struct stat st;
            ck_assert_int_eq(stat(path, &st), 0);
            ck_assert_msg((st.st_mode & 07777) == modes[i], "mode %o became %o", modes[i],
                          st.st_mode & 07777);
        }
        HiMPI_Table_free(&t);
    }
}
END_TEST

/* A table reached through symbolic links is updated where it is: the
 * links stay links, the lock is beside the file itself. */
START_TEST(save_through_symbolic_links)
{
    char real[160], mid[160], names[256], target[160];
    snprintf(real, sizeof real, "%s/real.conf", dir);
    snprintf(mid, sizeof mid, "%s/mid.conf", dir);
    write_text(real, "himpi-table 2\nbcast 8 1 native native 2 1 0 1 - -\n");
    ck_assert_int_eq(chmod(real, 0640), 0);
    ck_assert_int_eq(symlink("real.conf", path), 0); /* relative to its directory */
    HiMPI_Table t = rows(8, 2, 1, 5);
    save_ok(&t);
    struct stat st;
    ck_assert_int_eq(lstat(path, &st), 0);
    ck_assert_msg(S_ISLNK(st.st_mode), "the link was replaced");
    ssize_t n = readlink(path, target, sizeof target - 1);
    ck_assert_int_gt(n, 0);
    target[n] = '\0';
    ck_assert_str_eq(target, "real.conf");
    ck_assert_int_eq(stat(real, &st), 0);
    ck_assert_int_eq(st.st_mode & 07777, 0640);
    HiMPI_Table back = load_ok();
    ck_assert_uint_eq(back.nrows, 2);
    HiMPI_Table_free(&back);
    list_dir(names, sizeof names);
    ck_assert_str_eq(names, "real.conf real.conf.lock t.conf ");
    /* A chain: an absolute link to a relative one. */
    ck_assert_int_eq(unlink(path), 0);
    ck_assert_int_eq(symlink("real.conf", mid), 0);
    ck_assert_int_eq(symlink(mid, path), 0);
    HiMPI_Table_free(&t);
    t = rows(8, 3, 1, 5);
    save_ok(&t);
    back = load_ok();
    ck_assert_uint_eq(back.nrows, 3);
    HiMPI_Table_free(&back);
    ck_assert_int_eq(lstat(mid, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    /* A link to a missing file: the save creates the file. */
    ck_assert_int_eq(unlink(real), 0);
    save_ok(&t);
    ck_assert_int_eq(lstat(real, &st), 0);
    ck_assert(S_ISREG(st.st_mode));
    ck_assert_int_eq(lstat(path, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    back = load_ok();
    ck_assert_uint_eq(back.nrows, 1);
    HiMPI_Table_free(&back);
    /* A loop is an error. */
    char err[512];
    ck_assert_int_eq(unlink(mid), 0);
    ck_assert_int_eq(symlink("t.conf", mid), 0);
    ck_assert_int_eq(unlink(path), 0);
    ck_assert_int_eq(symlink("mid.conf", path), 0);
    ck_assert_int_eq(HiMPI_Table_save(path, &t, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "Too many levels of symbolic links") != NULL, "%s", err);
    HiMPI_Table_free(&t);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Other users (as root only)                                                */
/* ------------------------------------------------------------------------ */

enum { NOBODY = 65534 }; /* nobody and nogroup on Debian */

/* Runs check in a child process as user and group NOBODY; its result, or
 * 99 if the child could not become NOBODY. */
static int as_nobody(int (*check)(void))
{
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0)
        _exit(setgroups(0, NULL) == 0 && setgid(NOBODY) == 0 && setuid(NOBODY) == 0 ? check()
                                                                                    : 99);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* Who may read the table but not write it: the table opens, the lock file
 * does not.  1..3: the step that failed. */
static int reader_shut_out(void)
{
    char lock[160];
    lock_name(lock, sizeof lock);
    if (open(path, O_RDONLY) < 0)
        return 1;
    if (open(lock, O_RDONLY) >= 0 || errno != EACCES)
        return 2;
    if (open(lock, O_WRONLY) >= 0 || errno != EACCES)
        return 3;
    return 0;
}

START_TEST(reader_cannot_hold_the_lock)
{
    ck_assert_int_eq(chmod(dir, 0755), 0);
    umask(022);
    HiMPI_Table t = rows(8, 1, 1, 1);
    save_ok(&t); /* 0644: everyone reads it */
    ck_assert_int_eq(as_nobody(reader_shut_out), 0);
    HiMPI_Table_free(&t);
}
END_TEST

static int save_as_writer(void)
{
    HiMPI_Table t = rows(8, 3, 1, 1);
    char err[512];
    if (HiMPI_Table_save(path, &t, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, "%s\n", err);
    return 1;
}

/* A member of the table's group may write it and so take its lock, even
 * when root made the lock file. */
START_TEST(group_writer_takes_the_lock)
{
    ck_assert_int_eq(chmod(dir, 0777), 0);
    umask(022);
    write_text(path, "himpi-table 2\nbcast 8 1 native native 2 1 0 1 - -\n");
    ck_assert_int_eq(chown(path, 0, NOBODY), 0);
    ck_assert_int_eq(chmod(path, 0664), 0);
    HiMPI_Table t = rows(8, 2, 1, 1);
    save_ok(&t);
    ck_assert_int_eq(as_nobody(save_as_writer), 0);
    HiMPI_Table back = load_ok();
    ck_assert_uint_eq(back.nrows, 3);
    /* The writer, who may not give the file away, becomes its owner; the
     * group and mode stay. */
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 07777, 0664);
    ck_assert_int_eq(st.st_gid, NOBODY);
    ck_assert_int_eq(st.st_uid, NOBODY);
    HiMPI_Table_free(&back);
    HiMPI_Table_free(&t);
}
END_TEST

/* Root saving another user's private table leaves it that user's and
 * private, and the lock file that user's too. */
START_TEST(owner_and_group_kept)
{
    char lock[160];
    lock_name(lock, sizeof lock);
    umask(022);
    for (int merge = 0; merge < 2; merge++) {
        write_text(path, "himpi-table 2\n");
        ck_assert_int_eq(chown(path, NOBODY, NOBODY), 0);
        ck_assert_int_eq(chmod(path, 0600), 0);
        HiMPI_Table t = rows(8, 1, 1, 1);
        if (merge)
            save_ok(&t);
        else
            write_ok(&t);
        HiMPI_Table_free(&t);
        const char *const files[] = {path, lock};
        const mode_t modes[] = {0600, 0200};
        for (int i = 0; i < 2; i++) {
            struct stat st;
            ck_assert_int_eq(stat(files[i], &st), 0);
            ck_assert_msg(st.st_uid == NOBODY && st.st_gid == NOBODY, "%s: owner %d:%d",
                          files[i], (int)st.st_uid, (int)st.st_gid);
            ck_assert_int_eq(st.st_mode & 07777, modes[i]);
        }
    }
}
END_TEST

Suite *unit_suite(void)
{
    Suite *s = suite_create("table_file");
    TCase *t = tcase_create("load and save");
    tcase_add_checked_fixture(t, make_dir, remove_dir);
    tcase_add_test(t, load_missing_file);
    tcase_add_test(t, read_errors_name_the_file);
    tcase_add_test(t, save_creates_the_file);
    tcase_add_test(t, save_merges);
    tcase_add_test(t, save_over_legacy_file);
    tcase_add_test(t, save_refuses_malformed_file);
    tcase_add_test(t, save_refuses_table_that_would_not_load);
    tcase_add_test(t, save_into_missing_directory);
    tcase_add_test(t, save_keeps_layouts);
    tcase_add_test(t, save_over_version_4);
    tcase_add_test(t, save_refuses_bad_layouts);
    suite_add_tcase(s, t);
    TCase *w = tcase_create("writers");
    tcase_add_checked_fixture(w, make_dir, remove_dir);
    /* Processes that save large tables on a busy machine. */
    tcase_set_timeout(w, 300);
    tcase_add_test(w, concurrent_writers_lose_no_rows);
    tcase_add_test(w, writer_killed_before_rename);
    tcase_add_test(w, writer_killed_at_random_moments);
    suite_add_tcase(s, w);
    TCase *l = tcase_create("locks and files");
    tcase_add_checked_fixture(l, make_dir, remove_dir);
    tcase_add_test(l, save_gives_up_on_a_held_lock);
    tcase_add_test(l, lock_file_admits_only_writers);
    tcase_add_test(l, lock_file_never_followed);
    tcase_add_test(l, only_regular_files_read);
    tcase_add_test(l, size_capped);
    tcase_add_test(l, save_keeps_the_mode);
    tcase_add_test(l, save_through_symbolic_links);
    /* Other users' files need root, as in CI.  As another user these
     * tests are not registered at all (rather than passing without
     * asserting anything). */
    if (geteuid() == 0) {
        tcase_add_test(l, reader_cannot_hold_the_lock);
        tcase_add_test(l, group_writer_takes_the_lock);
        tcase_add_test(l, owner_and_group_kept);
    }
    suite_add_tcase(s, l);
    return s;
}

/* test_tuning: how plain calls get their plans: from rank 0's table and
 * environment whatever the other ranks hold, with malformed tables and
 * invalid settings handled alike on every rank, tuned at HiMPI_Init or at
 * a size's first call, overridden by HIMPI_*, loaded at a communicator's
 * first call when the application never called HiMPI_Init, and agreed on
 * where the root alone knows the size (gatherv, scatterv).
 * Each scenario sets the environment of its own process (rank by rank)
 * and runs one HiMPI_Init ... HiMPI_Finalize session inside MPI. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hier/cache.h"
#include "himpi.h"
#include "mpitap.h"
#include "api/call.h"
#include "config/table_file.h"
#include "topo/topo.h"
#include "tune/tune.h"

static int p, rank;
static char dir[256];

static const char *const variables[] = {
    "HIMPI_CONF_FILE", "HIMPI_TUNE",    "HIMPI_GENERATE_CONFIG", "HIMPI_OPID",
    "HIMPI_MIN_MSG",   "HIMPI_MAX_MSG", "HIMPI_MSG_STRIDE",      "HIMPI_GROUPS",
    "HIMPI_ALG_IN",    "HIMPI_ALG_OUT", "HIMPI_SEGMENT_SIZE",    "HIMPI_STRICT",
    "HIMPI_MIN_REPS",  "HIMPI_MAX_REPS"};

/* A clean environment with quick measurements. */
static void reset_env(void)
{
    for (size_t i = 0; i < sizeof variables / sizeof variables[0]; i++)
        unsetenv(variables[i]);
    setenv("HIMPI_MIN_REPS", "2", 1);
    setenv("HIMPI_MAX_REPS", "4", 1);
}

static const char *path(const char *name)
{
    static char buf[4][512];
    static int next;
    char *b = buf[next++ % 4];
    snprintf(b, sizeof buf[0], "%s/%s", dir, name);
    return b;
}

static void write_file(const char *file, const char *text)
{
    FILE *f = fopen(file, "w");
    tap_check(f != NULL, "cannot create %s", file);
    if (f != NULL) {
        fputs(text, f);
        fclose(f);
    }
}

/* One file for all ranks: rank 0 writes it before anyone reads it (ranks
 * writing it each would truncate it under rank 0's reading). */
static void write_shared(const char *file, const char *text)
{
    if (rank == 0)
        write_file(file, text);
    MPI_Barrier(MPI_COMM_WORLD);
}

/* Whether the table in file has a row for op on p processes at size with
 * native algorithms. */
static int has_row(const char *file, HiMPI_Op op, int size)
{
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    char err[512];
    int found = HiMPI_Table_load(file, &t, err, sizeof err) == 0 &&
                himpi_table_find(&t, op, p, size, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE) != NULL;
    HiMPI_Table_free(&t);
    return found;
}

/* The whole file as a string ("" if it does not exist). */
static char *slurp(const char *file)
{
    char *text = NULL, err[256];
    size_t len;
    if (himpi_file_read(file, &text, &len, err, sizeof err) != 0)
        return strdup("");
    return text;
}

/* Checks that every rank chose the same plan, and that it is the
 * one-level plan of want. */
static void expect_plan(HiMPI_Op op, MPI_Comm comm, int bytes, const HiMPI_Params *want)
{
    HiMPI_Plan got;
    himpi_comm *state;
    int rc = himpi_comm_get(comm, MPI_SUCCESS, &state);
    if (rc == MPI_SUCCESS)
        rc = himpi_choose(op, state, bytes, MPI_BYTE, &got);
    tap_check(rc == MPI_SUCCESS, "himpi_choose returned %d", rc);
    int mine[6] = {got.nlevels, got.level[0].groups, (int)got.level[0].hw, got.level[0].alg,
                   got.alg_in, got.segment_size};
    int lo[6], hi[6];
    MPI_Allreduce(mine, lo, 6, MPI_INT, MPI_MIN, comm);
    MPI_Allreduce(mine, hi, 6, MPI_INT, MPI_MAX, comm);
    tap_check(memcmp(lo, hi, sizeof lo) == 0, "ranks chose different plans");
    tap_check(got.nlevels == 1 && got.level[0].groups == want->groups &&
                  got.level[0].alg == want->alg_out && got.alg_in == want->alg_in &&
                  got.segment_size == want->segment_size,
              "%s %d bytes: plan of %d levels, g=%d %s/%s seg %d, expected g=%d %s/%s seg %d",
              HiMPI_Op_name(op), bytes, got.nlevels, got.level[0].groups,
              HiMPI_Alg_name(got.level[0].alg), HiMPI_Alg_name(got.alg_in), got.segment_size,
              want->groups, HiMPI_Alg_name(want->alg_out), HiMPI_Alg_name(want->alg_in),
              want->segment_size);
}

/* Plain HiMPI_Bcast and HiMPI_Allreduce against MPI's, on comm. */
static void check_calls(MPI_Comm comm, int count)
{
    int cp, cr;
    MPI_Comm_size(comm, &cp);
    MPI_Comm_rank(comm, &cr);
    int *a = malloc((size_t)count * sizeof *a), *b = malloc((size_t)count * sizeof *b);
    int *c = malloc((size_t)count * sizeof *c);
    int root = cp - 1;
    for (int i = 0; i < count; i++)
        a[i] = b[i] = cr == root ? i * 7 + 3 : -1;
    int rc = HiMPI_Bcast(a, count, MPI_INT, root, comm);
    MPI_Bcast(b, count, MPI_INT, root, comm);
    tap_check(rc == MPI_SUCCESS && memcmp(a, b, (size_t)count * sizeof *a) == 0,
              "HiMPI_Bcast of %d ints differs from MPI_Bcast (rc %d)", count, rc);
    for (int i = 0; i < count; i++)
        a[i] = cr * 1000 + i;
    rc = HiMPI_Allreduce(a, b, count, MPI_INT, MPI_SUM, comm);
    MPI_Allreduce(a, c, count, MPI_INT, MPI_SUM, comm);
    tap_check(rc == MPI_SUCCESS && memcmp(b, c, (size_t)count * sizeof *b) == 0,
              "HiMPI_Allreduce of %d ints differs from MPI_Allreduce (rc %d)", count, rc);
    free(a);
    free(b);
    free(c);
}

/* Both codes on every rank: HiMPI_Init's, and whether all ranks agree. */
static int init_everywhere(int want)
{
    int rc = HiMPI_Init(NULL, NULL), lo, hi;
    MPI_Allreduce(&rc, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&rc, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    tap_check(lo == hi, "HiMPI_Init returned different codes on different ranks");
    tap_check(rc == want, "HiMPI_Init returned %d, expected %d", rc, want);
    return rc;
}

static void different_files(void)
{
    reset_env();
    int g = p < 2 ? 1 : 2;
    char text[512];
    if (rank == 0)
        snprintf(text, sizeof text, "himpi-table 1\nbcast %d 1024 chain native %d 1 0 - - -\n", p,
                 g);
    else
        snprintf(text, sizeof text, "himpi-table 1\nbcast %d 1024 native native 1 1 0 - - -\n", p);
    char name[64];
    snprintf(name, sizeof name, "rank%d.conf", rank);
    write_file(path(name), text);
    setenv("HIMPI_CONF_FILE", path(name), 1);
    if (rank != 0)
        setenv("HIMPI_GROUPS", "3", 1); /* rank 0's environment rules */
    if (init_everywhere(MPI_SUCCESS) == MPI_SUCCESS) {
        const HiMPI_Params want = {g, HIMPI_ALG_CHAIN, HIMPI_ALG_NATIVE, 0, 0};
        expect_plan(HIMPI_OP_BCAST, MPI_COMM_WORLD, 1024, &want);
        check_calls(MPI_COMM_WORLD, 256);
        HiMPI_Finalize();
    }
    tap_ok("every rank follows rank 0's table and environment");
}

static void malformed_table(void)
{
    reset_env();
    write_shared(path("bad.conf"), "himpi-table 1\nbcast 4 1K native native 2 1 0 - - -\n");
    setenv("HIMPI_CONF_FILE", path("bad.conf"), 1);
    if (init_everywhere(MPI_SUCCESS) == MPI_SUCCESS) {
        const HiMPI_Params flat = {1, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 0, 0};
        expect_plan(HIMPI_OP_BCAST, MPI_COMM_WORLD, 1024, &flat);
        check_calls(MPI_COMM_WORLD, 256);
        HiMPI_Finalize();
    }
    tap_ok("a malformed table is reported and the default plan runs");
    setenv("HIMPI_STRICT", "1", 1);
    init_everywhere(MPI_ERR_ARG);
    tap_ok("with HIMPI_STRICT=1 a malformed table fails HiMPI_Init on every rank");
}

static void invalid_setting(void)
{
    reset_env();
    setenv("HIMPI_CONF_FILE", path("none.conf"), 1);
    if (rank == 0)
        setenv("HIMPI_GROUPS", "0", 1);
    init_everywhere(MPI_ERR_ARG);
    tap_ok("an invalid setting on rank 0 fails HiMPI_Init on every rank");
    reset_env();
    setenv("HIMPI_CONF_FILE", path("none.conf"), 1);
    if (rank == p - 1 && p > 1)
        setenv("HIMPI_GROUPS", "0", 1);
    if (init_everywhere(MPI_SUCCESS) == MPI_SUCCESS)
        HiMPI_Finalize();
    tap_ok("other ranks' settings are not read");
}

static void lazy_tuning(void)
{
    reset_env();
    setenv("HIMPI_CONF_FILE", path("lazy.conf"), 1);
    setenv("HIMPI_TUNE", "lazy", 1);
    if (init_everywhere(MPI_SUCCESS) != MPI_SUCCESS) {
        tap_ok("lazy tuning");
        return;
    }
    check_calls(MPI_COMM_WORLD, 1024); /* 4 KiB: tunes bcast, then allreduce */
    int rc = HiMPI_Barrier(MPI_COMM_WORLD); /* barrier: at 0 bytes */
    tap_check(rc == MPI_SUCCESS, "HiMPI_Barrier returned %d", rc);
    char *first = rank == 0 ? slurp(path("lazy.conf")) : NULL;
    check_calls(MPI_COMM_WORLD, 1024);
    HiMPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        char *second = slurp(path("lazy.conf"));
        /* One rank has nothing to tune. */
        tap_check(has_row(path("lazy.conf"), HIMPI_OP_BCAST, 4096) == (p > 1) &&
                      has_row(path("lazy.conf"), HIMPI_OP_ALLREDUCE, 4096) == (p > 1) &&
                      has_row(path("lazy.conf"), HIMPI_OP_BARRIER, 0) == (p > 1),
                  "lazy.conf: %s rows for bcast and allreduce at 4096 bytes, barrier at 0",
                  p > 1 ? "no" : "unexpected");
        tap_check(strcmp(first, second) == 0, "the second call tuned again");
        free(first);
        free(second);
    }
    HiMPI_Finalize();
    tap_ok("lazy tuning tunes a size at its first call only, and results stay right");
}

static void init_tuning(const char *variable, const char *value)
{
    reset_env();
    setenv("HIMPI_CONF_FILE", path("init.conf"), 1);
    setenv(variable, value, 1);
    setenv("HIMPI_OPID", "bcast,scatter,barrier", 1);
    setenv("HIMPI_MIN_MSG", "16", 1);
    setenv("HIMPI_MAX_MSG", "64", 1);
    if (init_everywhere(MPI_SUCCESS) == MPI_SUCCESS) {
        int held = himpi_comm_held(MPI_COMM_WORLD);
        tap_check(held == 0, "tuning left %d communicators on MPI_COMM_WORLD", held);
        HiMPI_Finalize();
    }
    char *first = rank == 0 ? slurp(path("init.conf")) : NULL;
    if (init_everywhere(MPI_SUCCESS) == MPI_SUCCESS)
        HiMPI_Finalize();
    if (rank == 0) {
        char *second = slurp(path("init.conf"));
        for (int size = 16; size <= 64; size *= 2)
            tap_check(has_row(path("init.conf"), HIMPI_OP_BCAST, size) &&
                          has_row(path("init.conf"), HIMPI_OP_SCATTER, size),
                      "init.conf lacks bcast or scatter at %d bytes", size);
        tap_check(!has_row(path("init.conf"), HIMPI_OP_REDUCE, 16),
                  "init.conf has an operation not asked for");
        /* Barrier carries no message: one row, at 0 bytes. */
        tap_check(has_row(path("init.conf"), HIMPI_OP_BARRIER, 0) &&
                      !has_row(path("init.conf"), HIMPI_OP_BARRIER, 16),
                  "init.conf: barrier not at 0 bytes alone");
        tap_check(strcmp(first, second) == 0, "a second HiMPI_Init tuned again");
        free(first);
        free(second);
    }
    tap_ok("%s=%s tunes the asked sizes and operations once, barrier at 0 bytes alone", variable,
           value);
    if (rank == 0)
        unlink(path("init.conf"));
}

static void overrides(void)
{
    reset_env();
    char text[256];
    snprintf(text, sizeof text, "himpi-table 1\nbcast %d 1024 native native 1 1 0 - - -\n", p);
    write_shared(path("over.conf"), text);
    setenv("HIMPI_CONF_FILE", path("over.conf"), 1);
    setenv("HIMPI_GROUPS", "2", 1);
    setenv("HIMPI_ALG_OUT", "chain", 1);
    setenv("HIMPI_ALG_IN", "binomial", 1);
    setenv("HIMPI_SEGMENT_SIZE", "1K", 1);
    if (init_everywhere(MPI_SUCCESS) == MPI_SUCCESS) {
        int g = p < 2 ? p : 2;
        const HiMPI_Params bcast = {g, HIMPI_ALG_CHAIN, HIMPI_ALG_BINOMIAL, 1024, 0};
        const HiMPI_Params allreduce = {g, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 1024, 0};
        expect_plan(HIMPI_OP_BCAST, MPI_COMM_WORLD, 1024, &bcast);
        expect_plan(HIMPI_OP_ALLREDUCE, MPI_COMM_WORLD, 1024, &allreduce);
        check_calls(MPI_COMM_WORLD, 256);
        HiMPI_Finalize();
    }
    tap_ok("HIMPI_GROUPS, HIMPI_ALG_* and HIMPI_SEGMENT_SIZE override the table");
}

static void without_init(void)
{
    reset_env();
    int g = p < 3 ? p : 3;
    char text[256];
    snprintf(text, sizeof text, "himpi-table 1\nbcast %d 64 binomial native %d 1 0 - - -\n", p, g);
    write_shared(path("noinit.conf"), text);
    setenv("HIMPI_CONF_FILE", path("noinit.conf"), 1);
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    const HiMPI_Params want = {g, HIMPI_ALG_BINOMIAL, HIMPI_ALG_NATIVE, 0, 0};
    expect_plan(HIMPI_OP_BCAST, comm, 400, &want);
    check_calls(comm, 100);
    MPI_Comm_free(&comm);
    tap_ok("without HiMPI_Init a communicator loads the table at its first call");
}

/* A table row with a hardware layout reaches the plain calls as that
 * plan, on a synthetic topology that deals ranks out round-robin over two
 * pretend nodes (so the node groups are not contiguous). */
static void hardware_row(void)
{
    reset_env();
    setenv("HIMPI_TOPOLOGY", "node:2 pack:2 core:4 pu:1", 1);
    setenv("HIMPI_BINDING", "scatter", 1);
    himpi_topo_reset();
    char text[256];
    int g = p < 2 ? 1 : 2;
    snprintf(text, sizeof text, "himpi-table 2\nbcast %d 1024 binomial native node/%d 2 0 - - -\n",
             p, g);
    write_shared(path("hw.conf"), text);
    setenv("HIMPI_CONF_FILE", path("hw.conf"), 1);
    if (init_everywhere(MPI_SUCCESS) == MPI_SUCCESS) {
        HiMPI_Plan got;
        himpi_comm *state;
        int rc = himpi_comm_get(MPI_COMM_WORLD, MPI_SUCCESS, &state);
        if (rc == MPI_SUCCESS)
            rc = himpi_choose(HIMPI_OP_BCAST, state, 1024, MPI_BYTE, &got);
        tap_check(rc == MPI_SUCCESS && got.nlevels == 2 && got.level[0].groups == 0 &&
                      got.level[0].hw == HIMPI_HW_NODE && got.level[1].groups == g &&
                      got.level[0].alg == HIMPI_ALG_BINOMIAL &&
                      got.level[1].alg == HIMPI_ALG_BINOMIAL,
                  "plan of the row node/%d: %d levels, first groups %d hw %d", g, got.nlevels,
                  got.level[0].groups, (int)got.level[0].hw);
        check_calls(MPI_COMM_WORLD, 256);
        HiMPI_Finalize();
    }
    tap_ok("a row with a hardware layout gives the plain calls that plan");
}

/* Plain HiMPI_Gatherv and HiMPI_Scatterv at root against MPI's: the root's
 * block is p KiB of ints, every other rank's one int. */
static void check_root_sized(int root)
{
    int *counts = malloc(2 * (size_t)p * sizeof *counts), *displs = counts + p, all = 0;
    for (int r = 0; r < p; r++) {
        counts[r] = r == root ? 256 * p : 1;
        displs[r] = all;
        all += counts[r];
    }
    int n = rank == root ? 256 * p : 1, *in = malloc((size_t)all * sizeof *in);
    int *out = calloc((size_t)all, sizeof *out), *want = calloc((size_t)all, sizeof *want);
    for (int i = 0; i < all; i++)
        in[i] = rank * 100003 + i;
    int rc = HiMPI_Gatherv(in, n, MPI_INT, out, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
    MPI_Gatherv(in, n, MPI_INT, want, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
    tap_check(rc == MPI_SUCCESS && (rank != root || memcmp(out, want, (size_t)all * 4) == 0),
              "HiMPI_Gatherv at root %d differs from MPI_Gatherv (rc %d)", root, rc);
    rc = HiMPI_Scatterv(in, counts, displs, MPI_INT, out, n, MPI_INT, root, MPI_COMM_WORLD);
    MPI_Scatterv(in, counts, displs, MPI_INT, want, n, MPI_INT, root, MPI_COMM_WORLD);
    tap_check(rc == MPI_SUCCESS && memcmp(out, want, (size_t)n * sizeof *out) == 0,
              "HiMPI_Scatterv at root %d differs from MPI_Scatterv (rc %d)", root, rc);
    free(want);
    free(out);
    free(in);
    free(counts);
}

/* Gatherv's and scatterv's message size is the root's mean block, which
 * the other ranks do not know: with a table whose plans differ by size,
 * the plain calls agree on the root's first (api/call.c).  Here the root's
 * mean block looks the 4 KiB row up (the MPI library's call), while every
 * other rank's own block, one int, would look the 64-byte row up (two
 * groups, linear): ranks that chose alone would run different plans, and
 * hang or deliver wrong blocks. */
static void root_sized(void)
{
    reset_env();
    char text[512];
    int g = p < 2 ? 1 : 2;
    snprintf(text, sizeof text,
             "himpi-table 1\ngatherv %d 64 linear linear %d 1 0 - - -\n"
             "gatherv %d 4096 native native 1 1 0 - - -\n"
             "scatterv %d 64 linear linear %d 1 0 - - -\n"
             "scatterv %d 4096 native native 1 1 0 - - -\n",
             p, g, p, p, g, p);
    write_shared(path("vsizes.conf"), text);
    setenv("HIMPI_CONF_FILE", path("vsizes.conf"), 1);
    if (init_everywhere(MPI_SUCCESS) == MPI_SUCCESS) {
        check_root_sized(0);
        check_root_sized(p - 1);
        HiMPI_Finalize();
    }
    tap_ok("gatherv and scatterv agree on the root's size where the table's plans differ by "
           "size");
}

/* Hardware layouts are tuning candidates when they group the ranks in a
 * way no earlier candidate does, and the row records the winner. */
static void hardware_candidates(void)
{
    reset_env();
    setenv("HIMPI_TOPOLOGY", "node:2 pack:2 core:4 pu:1", 1);
    for (int scatter = 0; scatter <= 1; scatter++) {
        setenv("HIMPI_BINDING", scatter ? "scatter" : "block", 1);
        himpi_topo_reset();
        MPI_Comm comm;
        MPI_Comm_dup(MPI_COMM_WORLD, &comm);
        HiMPI_Tuner tuner = {.precision = {2, 3, 0.95, 0.5}, .levels = 2,
                             .search = &himpi_search_exhaustive};
        HiMPI_Candidate *c = NULL;
        int n = 0, rc = himpi_candidates(comm, &tuner, &c, &n), hardware = 0, pairs = 0;
        for (int i = 0; rc == MPI_SUCCESS && i < n; i++) {
            hardware += c[i].levels == 1 && c[i].groups[0] == 0;
            pairs += c[i].levels == 2;
        }
        /* Under block binding every hardware level on up to 8 ranks groups
         * them as some g of rank blocks does; under scatter the nodes do
         * not (ranks 0, 2, 4, ... share one). */
        int want_hw = scatter && p >= 3;
        tap_check(rc == MPI_SUCCESS && n >= p && (hardware > 0) == want_hw,
                  "%s binding: %d candidates, %d hardware ones (%s expected)",
                  scatter ? "scatter" : "block", n, hardware, want_hw ? "some" : "none");
        tap_diag("%s binding: %d candidates, %d hardware, %d two-level",
                 scatter ? "scatter" : "block", n, hardware, pairs);
        HiMPI_Tune_task task = {HIMPI_OP_ALLGATHER, 64, HIMPI_ALG_RING, HIMPI_ALG_NATIVE, 0};
        HiMPI_Row row;
        int measured = 0;
        rc = HiMPI_Tune(comm, &tuner, &task, &row, &measured);
        int found = 0;
        for (int i = 0; rc == MPI_SUCCESS && i < n; i++)
            found |= c[i].levels == row.levels &&
                     memcmp(c[i].groups, row.groups, sizeof c[i].groups) == 0;
        tap_check(rc == MPI_SUCCESS && measured == n && found,
                  "tuning measured %d of %d candidates and chose a layout %s them", measured, n,
                  found ? "among" : "not among");
        free(c);
        MPI_Comm_free(&comm);
    }
    unsetenv("HIMPI_TOPOLOGY");
    unsetenv("HIMPI_BINDING");
    himpi_topo_reset();
    tap_ok("hardware layouts are tuning candidates where they add a grouping");
}

/* Every g from 1 to p, exhaustively: the layouts' sub-communicators stay
 * on the run's own communicator, which is renewed when it holds its
 * budget of them, and the communicator tuned gets none. */
static void tuning_comms(void)
{
    reset_env();
    HiMPI_Tune_task task = {HIMPI_OP_BCAST, 64, HIMPI_ALG_LINEAR, HIMPI_ALG_LINEAR, 0};
    HiMPI_Tuner tuner = {.precision = {2, 3, 0.95, 0.5}, .search = &himpi_search_exhaustive};
    int held[2];
    for (int budget = 0; budget <= 1; budget++) {
        MPI_Comm work;
        MPI_Comm_dup(MPI_COMM_WORLD, &work);
        tuner.work = &work;
        tuner.max_comms = budget ? 2 : 0;
        HiMPI_Row row;
        int rc = HiMPI_Tune(MPI_COMM_WORLD, &tuner, &task, &row, NULL);
        held[budget] = himpi_comm_held(work);
        tap_check(rc == MPI_SUCCESS && row.levels == 1 && row.groups[0] >= 1 &&
                      row.groups[0] <= p,
                  "budget %d: tuning failed (%d) or chose g = %d", tuner.max_comms, rc,
                  row.groups[0]);
        MPI_Comm_free(&work);
    }
    /* A bcast layout has at most two: its group and its leaders; on two
     * ranks the only layouts are flat ones, which need none. */
    tap_check(held[0] > 0 || p <= 2, "the run kept no sub-communicators");
    tap_check(held[1] <= 3 && (held[0] <= 3 || held[1] < held[0]),
              "with a budget of 2 the run held %d communicators (%d without)", held[1], held[0]);
    tuner.work = NULL;
    HiMPI_Row row;
    int rc = HiMPI_Tune(MPI_COMM_WORLD, &tuner, &task, &row, NULL);
    tap_check(rc == MPI_SUCCESS && himpi_comm_held(MPI_COMM_WORLD) == 0,
              "a run on a duplicate of its own failed (%d) or left %d communicators", rc,
              himpi_comm_held(MPI_COMM_WORLD));
    tap_ok("tuning keeps its sub-communicators on its own communicator, within budget "
           "(%d held, %d with a budget of 2)", held[0], held[1]);
}

/* A task with a size for an operation that has none is refused. */
static void sizeless_task(void)
{
    HiMPI_Tune_task task = {HIMPI_OP_BARRIER, 64, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 0};
    HiMPI_Tuner tuner = {.precision = {2, 3, 0.95, 0.5}, .search = &himpi_search_exhaustive};
    HiMPI_Row row;
    int rc = HiMPI_Tune(MPI_COMM_WORLD, &tuner, &task, &row, NULL);
    tap_check(rc == MPI_ERR_ARG, "barrier at 64 bytes: returned %d", rc);
    task.msg_size = 0;
    rc = HiMPI_Tune(MPI_COMM_WORLD, &tuner, &task, &row, NULL);
    tap_check(rc == MPI_SUCCESS && row.op == HIMPI_OP_BARRIER && row.msg_size == 0,
              "barrier at 0 bytes: returned %d", rc);
    tap_ok("a barrier task is tuned at 0 bytes and refused at any other size");
}

int main(int argc, char **argv)
{
    tap_init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        snprintf(dir, sizeof dir, "%s/himpi-tuning-XXXXXX",
                 getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp");
        if (mkdtemp(dir) == NULL)
            dir[0] = '\0';
    }
    MPI_Bcast(dir, sizeof dir, MPI_CHAR, 0, MPI_COMM_WORLD);
    tap_check(dir[0] != '\0', "cannot create a temporary directory");
    if (tap_ok("temporary directory %s", dir)) {
        different_files();
        malformed_table();
        invalid_setting();
        lazy_tuning();
        init_tuning("HIMPI_TUNE", "init");
        init_tuning("HIMPI_GENERATE_CONFIG", "1");
        overrides();
        without_init();
        hardware_row();
        root_sized();
        hardware_candidates();
        tuning_comms();
        sizeless_task();
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0 && dir[0] != '\0') {
        char cmd[300];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        tap_check(system(cmd) == 0, "cannot remove %s", dir);
    }
    return tap_finish();
}

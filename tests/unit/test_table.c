/* test_table: configuration tables in memory: the text format, editing and
 * the run-time lookup (table.h, doc/config-format.md). */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/table.h"
#include "core/validate.h"
#include "unit.h"

#define HEADER "himpi-table 2\n"
#define HEADER1 "himpi-table 1\n" /* versions still read */
#define HEADER3 "himpi-table 3\n" /* with verdicts, without a fingerprint */
#define HEADER4 "himpi-table 4\n" /* with a fingerprint, without an overlap */
#define HEADER5 "himpi-table 5\n" /* the current format: the overlap after the segment */

static HiMPI_Table parse_ok(const char *text)
{
    HiMPI_Table t;
    char err[512] = "";
    HiMPI_Table_init(&t);
    int rc = himpi_table_parse(text, strlen(text), "t.conf", &t, err, sizeof err);
    ck_assert_msg(rc == 0, "rejected: %s", err);
    return t;
}

/* Asserts that text is rejected with "t.conf:LINE: " and word in the reason,
 * and that the table is left empty. */
static void reject_len(const char *text, size_t len, long line, const char *word)
{
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    HiMPI_Row old = {.op = HIMPI_OP_BCAST, .procs = 2, .levels = 1, .groups = {1}};
    ck_assert_int_eq(HiMPI_Table_put(&t, &old), 0);
    char err[512] = "", where[32];
    snprintf(where, sizeof where, "t.conf:%ld: ", line);
    ck_assert_int_eq(himpi_table_parse(text, len, "t.conf", &t, err, sizeof err), -1);
    ck_assert_msg(strncmp(err, where, strlen(where)) == 0 && strstr(err, word) != NULL,
                  "'%s' is not at '%s' with '%s'", err, where, word);
    ck_assert_uint_eq(t.nrows, 0);
    HiMPI_Table_free(&t);
}

static void reject(const char *text, long line, const char *word)
{
    reject_len(text, strlen(text), line, word);
}

/* A row line of the current format with the given fields after op. */
#define ROW(op, rest) op " " rest "\n"

/* ------------------------------------------------------------------------ */
/* Good files                                                                */
/* ------------------------------------------------------------------------ */

START_TEST(current_format_with_header)
{
    HiMPI_Table t = parse_ok("# written by a test\n"
                             "\n"
                             HEADER
                             "host      node01,node02\n"
                             "mpi       Open MPI 4.1.4  \n"
                             "ppn       4\n"
                             "precision 5 100 0.95 0.025\n"
                             "date      2026-11-22T03:00:00Z\n"
                             "   # op  procs ...\n"
                             "bcast  8  1024  native  native  2  1  0  1.234000e-05  "
                             "1.500000e-05  2.100000e-07\n"
                             "reduce\t16\t0\tbinary\trabenseifner\t4\t1\t8192\t-\t-\t-\n");
    ck_assert_int_eq(t.legacy, 0);
    ck_assert_str_eq(t.header.hosts, "node01,node02");
    ck_assert_str_eq(t.header.fp.mpi, "Open MPI 4.1.4");
    ck_assert_int_eq(t.header.fp.ppn, 4);
    ck_assert_int_eq(t.header.precision.min_reps, 5);
    ck_assert_int_eq(t.header.precision.max_reps, 100);
    ck_assert_double_eq(t.header.precision.cl, 0.95);
    ck_assert_double_eq(t.header.precision.eps, 0.025);
    ck_assert_str_eq(t.header.date, "2026-11-22T03:00:00Z");
    ck_assert_uint_eq(t.nrows, 2);
    const HiMPI_Row *r = &t.rows[0];
    ck_assert_int_eq(r->op, HIMPI_OP_BCAST);
    ck_assert_int_eq(r->procs, 8);
    ck_assert_int_eq(r->msg_size, 1024);
    ck_assert_int_eq(r->alg_out, HIMPI_ALG_NATIVE);
    ck_assert_int_eq(r->alg_in, HIMPI_ALG_NATIVE);
    ck_assert_int_eq(r->levels, 1);
    ck_assert_int_eq(r->groups[0], 2);
    ck_assert_int_eq(r->hw[0], 0);
    for (int i = 1; i < HIMPI_MAX_LEVELS; i++)
        ck_assert(r->groups[i] == 0 && r->hw[i] == 0);
    ck_assert_int_eq(r->segment_size, 0);
    ck_assert_double_eq(r->time, 1.234e-05);
    ck_assert_double_eq(r->flat_time, 1.5e-05);
    ck_assert_double_eq(r->ci, 2.1e-07);
    r = &t.rows[1];
    ck_assert_int_eq(r->op, HIMPI_OP_REDUCE);
    ck_assert_int_eq(r->alg_out, HIMPI_ALG_BINARY);
    ck_assert_int_eq(r->alg_in, HIMPI_ALG_RABENSEIFNER);
    ck_assert_int_eq(r->segment_size, 8192);
    ck_assert_double_lt(r->time, 0);
    ck_assert_double_lt(r->flat_time, 0);
    ck_assert_double_lt(r->ci, 0);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(header_fields_optional_and_in_any_order)
{
    HiMPI_Table t = parse_ok(HEADER "date d\nppn 0\nhost h\n");
    ck_assert_str_eq(t.header.hosts, "h");
    ck_assert_str_eq(t.header.fp.mpi, "");
    ck_assert_str_eq(t.header.date, "d");
    ck_assert_int_eq(t.header.precision.min_reps, 0);
    ck_assert_uint_eq(t.nrows, 0);
    HiMPI_Table_free(&t);
    t = parse_ok(HEADER);
    ck_assert_uint_eq(t.nrows, 0);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(empty_file_is_empty_table)
{
    HiMPI_Table t;
    char err[64];
    HiMPI_Table_init(&t);
    ck_assert_int_eq(himpi_table_parse(NULL, 0, "t.conf", &t, err, sizeof err), 0);
    ck_assert_uint_eq(t.nrows, 0);
    ck_assert_int_eq(t.legacy, 0);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(dos_line_endings_accepted)
{
    HiMPI_Table t = parse_ok("himpi-table 1\r\nhost h \r\n"
                             "bcast 8 1024 native native 2 1 0 1e-5 - -\r\n");
    ck_assert_str_eq(t.header.hosts, "h");
    ck_assert_uint_eq(t.nrows, 1);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(strings_at_their_limits)
{
    char text[600];
    snprintf(text, sizeof text, HEADER "host %0255d\nmpi %0127d\ndate %031d\n", 0, 0, 0);
    HiMPI_Table t = parse_ok(text);
    ck_assert_uint_eq(strlen(t.header.hosts), 255);
    ck_assert_uint_eq(strlen(t.header.fp.mpi), 127);
    ck_assert_uint_eq(strlen(t.header.date), 31);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(longest_line_accepted)
{
    char *text = malloc(4096 + 32);
    strcpy(text, HEADER);
    size_t n = strlen(text);
    memset(text + n, '#', 4096);
    strcpy(text + n + 4096, "\n");
    HiMPI_Table t = parse_ok(text);
    HiMPI_Table_free(&t);
    free(text);
}
END_TEST

START_TEST(numbers_at_their_limits)
{
    HiMPI_Table t = parse_ok(HEADER "bcast 2147483647 2147483647 native native 2147483647 1 "
                                    "2147483647 0 0.0 1e300\n"
                                    "bcast 1 0 linear linear 1 1 0 -0 - 7\n");
    ck_assert_int_eq(t.rows[0].procs, 2147483647);
    ck_assert_int_eq(t.rows[0].msg_size, 2147483647);
    ck_assert_int_eq(t.rows[0].groups[0], 2147483647);
    ck_assert_int_eq(t.rows[0].segment_size, 2147483647);
    ck_assert_double_eq(t.rows[0].time, 0);
    ck_assert_double_eq(t.rows[1].time, 0);
    ck_assert_double_eq(t.rows[1].ci, 7);
    HiMPI_Table_free(&t);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* The original HiMPI's format                                               */
/* ------------------------------------------------------------------------ */

START_TEST(legacy_with_column_header)
{
    HiMPI_Table t = parse_ok("#num_procs\tnum_groups\tnum_levels\tmsg_size\talg_in\talg_out\t"
                             "op_id\n"
                             "16\t4\t1\t1024\t0\t0\t0\n"
                             "16 2 1 2048 1 3 0\n"
                             "\n"
                             "# a comment\n"
                             "8\t2\t1\t1024\t0\t0\t2\n");
    ck_assert_int_eq(t.legacy, 1);
    ck_assert_str_eq(t.header.hosts, "");
    ck_assert_uint_eq(t.nrows, 3);
    const HiMPI_Row *r = &t.rows[0];
    ck_assert_int_eq(r->op, HIMPI_OP_BCAST);
    ck_assert_int_eq(r->procs, 16);
    ck_assert_int_eq(r->groups[0], 4);
    ck_assert_int_eq(r->levels, 1);
    for (int i = 1; i < HIMPI_MAX_LEVELS; i++)
        ck_assert(r->groups[i] == 0 && r->hw[i] == 0);
    ck_assert_int_eq(r->msg_size, 1024);
    ck_assert_int_eq(r->segment_size, 0);
    ck_assert_double_lt(r->time, 0);
    ck_assert_double_lt(r->flat_time, 0);
    ck_assert_double_lt(r->ci, 0);
    /* alg_in comes before alg_out: 1 (lin) inside, 3 (flat) between. */
    ck_assert_int_eq(t.rows[1].alg_in, HIMPI_ALG_CHAIN);
    ck_assert_int_eq(t.rows[1].alg_out, HIMPI_ALG_LINEAR);
    ck_assert_int_eq(t.rows[2].op, HIMPI_OP_ALLREDUCE);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(legacy_detected_by_seven_integers)
{
    HiMPI_Table t = parse_ok("# no column header\n4 2 1 64 0 0 3\n4 2 1 64 0 0 4\n");
    ck_assert_int_eq(t.legacy, 1);
    ck_assert_uint_eq(t.nrows, 2);
    ck_assert_int_eq(t.rows[0].op, HIMPI_OP_SCATTER);
    ck_assert_int_eq(t.rows[1].op, HIMPI_OP_GATHER);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(legacy_column_header_only)
{
    HiMPI_Table t = parse_ok("#num_procs\tnum_groups\tnum_levels\tmsg_size\talg_in\talg_out\t"
                             "op_id\n");
    ck_assert_int_eq(t.legacy, 1);
    ck_assert_uint_eq(t.nrows, 0);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(legacy_bcast_algorithm_ids)
{
    const HiMPI_Alg want[] = {HIMPI_ALG_NATIVE,   HIMPI_ALG_CHAIN,
                              HIMPI_ALG_BINARY,   HIMPI_ALG_LINEAR,
                              HIMPI_ALG_BINOMIAL, HIMPI_ALG_SCATTER_RING_ALLGATHER,
                              HIMPI_ALG_SCATTER_RD_ALLGATHER, HIMPI_ALG_BINOMIAL,
                              HIMPI_ALG_PIPELINE};
    for (int id = 0; id < 9; id++) {
        char text[64];
        snprintf(text, sizeof text, "8 2 1 1024 %d %d 0\n", id, id);
        HiMPI_Table t = parse_ok(text);
        ck_assert_int_eq(t.rows[0].alg_in, want[id]);
        ck_assert_int_eq(t.rows[0].alg_out, want[id]);
        HiMPI_Table_free(&t);
    }
}
END_TEST

START_TEST(legacy_rejections)
{
    reject("8 2 1 1024 0 0 5\n", 1, "all operations");
    reject("8 2 1 1024 0 0 6\n", 1, "unknown op_id 6");
    reject("#num_procs\n8 2 1 1024 9 0 0\n", 2, "unknown algorithm id 9 for bcast");
    reject("8 2 1 1024 0 1 1\n", 1, "unknown algorithm id 1 for reduce");
    reject("8 2 1 1024 2 0 4\n", 1, "unknown algorithm id 2 for gather");
    reject("8 2 2 1024 0 0 0\n", 1, "levels 2 not supported in the original format");
    reject("8 2 -1 1024 0 0 0\n", 1, "num_levels '-1': out of range");
    reject("8 9 1 1024 0 0 0\n", 1, "groups 9 > procs 8");
    reject("8 0 1 1024 0 0 0\n", 1, "num_groups '0': out of range");
    reject("#num_procs\n8 2 1 1024 0 0\n", 2, "row has 6 fields, expected 7");
    reject("8 2 1 1024 0 0 0\n8 2 1 1024 0 x 0\n", 2, "alg_out 'x': non-numeric");
    reject("8 2 1 1024 0 0 0\n8 2 1 2147483648 0 0 0\n", 2, "msg_size '2147483648': out of range");
    reject("8 2 1 1024 0 0 0\n8 4 1 1024 0 0 0\n", 2,
           "duplicate row for bcast procs 8 size 1024 native/native (first at line 1)");
    /* binomial (4) and binomial_mpich (7) are the same HiMPI algorithm. */
    reject("8 2 1 1024 4 4 0\n8 2 1 1024 7 7 0\n", 2, "binomial/binomial (first at line 1)");
    reject("8 2 1 1024 0 0 0\n8 2 1 1024 0 0 1", 2, "truncated line");
    reject_len("8 2 1 1024 0 0 0\n8 2 1\0 1024 0 0 1\n",
               sizeof "8 2 1 1024 0 0 0\n8 2 1\0 1024 0 0 1\n" - 1, 2, "NUL byte");
    reject("#num_procs\nhimpi-table 1\n", 2, "row has 2 fields, expected 7");
    reject("#num_procs\nhimpi-table 2\n", 2, "row has 2 fields, expected 7");
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Rejections                                                                */
/* ------------------------------------------------------------------------ */

START_TEST(header_line_rejections)
{
    reject("hello\n", 1, "bad header: expected 'himpi-table 5'");
    reject("# comment\n\nhimpi-tables 1\n", 3, "bad header");
    reject("himpi-table 0\n", 1, "bad header");
    reject("himpi-table\n", 1, "bad header");
    reject("himpi-table 1 x\n", 1, "bad header");
    reject("himpi-table one\n", 1, "bad header");
    reject("himpi-table 6\n", 1, "table version 6 is newer than this HiMPI reads (5)");
    reject("himpi-table 2 1\n", 1, "bad header");
    reject("himpi-table 99999999999999999999\n", 1, "is newer");
    reject("# only comments\n\n", 2, "bad header");
    reject("\n", 1, "bad header");
    reject("1 2 3 4 5 6\n", 1, "bad header");
    reject(HEADER "himpi-table 2\n", 2, "'himpi-table' line repeated (first at line 1)");
    reject("#\n" HEADER1 "himpi-table 2\n", 3, "'himpi-table' line repeated (first at line 2)");
}
END_TEST

START_TEST(header_field_rejections)
{
    reject(HEADER "hosts a\n", 2, "unknown header field 'hosts'");
    reject(HEADER "host a\nhost b\n", 3, "duplicate header field 'host' (first at line 2)");
    reject(HEADER "ppn 1\nbcast 8 1024 native native 2 1 0 - - -\nppn 2\n", 4,
           "header field 'ppn' after the first row (line 3)");
    reject(HEADER "host\n", 2, "missing value for host");
    reject(HEADER "date   \t \n", 2, "missing value for date");
    reject(HEADER "mpi a\tb\x01\n", 2, "control character in mpi");
    char text[600];
    snprintf(text, sizeof text, HEADER "host %0256d\n", 0);
    reject(text, 2, "host value too long (256 bytes, at most 255)");
    snprintf(text, sizeof text, HEADER "mpi %0128d\n", 0);
    reject(text, 2, "mpi value too long");
    snprintf(text, sizeof text, HEADER "date %032d\n", 0);
    reject(text, 2, "date value too long");
    reject(HEADER "ppn four\n", 2, "ppn 'four': non-numeric field");
    reject(HEADER "ppn -1\n", 2, "ppn '-1': out of range");
    reject(HEADER "ppn 1 2\n", 2, "ppn takes 1 value, got 2");
    reject(HEADER "nodes x\n", 2, "nodes 'x': non-numeric field");
    reject(HEADER "placement round-robin\n", 2,
           "placement 'round-robin': unknown (block, cyclic or mixed)");
    reject(HEADER "placement block cyclic\n", 2, "placement takes 1 value, got 2");
    reject(HEADER "himpi\n", 2, "missing value for himpi");
    snprintf(text, sizeof text, HEADER "topology %096d\n", 0);
    reject(text, 2, "topology value too long (96 bytes, at most 95)");
    reject(HEADER "precision 5 100 0.95\n", 2, "precision takes 4 values");
    reject(HEADER "precision 0 100 0.95 0.025\n", 2, "invalid precision");
    reject(HEADER "precision 5 4 0.95 0.025\n", 2, "invalid precision");
    reject(HEADER "precision 5 100 1 0.025\n", 2, "invalid precision");
    reject(HEADER "precision 5 100 0.95 0\n", 2, "invalid precision");
    reject(HEADER "precision 5 100 0.95x 0.025\n", 2, "cl '0.95x': non-numeric field");
    reject(HEADER "precision 5 100 0.95 nan\n", 2, "eps 'nan': non-numeric field");
}
END_TEST

START_TEST(row_rejections)
{
    reject(HEADER ROW("bcast", "8 1024 native native 2 1 0 - -"), 2,
           "row has 10 fields, expected 11");
    reject(HEADER ROW("bcast", "8 1024 native native 2 1 0 - - - -"), 2,
           "row has 12 fields, expected 11");
    reject(HEADER ROW("alltoallw", "8 1024 native native 2 1 0 - - -"), 2,
           "unknown operation 'alltoallw'");
    reject(HEADER ROW("bcast", "0 1024 native native 1 1 0 - - -"), 2,
           "procs '0': out of range (1..2147483647)");
    reject(HEADER ROW("bcast", "8x 1024 native native 1 1 0 - - -"), 2,
           "procs '8x': non-numeric field");
    reject(HEADER ROW("bcast", "+8 1024 native native 1 1 0 - - -"), 2,
           "procs '+8': non-numeric field");
    reject(HEADER ROW("bcast", "-8 1024 native native 1 1 0 - - -"), 2,
           "procs '-8': out of range");
    reject(HEADER ROW("bcast", "2147483648 1024 native native 1 1 0 - - -"), 2,
           "procs '2147483648': out of range");
    reject(HEADER ROW("bcast", "99999999999999999999999 1024 native native 1 1 0 - - -"), 2,
           "out of range");
    reject(HEADER ROW("bcast", "8 2147483648 native native 1 1 0 - - -"), 2,
           "msg_size '2147483648': out of range (0..2147483647)");
    reject(HEADER ROW("bcast", "8 1e3 native native 1 1 0 - - -"), 2,
           "msg_size '1e3': non-numeric");
    reject(HEADER ROW("bcast", "8 1024 fast native 1 1 0 - - -"), 2,
           "alg_out: unknown algorithm 'fast'");
    reject(HEADER ROW("bcast", "8 1024 native ring 1 1 0 - - -"), 2,
           "alg_in: algorithm 'ring' does not exist for bcast");
    reject(HEADER ROW("allgather", "8 1024 linear native 1 1 0 - - -"), 2,
           "algorithm 'linear' does not exist for allgather");
    reject(HEADER ROW("bcast", "8 1024 native native 9 1 0 - - -"), 2, "groups 9 > procs 8");
    reject(HEADER ROW("bcast", "8 1024 native native 0 1 0 - - -"), 2,
           "groups '0': out of range");
    reject(HEADER ROW("bcast", "8 1024 native native 2 2 0 - - -"), 2,
           "levels 2 does not match the layout '2' (1 level)");
    reject(HEADER ROW("bcast", "8 1024 native native 2 0 0 - - -"), 2,
           "levels 0 does not match the layout '2' (1 level)");
    reject(HEADER1 ROW("bcast", "8 1024 native native 2 2 0 - - -"), 2,
           "levels 2 not supported in format version 1 (one level of groups)");
    reject(HEADER ROW("bcast", "8 1024 native native 2 1 -1 - - -"), 2,
           "segment '-1': out of range");
    reject(HEADER ROW("bcast", "8 1024 native native 2 1 0 fast - -"), 2,
           "time 'fast': non-numeric field");
    reject(HEADER ROW("bcast", "8 1024 native native 2 1 0 -1 - -"), 2,
           "time '-1': out of range");
    reject(HEADER ROW("bcast", "8 1024 native native 2 1 0 - inf -"), 2,
           "flat_time 'inf': non-numeric field");
    reject(HEADER ROW("bcast", "8 1024 native native 2 1 0 - - nan"), 2,
           "ci 'nan': non-numeric field");
    reject(HEADER ROW("bcast", "8 1024 native native 2 1 0 - - 1e999"), 2,
           "ci '1e999': out of range");
    reject(HEADER ROW("bcast", "8 1024 native native 2 1 0 - - 1,5"), 2,
           "ci '1,5': non-numeric");
}
END_TEST

/* Times, cl and eps in the decimal form the format documents, and
 * nothing else strtod would take. */
START_TEST(times_decimal_only)
{
    static const struct {
        const char *text;
        double value;
    } good[] = {{"2", 2},       {"0.25", 0.25}, {"1.5e-05", 1.5e-05}, {"1.5E+05", 1.5e+05},
                {".5", 0.5},    {"5.", 5},      {"0e0", 0},           {"007.50", 7.5},
                {"-0", 0}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        char text[128];
        snprintf(text, sizeof text, HEADER ROW("bcast", "8 1024 native native 2 1 0 %s - -"),
                 good[i].text);
        HiMPI_Table t = parse_ok(text);
        ck_assert_double_eq(t.rows[0].time, good[i].value);
        HiMPI_Table_free(&t);
    }
    const char *const bad[] = {"0x1p-3", "0X10",  "+1e-5", "+0",  "inf",  "-inf", "nan",
                               "infinity", "1e", "1e+",  "e5",  ".",    "-.",   "--1",
                               "1.5e-05x", "1e5.0", "1.2.3", "\v1", "1\f"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[128], reason[64];
        snprintf(text, sizeof text, HEADER ROW("bcast", "8 1024 native native 2 1 0 - %s -"),
                 bad[i]);
        snprintf(reason, sizeof reason, "flat_time '%s': non-numeric field", bad[i]);
        reject(text, 2, reason);
    }
    reject(HEADER "precision 5 100 0x1.ep-1 0.025\n", 2, "cl '0x1.ep-1': non-numeric field");
    reject(HEADER "precision 5 100 0.95 +0.025\n", 2, "eps '+0.025': non-numeric field");
    reject(HEADER ROW("bcast", "8 1024 native native 2 1 0 -1e-5 - -"), 2,
           "time '-1e-5': out of range (seconds >= 0, or '-')");
}
END_TEST

START_TEST(duplicate_rows)
{
    reject(HEADER "# rows\n" ROW("bcast", "8 1024 native native 2 1 0 - - -")
               ROW("bcast", "8 2048 native native 2 1 0 - - -")
               ROW("bcast", "8 1024 native native 4 1 0 1 - -"),
           5, "duplicate row for bcast procs 8 size 1024 native/native (first at line 3)");
    /* The first duplicate in file order is named, before a later error. */
    reject(HEADER ROW("bcast", "8 1 linear chain 2 1 0 - - -")
               ROW("bcast", "8 2 native native 2 1 0 - - -")
               ROW("bcast", "8 2 native native 2 1 0 - - -")
               ROW("bcast", "8 1 linear chain 2 1 0 - - -")
               ROW("bcast", "8 1 native native 9 1 0 - - -"),
           4, "size 2 native/native (first at line 3)");
    /* A different pair is a different key. */
    HiMPI_Table t = parse_ok(HEADER ROW("bcast", "8 1024 native native 2 1 0 - - -")
                                 ROW("bcast", "8 1024 native linear 2 1 0 - - -")
                                     ROW("reduce", "8 1024 native native 2 1 0 - - -"));
    ck_assert_uint_eq(t.nrows, 3);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(line_rejections)
{
    reject(HEADER "host h", 2, "truncated line (no newline at end of file)");
    reject("himpi-table 2", 1, "truncated line");
    reject(HEADER "   ", 2, "truncated line");
    reject_len(HEADER "host a\0b\n", sizeof HEADER "host a\0b\n" - 1, 2, "NUL byte");
    reject_len(HEADER "# \0\n", sizeof HEADER "# \0\n" - 1, 2, "NUL byte");
    reject(HEADER "host a\rb\n", 2, "carriage return inside a line");
    reject(HEADER "host a\r\r\n", 2, "carriage return");
    char *text = malloc(4097 + 32);
    strcpy(text, HEADER);
    size_t n = strlen(text);
    memset(text + n, '#', 4097);
    strcpy(text + n + 4097, "\n");
    reject(text, 2, "line longer than 4096 bytes");
    free(text);
}
END_TEST

START_TEST(error_buffer_is_bounded)
{
    HiMPI_Table t;
    char err[8] = "xxxxxxx";
    HiMPI_Table_init(&t);
    ck_assert_int_eq(himpi_table_parse("x\n", 2, "a-long-name", &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "a-long-");
    ck_assert_int_eq(himpi_table_parse("x\n", 2, "n", &t, NULL, 0), -1);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Fingerprints                                                              */
/* ------------------------------------------------------------------------ */

static const HiMPI_Fingerprint here = {"Open MPI v4.1.4", "0.2.0", 2, 8, "block",
                                       "00000000000000aa package:1 numa:1 core:8 pu:8"};

/* Each field, changed alone, is the one difference found and described. */
START_TEST(fingerprint_each_field_differs)
{
    struct {
        HiMPI_Fingerprint fp;
        unsigned bit;
        const char *says;
    } cases[] = {
        {here, HIMPI_FP_MPI, "MPI 'MPICH 4.0', here 'Open MPI v4.1.4'"},
        {here, HIMPI_FP_HIMPI, "HiMPI 0.1.0, here 0.2.0"},
        {here, HIMPI_FP_NODES, "nodes 4, here 2"},
        {here, HIMPI_FP_PPN, "4 processes a node, here 8"},
        {here, HIMPI_FP_PLACEMENT, "placement cyclic, here block"},
        {here, HIMPI_FP_TOPOLOGY, "topology '00000000000000bb package:2 numa:2 core:8 pu:16', "
                                  "here '00000000000000aa package:1 numa:1 core:8 pu:8'"},
    };
    strcpy(cases[0].fp.mpi, "MPICH 4.0");
    strcpy(cases[1].fp.himpi, "0.1.0");
    cases[2].fp.nodes = 4;
    cases[3].fp.ppn = 4;
    strcpy(cases[4].fp.placement, "cyclic");
    strcpy(cases[5].fp.topology, "00000000000000bb package:2 numa:2 core:8 pu:16");
    char what[512];
    ck_assert_uint_eq(HiMPI_Fingerprint_compare(&here, &here, what, sizeof what), 0);
    ck_assert_str_eq(what, "");
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        ck_assert_uint_eq(HiMPI_Fingerprint_compare(&cases[i].fp, &here, what, sizeof what),
                          cases[i].bit);
        ck_assert_str_eq(what, cases[i].says);
    }
    /* Two differences, both said; the answer without a buffer is the same. */
    HiMPI_Fingerprint two = here;
    two.nodes = 1;
    two.ppn = 16;
    ck_assert_uint_eq(HiMPI_Fingerprint_compare(&two, &here, what, sizeof what),
                      HIMPI_FP_NODES | HIMPI_FP_PPN);
    ck_assert_str_eq(what, "nodes 1, here 2; 16 processes a node, here 8");
    ck_assert_uint_eq(HiMPI_Fingerprint_compare(&two, &here, NULL, 0),
                      HIMPI_FP_NODES | HIMPI_FP_PPN);
    /* A short buffer is cut, not overrun. */
    char small[8];
    HiMPI_Fingerprint_compare(&two, &here, small, sizeof small);
    ck_assert_str_eq(small, "nodes 1");
}
END_TEST

/* Unknown fields on either side are not compared; the topology's digest
 * alone decides, not its summary. */
START_TEST(fingerprint_unknown_fields_agree)
{
    HiMPI_Fingerprint none = {0};
    ck_assert_uint_eq(HiMPI_Fingerprint_compare(&none, &here, NULL, 0), 0);
    ck_assert_uint_eq(HiMPI_Fingerprint_compare(&here, &none, NULL, 0), 0);
    HiMPI_Fingerprint part = here;
    part.nodes = part.ppn = 0;
    part.placement[0] = '\0';
    strcpy(part.topology, "00000000000000aa another summary");
    ck_assert_uint_eq(HiMPI_Fingerprint_compare(&part, &here, NULL, 0), 0);
    strcpy(part.topology, "00000000000000a");
    ck_assert_uint_eq(HiMPI_Fingerprint_compare(&part, &here, NULL, 0), HIMPI_FP_TOPOLOGY);
}
END_TEST

/* A version 3 table has no fingerprint: its mpi and ppn still read. */
START_TEST(fingerprint_of_older_tables)
{
    HiMPI_Table t = parse_ok(HEADER3 "mpi MPICH 4.0\nppn 4\n");
    ck_assert_str_eq(t.header.fp.mpi, "MPICH 4.0");
    ck_assert_int_eq(t.header.fp.ppn, 4);
    ck_assert_str_eq(t.header.fp.himpi, "");
    ck_assert_int_eq(t.header.fp.nodes, 0);
    HiMPI_Table_free(&t);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Formatting                                                                */
/* ------------------------------------------------------------------------ */

START_TEST(format_writes_sorted_current_format)
{
    HiMPI_Table t = parse_ok("8 2 1 2048 0 0 0\n"
                             "8 2 1 1024 0 0 1\n"
                             "4 2 1 1024 3 1 0\n"
                             "8 2 1 1024 0 0 0\n");
    char *text = HiMPI_Table_format(&t);
    ck_assert_str_eq(text, "himpi-table 5\n"
                           "# op  procs  msg_size  alg_out  alg_in  groups  levels  segment  "
                           "overlap  time  flat_time  ci  flat_ci  ratio  ratio_lo  ratio_hi  "
                           "verdict\n"
                           "bcast  4  1024  chain  linear  2  1  0  0  -  -  -  -  -  -  -  -\n"
                           "bcast  8  1024  native  native  2  1  0  0  -  -  -  -  -  -  -  -\n"
                           "bcast  8  2048  native  native  2  1  0  0  -  -  -  -  -  -  -  -\n"
                           "reduce  8  1024  native  native  2  1  0  0  -  -  -  -  -  -  -  -\n");
    free(text);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(format_header_and_numbers)
{
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    strcpy(t.header.hosts, "n1,n2");
    t.header.fp = (HiMPI_Fingerprint){"MPICH 4.0", "0.2.0", 3, 2, "cyclic",
                                      "0123456789abcdef package:1 numa:1 core:4 pu:8"};
    t.header.precision = (MPIB_precision){5, 100, 0.1 + 0.2, 0.025};
    strcpy(t.header.date, "2026-01-01T00:00:00Z");
    HiMPI_Row r = {HIMPI_OP_ALLREDUCE, 16, 65536, HIMPI_ALG_RING, HIMPI_ALG_RABENSEIFNER, 1, {4},
                   {0}, 4096, 1.5e-3, 2.25e-3, -1.0, 5e-6, 0.75, 0.5, 0.875, HIMPI_VERDICT_FASTER,
                   65536};
    ck_assert_int_eq(HiMPI_Table_put(&t, &r), 0);
    char *text = HiMPI_Table_format(&t);
    ck_assert_str_eq(text, "himpi-table 5\n"
                           "host      n1,n2\n"
                           "mpi       MPICH 4.0\n"
                           "himpi     0.2.0\n"
                           "nodes     3\n"
                           "ppn       2\n"
                           "placement cyclic\n"
                           "topology  0123456789abcdef package:1 numa:1 core:4 pu:8\n"
                           "precision 5 100 0.30000000000000004 0.025\n"
                           "date      2026-01-01T00:00:00Z\n"
                           "# op  procs  msg_size  alg_out  alg_in  groups  levels  segment  "
                           "overlap  time  flat_time  ci  flat_ci  ratio  ratio_lo  ratio_hi  "
                           "verdict\n"
                           "allreduce  16  65536  ring  rabenseifner  4  1  4096  65536  1.500000e-03  "
                           "2.250000e-03  -  5.000000e-06  7.500000e-01  5.000000e-01  "
                           "8.750000e-01  faster\n");
    HiMPI_Table back = parse_ok(text);
    ck_assert_double_eq(back.header.precision.cl, 0.1 + 0.2);
    ck_assert_str_eq(back.header.hosts, t.header.hosts);
    ck_assert_mem_eq(&back.header.fp, &t.header.fp, sizeof t.header.fp);
    ck_assert_int_eq(back.header.precision.min_reps, 5);
    ck_assert_int_eq(back.header.precision.max_reps, 100);
    ck_assert_double_eq(back.header.precision.eps, 0.025);
    ck_assert_str_eq(back.header.date, t.header.date);
    ck_assert_int_eq(back.nrows, 1);
    ck_assert_double_eq(back.rows[0].flat_ci, 5e-6);
    ck_assert_double_eq(back.rows[0].ratio, 0.75);
    ck_assert_double_eq(back.rows[0].ratio_lo, 0.5);
    ck_assert_double_eq(back.rows[0].ratio_hi, 0.875);
    ck_assert_int_eq(back.rows[0].verdict, HIMPI_VERDICT_FASTER);
    ck_assert_int_eq(back.rows[0].overlap, 65536);
    free(text);
    HiMPI_Table_free(&back);
    HiMPI_Table_free(&t);
}
END_TEST

static void assert_same_rows(const HiMPI_Row *a, const HiMPI_Row *b)
{
    ck_assert_int_eq(a->op, b->op);
    ck_assert_int_eq(a->procs, b->procs);
    ck_assert_int_eq(a->msg_size, b->msg_size);
    ck_assert_int_eq(a->alg_out, b->alg_out);
    ck_assert_int_eq(a->alg_in, b->alg_in);
    ck_assert_int_eq(a->levels, b->levels);
    for (int i = 0; i < HIMPI_MAX_LEVELS; i++) {
        ck_assert_int_eq(a->groups[i], b->groups[i]);
        ck_assert_int_eq(a->hw[i], b->hw[i]);
    }
    ck_assert_int_eq(a->segment_size, b->segment_size);
    ck_assert_int_eq(a->overlap, b->overlap);
    /* Times are written with 7 significant digits. */
    ck_assert_double_eq_tol(a->time, b->time, 1e-6 * fabs(a->time));
    ck_assert_double_eq_tol(a->flat_time, b->flat_time, 1e-6 * fabs(a->flat_time));
    ck_assert_double_eq_tol(a->ci, b->ci, 1e-6 * fabs(a->ci));
}

START_TEST(round_trip)
{
    const char *text = HEADER "host  a b\tc \nprecision 3 7 0.99 0.5\n"
                              ROW("gather", "12 64 binomial linear-sync 3 1 100 3.3e-6 - -")
                              ROW("bcast", "12 64 split-binary pipeline 12 1 0 0.25 0.5 1e-9")
                              ROW("bcast", "2 64 native native 1 1 0 - 1 -");
    HiMPI_Table t = parse_ok(text);
    char *once = HiMPI_Table_format(&t);
    HiMPI_Table back = parse_ok(once);
    char *twice = HiMPI_Table_format(&back);
    ck_assert_str_eq(once, twice);
    ck_assert_str_eq(back.header.hosts, "a b\tc");
    ck_assert_uint_eq(back.nrows, t.nrows);
    for (size_t i = 0; i < t.nrows; i++) {
        const HiMPI_Row *r = &t.rows[i];
        const HiMPI_Row *b =
            himpi_table_find(&back, r->op, r->procs, r->msg_size, r->alg_out, r->alg_in);
        ck_assert_ptr_nonnull(b);
        assert_same_rows(r, b);
    }
    free(once);
    free(twice);
    HiMPI_Table_free(&back);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(format_of_empty_table)
{
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    char *text = HiMPI_Table_format(&t);
    HiMPI_Table back = parse_ok(text);
    ck_assert_uint_eq(back.nrows, 0);
    ck_assert_str_eq(text, "himpi-table 5\n# op  procs  msg_size  alg_out  alg_in  groups  levels  "
                           "segment  overlap  time  flat_time  ci  flat_ci  ratio  ratio_lo  "
                           "ratio_hi  verdict\n");
    free(text);
    HiMPI_Table_free(&back);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Layouts (format version 2) and version 1                                  */
/* ------------------------------------------------------------------------ */

/* Asserts that r's layout formats as text and that its levels beyond the
 * layout's are zero. */
static void assert_layout(const HiMPI_Row *r, const char *text)
{
    char buf[128];
    int n = HiMPI_Row_layout(r, buf, sizeof buf);
    ck_assert_str_eq(buf, text);
    ck_assert_int_eq(n, (int)strlen(text));
    ck_assert_int_ge(r->levels, 1);
    ck_assert_int_le(r->levels, HIMPI_MAX_LEVELS);
    for (int i = r->levels; i < HIMPI_MAX_LEVELS; i++)
        ck_assert_msg(r->groups[i] == 0 && r->hw[i] == 0, "level %d of '%s' is not zero", i,
                      text);
}

START_TEST(layouts_of_every_form)
{
    HiMPI_Table t = parse_ok(HEADER "# layouts\n"
                             ROW("bcast", "8 1 native native 4 1 0 - - -")
                             ROW("bcast", "8 2 native native node 1 0 - - -")
                             ROW("bcast", "8 3 native native node/2 2 0 - - -")
                             ROW("bcast", "8 4 native native 2/3 2 0 - - -")
                             ROW("bcast", "8 5 native native node/package/core 3 0 - - -")
                             ROW("bcast", "8 6 native native numa/l3cache/l2cache/l1cache 4 0 "
                                          "- - -")
                             ROW("bcast", "8 7 native native 2/2/2/2/2/2/2/8 8 0 - - -")
                             ROW("bcast", "8 8 native native 8/node/1 3 0 - - -")
                             ROW("bcast", "8 9 native native 007 1 0 - - -"));
    ck_assert_uint_eq(t.nrows, 9);
    const HiMPI_Row *r = t.rows;
    ck_assert_int_eq(r[0].levels, 1);
    ck_assert_int_eq(r[0].groups[0], 4);
    ck_assert_int_eq(r[0].hw[0], 0);
    assert_layout(&r[0], "4");
    ck_assert_int_eq(r[1].levels, 1);
    ck_assert_int_eq(r[1].groups[0], 0);
    ck_assert_int_eq(r[1].hw[0], HIMPI_HW_NODE);
    assert_layout(&r[1], "node");
    ck_assert_int_eq(r[2].levels, 2);
    ck_assert_int_eq(r[2].groups[0], 0);
    ck_assert_int_eq(r[2].hw[0], HIMPI_HW_NODE);
    ck_assert_int_eq(r[2].groups[1], 2);
    ck_assert_int_eq(r[2].hw[1], 0);
    assert_layout(&r[2], "node/2");
    ck_assert_int_eq(r[3].levels, 2);
    ck_assert_int_eq(r[3].groups[0], 2);
    ck_assert_int_eq(r[3].groups[1], 3);
    assert_layout(&r[3], "2/3");
    ck_assert_int_eq(r[4].levels, 3);
    ck_assert_int_eq(r[4].hw[0], HIMPI_HW_NODE);
    ck_assert_int_eq(r[4].hw[1], HIMPI_HW_PACKAGE);
    ck_assert_int_eq(r[4].hw[2], HIMPI_HW_CORE);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(r[4].groups[i], 0);
    assert_layout(&r[4], "node/package/core");
    ck_assert_int_eq(r[5].levels, 4);
    ck_assert_int_eq(r[5].hw[0], HIMPI_HW_NUMA);
    ck_assert_int_eq(r[5].hw[1], HIMPI_HW_L3);
    ck_assert_int_eq(r[5].hw[2], HIMPI_HW_L2);
    ck_assert_int_eq(r[5].hw[3], HIMPI_HW_L1);
    assert_layout(&r[5], "numa/l3cache/l2cache/l1cache");
    ck_assert_int_eq(r[6].levels, HIMPI_MAX_LEVELS);
    ck_assert_int_eq(r[6].groups[7], 8);
    assert_layout(&r[6], "2/2/2/2/2/2/2/8");
    ck_assert_int_eq(r[7].groups[0], 8);
    ck_assert_int_eq(r[7].hw[1], HIMPI_HW_NODE);
    ck_assert_int_eq(r[7].groups[2], 1);
    assert_layout(&r[7], "8/node/1");
    assert_layout(&r[8], "7");
    /* Rows are compared and broadcast as bytes: a parsed row equals one
     * built from zeros. */
    HiMPI_Row want;
    memset(&want, 0, sizeof want);
    want.op = HIMPI_OP_BCAST;
    want.procs = 8;
    want.msg_size = 3;
    want.alg_out = want.alg_in = HIMPI_ALG_NATIVE;
    want.levels = 2;
    want.hw[0] = HIMPI_HW_NODE;
    want.groups[1] = 2;
    want.time = want.flat_time = want.ci = -1.0;
    want.flat_ci = want.ratio = want.ratio_lo = want.ratio_hi = -1.0;
    ck_assert_int_eq(memcmp(&want, &r[2], sizeof want), 0);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(every_hardware_level_name)
{
    const char *names[] = {"node", "package", "numa", "l3cache", "l2cache", "l1cache", "core"};
    const HiMPI_Hwlevel levels[] = {HIMPI_HW_NODE, HIMPI_HW_PACKAGE, HIMPI_HW_NUMA, HIMPI_HW_L3,
                                    HIMPI_HW_L2,   HIMPI_HW_L1,      HIMPI_HW_CORE};
    for (int k = 0; k < 7; k++) {
        char text[128];
        snprintf(text, sizeof text, HEADER "scatter 4 0 linear linear %s 1 0 - - -\n", names[k]);
        HiMPI_Table t = parse_ok(text);
        ck_assert_int_eq(t.rows[0].groups[0], 0);
        ck_assert_int_eq(t.rows[0].hw[0], levels[k]);
        assert_layout(&t.rows[0], names[k]);
        HiMPI_Table_free(&t);
    }
}
END_TEST

START_TEST(layout_rejections)
{
    /* Empty levels. */
    reject(HEADER ROW("bcast", "8 1024 native native 2//3 3 0 - - -"), 2,
           "groups '2//3': level 2 is empty");
    reject(HEADER ROW("bcast", "8 1024 native native /2 2 0 - - -"), 2,
           "groups '/2': level 1 is empty");
    reject(HEADER ROW("bcast", "8 1024 native native node/ 2 0 - - -"), 2,
           "groups 'node/': level 2 is empty");
    reject(HEADER ROW("bcast", "8 1024 native native / 2 0 - - -"), 2,
           "groups '/': level 1 is empty");
    /* Unknown level names. */
    reject(HEADER ROW("bcast", "8 1024 native native socket 1 0 - - -"), 2,
           "groups 'socket': unknown level 'socket' (a group count or one of node, package, "
           "numa, l3cache, l2cache, l1cache, core)");
    reject(HEADER ROW("bcast", "8 1024 native native node/Core 2 0 - - -"), 2,
           "groups 'node/Core': unknown level 'Core'");
    reject(HEADER ROW("bcast", "8 1024 native native nodes 1 0 - - -"), 2,
           "unknown level 'nodes'");
    reject(HEADER ROW("bcast", "8 1024 native native 2x 1 0 - - -"), 2, "unknown level '2x'");
    reject(HEADER ROW("bcast", "8 1024 native native +2 1 0 - - -"), 2, "unknown level '+2'");
    reject(HEADER ROW("bcast", "8 1024 native native 2/node-local 2 0 - - -"), 2,
           "unknown level 'node-local'");
    reject(HEADER ROW("bcast", "8 1024 native native 2/l3cachel3cachel3cache 2 0 - - -"), 2,
           "unknown level 'l3cachel3cachel3cache'");
    /* g out of 1..procs. */
    reject(HEADER ROW("bcast", "8 1024 native native 9 1 0 - - -"), 2, "groups 9 > procs 8");
    reject(HEADER ROW("bcast", "8 1024 native native 2147483647 1 0 - - -"), 2,
           "groups 2147483647 > procs 8");
    reject(HEADER ROW("bcast", "8 1024 native native 0 1 0 - - -"), 2,
           "groups '0': out of range (1..8)");
    reject(HEADER ROW("bcast", "8 1024 native native -1 1 0 - - -"), 2,
           "groups '-1': out of range (1..8)");
    reject(HEADER ROW("bcast", "8 1024 native native 99999999999999999999 1 0 - - -"), 2,
           "groups '99999999999999999999': out of range (1..8)");
    reject(HEADER ROW("bcast", "8 1024 native native node/9 2 0 - - -"), 2,
           "groups 'node/9': level 2: 9 out of range (1..8)");
    reject(HEADER ROW("bcast", "8 1024 native native 0/node 2 0 - - -"), 2,
           "groups '0/node': level 1: 0 out of range (1..8)");
    reject(HEADER ROW("bcast", "8 1024 native native 2/-3 2 0 - - -"), 2,
           "groups '2/-3': level 2: -3 out of range (1..8)");
    reject(HEADER ROW("bcast", "8 1024 native native 2/2147483648 2 0 - - -"), 2,
           "level 2: 2147483648 out of range (1..8)");
    /* More than HIMPI_MAX_LEVELS levels. */
    reject(HEADER ROW("bcast", "8 1024 native native 1/1/1/1/1/1/1/1/1 9 0 - - -"), 2,
           "groups '1/1/1/1/1/1/1/1/1': 9 levels, more than 8");
    reject(HEADER ROW("bcast", "8 1024 native native ////////// 11 0 - - -"), 2,
           "11 levels, more than 8");
    /* levels must count the layout's levels. */
    reject(HEADER ROW("bcast", "8 1024 native native node/2 1 0 - - -"), 2,
           "levels 1 does not match the layout 'node/2' (2 levels)");
    reject(HEADER ROW("bcast", "8 1024 native native node 2 0 - - -"), 2,
           "levels 2 does not match the layout 'node' (1 level)");
    reject(HEADER ROW("bcast", "8 1024 native native 2/2/2/2/2/2/2/2 9 0 - - -"), 2,
           "levels 9 does not match the layout '2/2/2/2/2/2/2/2' (8 levels)");
    reject(HEADER ROW("bcast", "8 1024 native native 2/2 x 0 - - -"), 2,
           "levels 'x': non-numeric field");
    /* Later lines are named by their number. */
    reject(HEADER "host h\n"
           ROW("bcast", "8 1 native native node/2 2 0 - - -")
           "\n# next\n"
           ROW("bcast", "8 2 native native node/package/l4cache 3 0 - - -"),
           6, "unknown level 'l4cache'");
    reject(HEADER ROW("bcast", "8 1 native native node/2 2 0 - - -")
           ROW("bcast", "8 2 native native node/2 3 0 - - -"),
           3, "levels 3 does not match");
}
END_TEST

START_TEST(version_1_still_read)
{
    HiMPI_Table t = parse_ok("# an older table\n" HEADER1 "host h\n"
                             ROW("bcast", "8 1024 native native 2 1 0 1e-5 - -")
                             ROW("reduce", "16 0 binary binary 16 1 0 - - -"));
    ck_assert_uint_eq(t.nrows, 2);
    ck_assert_int_eq(t.legacy, 0);
    ck_assert_str_eq(t.header.hosts, "h");
    assert_layout(&t.rows[0], "2");
    assert_layout(&t.rows[1], "16");
    char *text = HiMPI_Table_format(&t);
    ck_assert_str_eq(text, "himpi-table 5\n"
                           "host      h\n"
                           "# op  procs  msg_size  alg_out  alg_in  groups  levels  segment  "
                           "overlap  time  flat_time  ci  flat_ci  ratio  ratio_lo  ratio_hi  "
                           "verdict\n"
                           "bcast  8  1024  native  native  2  1  0  0  1.000000e-05  -  -  -  -  -  -  -\n"
                           "reduce  16  0  binary  binary  16  1  0  0  -  -  -  -  -  -  -  -\n");
    free(text);
    HiMPI_Table_free(&t);
}
END_TEST

/* Version 3 rows have 16 fields, version 2 rows 11; a verdict is one of
 * six names and a ratio lies in its interval. */
START_TEST(version_3_rows)
{
    HiMPI_Table t = parse_ok(HEADER3
        ROW("bcast", "8 1024 native native 2 1 0 1e-5 2e-5 1e-7 2e-7 0.5 0.25 0.75 faster")
        ROW("bcast", "8 2048 native native 1 1 0 - - - - 1 1 1 native")
        ROW("bcast", "8 4096 linear linear 2 1 0 - - - - - - - -"));
    ck_assert_int_eq(t.nrows, 3);
    ck_assert_double_eq(t.rows[0].flat_ci, 2e-7);
    ck_assert_double_eq(t.rows[0].ratio, 0.5);
    ck_assert_int_eq(t.rows[0].verdict, HIMPI_VERDICT_FASTER);
    ck_assert_int_eq(t.rows[1].verdict, HIMPI_VERDICT_NATIVE);
    ck_assert_int_eq(t.rows[2].verdict, HIMPI_VERDICT_UNKNOWN);
    ck_assert(t.rows[2].ratio < 0 && t.rows[2].flat_ci < 0);
    HiMPI_Table_free(&t);
    const char *names[] = {"-", "faster", "n.s.", "small", "slower", "native"};
    for (int v = 0; v < HIMPI_VERDICT_COUNT; v++) {
        HiMPI_Verdict back;
        ck_assert_str_eq(HiMPI_Verdict_name((HiMPI_Verdict)v), names[v]);
        ck_assert_int_eq(HiMPI_Verdict_from_name(names[v], &back), MPI_SUCCESS);
        ck_assert_int_eq(back, v);
    }
    ck_assert_ptr_null(HiMPI_Verdict_name(HIMPI_VERDICT_COUNT));
    reject(HEADER3 ROW("bcast", "8 1024 native native 2 1 0 - - -"), 2,
           "row has 11 fields, expected 16 (op procs msg_size alg_out alg_in groups levels "
           "segment time flat_time ci flat_ci ratio ratio_lo ratio_hi verdict)");
    reject(HEADER ROW("bcast", "8 1024 native native 2 1 0 - - - - - - - -"), 2,
           "row has 16 fields, expected 11");
    reject(HEADER3 ROW("bcast", "8 1024 native native 2 1 0 - - - - 0.5 0.6 0.7 faster"), 2,
           "ratio 0.5 outside its interval [0.6, 0.7]");
    reject(HEADER3 ROW("bcast", "8 1024 native native 2 1 0 - - - - 0.5 0.4 0.7 better"), 2,
           "unknown verdict 'better' (faster, n.s., small, slower, native or -)");
    reject(HEADER3 ROW("bcast", "8 1024 native native 2 1 0 - - - - -0.5 - - n.s."), 2,
           "ratio '-0.5': out of range");
    reject(HEADER3 ROW("bcast", "8 1024 native native 2 1 0 - - - x - - - n.s."), 2,
           "flat_ci");
}
END_TEST

START_TEST(version_1_rejects_layouts)
{
    reject(HEADER1 ROW("bcast", "8 1024 native native node 1 0 - - -"), 2,
           "groups 'node': a hardware level needs format version 2 (this file is version 1)");
    reject(HEADER1 ROW("bcast", "8 1 native native 2 1 0 - - -")
               ROW("bcast", "8 1024 native native core 1 0 - - -"),
           3, "groups 'core': a hardware level needs format version 2");
    reject(HEADER1 ROW("bcast", "8 1024 native native 2/2 2 0 - - -"), 2,
           "groups '2/2': a layout of several levels needs format version 2 (this file is "
           "version 1)");
    reject(HEADER1 ROW("bcast", "8 1024 native native node/2 2 0 - - -"), 2,
           "several levels needs format version 2");
    reject(HEADER1 ROW("bcast", "8 1024 native native socket 1 0 - - -"), 2,
           "groups 'socket': non-numeric field");
    reject(HEADER1 ROW("bcast", "8 1024 native native 9 1 0 - - -"), 2, "groups 9 > procs 8");
    reject(HEADER1 ROW("bcast", "8 1024 native native 0 1 0 - - -"), 2,
           "groups '0': out of range");
    reject(HEADER1 ROW("bcast", "8 1024 native native 2 0 0 - - -"), 2,
           "levels 0 not supported in format version 1");
}
END_TEST

START_TEST(round_trip_layouts)
{
    const char *text = HEADER ROW("allgather", "64 8 ring recursive-doubling node/4/core 3 0 "
                                               "1e-4 2e-4 -")
                           ROW("bcast", "64 8 binomial binomial 2/2/2/2/2/2/2/2 8 0 - - -")
                           ROW("bcast", "64 8 native native node 1 0 3e-5 - -")
                           ROW("bcast", "64 16 native native 4 1 0 - - -")
                           ROW("reduce", "64 8 native native numa/l2cache 2 1024 - - -");
    HiMPI_Table t = parse_ok(text);
    char *once = HiMPI_Table_format(&t);
    ck_assert_str_eq(once, "himpi-table 5\n"
                           "# op  procs  msg_size  alg_out  alg_in  groups  levels  segment  "
                           "overlap  time  flat_time  ci  flat_ci  ratio  ratio_lo  ratio_hi  "
                           "verdict\n"
                           "bcast  64  8  native  native  node  1  0  0  3.000000e-05  -  -  -  -  -  -  -\n"
                           "bcast  64  8  binomial  binomial  2/2/2/2/2/2/2/2  8  0  0  -  -  -  -  -  -  -  -\n"
                           "bcast  64  16  native  native  4  1  0  0  -  -  -  -  -  -  -  -\n"
                           "reduce  64  8  native  native  numa/l2cache  2  1024  0  -  -  -  -  -  -  -  -\n"
                           "allgather  64  8  ring  recursive-doubling  node/4/core  3  0  0  "
                           "1.000000e-04  2.000000e-04  -  -  -  -  -  -\n");
    HiMPI_Table back = parse_ok(once);
    char *twice = HiMPI_Table_format(&back);
    ck_assert_str_eq(once, twice);
    ck_assert_uint_eq(back.nrows, t.nrows);
    for (size_t i = 0; i < t.nrows; i++) {
        const HiMPI_Row *r = &t.rows[i];
        const HiMPI_Row *b =
            himpi_table_find(&back, r->op, r->procs, r->msg_size, r->alg_out, r->alg_in);
        ck_assert_ptr_nonnull(b);
        assert_same_rows(r, b);
    }
    free(once);
    free(twice);
    HiMPI_Table_free(&back);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(row_plan)
{
    HiMPI_Table t = parse_ok(HEADER ROW("allreduce", "16 64 ring rabenseifner node/4/core 3 "
                                                      "4096 - - -")
                                 ROW("bcast", "16 64 binomial chain 2 1 0 - - -"));
    HiMPI_Plan plan;
    memset(&plan, 0xff, sizeof plan);
    HiMPI_Row_plan(&t.rows[0], &plan);
    ck_assert_int_eq(plan.nlevels, 3);
    ck_assert_int_eq(plan.level[0].groups, 0);
    ck_assert_int_eq(plan.level[0].hw, HIMPI_HW_NODE);
    ck_assert_int_eq(plan.level[1].groups, 4);
    ck_assert_int_eq(plan.level[1].hw, 0);
    ck_assert_int_eq(plan.level[2].groups, 0);
    ck_assert_int_eq(plan.level[2].hw, HIMPI_HW_CORE);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(plan.level[i].alg, HIMPI_ALG_RING);
    ck_assert_int_eq(plan.alg_in, HIMPI_ALG_RABENSEIFNER);
    ck_assert_int_eq(plan.segment_size, 4096);
    for (int i = 3; i < HIMPI_MAX_LEVELS; i++)
        ck_assert(plan.level[i].groups == 0 && plan.level[i].hw == 0 && plan.level[i].alg == 0);
    /* One level: HiMPI_Params {g, alg_out, alg_in, segment} as a plan. */
    memset(&plan, 0xff, sizeof plan);
    HiMPI_Row_plan(&t.rows[1], &plan);
    ck_assert_int_eq(plan.nlevels, 1);
    ck_assert_int_eq(plan.level[0].groups, 2);
    ck_assert_int_eq(plan.level[0].hw, 0);
    ck_assert_int_eq(plan.level[0].alg, HIMPI_ALG_BINOMIAL);
    ck_assert_int_eq(plan.alg_in, HIMPI_ALG_CHAIN);
    ck_assert_int_eq(plan.segment_size, 0);
    HiMPI_Plan zero;
    memset(&zero, 0, sizeof zero);
    ck_assert_int_eq(memcmp(&plan.level[1], &zero.level[1],
                            (HIMPI_MAX_LEVELS - 1) * sizeof plan.level[0]),
                     0);
    /* A hand-built row's levels stay within the plan's. */
    HiMPI_Row r = t.rows[1];
    r.levels = HIMPI_MAX_LEVELS + 5;
    HiMPI_Row_plan(&r, &plan);
    ck_assert_int_eq(plan.nlevels, HIMPI_MAX_LEVELS);
    r.levels = -1;
    HiMPI_Row_plan(&r, &plan);
    ck_assert_int_eq(plan.nlevels, 0);
    ck_assert_int_eq(plan.alg_in, HIMPI_ALG_CHAIN);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(layout_format)
{
    HiMPI_Row r;
    memset(&r, 0, sizeof r);
    r.levels = 2;
    r.hw[0] = HIMPI_HW_NODE;
    r.groups[1] = 2;
    char buf[64];
    ck_assert_int_eq(HiMPI_Row_layout(&r, buf, sizeof buf), 6);
    ck_assert_str_eq(buf, "node/2");
    /* Like snprintf: truncated, NUL-terminated, the full length returned. */
    memset(buf, 'x', sizeof buf);
    ck_assert_int_eq(HiMPI_Row_layout(&r, buf, 4), 6);
    ck_assert_str_eq(buf, "nod");
    ck_assert_int_eq(HiMPI_Row_layout(&r, buf, 5), 6);
    ck_assert_str_eq(buf, "node");
    ck_assert_int_eq(HiMPI_Row_layout(&r, buf, 6), 6);
    ck_assert_str_eq(buf, "node/");
    ck_assert_int_eq(HiMPI_Row_layout(&r, NULL, 0), 6);
    r.levels = 1;
    r.groups[0] = 2147483647;
    ck_assert_int_eq(HiMPI_Row_layout(&r, buf, sizeof buf), 10);
    ck_assert_str_eq(buf, "2147483647");
    r.levels = HIMPI_MAX_LEVELS;
    for (int i = 0; i < HIMPI_MAX_LEVELS; i++) {
        r.groups[i] = 0;
        r.hw[i] = (HiMPI_Hwlevel)(i % HIMPI_HW_COUNT);
    }
    ck_assert_int_eq(HiMPI_Row_layout(&r, buf, sizeof buf),
                     (int)strlen("node/package/numa/l3cache/l2cache/l1cache/core/node"));
    ck_assert_str_eq(buf, "node/package/numa/l3cache/l2cache/l1cache/core/node");
    /* Invalid values of a hand-built row show, and fail to parse. */
    r.levels = 2;
    r.groups[0] = -5;
    r.hw[1] = HIMPI_HW_COUNT;
    HiMPI_Row_layout(&r, buf, sizeof buf);
    ck_assert_str_eq(buf, "-5/invalid");
    r.levels = 0;
    HiMPI_Row_layout(&r, buf, sizeof buf);
    ck_assert_str_eq(buf, "invalid");
    r.levels = HIMPI_MAX_LEVELS + 1;
    HiMPI_Row_layout(&r, buf, sizeof buf);
    ck_assert_str_eq(buf, "invalid");
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    r.op = HIMPI_OP_BCAST;
    r.procs = 8;
    r.levels = 2;
    ck_assert_int_eq(HiMPI_Table_put(&t, &r), 0);
    char *text = HiMPI_Table_format(&t);
    ck_assert_ptr_nonnull(strstr(text, "bcast  8  0  native  native  -5/invalid  2  0"));
    HiMPI_Table back;
    char err[256];
    HiMPI_Table_init(&back);
    ck_assert_int_eq(himpi_table_parse(text, strlen(text), "t.conf", &back, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "groups '-5/invalid'"));
    free(text);
    HiMPI_Table_free(&t);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Editing                                                                   */
/* ------------------------------------------------------------------------ */

static HiMPI_Row row(HiMPI_Op op, int procs, long long size, HiMPI_Alg out, HiMPI_Alg in,
                     int groups, double time)
{
    HiMPI_Row r = {op,  procs, size, out,  in,   1,    {groups}, {0}, 0,
                   time, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0, HIMPI_VERDICT_UNKNOWN, 0};
    return r;
}

START_TEST(put_adds_and_replaces)
{
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    for (int i = 0; i < 100; i++) {
        HiMPI_Row r = row(HIMPI_OP_BCAST, 8, i, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 2, i);
        ck_assert_int_eq(HiMPI_Table_put(&t, &r), 0);
    }
    ck_assert_uint_eq(t.nrows, 100);
    HiMPI_Row r = row(HIMPI_OP_BCAST, 8, 42, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 4, 0.5);
    ck_assert_int_eq(HiMPI_Table_put(&t, &r), 0);
    ck_assert_uint_eq(t.nrows, 100);
    ck_assert_int_eq(t.rows[42].groups[0], 4);
    t.rows[0].groups[0] = 8;
    ck_assert_int_eq(HiMPI_Table_put(&t, &t.rows[0]), 0);
    ck_assert_uint_eq(t.nrows, 100);
    ck_assert_int_eq(t.rows[0].groups[0], 8);
    /* The layout is not part of the key. */
    HiMPI_Row deeper = t.rows[0];
    deeper.levels = 2;
    deeper.groups[0] = 0;
    deeper.hw[0] = HIMPI_HW_NODE;
    deeper.groups[1] = 2;
    ck_assert_int_eq(HiMPI_Table_put(&t, &deeper), 0);
    ck_assert_uint_eq(t.nrows, 100);
    ck_assert_int_eq(t.rows[0].levels, 2);
    ck_assert_int_eq(t.rows[0].groups[1], 2);
    HiMPI_Row fresh = t.rows[1];
    fresh.procs = 9;
    ck_assert_int_eq(HiMPI_Table_put(&t, &fresh), 0);
    ck_assert_uint_eq(t.nrows, 101);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(find_by_key)
{
    HiMPI_Table t = parse_ok(HEADER ROW("bcast", "8 1024 native native 2 1 0 - - -")
                                 ROW("bcast", "8 1024 linear native 4 1 0 - - -"));
    const HiMPI_Row *r =
        himpi_table_find(&t, HIMPI_OP_BCAST, 8, 1024, HIMPI_ALG_LINEAR, HIMPI_ALG_NATIVE);
    ck_assert_ptr_eq(r, &t.rows[1]);
    ck_assert_ptr_null(
        himpi_table_find(&t, HIMPI_OP_BCAST, 8, 1024, HIMPI_ALG_NATIVE, HIMPI_ALG_LINEAR));
    ck_assert_ptr_null(
        himpi_table_find(&t, HIMPI_OP_REDUCE, 8, 1024, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE));
    ck_assert_ptr_null(
        himpi_table_find(&t, HIMPI_OP_BCAST, 4, 1024, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE));
    ck_assert_ptr_null(
        himpi_table_find(&t, HIMPI_OP_BCAST, 8, 2048, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE));
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(merge_replaces_and_adds)
{
    HiMPI_Table dst = parse_ok(HEADER "host old\nppn 2\n"
                               ROW("bcast", "8 1 native native 2 1 0 1 - -")
                               ROW("bcast", "8 2 native native 2 1 0 2 - -")
                               ROW("reduce", "8 1 native native 2 1 0 3 - -"));
    HiMPI_Table src = parse_ok(HEADER "host new\n"
                               ROW("bcast", "8 2 native native 4 1 0 5 - -")
                               ROW("scatter", "8 1 native native 2 1 0 6 - -")
                               ROW("bcast", "16 1 native native 2 1 0 7 - -"));
    ck_assert_int_eq(himpi_table_merge(&dst, &src), 0);
    ck_assert_uint_eq(dst.nrows, 5);
    ck_assert_str_eq(dst.header.hosts, "new");
    ck_assert_int_eq(dst.header.fp.ppn, 0);
    ck_assert_double_eq(dst.rows[0].time, 1);
    ck_assert_double_eq(dst.rows[1].time, 5);
    ck_assert_int_eq(dst.rows[1].groups[0], 4);
    ck_assert_double_eq(dst.rows[2].time, 3);
    ck_assert_double_eq(dst.rows[3].time, 6); /* added in src's order */
    ck_assert_double_eq(dst.rows[4].time, 7);
    /* Merging again changes nothing. */
    ck_assert_int_eq(himpi_table_merge(&dst, &src), 0);
    ck_assert_uint_eq(dst.nrows, 5);
    HiMPI_Table_free(&src);
    HiMPI_Table_free(&dst);
}
END_TEST

START_TEST(merge_later_src_row_wins)
{
    HiMPI_Table dst, src;
    HiMPI_Table_init(&dst);
    HiMPI_Table_init(&src);
    /* put keeps keys unique; a table filled by hand need not. */
    ck_assert_int_eq(himpi_table_merge(&dst, &src), 0);
    ck_assert_uint_eq(dst.nrows, 0);
    src.rows = malloc(2 * sizeof *src.rows);
    src.cap = src.nrows = 2;
    src.rows[0] = row(HIMPI_OP_BCAST, 4, 1, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 2, 1);
    src.rows[1] = row(HIMPI_OP_BCAST, 4, 1, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 2, 2);
    ck_assert_int_eq(himpi_table_merge(&dst, &src), 0);
    ck_assert_uint_eq(dst.nrows, 1);
    ck_assert_double_eq(dst.rows[0].time, 2);
    HiMPI_Table_free(&src);
    HiMPI_Table_free(&dst);
}
END_TEST

/* Rows of bcast on 64 processes at sizes first .. first + n - 1. */
static HiMPI_Table sizes(long long first, size_t n, double time)
{
    HiMPI_Table t;
    HiMPI_Table_init(&t);
    t.rows = malloc(n * sizeof *t.rows);
    ck_assert_ptr_nonnull(t.rows);
    t.cap = t.nrows = n;
    for (size_t i = 0; i < n; i++)
        t.rows[i] = row(HIMPI_OP_BCAST, 64, first + (long long)i, HIMPI_ALG_NATIVE,
                        HIMPI_ALG_NATIVE, 8, time);
    return t;
}

START_TEST(merge_large_tables)
{
    HiMPI_Table a = sizes(0, 200000, 1), b = sizes(100000, 200000, 2);
    ck_assert_int_eq(himpi_table_merge(&a, &b), 0);
    ck_assert_uint_eq(a.nrows, 300000);
    ck_assert_double_eq(a.rows[99999].time, 1);
    ck_assert_double_eq(a.rows[100000].time, 2);
    ck_assert_int_eq(a.rows[299999].msg_size, 299999);
    HiMPI_Table_free(&a);
    HiMPI_Table_free(&b);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Lookup                                                                    */
/* ------------------------------------------------------------------------ */

/* bcast tabulated at 8 and 16 processes (and 64), sizes 1K and 64K. */
static const char *const lookup_table =
    HEADER ROW("bcast", "8 1024 native native 2 1 0 1e-5 - -")
    ROW("bcast", "8 65536 binomial binomial 4 1 0 1e-4 - -")
    ROW("bcast", "16 1024 native native 4 1 0 1e-5 - -")
    ROW("bcast", "16 65536 native native 16 1 0 1e-4 - -")
    ROW("bcast", "64 1024 native native 1 1 0 1e-5 - -")
    ROW("reduce", "8 1024 native native 2 1 0 - - -");

static himpi_plan lookup(const himpi_index *ix, HiMPI_Op op, int p, long long size)
{
    himpi_plan plan;
    memset(&plan, 0xff, sizeof plan);
    ck_assert_int_eq(himpi_index_lookup(ix, op, p, size, &plan), 1);
    return plan;
}

START_TEST(lookup_process_counts)
{
    HiMPI_Table t = parse_ok(lookup_table);
    himpi_index *ix = himpi_index_build(&t);
    HiMPI_Table_free(&t); /* the index keeps nothing of the table */
    ck_assert_ptr_nonnull(ix);
    himpi_plan p = lookup(ix, HIMPI_OP_BCAST, 8, 1024);
    ck_assert_int_eq(p.table_procs, 8);
    ck_assert_int_eq(p.table_msg_size, 1024);
    ck_assert_int_eq(p.plan.nlevels, 1);
    ck_assert_int_eq(p.plan.level[0].groups, 2);
    ck_assert_int_eq(p.plan.level[0].alg, HIMPI_ALG_NATIVE);
    ck_assert_int_eq(p.plan.alg_in, HIMPI_ALG_NATIVE);
    ck_assert_int_eq(p.plan.segment_size, 0);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 16, 1024).table_procs, 16);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 11, 1024).table_procs, 8);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 13, 1024).table_procs, 16);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 12, 1024).table_procs, 8); /* tie: smaller */
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 40, 1024).table_procs, 16); /* tie again */
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 41, 1024).table_procs, 64);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 1, 1024).table_procs, 8);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 2147483647, 1024).table_procs, 64);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_REDUCE, 1000, 0).table_procs, 8);
    himpi_index_free(ix);
}
END_TEST

START_TEST(lookup_scales_groups)
{
    HiMPI_Table t = parse_ok(lookup_table);
    himpi_index *ix = himpi_index_build(&t);
    /* g = 1 stays 1, g = table_procs becomes p. */
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 100, 1024).plan.level[0].groups, 1);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 20, 65536).plan.level[0].groups, 20);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 14, 65536).plan.level[0].groups, 14);
    /* round(2 * sqrt(11 / 8)) = round(2.345) = 2; round(4 * sqrt(20 / 16)) = 4.47 -> 4;
     * round(4 * sqrt(24 / 16)) = round(4.899) = 5. */
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 11, 1024).plan.level[0].groups, 2);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 20, 1024).plan.level[0].groups, 4);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 24, 1024).plan.level[0].groups, 5);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 14, 1024).plan.level[0].groups, 4);
    /* round(4 * sqrt(1 / 8)) = round(1.414) = 1; round(2 * sqrt(2 / 8)) = 1;
     * round(4 * sqrt(4 / 8)) = round(2.83) = 3. */
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 1, 65536).plan.level[0].groups, 1);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 2, 1024).plan.level[0].groups, 1);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 4, 65536).plan.level[0].groups, 3);
    himpi_index_free(ix);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(lookup_clamps_groups)
{
    HiMPI_Table t = parse_ok(HEADER ROW("allreduce", "100 0 native native 99 1 0 - - -")
                                 ROW("reduce", "400 0 native native 2 1 0 - - -"));
    /* A hand-built row may hold g > procs. */
    HiMPI_Row r = row(HIMPI_OP_BCAST, 4, 0, HIMPI_ALG_NATIVE, HIMPI_ALG_NATIVE, 9, 1);
    ck_assert_int_eq(HiMPI_Table_put(&t, &r), 0);
    himpi_index *ix = himpi_index_build(&t);
    /* round(99 * sqrt(120 / 100)) = round(108.45); round(99 * sqrt(1.01)) = round(99.49);
     * round(99 * sqrt(0.9)) = 94, clamped to 90. */
    ck_assert_int_eq(lookup(ix, HIMPI_OP_ALLREDUCE, 120, 0).plan.level[0].groups, 108);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_ALLREDUCE, 101, 0).plan.level[0].groups, 99);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_ALLREDUCE, 90, 0).plan.level[0].groups, 90);
    /* round(2 * sqrt(1 / 400)) = 0, clamped to 1. */
    ck_assert_int_eq(lookup(ix, HIMPI_OP_REDUCE, 1, 0).plan.level[0].groups, 1);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 4, 0).plan.level[0].groups, 4);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 5, 0).plan.level[0].groups, 5);
    himpi_index_free(ix);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(lookup_message_sizes)
{
    HiMPI_Table t = parse_ok(HEADER ROW("gather", "8 1024 native native 2 1 0 - - -")
                                 ROW("gather", "8 4096 native native 3 1 0 - - -")
                                 ROW("gather", "8 16384 native native 4 1 0 - - -"));
    himpi_index *ix = himpi_index_build(&t);
    const struct { long long size, table_size; } cases[] = {
        {0, 1024},     {-1, 1024},    {1023, 1024},   {1024, 1024},        {1025, 1024},
        {4095, 1024},  {4096, 4096},  {16383, 4096},  {16384, 16384},      {1LL << 40, 16384}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        himpi_plan p = lookup(ix, HIMPI_OP_GATHER, 8, cases[i].size);
        ck_assert_msg(p.table_msg_size == cases[i].table_size, "size %lld -> %lld",
                      cases[i].size, p.table_msg_size);
    }
    ck_assert_int_eq(lookup(ix, HIMPI_OP_GATHER, 8, 5000).plan.level[0].groups, 3);
    himpi_index_free(ix);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(lookup_chooses_fastest_pair)
{
    HiMPI_Table t = parse_ok(HEADER
        ROW("bcast", "8 1024 native native 2 1 0 3e-5 - -")
        ROW("bcast", "8 1024 linear chain 4 1 0 - - -")
        ROW("bcast", "8 1024 binomial binary 3 1 512 1e-5 - -")
        ROW("bcast", "8 1024 chain chain 5 1 0 2e-5 - -")
        ROW("bcast", "8 2048 linear linear 2 1 0 - - -")
        ROW("bcast", "8 2048 native native 3 1 0 - - -")
        ROW("bcast", "8 4096 pipeline native 2 1 0 - - -")
        ROW("bcast", "8 4096 native binomial 3 1 0 1 - -")
        ROW("bcast", "8 8192 pipeline native 2 1 0 5 - -")
        ROW("bcast", "8 8192 native native 3 1 0 5 - -"));
    himpi_index *ix = himpi_index_build(&t);
    himpi_plan p = lookup(ix, HIMPI_OP_BCAST, 8, 1024);
    ck_assert_int_eq(p.plan.level[0].alg, HIMPI_ALG_BINOMIAL);
    ck_assert_int_eq(p.plan.alg_in, HIMPI_ALG_BINARY);
    ck_assert_int_eq(p.plan.level[0].groups, 3);
    ck_assert_int_eq(p.plan.segment_size, 512);
    /* All unknown: the first row in file order (not the first by name). */
    p = lookup(ix, HIMPI_OP_BCAST, 8, 2048);
    ck_assert_int_eq(p.plan.level[0].alg, HIMPI_ALG_LINEAR);
    /* A known time beats an unknown one. */
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 8, 4096).plan.alg_in, HIMPI_ALG_BINOMIAL);
    /* A tie: the first row in file order. */
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 8, 8192).plan.level[0].alg, HIMPI_ALG_PIPELINE);
    himpi_index_free(ix);
    HiMPI_Table_free(&t);
}
END_TEST

/* bcast with layouts of several levels and of hardware levels at 8 and 16
 * processes. */
static const char *const layout_table =
    HEADER ROW("bcast", "8 1024 native native node/2 2 0 1e-5 - -")
    ROW("bcast", "8 65536 binomial chain 3/4 2 512 1e-4 - -")
    ROW("bcast", "16 1024 binomial native node 1 0 1e-5 - -")
    ROW("bcast", "16 65536 native native 4 1 0 1e-4 - -")
    ROW("reduce", "8 0 native native 2 1 0 - - -");

/* Asserts that the levels from plan->nlevels on are zero. */
static void assert_unused_levels_zero(const himpi_plan *p)
{
    for (int i = p->plan.nlevels; i < HIMPI_MAX_LEVELS; i++)
        ck_assert_msg(p->plan.level[i].groups == 0 && p->plan.level[i].hw == 0 &&
                          p->plan.level[i].alg == 0,
                      "level %d not zero", i);
}

/* Version 3: where rows were compared with the MPI library, only a FASTER
 * one runs, the smallest ratio first, whatever the times say; a size
 * without one runs the MPI library's flat call, whose plan carries the
 * best losing row; rows not compared lose to compared ones. */
START_TEST(lookup_follows_verdicts)
{
    HiMPI_Table t = parse_ok(HEADER3
        ROW("bcast", "8 1024 native native 2 1 0 1e-6 - - - 0.9 0.8 0.95 faster")
        ROW("bcast", "8 1024 linear linear 4 1 0 5e-7 - - - 0.7 0.6 0.8 faster")
        ROW("bcast", "8 1024 binomial binomial 2 1 0 1e-7 - - - 0.99 0.9 1.1 n.s.")
        ROW("bcast", "8 2048 native native 4 1 0 1e-7 - - - 0.98 0.9 1.01 n.s.")
        ROW("bcast", "8 2048 linear linear 2 1 512 1e-8 - - - 0.99 0.98 0.995 small")
        ROW("bcast", "8 2048 binomial binomial 1 1 0 1e-9 - - - 1.5 1.4 1.6 slower")
        ROW("bcast", "8 4096 native native 1 1 0 1e-9 - - - 1 1 1 native")
        ROW("bcast", "8 8192 chain chain 2 1 0 1e-9 - - - - - - -")
        ROW("bcast", "8 8192 native native 4 1 0 1 - - - 0.5 0.4 0.6 faster"));
    himpi_index *ix = himpi_index_build(&t);
    himpi_plan p = lookup(ix, HIMPI_OP_BCAST, 8, 1024);
    ck_assert_int_eq(p.plan.level[0].alg, HIMPI_ALG_LINEAR);
    ck_assert_int_eq(p.plan.level[0].groups, 4);
    ck_assert_int_eq(p.verdict, HIMPI_VERDICT_FASTER);
    ck_assert_double_eq(p.ratio, 0.7);
    ck_assert_double_eq(p.ratio_lo, 0.6);
    ck_assert_double_eq(p.ratio_hi, 0.8);
    /* None faster: the MPI library's flat call; the plan that lost best
     * by ratio is kept for the debug line. */
    p = lookup(ix, HIMPI_OP_BCAST, 8, 2048);
    ck_assert_int_eq(p.plan.nlevels, 1);
    ck_assert_int_eq(p.plan.level[0].groups, 1);
    ck_assert_int_eq(p.plan.level[0].alg, HIMPI_ALG_NATIVE);
    ck_assert_int_eq(p.plan.alg_in, HIMPI_ALG_NATIVE);
    ck_assert_int_eq(p.plan.segment_size, 0);
    ck_assert_int_eq(p.verdict, HIMPI_VERDICT_NS);
    ck_assert_int_eq(p.row.level[0].groups, 4);
    assert_unused_levels_zero(&p);
    p = lookup(ix, HIMPI_OP_BCAST, 8, 4096);
    ck_assert_int_eq(p.verdict, HIMPI_VERDICT_NATIVE);
    ck_assert_int_eq(p.plan.level[0].groups, 1);
    p = lookup(ix, HIMPI_OP_BCAST, 8, 8192);
    ck_assert_int_eq(p.verdict, HIMPI_VERDICT_FASTER);
    ck_assert_int_eq(p.plan.level[0].alg, HIMPI_ALG_NATIVE);
    ck_assert_int_eq(p.plan.level[0].groups, 4);
    himpi_index_free(ix);
    HiMPI_Table_free(&t);
}
END_TEST

START_TEST(lookup_layouts)
{
    HiMPI_Table t = parse_ok(layout_table);
    himpi_index *ix = himpi_index_build(&t);
    HiMPI_Table_free(&t);
    /* Exact and nearby process counts: a multi-level layout as it is. */
    const int ps[] = {8, 11, 2, 1, 12};
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) {
        himpi_plan p = lookup(ix, HIMPI_OP_BCAST, ps[i], 1024);
        ck_assert_int_eq(p.table_procs, 8);
        ck_assert_int_eq(p.plan.nlevels, 2);
        ck_assert_int_eq(p.plan.level[0].groups, 0);
        ck_assert_int_eq(p.plan.level[0].hw, HIMPI_HW_NODE);
        ck_assert_int_eq(p.plan.level[0].alg, HIMPI_ALG_NATIVE);
        ck_assert_int_eq(p.plan.level[1].groups, 2); /* not scaled, even above p = 1 */
        ck_assert_int_eq(p.plan.level[1].hw, 0);
        ck_assert_int_eq(p.plan.level[1].alg, HIMPI_ALG_NATIVE);
        ck_assert_int_eq(p.plan.alg_in, HIMPI_ALG_NATIVE);
        assert_unused_levels_zero(&p);
    }
    /* Two rank-block levels are not scaled either (one level of 3 would
     * become round(3 * sqrt(11 / 8)) = 4). */
    himpi_plan p = lookup(ix, HIMPI_OP_BCAST, 11, 65536);
    ck_assert_int_eq(p.table_procs, 8);
    ck_assert_int_eq(p.plan.nlevels, 2);
    ck_assert_int_eq(p.plan.level[0].groups, 3);
    ck_assert_int_eq(p.plan.level[1].groups, 4);
    ck_assert_int_eq(p.plan.level[0].alg, HIMPI_ALG_BINOMIAL);
    ck_assert_int_eq(p.plan.level[1].alg, HIMPI_ALG_BINOMIAL);
    ck_assert_int_eq(p.plan.alg_in, HIMPI_ALG_CHAIN);
    ck_assert_int_eq(p.plan.segment_size, 512);
    assert_unused_levels_zero(&p);
    /* A one-level hardware layout is not scaled. */
    p = lookup(ix, HIMPI_OP_BCAST, 64, 1024);
    ck_assert_int_eq(p.table_procs, 16);
    ck_assert_int_eq(p.plan.nlevels, 1);
    ck_assert_int_eq(p.plan.level[0].groups, 0);
    ck_assert_int_eq(p.plan.level[0].hw, HIMPI_HW_NODE);
    ck_assert_int_eq(p.plan.level[0].alg, HIMPI_ALG_BINOMIAL);
    assert_unused_levels_zero(&p);
    /* A one-level block layout is: round(4 * sqrt(64 / 16)) = 8,
     * round(4 * sqrt(13 / 16)) = round(3.6) = 4, round(2 * sqrt(32 / 8)) = 4. */
    p = lookup(ix, HIMPI_OP_BCAST, 64, 65536);
    ck_assert_int_eq(p.table_procs, 16);
    ck_assert_int_eq(p.plan.nlevels, 1);
    ck_assert_int_eq(p.plan.level[0].groups, 8);
    ck_assert_int_eq(p.plan.level[0].hw, 0);
    assert_unused_levels_zero(&p);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 16, 65536).plan.level[0].groups, 4);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 13, 65536).plan.level[0].groups, 4);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 20, 65536).plan.level[0].groups, 4);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 36, 65536).plan.level[0].groups, 6);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_REDUCE, 32, 0).plan.level[0].groups, 4);
    himpi_index_free(ix);
}
END_TEST

START_TEST(lookup_without_rows)
{
    HiMPI_Table t = parse_ok(lookup_table);
    himpi_index *ix = himpi_index_build(&t);
    himpi_plan p;
    ck_assert_int_eq(himpi_index_lookup(ix, HIMPI_OP_ALLREDUCE, 8, 1024, &p), 0);
    ck_assert_int_eq(himpi_index_lookup(ix, HIMPI_OP_ALLGATHER, 8, 1024, &p), 0);
    ck_assert_int_eq(himpi_index_lookup(ix, HIMPI_OP_COUNT, 8, 1024, &p), 0);
    ck_assert_int_eq(himpi_index_lookup(ix, HIMPI_OP_BCAST, 0, 1024, &p), 0);
    himpi_index_free(ix);
    HiMPI_Table_free(&t);
    HiMPI_Table_init(&t);
    ix = himpi_index_build(&t);
    ck_assert_ptr_nonnull(ix);
    ck_assert_int_eq(himpi_index_lookup(ix, HIMPI_OP_BCAST, 8, 1024, &p), 0);
    himpi_index_free(ix);
    himpi_index_free(NULL);
}
END_TEST

/* Barrier's row is at 0 bytes, where its calls look up; a table from
 * before barrier (version 2 here) reads as it did and has no barrier
 * plan, so the call is the MPI library's. */
START_TEST(barrier_row_and_older_tables)
{
    HiMPI_Table t = parse_ok("himpi-table 4\n"
        ROW("barrier", "8 0 dissemination linear 2 1 0 - - - - 0.5 0.25 0.75 faster")
        ROW("bcast", "8 1024 native native 1 1 0 - - - - 1 1 1 native"));
    HiMPI_Decision d;
    char err[256];
    ck_assert_int_eq(HiMPI_Table_decide(&t, HIMPI_OP_BARRIER, 8, 0, &d, err, sizeof err),
                     MPI_SUCCESS);
    ck_assert(d.in_table && d.table_msg_size == 0);
    ck_assert_int_eq(d.plan.level[0].groups, 2);
    ck_assert_int_eq(d.plan.level[0].alg, HIMPI_ALG_DISSEMINATION);
    ck_assert_int_eq(d.plan.alg_in, HIMPI_ALG_LINEAR);
    HiMPI_Table_free(&t);
    t = parse_ok(HEADER ROW("bcast", "8 1024 native native 2 1 0 1e-5 2e-5 -"));
    ck_assert_int_eq(HiMPI_Table_decide(&t, HIMPI_OP_BARRIER, 8, 0, &d, err, sizeof err),
                     MPI_SUCCESS);
    ck_assert(!d.in_table && d.plan.nlevels <= 1 && d.plan.alg_in == HIMPI_ALG_NATIVE);
    ck_assert_int_eq(HiMPI_Table_decide(&t, HIMPI_OP_BCAST, 8, 1024, &d, err, sizeof err),
                     MPI_SUCCESS);
    ck_assert(d.in_table && d.best.level[0].groups == 2);
    HiMPI_Table_free(&t);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* The overlap (format version 5)                                            */
/* ------------------------------------------------------------------------ */

/* Version 5 rows have 17 fields, the overlap after the segment and the
 * times one place along; the rows of every older version read as overlap
 * 0. */
START_TEST(version_5_overlap)
{
    HiMPI_Table t = parse_ok(HEADER5 "himpi 0.1.0\n"
        ROW("bcast", "8 1048576 binomial binomial 2 1 0 65536 1e-5 2e-5 1e-7 2e-7 0.5 0.25 "
                     "0.75 faster")
        ROW("allreduce", "8 1024 native native node/2 2 4096 0 - - - - - - - -")
        ROW("reduce", "8 4096 native native 4 1 0 2147483647 3 - 4 - - - - n.s."));
    ck_assert_uint_eq(t.nrows, 3);
    ck_assert_int_eq(t.rows[0].overlap, 65536);
    ck_assert_int_eq(t.rows[0].segment_size, 0);
    ck_assert_double_eq(t.rows[0].time, 1e-5);
    ck_assert_double_eq(t.rows[0].flat_time, 2e-5);
    ck_assert_double_eq(t.rows[0].ci, 1e-7);
    ck_assert_double_eq(t.rows[0].flat_ci, 2e-7);
    ck_assert_double_eq(t.rows[0].ratio_hi, 0.75);
    ck_assert_int_eq(t.rows[0].verdict, HIMPI_VERDICT_FASTER);
    ck_assert_int_eq(t.rows[1].overlap, 0);
    ck_assert_int_eq(t.rows[1].segment_size, 4096);
    ck_assert_int_eq(t.rows[2].overlap, 2147483647);
    ck_assert_double_eq(t.rows[2].time, 3);
    ck_assert_double_eq(t.rows[2].ci, 4);
    ck_assert_int_eq(t.rows[2].verdict, HIMPI_VERDICT_NS);
    HiMPI_Table_free(&t);
    const char *const older[] = {
        HEADER4 ROW("bcast", "8 1048576 binomial binomial 2 1 0 1e-5 2e-5 1e-7 2e-7 0.5 0.25 "
                             "0.75 faster"),
        HEADER3 ROW("bcast", "8 1048576 binomial binomial 2 1 0 1e-5 2e-5 1e-7 2e-7 0.5 0.25 "
                             "0.75 faster"),
        HEADER ROW("bcast", "8 1048576 binomial binomial 2 1 0 1e-5 2e-5 1e-7"),
        HEADER1 ROW("bcast", "8 1048576 binomial binomial 2 1 0 1e-5 2e-5 1e-7"),
        "8 2 1 1048576 4 4 0\n"};
    for (size_t i = 0; i < sizeof older / sizeof older[0]; i++) {
        t = parse_ok(older[i]);
        ck_assert_uint_eq(t.nrows, 1);
        ck_assert_int_eq(t.rows[0].overlap, 0);
        ck_assert_int_eq(t.rows[0].groups[0], 2);
        ck_assert(t.rows[0].time == 1e-5 || (i == 4 && t.rows[0].time < 0));
        HiMPI_Table_free(&t);
    }
}
END_TEST

/* A bad overlap is named with its line; a row of another version's length
 * is refused. */
START_TEST(version_5_rejections)
{
    static const struct {
        const char *overlap, *reason;
    } bad[] = {{"-1", "overlap '-1': out of range (0..2147483647)"},
               {"x", "overlap 'x': non-numeric field"},
               {"64K", "overlap '64K': non-numeric field"},
               {"1e5", "overlap '1e5': non-numeric field"},
               {"+5", "overlap '+5': non-numeric field"},
               {"2147483648", "overlap '2147483648': out of range (0..2147483647)"},
               {"99999999999999999999999", "overlap '99999999999999999999999': out of range"},
               {"-", "overlap '-': non-numeric field"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[256];
        snprintf(text, sizeof text,
                 HEADER5 "# a comment\n" ROW("bcast", "8 1024 native native 2 1 0 0 - - - - - - - -")
                     ROW("bcast", "8 2048 native native 2 1 0 %s - - - - - - - -"),
                 bad[i].overlap);
        reject(text, 4, bad[i].reason);
    }
    /* The fields after the overlap are named as themselves. */
    reject(HEADER5 ROW("bcast", "8 1024 native native 2 1 0 0 x - - - - - - -"), 2,
           "time 'x': non-numeric field");
    reject(HEADER5 ROW("bcast", "8 1024 native native 2 1 0 0 - - - - 0.5 0.6 0.7 faster"), 2,
           "ratio 0.5 outside its interval [0.6, 0.7]");
    reject(HEADER5 ROW("bcast", "8 1024 native native 2 1 0 - - - - - - - -"), 2,
           "row has 16 fields, expected 17 (op procs msg_size alg_out alg_in groups levels "
           "segment overlap time flat_time ci flat_ci ratio ratio_lo ratio_hi verdict)");
    reject(HEADER4 ROW("bcast", "8 1024 native native 2 1 0 0 - - - - - - - -"), 2,
           "row has 17 fields, expected 16 (op procs msg_size alg_out alg_in groups levels "
           "segment time flat_time ci flat_ci ratio ratio_lo ratio_hi verdict)");
    reject(HEADER ROW("bcast", "8 1024 native native 2 1 0 0 - - - - - - - -"), 2,
           "row has 17 fields, expected 11");
    reject(HEADER5 ROW("bcast", "8 1024 native native 2 1 0 0 - - - - - - - - -"), 2,
           "row has 18 fields, expected 17");
}
END_TEST

/* A version 4 table is written back as version 5 with overlap 0, and a
 * version 5 table with overlaps reads back as it was written. */
START_TEST(round_trip_overlap)
{
    HiMPI_Table t = parse_ok(HEADER4 ROW("bcast", "8 1024 native native 2 1 0 1e-5 - - - - - - -"));
    char *text = HiMPI_Table_format(&t);
    ck_assert_str_eq(text, "himpi-table 5\n"
                           "# op  procs  msg_size  alg_out  alg_in  groups  levels  segment  "
                           "overlap  time  flat_time  ci  flat_ci  ratio  ratio_lo  ratio_hi  "
                           "verdict\n"
                           "bcast  8  1024  native  native  2  1  0  0  1.000000e-05  -  -  -  -  "
                           "-  -  -\n");
    free(text);
    HiMPI_Table_free(&t);
    t = parse_ok(HEADER5
        ROW("allreduce", "16 4194304 ring ring node/2 2 8192 1048576 1e-3 - - - 0.5 0.4 0.6 faster")
        ROW("bcast", "16 65536 binomial binomial 4 1 0 8192 - - - - - - - -")
        ROW("gather", "16 64 native native 1 1 0 0 - - - - 1 1 1 native"));
    char *once = HiMPI_Table_format(&t);
    ck_assert_ptr_nonnull(strstr(once, "bcast  16  65536  binomial  binomial  4  1  0  8192  -"));
    ck_assert_ptr_nonnull(
        strstr(once, "allreduce  16  4194304  ring  ring  node/2  2  8192  1048576  1.000000e-03"));
    HiMPI_Table back = parse_ok(once);
    char *twice = HiMPI_Table_format(&back);
    ck_assert_str_eq(once, twice);
    for (size_t i = 0; i < t.nrows; i++) {
        const HiMPI_Row *r = &t.rows[i];
        const HiMPI_Row *b =
            himpi_table_find(&back, r->op, r->procs, r->msg_size, r->alg_out, r->alg_in);
        ck_assert_ptr_nonnull(b);
        assert_same_rows(r, b);
    }
    free(once);
    free(twice);
    HiMPI_Table_free(&back);
    HiMPI_Table_free(&t);
}
END_TEST

/* The plan a lookup gives carries the row's overlap where the operation
 * and the plan can overlap, and 0 elsewhere: an operation whose levels do
 * not overlap, a flat layout (g = 1, g = procs, or one that scaling made
 * flat), a row that lost to the MPI library's call (whose own plan, kept
 * for the account, still has it). */
START_TEST(lookup_overlap)
{
    HiMPI_Table t = parse_ok(HEADER5
        ROW("bcast", "8 1048576 binomial binomial 2 1 0 65536 - - - - 0.5 0.4 0.6 faster")
        ROW("bcast", "8 2097152 binomial binomial 1 1 0 65536 - - - - 0.5 0.4 0.6 faster")
        ROW("bcast", "8 4194304 binomial binomial 8 1 0 65536 - - - - 0.5 0.4 0.6 faster")
        ROW("gather", "8 1048576 linear linear 2 1 0 65536 - - - - 0.5 0.4 0.6 faster")
        ROW("allreduce", "8 1048576 ring ring node 1 0 32768 - - - - 0.5 0.4 0.6 faster")
        ROW("allreduce", "8 2097152 ring ring 1/2 2 0 32768 - - - - 0.5 0.4 0.6 faster")
        ROW("reduce", "8 1048576 binomial binomial 2 1 0 65536 - - - - 0.99 0.9 1.1 n.s."));
    himpi_index *ix = himpi_index_build(&t);
    HiMPI_Table_free(&t);
    himpi_plan p = lookup(ix, HIMPI_OP_BCAST, 8, 1 << 20);
    ck_assert_int_eq(p.plan.overlap, 65536);
    ck_assert_int_eq(p.row.overlap, 65536);
    /* Scaled to 32 processes: g = round(2 * sqrt(32 / 8)) = 4. */
    p = lookup(ix, HIMPI_OP_BCAST, 32, 1 << 20);
    ck_assert_int_eq(p.plan.level[0].groups, 4);
    ck_assert_int_eq(p.plan.overlap, 65536);
    /* Scaled to 2: g = round(2 * sqrt(2 / 8)) = 1, flat. */
    p = lookup(ix, HIMPI_OP_BCAST, 2, 1 << 20);
    ck_assert_int_eq(p.plan.level[0].groups, 1);
    ck_assert_int_eq(p.plan.overlap, 0);
    ck_assert_int_eq(p.row.overlap, 65536);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 8, 2 << 20).plan.overlap, 0);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_BCAST, 8, 4 << 20).plan.overlap, 0);
    /* g = 8 becomes p on 20 processes: flat there too. */
    p = lookup(ix, HIMPI_OP_BCAST, 20, 4 << 20);
    ck_assert_int_eq(p.plan.level[0].groups, 20);
    ck_assert_int_eq(p.plan.overlap, 0);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_GATHER, 8, 1 << 20).plan.overlap, 0);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_ALLREDUCE, 8, 1 << 20).plan.overlap, 32768);
    ck_assert_int_eq(lookup(ix, HIMPI_OP_ALLREDUCE, 8, 2 << 20).plan.overlap, 32768);
    p = lookup(ix, HIMPI_OP_REDUCE, 8, 1 << 20);
    ck_assert_int_eq(p.plan.level[0].groups, 1);
    ck_assert_int_eq(p.plan.level[0].alg, HIMPI_ALG_NATIVE);
    ck_assert_int_eq(p.plan.overlap, 0);
    ck_assert_int_eq(p.row.overlap, 65536);
    himpi_index_free(ix);
}
END_TEST

/* Which plans are flat on p ranks, and the overlap a plan runs with: the
 * plan's where the operation's levels overlap and it is not flat, 0
 * elsewhere. */
START_TEST(plan_overlap_where_it_can_run)
{
    const HiMPI_Level one = {1, 0, HIMPI_ALG_NATIVE}, two = {2, 0, HIMPI_ALG_NATIVE},
                      eight = {8, 0, HIMPI_ALG_NATIVE}, many = {100, 0, HIMPI_ALG_NATIVE},
                      node = {0, HIMPI_HW_NODE, HIMPI_ALG_NATIVE};
    const struct {
        HiMPI_Plan plan;
        int flat;
    } plans[] = {{{.nlevels = 0}, 1},
                 {{.nlevels = 1, .level = {one}}, 1},
                 {{.nlevels = 1, .level = {two}}, 0},
                 {{.nlevels = 1, .level = {eight}}, 1},
                 {{.nlevels = 1, .level = {many}}, 1},
                 {{.nlevels = 1, .level = {node}}, 0},
                 {{.nlevels = 2, .level = {one, one}}, 1},
                 {{.nlevels = 2, .level = {one, two}}, 0},
                 {{.nlevels = 2, .level = {eight, two}}, 1},
                 {{.nlevels = 3, .level = {one, one, node}}, 0}};
    for (size_t i = 0; i < sizeof plans / sizeof plans[0]; i++) {
        HiMPI_Plan plan = plans[i].plan;
        plan.overlap = 4096;
        ck_assert_msg(himpi_plan_flat(&plan, 8) == plans[i].flat, "plan %zu", i);
        for (int op = 0; op < HIMPI_OP_COUNT; op++)
            ck_assert_int_eq(himpi_plan_overlap((HiMPI_Op)op, &plan, 8),
                             HiMPI_Op_overlaps((HiMPI_Op)op) && !plans[i].flat ? 4096 : 0);
        ck_assert_int_eq(himpi_plan_overlap(HIMPI_OP_COUNT, &plan, 8), 0);
    }
}
END_TEST

/* HIMPI_OVERLAP forces the overlap of a plan that can overlap, over the
 * table's and where the table has none; elsewhere the plan keeps 0. */
START_TEST(decide_forced_overlap)
{
    HiMPI_Table t = parse_ok(HEADER5
        ROW("bcast", "8 1048576 binomial binomial 2 1 0 65536 - - - - 0.5 0.4 0.6 faster")
        ROW("bcast", "8 2097152 binomial binomial 2 1 0 0 - - - - 0.5 0.4 0.6 faster")
        ROW("bcast", "8 4194304 binomial binomial 1 1 0 0 - - - - 0.5 0.4 0.6 faster")
        ROW("gather", "8 1048576 linear linear 2 1 0 0 - - - - 0.5 0.4 0.6 faster"));
    HiMPI_Decision d;
    char err[256];
    unsetenv("HIMPI_OVERLAP");
    ck_assert_int_eq(HiMPI_Table_decide(&t, HIMPI_OP_BCAST, 8, 1 << 20, &d, err, sizeof err),
                     MPI_SUCCESS);
    ck_assert_int_eq(d.forced_overlap, -1);
    ck_assert_int_eq(d.plan.overlap, 65536);
    ck_assert_int_eq(d.table_plan.overlap, 65536);
    setenv("HIMPI_OVERLAP", "32K", 1);
    const struct {
        HiMPI_Op op;
        int size, overlap;
    } want[] = {{HIMPI_OP_BCAST, 1 << 20, 32768}, {HIMPI_OP_BCAST, 2 << 20, 32768},
                {HIMPI_OP_BCAST, 4 << 20, 0},     {HIMPI_OP_GATHER, 1 << 20, 0},
                {HIMPI_OP_REDUCE, 1 << 20, 0}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        ck_assert_int_eq(
            HiMPI_Table_decide(&t, want[i].op, 8, want[i].size, &d, err, sizeof err),
            MPI_SUCCESS);
        ck_assert_int_eq(d.forced_overlap, 32768);
        ck_assert_msg(d.plan.overlap == want[i].overlap, "%s %d: overlap %d, expected %d",
                      HiMPI_Op_name(want[i].op), want[i].size, d.plan.overlap,
                      want[i].overlap);
    }
    /* With HIMPI_GROUPS forcing a hierarchical plan where the table has
     * none, the overlap applies to it. */
    setenv("HIMPI_GROUPS", "4", 1);
    ck_assert_int_eq(HiMPI_Table_decide(&t, HIMPI_OP_REDUCE, 8, 1 << 20, &d, err, sizeof err),
                     MPI_SUCCESS);
    ck_assert_int_eq(d.plan.overlap, 32768);
    setenv("HIMPI_OVERLAP", "-1", 1);
    ck_assert_int_eq(HiMPI_Table_decide(&t, HIMPI_OP_BCAST, 8, 1 << 20, &d, err, sizeof err),
                     MPI_ERR_ARG);
    ck_assert_msg(strstr(err, "HIMPI_OVERLAP") != NULL, "%s", err);
    unsetenv("HIMPI_OVERLAP");
    unsetenv("HIMPI_GROUPS");
    HiMPI_Table_free(&t);
}
END_TEST

Suite *unit_suite(void)
{
    Suite *s = suite_create("table");
    TCase *good = tcase_create("good files");
    tcase_add_test(good, current_format_with_header);
    tcase_add_test(good, header_fields_optional_and_in_any_order);
    tcase_add_test(good, empty_file_is_empty_table);
    tcase_add_test(good, dos_line_endings_accepted);
    tcase_add_test(good, strings_at_their_limits);
    tcase_add_test(good, longest_line_accepted);
    tcase_add_test(good, numbers_at_their_limits);
    suite_add_tcase(s, good);
    TCase *legacy = tcase_create("legacy");
    tcase_add_test(legacy, legacy_with_column_header);
    tcase_add_test(legacy, legacy_detected_by_seven_integers);
    tcase_add_test(legacy, legacy_column_header_only);
    tcase_add_test(legacy, legacy_bcast_algorithm_ids);
    tcase_add_test(legacy, legacy_rejections);
    suite_add_tcase(s, legacy);
    TCase *bad = tcase_create("rejections");
    tcase_add_test(bad, header_line_rejections);
    tcase_add_test(bad, header_field_rejections);
    tcase_add_test(bad, row_rejections);
    tcase_add_test(bad, times_decimal_only);
    tcase_add_test(bad, duplicate_rows);
    tcase_add_test(bad, line_rejections);
    tcase_add_test(bad, error_buffer_is_bounded);
    suite_add_tcase(s, bad);
    TCase *fp = tcase_create("fingerprint");
    tcase_add_test(fp, fingerprint_each_field_differs);
    tcase_add_test(fp, fingerprint_unknown_fields_agree);
    tcase_add_test(fp, fingerprint_of_older_tables);
    suite_add_tcase(s, fp);
    TCase *format = tcase_create("format");
    tcase_add_test(format, format_writes_sorted_current_format);
    tcase_add_test(format, format_header_and_numbers);
    tcase_add_test(format, round_trip);
    tcase_add_test(format, format_of_empty_table);
    suite_add_tcase(s, format);
    TCase *layouts = tcase_create("layouts");
    tcase_add_test(layouts, layouts_of_every_form);
    tcase_add_test(layouts, every_hardware_level_name);
    tcase_add_test(layouts, layout_rejections);
    tcase_add_test(layouts, version_1_still_read);
    tcase_add_test(layouts, version_1_rejects_layouts);
    tcase_add_test(layouts, version_3_rows);
    tcase_add_test(layouts, barrier_row_and_older_tables);
    tcase_add_test(layouts, round_trip_layouts);
    tcase_add_test(layouts, row_plan);
    tcase_add_test(layouts, layout_format);
    suite_add_tcase(s, layouts);
    TCase *overlap = tcase_create("overlap");
    tcase_add_test(overlap, version_5_overlap);
    tcase_add_test(overlap, version_5_rejections);
    tcase_add_test(overlap, round_trip_overlap);
    tcase_add_test(overlap, lookup_overlap);
    tcase_add_test(overlap, decide_forced_overlap);
    tcase_add_test(overlap, plan_overlap_where_it_can_run);
    suite_add_tcase(s, overlap);
    TCase *edit = tcase_create("editing");
    tcase_add_test(edit, put_adds_and_replaces);
    tcase_add_test(edit, find_by_key);
    tcase_add_test(edit, merge_replaces_and_adds);
    tcase_add_test(edit, merge_later_src_row_wins);
    tcase_add_test(edit, merge_large_tables);
    suite_add_tcase(s, edit);
    TCase *look = tcase_create("lookup");
    tcase_add_test(look, lookup_process_counts);
    tcase_add_test(look, lookup_scales_groups);
    tcase_add_test(look, lookup_clamps_groups);
    tcase_add_test(look, lookup_message_sizes);
    tcase_add_test(look, lookup_chooses_fastest_pair);
    tcase_add_test(look, lookup_follows_verdicts);
    tcase_add_test(look, lookup_layouts);
    tcase_add_test(look, lookup_without_rows);
    suite_add_tcase(s, look);
    return s;
}

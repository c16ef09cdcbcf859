/* test_env: the HIMPI_* variables as users set them, served from arrays
 * instead of the environment.  Expectations about defaults come from the
 * configure defaults in config.h, so the tests hold for any valid ones. */
#include <config.h>

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/env.h"
#include "himpi_tune.h"
#include "unit.h"

typedef struct pair {
    const char *name, *value;
} pair;

static const char *get(const char *name, void *ctx)
{
    for (const pair *p = ctx; p->name != NULL; p++)
        if (strcmp(p->name, name) == 0)
            return p->value;
    return NULL;
}

static himpi_env env;
static char err[2048];

static int parse(const pair *pairs)
{
    return himpi_env_parse(get, (void *)pairs, &env, err, sizeof err);
}

/* PARSE({"HIMPI_X", "v"}, ...) parses just these variables. */
#define PARSE(...) parse((const pair[]){__VA_ARGS__, {NULL, NULL}})

#define assert_contains(text, part) \
    ck_assert_msg(strstr(text, part) != NULL, "'%s' lacks '%s'", text, part)

static long long parse_size(const char *text)
{
    long long bytes = -1;
    ck_assert_int_eq(MPIB_parse_size(text, INT_MAX, &bytes), MPI_SUCCESS);
    return bytes;
}

static himpi_tune_mode configured_tune(void)
{
    const char *const modes[] = {"off", "init", "lazy"};
    for (int i = 0; i < 3; i++)
        if (strcmp(HIMPI_DEFAULT_TUNE, modes[i]) == 0)
            return (himpi_tune_mode)i;
    ck_abort_msg("configure default of HIMPI_TUNE '%s' is not valid", HIMPI_DEFAULT_TUNE);
    return HIMPI_TUNE_OFF;
}

START_TEST(builtin_defaults_when_unset)
{
    const MPIB_precision precision = MPIB_precision_default();
    ck_assert_int_eq(PARSE({"PATH", "/bin"}), 0);
    ck_assert_str_eq(env.conf_file, HIMPI_DEFAULT_CONF_FILE);
    ck_assert_int_eq(env.tune, configured_tune());
    ck_assert_uint_ne(env.ops, 0);
    ck_assert_int_eq(env.min_msg, parse_size(HIMPI_DEFAULT_MIN_MSG));
    ck_assert_int_eq(env.max_msg, parse_size(HIMPI_DEFAULT_MAX_MSG));
    ck_assert_int_eq(env.msg_stride, (int)parse_size(HIMPI_DEFAULT_MSG_STRIDE));
    ck_assert_int_eq(env.num_levels, 1);
    ck_assert_str_eq(env.search, "guided");
    ck_assert_int_eq(env.groups, 0);
    ck_assert_int_eq(env.alg_in, HIMPI_ALG_COUNT);
    ck_assert_int_eq(env.alg_out, HIMPI_ALG_COUNT);
    ck_assert_int_eq(env.segment_size, -1);
    ck_assert_int_eq(env.overlap, -1);
    ck_assert_int_eq(env.precision.min_reps, precision.min_reps);
    ck_assert_int_eq(env.precision.max_reps, precision.max_reps);
    ck_assert_double_eq(env.precision.cl, precision.cl);
    ck_assert_double_eq(env.precision.eps, precision.eps);
    ck_assert_int_eq(env.wait, MPIB_WAIT_BLOCKING);
    ck_assert_int_eq(env.debug, 0);
    ck_assert_int_eq(env.strict, 0);
    ck_assert_int_eq(env.native_calls, HIMPI_NATIVE_CALLS_DEFAULT);
    ck_assert_int_eq(env.pairs, 30);
    ck_assert_double_eq(env.min_effect, 0.03);
    ck_assert_double_eq(env.pair_span, 0.5);
}
END_TEST

/* Every variable, independently of env.c's table. */
static const char *const known[] = {
    "HIMPI_CONF_FILE",   "HIMPI_TUNE",      "HIMPI_GENERATE_CONFIG", "HIMPI_OPID",
    "HIMPI_MIN_MSG",     "HIMPI_MAX_MSG",   "HIMPI_MSG_STRIDE",      "HIMPI_NUM_LEVELS",
    "HIMPI_SEARCH",      "HIMPI_GROUPS",      "HIMPI_ALG_IN",    "HIMPI_ALG_OUT",         "HIMPI_SEGMENT_SIZE",
    "HIMPI_OVERLAP",
    "HIMPI_MIN_REPS",    "HIMPI_MAX_REPS",  "HIMPI_CL",              "HIMPI_EPS",
    "HIMPI_PAIRS",       "HIMPI_MIN_EFFECT", "HIMPI_PAIR_SPAN",
    "HIMPI_WAIT",        "HIMPI_DEBUG",     "HIMPI_STRICT",  "HIMPI_DISABLE",          "HIMPI_TEST_ALGS",
    "HIMPI_TEST_TIMEOUT", "HIMPI_TEST_SAMPLE", "HIMPI_LOCK_TIMEOUT", "HIMPI_NATIVE_CALLS"};

/* Unset, set to its configure default, and (for every variable) empty all
 * give the same bytes: the struct is compared as bytes across ranks. */
START_TEST(empty_and_configured_values_mean_unset)
{
    const pair configured[] = {
        {"HIMPI_CONF_FILE", HIMPI_DEFAULT_CONF_FILE}, {"HIMPI_TUNE", HIMPI_DEFAULT_TUNE},
        {"HIMPI_OPID", HIMPI_DEFAULT_OPID},           {"HIMPI_MIN_MSG", HIMPI_DEFAULT_MIN_MSG},
        {"HIMPI_MAX_MSG", HIMPI_DEFAULT_MAX_MSG},
        {"HIMPI_MSG_STRIDE", HIMPI_DEFAULT_MSG_STRIDE},
        {NULL, NULL}};
    himpi_env unset;
    memset(&env, 0x5a, sizeof env);
    ck_assert_int_eq(PARSE({"X", "y"}), 0);
    memcpy(&unset, &env, sizeof env);
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        memset(&env, 0x5a, sizeof env);
        ck_assert_msg(PARSE({known[i], ""}) == 0, "%s='': %s", known[i], err);
        ck_assert_msg(memcmp(&env, &unset, sizeof env) == 0, "%s='' differs from unset",
                      known[i]);
    }
    memset(&env, 0x5a, sizeof env);
    ck_assert_int_eq(parse(configured), 0);
    ck_assert_int_eq(memcmp(&env, &unset, sizeof env), 0);
}
END_TEST

#define FIELD(member) offsetof(himpi_env, member), sizeof(((himpi_env *)0)->member)

static long long field(size_t offset, size_t size)
{
    long long wide;
    int narrow;
    if (size == sizeof wide) {
        memcpy(&wide, (const char *)&env + offset, sizeof wide);
        return wide;
    }
    ck_assert_uint_eq(size, sizeof narrow);
    memcpy(&narrow, (const char *)&env + offset, sizeof narrow);
    return narrow;
}

START_TEST(valid_values)
{
    static const struct {
        pair set[3];
        size_t offset, size;
        long long expected;
    } cases[] = {
        {{{"HIMPI_TUNE", "off"}}, FIELD(tune), HIMPI_TUNE_OFF},
        {{{"HIMPI_TUNE", "init"}}, FIELD(tune), HIMPI_TUNE_INIT},
        {{{"HIMPI_TUNE", "lazy"}}, FIELD(tune), HIMPI_TUNE_LAZY},
        {{{"HIMPI_OPID", "0"}}, FIELD(ops), 1u << HIMPI_OP_BCAST},
        {{{"HIMPI_OPID", "1"}}, FIELD(ops), 1u << HIMPI_OP_REDUCE},
        {{{"HIMPI_OPID", "2"}}, FIELD(ops), 1u << HIMPI_OP_ALLREDUCE},
        {{{"HIMPI_OPID", "3"}}, FIELD(ops), 1u << HIMPI_OP_SCATTER},
        {{{"HIMPI_OPID", "4"}}, FIELD(ops), 1u << HIMPI_OP_GATHER},
        {{{"HIMPI_OPID", "5"}}, FIELD(ops), (1u << HIMPI_OP_COUNT) - 1},
        {{{"HIMPI_OPID", "05"}}, FIELD(ops), (1u << HIMPI_OP_COUNT) - 1},
        {{{"HIMPI_OPID", "all"}}, FIELD(ops), (1u << HIMPI_OP_COUNT) - 1},
        {{{"HIMPI_OPID", "allgather"}}, FIELD(ops), 1u << HIMPI_OP_ALLGATHER},
        {{{"HIMPI_OPID", "scan"}}, FIELD(ops), 1u << HIMPI_OP_SCAN},
        {{{"HIMPI_OPID", "exscan,scan"}}, FIELD(ops), 1u << HIMPI_OP_SCAN | 1u << HIMPI_OP_EXSCAN},
        {{{"HIMPI_OPID", "barrier"}}, FIELD(ops), 1u << HIMPI_OP_BARRIER},
        {{{"HIMPI_OPID", "reduce_scatter,reduce_scatter_block"}},
         FIELD(ops),
         1u << HIMPI_OP_REDUCE_SCATTER | 1u << HIMPI_OP_REDUCE_SCATTER_BLOCK},
        {{{"HIMPI_OPID", "alltoall"}}, FIELD(ops), 1u << HIMPI_OP_ALLTOALL},
        {{{"HIMPI_OPID", "gatherv,scatterv,allgatherv"}},
         FIELD(ops),
         1u << HIMPI_OP_GATHERV | 1u << HIMPI_OP_SCATTERV | 1u << HIMPI_OP_ALLGATHERV},
        {{{"HIMPI_OPID", "gather"}}, FIELD(ops), 1u << HIMPI_OP_GATHER},
        {{{"HIMPI_OPID", "bcast,reduce"}}, FIELD(ops), 3},
        {{{"HIMPI_OPID", "0,allgather,0"}}, FIELD(ops), 1u | 1u << HIMPI_OP_ALLGATHER},
        {{{"HIMPI_OPID", "scatter,all"}}, FIELD(ops), (1u << HIMPI_OP_COUNT) - 1},
        {{{"HIMPI_MIN_MSG", "0"}, {"HIMPI_MAX_MSG", "0"}}, FIELD(min_msg), 0},
        {{{"HIMPI_MIN_MSG", "1K"}, {"HIMPI_MAX_MSG", "1k"}}, FIELD(min_msg), 1024},
        {{{"HIMPI_MIN_MSG", "3m"}, {"HIMPI_MAX_MSG", "1G"}}, FIELD(min_msg), 3 << 20},
        {{{"HIMPI_MAX_MSG", "1g"}, {"HIMPI_MIN_MSG", "0"}}, FIELD(max_msg), 1 << 30},
        {{{"HIMPI_MAX_MSG", "2047M"}, {"HIMPI_MIN_MSG", "0"}}, FIELD(max_msg), 2047LL << 20},
        {{{"HIMPI_MAX_MSG", "2147483647"}, {"HIMPI_MIN_MSG", "2147483647"}},
         FIELD(max_msg), INT_MAX},
        {{{"HIMPI_MSG_STRIDE", "2"}}, FIELD(msg_stride), 2},
        {{{"HIMPI_MSG_STRIDE", "1024"}}, FIELD(msg_stride), 1024},
        {{{"HIMPI_MSG_STRIDE", "004"}}, FIELD(msg_stride), 4},
        {{{"HIMPI_NUM_LEVELS", "1"}}, FIELD(num_levels), 1},
        {{{"HIMPI_NUM_LEVELS", "0"}}, FIELD(num_levels), 0},
        {{{"HIMPI_NUM_LEVELS", "8"}}, FIELD(num_levels), 8},
        {{{"HIMPI_GROUPS", "1"}}, FIELD(groups), 1},
        {{{"HIMPI_GROUPS", "64"}}, FIELD(groups), 64},
        {{{"HIMPI_GROUPS", "2147483647"}}, FIELD(groups), INT_MAX},
        {{{"HIMPI_ALG_IN", "native"}}, FIELD(alg_in), HIMPI_ALG_NATIVE},
        {{{"HIMPI_ALG_IN", "gather-bcast"}}, FIELD(alg_in), HIMPI_ALG_GATHER_BCAST},
        {{{"HIMPI_ALG_OUT", "scatter-ring-allgather"}}, FIELD(alg_out),
         HIMPI_ALG_SCATTER_RING_ALLGATHER},
        {{{"HIMPI_ALG_OUT", "linear-sync"}}, FIELD(alg_out), HIMPI_ALG_LINEAR_SYNC},
        {{{"HIMPI_SEGMENT_SIZE", "0"}}, FIELD(segment_size), 0},
        {{{"HIMPI_SEGMENT_SIZE", "8K"}}, FIELD(segment_size), 8192},
        {{{"HIMPI_SEGMENT_SIZE", "1m"}}, FIELD(segment_size), 1 << 20},
        {{{"HIMPI_SEGMENT_SIZE", "2147483647"}}, FIELD(segment_size), INT_MAX},
        {{{"HIMPI_OVERLAP", "0"}}, FIELD(overlap), 0},
        {{{"HIMPI_OVERLAP", "64K"}}, FIELD(overlap), 65536},
        {{{"HIMPI_OVERLAP", "1m"}}, FIELD(overlap), 1 << 20},
        {{{"HIMPI_OVERLAP", "2147483647"}}, FIELD(overlap), INT_MAX},
        {{{"HIMPI_MIN_REPS", "1"}}, FIELD(precision.min_reps), 1},
        {{{"HIMPI_MIN_REPS", "7"}, {"HIMPI_MAX_REPS", "7"}}, FIELD(precision.min_reps), 7},
        {{{"HIMPI_MAX_REPS", "2147483647"}}, FIELD(precision.max_reps), INT_MAX},
        {{{"HIMPI_MAX_REPS", "1"}, {"HIMPI_MIN_REPS", "1"}}, FIELD(precision.max_reps), 1},
        {{{"HIMPI_WAIT", "blocking"}}, FIELD(wait), MPIB_WAIT_BLOCKING},
        {{{"HIMPI_WAIT", "yield"}}, FIELD(wait), MPIB_WAIT_YIELD},
        {{{"HIMPI_DEBUG", "0"}}, FIELD(debug), 0},
        {{{"HIMPI_DEBUG", "1"}}, FIELD(debug), 1},
        {{{"HIMPI_STRICT", "0"}}, FIELD(strict), 0},
        {{{"HIMPI_STRICT", "1"}}, FIELD(strict), 1},
        {{{"HIMPI_PAIRS", "0"}}, FIELD(pairs), 0},
        {{{"HIMPI_PAIRS", "1000000"}}, FIELD(pairs), 1000000},
        {{{"HIMPI_NATIVE_CALLS", "0"}}, FIELD(native_calls), 0},
        {{{"HIMPI_NATIVE_CALLS", "1"}}, FIELD(native_calls), 1},
        {{{"HIMPI_NATIVE_CALLS", "016"}}, FIELD(native_calls), 16},
        {{{"HIMPI_NATIVE_CALLS", "2147483647"}}, FIELD(native_calls), INT_MAX},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ck_assert_msg(parse(cases[i].set) == 0, "%s='%s': %s", cases[i].set[0].name,
                      cases[i].set[0].value, err);
        ck_assert_msg(field(cases[i].offset, cases[i].size) == cases[i].expected,
                      "%s='%s' gave %lld", cases[i].set[0].name, cases[i].set[0].value,
                      field(cases[i].offset, cases[i].size));
    }
}
END_TEST

START_TEST(valid_reals)
{
    static const struct {
        const char *name, *value;
        double expected;
    } cases[] = {
        {"HIMPI_CL", "0.5", 0.5},       {"HIMPI_CL", ".99", 0.99},
        {"HIMPI_CL", "9e-1", 0.9},      {"HIMPI_CL", "0.999999", 0.999999},
        {"HIMPI_EPS", "0.025", 0.025},  {"HIMPI_EPS", "1e-9", 1e-9},
        {"HIMPI_EPS", "1e-300", 1e-300}, {"HIMPI_EPS", "0.5", 0.5},
        {"HIMPI_MIN_EFFECT", "0", 0},   {"HIMPI_MIN_EFFECT", "0.1", 0.1},
        {"HIMPI_MIN_EFFECT", "-0", 0},  {"HIMPI_MIN_EFFECT", "0.999", 0.999},
        {"HIMPI_PAIR_SPAN", "0", 0},    {"HIMPI_PAIR_SPAN", "60", 60},
        {"HIMPI_PAIR_SPAN", "0.25", 0.25},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ck_assert_msg(PARSE({cases[i].name, cases[i].value}) == 0, "%s", err);
        double got = strcmp(cases[i].name, "HIMPI_CL") == 0          ? env.precision.cl
                     : strcmp(cases[i].name, "HIMPI_EPS") == 0       ? env.precision.eps
                     : strcmp(cases[i].name, "HIMPI_PAIR_SPAN") == 0 ? env.pair_span
                                                                     : env.min_effect;
        ck_assert_double_eq(got, cases[i].expected);
        ck_assert_int_eq(MPIB_precision_check(&env.precision), MPI_SUCCESS);
    }
}
END_TEST

START_TEST(conf_file_any_path_that_fits)
{
    static char path[sizeof env.conf_file + 1];
    ck_assert_int_eq(PARSE({"HIMPI_CONF_FILE", "/tmp/my tables/h.conf"}), 0);
    ck_assert_str_eq(env.conf_file, "/tmp/my tables/h.conf");
    ck_assert_int_eq(PARSE({"HIMPI_CONF_FILE", " "}), 0);
    ck_assert_str_eq(env.conf_file, " ");
    memset(path, 'a', sizeof env.conf_file - 1);
    ck_assert_int_eq(PARSE({"HIMPI_CONF_FILE", path}), 0);
    ck_assert_str_eq(env.conf_file, path);
    path[sizeof env.conf_file - 1] = 'a';
    ck_assert_int_eq(PARSE({"HIMPI_CONF_FILE", path}), -1);
    /* Cut in the message, so that what is accepted still shows. */
    ck_assert_int_eq(strncmp(err, "HIMPI_CONF_FILE='aaa", 20), 0);
    assert_contains(err, "aaa...' is not valid: path too long (at most 4095 bytes)");
    ck_assert_uint_lt(strlen(err), 200);
}
END_TEST

/* A long value is cut in the message, so that what is accepted still
 * shows. */
START_TEST(long_values_cut_in_messages)
{
    /* 63 bytes, then a two-byte character across the cut. */
    ck_assert_int_eq(PARSE({"HIMPI_TUNE", "\xc3\xa9t\xc3\xa9-63-bytes-then-a-two-byte-letter-"
                                          "across-the-cut-xxxxxxxxxx\xc3\xa9t\xc3\xa9"}),
                     -1);
    ck_assert_str_eq(err, "HIMPI_TUNE='\xc3\xa9t\xc3\xa9-63-bytes-then-a-two-byte-letter-"
                          "across-the-cut-xxxxxxxxxx...' is not valid: expected off, init or lazy");
    /* Invalid UTF-8: the cut backs off 3 bytes at most. */
    char name[80], expected[128];
    memset(name, 0xbc, sizeof name);
    memcpy(name, "HIMPI_", 6);
    name[sizeof name - 1] = '\0';
    memcpy(expected, name, 61);
    strcpy(expected + 61, "... is not a HiMPI variable");
    char *const envp[] = {name, NULL};
    ck_assert_int_eq(himpi_env_check_names(envp, err, sizeof err), -1);
    ck_assert_int_eq(strncmp(err, expected, strlen(expected)), 0);
    ck_assert_int_eq(PARSE({"HIMPI_OPID", "bcast,reduce-and-a-very-long-name-that-goes-on-and-"
                                          "on-well-beyond-sixty-four-bytes"}),
                     -1);
    ck_assert_str_eq(err, "HIMPI_OPID='bcast,reduce-and-a-very-long-name-that-goes-on-and-on-"
                          "well-beyon...' is not valid: item 'reduce-and-a-very-long-name-that-"
                          "goes-on-and-on-well-beyond-sixt...' unknown; expected a comma-"
                          "separated list of 0-4 (bcast, reduce, allreduce, scatter, gather), "
                          "5 or all (every operation), or the names bcast, reduce, allreduce, "
                          "scatter, gather, allgather, scan, exscan, barrier, "
                          "reduce_scatter_block, reduce_scatter, alltoall, gatherv, "
                          "scatterv, allgatherv");
}
END_TEST

START_TEST(search_strategies)
{
    ck_assert_int_eq(PARSE({"HIMPI_SEARCH", "exhaustive"}), 0);
    ck_assert_str_eq(env.search, "exhaustive");
    ck_assert_int_eq(PARSE({"HIMPI_SEARCH", "guided"}), 0);
    ck_assert_str_eq(env.search, "guided");
    const char *const bad[] = {"Guided", "golden", " guided", "exhaustive ", "1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(PARSE({"HIMPI_SEARCH", bad[i]}), -1);
        assert_contains(err, "is not valid: expected guided or exhaustive");
    }
}
END_TEST

START_TEST(invalid_values)
{
    static const struct {
        const char *name, *value, *accepted;
    } cases[] = {
        {"HIMPI_TUNE", "on", "expected off, init or lazy"},
        {"HIMPI_TUNE", "Init", "expected off, init or lazy"},
        {"HIMPI_TUNE", " init", "expected off, init or lazy"},
        {"HIMPI_TUNE", "lazy ", "expected off, init or lazy"},
        {"HIMPI_TUNE", "1", "expected off, init or lazy"},
        {"HIMPI_GENERATE_CONFIG", "2", "expected 0 or 1"},
        {"HIMPI_GENERATE_CONFIG", "yes", "expected 0 or 1"},
        {"HIMPI_GENERATE_CONFIG", "-1", "expected 0 or 1"},
        {"HIMPI_GENERATE_CONFIG", " 1", "expected 0 or 1"},
        {"HIMPI_GENERATE_CONFIG", "01", "expected 0 or 1"},
        {"HIMPI_OPID", "6", "comma-separated list of 0-4"},
        {"HIMPI_OPID", "-1", "5 or all"},
        {"HIMPI_OPID", "+1", "5 or all"},
        {"HIMPI_OPID", "bcast,", "empty item; expected a comma-separated list"},
        {"HIMPI_OPID", ",bcast", "empty item; expected a comma-separated list"},
        {"HIMPI_OPID", "bcast,,reduce", "empty item; expected a comma-separated list"},
        {"HIMPI_OPID", ",", "empty item; expected a comma-separated list"},
        {"HIMPI_OPID", "alltoallw", "item 'alltoallw' unknown"},
        {"HIMPI_OPID", "reduce,Bcast", "item 'Bcast' unknown"},
        {"HIMPI_OPID", " bcast", "item ' bcast' unknown"},
        {"HIMPI_OPID", "bcast ", "item 'bcast ' unknown"},
        {"HIMPI_OPID", "bcast, reduce", "item ' reduce' unknown"},
        {"HIMPI_OPID", "ALL", "gather, allgather, scan, exscan, barrier, reduce_scatter_block"},
        {"HIMPI_OPID", "99999999999999999999", "5 or all"},
        {"HIMPI_OPID", "0x1", "5 or all"},
        {"HIMPI_MIN_MSG", "-1", "expected a number of bytes from 0 to 2147483647"},
        {"HIMPI_MIN_MSG", "1T", "with an optional suffix K, M or G"},
        {"HIMPI_MIN_MSG", "2G", "from 0 to 2147483647"},
        {"HIMPI_MIN_MSG", "2147483648", "from 0 to 2147483647"},
        {"HIMPI_MIN_MSG", "99999999999999999999", "from 0 to 2147483647"},
        {"HIMPI_MIN_MSG", " 1K", "expected a number of bytes"},
        {"HIMPI_MIN_MSG", "1K ", "expected a number of bytes"},
        {"HIMPI_MIN_MSG", "1KB", "expected a number of bytes"},
        {"HIMPI_MIN_MSG", "1.5M", "expected a number of bytes"},
        {"HIMPI_MIN_MSG", "K", "expected a number of bytes"},
        {"HIMPI_MAX_MSG", "-16M", "expected a number of bytes"},
        {"HIMPI_MAX_MSG", "3G", "expected a number of bytes"},
        {"HIMPI_MAX_MSG", "16 M", "expected a number of bytes"},
        {"HIMPI_MAX_MSG", "lots", "expected a number of bytes"},
        {"HIMPI_MSG_STRIDE", "0", "expected an integer from 2 to 1024"},
        {"HIMPI_MSG_STRIDE", "1", "expected an integer from 2 to 1024"},
        {"HIMPI_MSG_STRIDE", "1025", "expected an integer from 2 to 1024"},
        {"HIMPI_MSG_STRIDE", "-2", "expected an integer from 2 to 1024"},
        {"HIMPI_MSG_STRIDE", "+2", "expected an integer from 2 to 1024"},
        {"HIMPI_MSG_STRIDE", " 2", "expected an integer from 2 to 1024"},
        {"HIMPI_MSG_STRIDE", "2 ", "expected an integer from 2 to 1024"},
        {"HIMPI_MSG_STRIDE", "2x", "expected an integer from 2 to 1024"},
        {"HIMPI_MSG_STRIDE", "2K", "expected an integer from 2 to 1024"},
        {"HIMPI_MSG_STRIDE", "2.0", "expected an integer from 2 to 1024"},
        {"HIMPI_MSG_STRIDE", "99999999999999999999", "expected an integer from 2 to 1024"},
        {"HIMPI_NUM_LEVELS", "9", "expected an integer from 0 to 8"},
        {"HIMPI_NUM_LEVELS", "-1", "expected an integer from 0 to 8"},
        {"HIMPI_NUM_LEVELS", "1 ", "expected an integer from 0 to 8"},
        {"HIMPI_GROUPS", "0", "expected an integer >= 1"},
        {"HIMPI_GROUPS", "-1", "expected an integer >= 1"},
        {"HIMPI_GROUPS", "+1", "expected an integer >= 1"},
        {"HIMPI_GROUPS", "1.0", "expected an integer >= 1"},
        {"HIMPI_GROUPS", " 1", "expected an integer >= 1"},
        {"HIMPI_GROUPS", "\t1", "expected an integer >= 1"},
        {"HIMPI_GROUPS", "1 ", "expected an integer >= 1"},
        {"HIMPI_GROUPS", "4K", "expected an integer >= 1"},
        {"HIMPI_GROUPS", "0x10", "expected an integer >= 1"},
        {"HIMPI_GROUPS", "2147483648", "expected an integer >= 1"},
        {"HIMPI_GROUPS", "18446744073709551617", "expected an integer >= 1"},
        {"HIMPI_ALG_IN", "Native", "expected an algorithm: native, linear, chain,"},
        {"HIMPI_ALG_IN", "foo", "rabenseifner, linear-sync, gather-bcast"},
        {"HIMPI_ALG_IN", " native", "expected an algorithm:"},
        {"HIMPI_ALG_OUT", "native ", "expected an algorithm:"},
        {"HIMPI_ALG_OUT", "0", "split-binary, scatter-ring-allgather, scatter-rd-allgather"},
        {"HIMPI_SEGMENT_SIZE", "-1", "expected a number of bytes from 0 to 2147483647"},
        {"HIMPI_SEGMENT_SIZE", "2G", "0 for the default segment size"},
        {"HIMPI_SEGMENT_SIZE", "32KiB", "with an optional suffix K, M or G"},
        {"HIMPI_OVERLAP", "-1", "expected a number of bytes from 0 to 2147483647"},
        {"HIMPI_OVERLAP", "2G", "0 for levels one after the other"},
        {"HIMPI_OVERLAP", "2147483648", "expected a number of bytes from 0 to 2147483647"},
        {"HIMPI_OVERLAP", "99999999999999999999", "expected a number of bytes"},
        {"HIMPI_OVERLAP", "64KiB", "with an optional suffix K, M or G"},
        {"HIMPI_OVERLAP", "yes", "expected a number of bytes"},
        {"HIMPI_OVERLAP", " 8K", "expected a number of bytes"},
        {"HIMPI_MIN_REPS", "0", "expected an integer >= 1"},
        {"HIMPI_MIN_REPS", "-5", "expected an integer >= 1"},
        {"HIMPI_MIN_REPS", " 5", "expected an integer >= 1"},
        {"HIMPI_MAX_REPS", "0", "expected an integer >= 1"},
        {"HIMPI_MAX_REPS", "2147483648", "expected an integer >= 1"},
        {"HIMPI_MAX_REPS", "100x", "expected an integer >= 1"},
        {"HIMPI_PAIRS", "-1", "expected an integer from 0 to 1000000"},
        {"HIMPI_PAIRS", "1000001", "expected an integer from 0 to 1000000"},
        {"HIMPI_PAIRS", "ten", "expected an integer from 0 to 1000000"},
        {"HIMPI_MIN_EFFECT", "1", "expected a real number from 0 to 1, 1 excluded"},
        {"HIMPI_MIN_EFFECT", "-0.1", "expected a real number from 0 to 1, 1 excluded"},
        {"HIMPI_MIN_EFFECT", "3%", "expected a real number from 0 to 1, 1 excluded"},
        {"HIMPI_PAIR_SPAN", "-1", "expected seconds, a real number from 0 to 60"},
        {"HIMPI_PAIR_SPAN", "61", "expected seconds, a real number from 0 to 60"},
        {"HIMPI_PAIR_SPAN", "1s", "expected seconds, a real number from 0 to 60"},
        {"HIMPI_CL", "0", "expected a real number between 0 and 1, both excluded"},
        {"HIMPI_CL", "1", "expected a real number between 0 and 1"},
        {"HIMPI_CL", "1.5", "expected a real number between 0 and 1"},
        {"HIMPI_CL", "-0.5", "expected a real number between 0 and 1"},
        {"HIMPI_CL", "nan", "expected a real number between 0 and 1"},
        {"HIMPI_CL", "inf", "expected a real number between 0 and 1"},
        {"HIMPI_CL", "0.5x", "expected a real number between 0 and 1"},
        {"HIMPI_CL", " 0.5", "expected a real number between 0 and 1"},
        {"HIMPI_CL", "\n0.5", "expected a real number between 0 and 1"},
        {"HIMPI_CL", "0.5 ", "expected a real number between 0 and 1"},
        {"HIMPI_CL", "+0.5", "expected a real number between 0 and 1"},
        {"HIMPI_CL", "0,95", "expected a real number between 0 and 1"},
        {"HIMPI_CL", "95%", "expected a real number between 0 and 1"},
        {"HIMPI_CL", "0x1p-1", "expected a real number between 0 and 1"},
        {"HIMPI_EPS", "0x1p-3", "expected a real number between 0 and 1"},
        {"HIMPI_EPS", "1e", "expected a real number between 0 and 1"},
        {"HIMPI_EPS", "0", "expected a real number between 0 and 1"},
        {"HIMPI_EPS", "1", "expected a real number between 0 and 1"},
        {"HIMPI_EPS", "-0.1", "expected a real number between 0 and 1"},
        {"HIMPI_EPS", "1e999", "expected a real number between 0 and 1"},
        {"HIMPI_EPS", "1e-400", "expected a real number between 0 and 1"},
        {"HIMPI_EPS", "-nan", "expected a real number between 0 and 1"},
        {"HIMPI_EPS", ".", "expected a real number between 0 and 1"},
        {"HIMPI_WAIT", "poll", "expected blocking or yield"},
        {"HIMPI_WAIT", "Yield", "expected blocking or yield"},
        {"HIMPI_WAIT", " yield", "expected blocking or yield"},
        {"HIMPI_DEBUG", "2", "expected 0 or 1"},
        {"HIMPI_DEBUG", "yes", "expected 0 or 1"},
        {"HIMPI_DEBUG", "-1", "expected 0 or 1"},
        {"HIMPI_DEBUG", "1 ", "expected 0 or 1"},
        {"HIMPI_STRICT", "true", "expected 0 or 1"},
        {"HIMPI_STRICT", "00", "expected 0 or 1"},
        {"HIMPI_NATIVE_CALLS", "-1", "expected an integer >= 0"},
        {"HIMPI_NATIVE_CALLS", "+1", "expected an integer >= 0"},
        {"HIMPI_NATIVE_CALLS", "many", "expected an integer >= 0"},
        {"HIMPI_NATIVE_CALLS", "8x", "expected an integer >= 0"},
        {"HIMPI_NATIVE_CALLS", "1.5", "expected an integer >= 0"},
        {"HIMPI_NATIVE_CALLS", " 8", "expected an integer >= 0"},
        {"HIMPI_NATIVE_CALLS", "0x10", "expected an integer >= 0"},
        {"HIMPI_NATIVE_CALLS", "2147483648", "expected an integer >= 0"},
        {"HIMPI_NATIVE_CALLS", "99999999999999999999", "expected an integer >= 0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char prefix[128];
        snprintf(prefix, sizeof prefix, "%s='%s' is not valid: ", cases[i].name,
                 cases[i].value);
        ck_assert_msg(PARSE({cases[i].name, cases[i].value}) == -1, "%s='%s' accepted",
                      cases[i].name, cases[i].value);
        ck_assert_msg(strncmp(err, prefix, strlen(prefix)) == 0, "'%s' does not start '%s'",
                      err, prefix);
        assert_contains(err, cases[i].accepted);
    }
}
END_TEST

START_TEST(generate_config_alone_and_with_tune)
{
    himpi_tune_mode configured = configured_tune();
    ck_assert_int_eq(PARSE({"HIMPI_GENERATE_CONFIG", "1"}), 0);
    ck_assert_int_eq(env.tune, HIMPI_TUNE_INIT);
    ck_assert_int_eq(PARSE({"HIMPI_GENERATE_CONFIG", "1"}, {"HIMPI_TUNE", "init"}), 0);
    ck_assert_int_eq(env.tune, HIMPI_TUNE_INIT);
    ck_assert_int_eq(PARSE({"HIMPI_GENERATE_CONFIG", "1"}, {"HIMPI_TUNE", ""}), 0);
    ck_assert_int_eq(env.tune, HIMPI_TUNE_INIT);
    /* 0 turns off tuning at init only: lazy tuning set at configure stays. */
    ck_assert_int_eq(PARSE({"HIMPI_GENERATE_CONFIG", "0"}), 0);
    ck_assert_int_eq(env.tune, configured == HIMPI_TUNE_INIT ? HIMPI_TUNE_OFF : configured);
    ck_assert_int_eq(PARSE({"HIMPI_GENERATE_CONFIG", "0"}, {"HIMPI_TUNE", "lazy"}), 0);
    ck_assert_int_eq(env.tune, HIMPI_TUNE_LAZY);
    ck_assert_int_eq(PARSE({"HIMPI_GENERATE_CONFIG", "0"}, {"HIMPI_TUNE", "off"}), 0);
    ck_assert_int_eq(env.tune, HIMPI_TUNE_OFF);
    ck_assert_int_eq(PARSE({"HIMPI_GENERATE_CONFIG", ""}, {"HIMPI_TUNE", "lazy"}), 0);
    ck_assert_int_eq(env.tune, HIMPI_TUNE_LAZY);
}
END_TEST

START_TEST(generate_config_conflicts_with_tune)
{
    static const struct {
        const char *generate, *tune;
    } cases[] = {{"1", "off"}, {"1", "lazy"}, {"0", "init"}};
    for (int i = 0; i < 3; i++) {
        char both[128];
        snprintf(both, sizeof both, "HIMPI_GENERATE_CONFIG=%s conflicts with HIMPI_TUNE=%s",
                 cases[i].generate, cases[i].tune);
        ck_assert_int_eq(PARSE({"HIMPI_TUNE", cases[i].tune},
                               {"HIMPI_GENERATE_CONFIG", cases[i].generate}),
                         -1);
        ck_assert_int_eq(strncmp(err, both, strlen(both)), 0);
        assert_contains(err, "set only one of them");
    }
    /* A bad value is reported as such, not as a conflict. */
    ck_assert_int_eq(PARSE({"HIMPI_TUNE", "x"}, {"HIMPI_GENERATE_CONFIG", "1"}), -1);
    assert_contains(err, "HIMPI_TUNE='x' is not valid");
    ck_assert_int_eq(PARSE({"HIMPI_TUNE", "off"}, {"HIMPI_GENERATE_CONFIG", "x"}), -1);
    assert_contains(err, "HIMPI_GENERATE_CONFIG='x' is not valid: expected 0 or 1");
}
END_TEST

START_TEST(message_range_ordered)
{
    ck_assert_int_eq(PARSE({"HIMPI_MIN_MSG", "1M"}, {"HIMPI_MAX_MSG", "1024K"}), 0);
    ck_assert_int_eq(env.min_msg, env.max_msg);
    ck_assert_int_eq(PARSE({"HIMPI_MIN_MSG", "2M"}, {"HIMPI_MAX_MSG", "1M"}), -1);
    ck_assert_str_eq(err, "HIMPI_MAX_MSG='1M' is less than HIMPI_MIN_MSG='2M': "
                          "expected HIMPI_MAX_MSG >= HIMPI_MIN_MSG");
    /* A variable set against the other's configure default. */
    ck_assert_int_eq(PARSE({"HIMPI_MIN_MSG", "2147483647"}),
                     parse_size(HIMPI_DEFAULT_MAX_MSG) == INT_MAX ? 0 : -1);
    if (parse_size(HIMPI_DEFAULT_MAX_MSG) < INT_MAX) {
        assert_contains(err, "configure default --with-himpi-max-msg='" HIMPI_DEFAULT_MAX_MSG
                             "' is less than HIMPI_MIN_MSG='2147483647'");
        assert_contains(err, "expected HIMPI_MAX_MSG >= HIMPI_MIN_MSG");
    }
    ck_assert_int_eq(PARSE({"HIMPI_MAX_MSG", "0"}),
                     parse_size(HIMPI_DEFAULT_MIN_MSG) == 0 ? 0 : -1);
    if (parse_size(HIMPI_DEFAULT_MIN_MSG) > 0)
        assert_contains(err, "HIMPI_MAX_MSG='0' is less than configure default "
                             "--with-himpi-min-msg='" HIMPI_DEFAULT_MIN_MSG "'");
}
END_TEST

START_TEST(repetitions_ordered)
{
    const MPIB_precision builtin = MPIB_precision_default();
    char expected[256];
    ck_assert_int_eq(PARSE({"HIMPI_MIN_REPS", "11"}, {"HIMPI_MAX_REPS", "10"}), -1);
    ck_assert_str_eq(err, "HIMPI_MAX_REPS='10' is less than HIMPI_MIN_REPS='11': "
                          "expected HIMPI_MAX_REPS >= HIMPI_MIN_REPS");
    snprintf(expected, sizeof expected, "HIMPI_MAX_REPS (default %d) is less than "
             "HIMPI_MIN_REPS='%d'", builtin.max_reps, builtin.max_reps + 1);
    char above[16];
    snprintf(above, sizeof above, "%d", builtin.max_reps + 1);
    ck_assert_int_eq(PARSE({"HIMPI_MIN_REPS", above}), -1);
    assert_contains(err, expected);
    snprintf(expected, sizeof expected, "HIMPI_MAX_REPS='1' is less than HIMPI_MIN_REPS "
             "(default %d)", builtin.min_reps);
    ck_assert_int_eq(PARSE({"HIMPI_MAX_REPS", "1"}), builtin.min_reps > 1 ? -1 : 0);
    if (builtin.min_reps > 1)
        assert_contains(err, expected);
}
END_TEST

/* The first invalid variable in the order of the struct is the one
 * reported, whatever the order of the environment. */
START_TEST(first_invalid_in_struct_order)
{
    ck_assert_int_eq(PARSE({"HIMPI_STRICT", "2"}, {"HIMPI_GROUPS", "0"}, {"HIMPI_TUNE", "x"}),
                     -1);
    ck_assert_int_eq(strncmp(err, "HIMPI_TUNE='x'", 14), 0);
    ck_assert_int_eq(PARSE({"HIMPI_DEBUG", "2"}, {"HIMPI_OPID", "9"}), -1);
    ck_assert_int_eq(strncmp(err, "HIMPI_OPID='9'", 14), 0);
    ck_assert_int_eq(PARSE({"HIMPI_EPS", "2"}, {"HIMPI_CL", "2"}), -1);
    ck_assert_int_eq(strncmp(err, "HIMPI_CL='2'", 12), 0);
    ck_assert_int_eq(PARSE({"HIMPI_ALG_OUT", "x"}, {"HIMPI_ALG_IN", "y"}), -1);
    ck_assert_int_eq(strncmp(err, "HIMPI_ALG_IN='y'", 16), 0);
    ck_assert_int_eq(PARSE({"HIMPI_TUNE", "lazy"}, {"HIMPI_GROUPS", "8"},
                           {"HIMPI_ALG_IN", "binomial"}, {"HIMPI_DEBUG", "1"},
                           {"HIMPI_STRICT", "yes"}),
                     -1);
    ck_assert_int_eq(strncmp(err, "HIMPI_STRICT='yes'", 18), 0);
}
END_TEST

START_TEST(everything_at_once)
{
    ck_assert_int_eq(PARSE({"HIMPI_CONF_FILE", "t.conf"}, {"HIMPI_TUNE", "init"},
                           {"HIMPI_OPID", "bcast,2"}, {"HIMPI_MIN_MSG", "8"},
                           {"HIMPI_MAX_MSG", "64K"}, {"HIMPI_MSG_STRIDE", "4"},
                           {"HIMPI_NUM_LEVELS", "1"}, {"HIMPI_GROUPS", "3"},
                           {"HIMPI_ALG_IN", "binomial"}, {"HIMPI_ALG_OUT", "linear"},
                           {"HIMPI_SEGMENT_SIZE", "16K"}, {"HIMPI_OVERLAP", "128K"},
                           {"HIMPI_MIN_REPS", "2"},
                           {"HIMPI_MAX_REPS", "9"}, {"HIMPI_CL", "0.9"}, {"HIMPI_EPS", "0.1"},
                           {"HIMPI_WAIT", "yield"}, {"HIMPI_DEBUG", "1"},
                           {"HIMPI_STRICT", "1"}, {"HIMPI_GENERATE_CONFIG", "1"}),
                     0);
    ck_assert_str_eq(err, "");
    ck_assert_str_eq(env.conf_file, "t.conf");
    ck_assert_int_eq(env.tune, HIMPI_TUNE_INIT);
    ck_assert_uint_eq(env.ops, 1u << HIMPI_OP_BCAST | 1u << HIMPI_OP_ALLREDUCE);
    ck_assert_int_eq(env.min_msg, 8);
    ck_assert_int_eq(env.max_msg, 65536);
    ck_assert_int_eq(env.msg_stride, 4);
    ck_assert_int_eq(env.groups, 3);
    ck_assert_int_eq(env.alg_in, HIMPI_ALG_BINOMIAL);
    ck_assert_int_eq(env.alg_out, HIMPI_ALG_LINEAR);
    ck_assert_int_eq(env.segment_size, 16384);
    ck_assert_int_eq(env.overlap, 131072);
    ck_assert_int_eq(env.precision.min_reps, 2);
    ck_assert_int_eq(env.precision.max_reps, 9);
    ck_assert_double_eq(env.precision.cl, 0.9);
    ck_assert_double_eq(env.precision.eps, 0.1);
    ck_assert_int_eq(env.wait, MPIB_WAIT_YIELD);
    ck_assert_int_eq(env.debug, 1);
    ck_assert_int_eq(env.strict, 1);
}
END_TEST

START_TEST(messages_cut_to_errlen)
{
    const pair bad[] = {{"HIMPI_GROUPS", "0"}, {NULL, NULL}};
    const char *full = "HIMPI_GROUPS='0' is not valid: expected an integer >= 1";
    char small[12];
    ck_assert_int_eq(parse(bad), -1);
    ck_assert_str_eq(err, full);
    memset(small, 'x', sizeof small);
    ck_assert_int_eq(himpi_env_parse(get, (void *)bad, &env, small, 10), -1);
    ck_assert_str_eq(small, "HIMPI_GRO");
    ck_assert_int_eq(small[10], 'x');
    memset(small, 'x', sizeof small);
    ck_assert_int_eq(himpi_env_parse(get, (void *)bad, &env, small, 1), -1);
    ck_assert_str_eq(small, "");
    ck_assert_int_eq(small[1], 'x');
    small[0] = 'x';
    ck_assert_int_eq(himpi_env_parse(get, (void *)bad, &env, small, 0), -1);
    ck_assert_int_eq(small[0], 'x');

    char *const envp[] = {"HIMPI_GROUP=2", NULL};
    memset(small, 'x', sizeof small);
    ck_assert_int_eq(himpi_env_check_names(envp, small, 10), -1);
    ck_assert_str_eq(small, "HIMPI_GRO");
    ck_assert_int_eq(small[10], 'x');
    small[0] = 'x';
    ck_assert_int_eq(himpi_env_check_names(envp, small, 0), -1);
    ck_assert_int_eq(small[0], 'x');
}
END_TEST

START_TEST(check_names_accepts_known_and_foreign)
{
    char entries[sizeof known / sizeof known[0]][64];
    char *envp[sizeof known / sizeof known[0] + 8];
    size_t n = 0;
    for (; n < sizeof known / sizeof known[0]; n++) {
        snprintf(entries[n], sizeof entries[n], "%s=%s", known[n], n % 2 ? "" : "x=y");
        envp[n] = entries[n];
    }
    envp[n++] = "PATH=/usr/bin";
    envp[n++] = "XHIMPI_TUNE=lazy";
    envp[n++] = "HiMPI=1";
    envp[n++] = "MPI_HIMPI=1";
    envp[n++] = "HIMPI";
    envp[n++] = "HIMPI_TUNE";
    envp[n++] = "=HIMPI_X";
    envp[n] = NULL;
    ck_assert_int_eq(himpi_env_check_names(envp, err, sizeof err), 0);
    char *const none[] = {NULL};
    ck_assert_int_eq(himpi_env_check_names(none, err, sizeof err), 0);
}
END_TEST

START_TEST(check_names_reports_first_unknown)
{
    static const struct {
        const char *entry, *name;
    } cases[] = {
        {"HIMPI_TUN=lazy", "HIMPI_TUN"},     {"HIMPI_TUNEX=lazy", "HIMPI_TUNEX"},
        {"HiMPI_Bogus=1", "HiMPI_Bogus"},   {"HIMPI_=1", "HIMPI_"},
        {"HIMPI_GROUPS_=2", "HIMPI_GROUPS_"}, {"HIMPI_NUM_LEVEL", "HIMPI_NUM_LEVEL"},
        {"HIMPI_TEST_ALG=ring", "HIMPI_TEST_ALG"}, {"HIMPI_MIN_MSG =1K", "HIMPI_MIN_MSG "},
        {"HIMPI_A_NAME_SO_LONG_THAT_THE_MESSAGE_CUTS_IT_OFF_AFTER_SIXTY_FOUR_BYTES=1",
         "HIMPI_A_NAME_SO_LONG_THAT_THE_MESSAGE_CUTS_IT_OFF_AFTER_SIXTY_FO..."},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *const envp[] = {"HIMPI_TUNE=off", (char *)cases[i].entry, "HIMPI_BOGUS=1", NULL};
        char prefix[128];
        snprintf(prefix, sizeof prefix, "%s is not a HiMPI variable (known: HIMPI_CONF_FILE, ",
                 cases[i].name);
        ck_assert_int_eq(himpi_env_check_names(envp, err, sizeof err), -1);
        ck_assert_msg(strncmp(err, prefix, strlen(prefix)) == 0, "'%s' for '%s'", err,
                      cases[i].entry);
        for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
            assert_contains(err, known[k]);
        ck_assert_int_eq(err[strlen(err) - 1], ')');
    }
}
END_TEST

/* A known name in the wrong case would be ignored as silently as a
 * misspelt one: it is reported with the name meant. */
START_TEST(check_names_reports_wrong_case)
{
    static const struct {
        const char *entry, *name, *meant;
    } cases[] = {
        {"HiMPI_GROUPS=2", "HiMPI_GROUPS", "HIMPI_GROUPS"},
        {"himpi_tune=lazy", "himpi_tune", "HIMPI_TUNE"},
        {"HIMPI_tune=lazy", "HIMPI_tune", "HIMPI_TUNE"},
        {"Himpi_Lock_Timeout=5", "Himpi_Lock_Timeout", "HIMPI_LOCK_TIMEOUT"},
        {"HIMPI_CONF_FILe", "HIMPI_CONF_FILe", "HIMPI_CONF_FILE"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *const envp[] = {"PATH=/bin", "HIMPI_TUNE=off", (char *)cases[i].entry,
                              "HIMPI_BOGUS=1", NULL};
        char expected[160];
        snprintf(expected, sizeof expected,
                 "%s is not a HiMPI variable (did you mean %s? the names are case-sensitive)",
                 cases[i].name, cases[i].meant);
        ck_assert_int_eq(himpi_env_check_names(envp, err, sizeof err), -1);
        ck_assert_str_eq(err, expected);
    }
}
END_TEST

/* HIMPI_LOCK_TIMEOUT, which a table save reads (table_file.c), is also
 * checked with every other variable, so that a bad value stops HiMPI_Init
 * and himpi-tune before they tune rather than when they save. */
START_TEST(lock_timeout_values)
{
    static const struct {
        const char *value;
        int seconds;
    } good[] = {{"", 30}, {"0", 0}, {"1", 1}, {"030", 30}, {"2147483647", INT_MAX}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        const pair set[] = {{"HIMPI_LOCK_TIMEOUT", good[i].value}, {NULL, NULL}};
        int seconds = -1;
        ck_assert_msg(parse(set) == 0, "%s", err);
        ck_assert_int_eq(himpi_env_lock_timeout(get, (void *)set, &seconds, err, sizeof err), 0);
        ck_assert_int_eq(seconds, good[i].seconds);
    }
    int seconds = -1;
    const pair unset[] = {{NULL, NULL}};
    ck_assert_int_eq(himpi_env_lock_timeout(get, (void *)unset, &seconds, err, sizeof err), 0);
    ck_assert_int_eq(seconds, HIMPI_LOCK_TIMEOUT_DEFAULT);
    const char *const bad[] = {"-1", "+1", "1.5", "1s", " 1", "1 ", "2147483648", "inf", "0x10"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const pair set[] = {{"HIMPI_LOCK_TIMEOUT", bad[i]}, {NULL, NULL}};
        char expected[160];
        snprintf(expected, sizeof expected,
                 "HIMPI_LOCK_TIMEOUT='%s' is not valid: expected a number of seconds from 0 to "
                 "2147483647",
                 bad[i]);
        ck_assert_int_eq(parse(set), -1);
        ck_assert_str_eq(err, expected);
        ck_assert_int_eq(himpi_env_lock_timeout(get, (void *)set, &seconds, err, sizeof err), -1);
        ck_assert_str_eq(err, expected);
    }
}
END_TEST

/* The policy libhimpi gives programs that run without HiMPI_Init: HIMPI_WAIT
 * alone, whatever the other variables hold. */
START_TEST(wait_policy_alone)
{
    char err[256];
    MPIB_wait_policy w = MPIB_WAIT_YIELD;
    unsetenv("HIMPI_WAIT");
    setenv("HIMPI_GROUPS", "zero", 1);
    ck_assert_int_eq(HiMPI_Wait_policy_from_env(&w, err, sizeof err), 0);
    ck_assert_int_eq(w, MPIB_WAIT_BLOCKING);
    setenv("HIMPI_WAIT", "", 1);
    ck_assert_int_eq(HiMPI_Wait_policy_from_env(&w, err, sizeof err), 0);
    ck_assert_int_eq(w, MPIB_WAIT_BLOCKING);
    setenv("HIMPI_WAIT", "yield", 1);
    ck_assert_int_eq(HiMPI_Wait_policy_from_env(&w, err, sizeof err), 0);
    ck_assert_int_eq(w, MPIB_WAIT_YIELD);
    setenv("HIMPI_WAIT", "YIELD", 1);
    ck_assert_int_eq(HiMPI_Wait_policy_from_env(&w, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "HIMPI_WAIT"));
    ck_assert_ptr_nonnull(strstr(err, "expected blocking or yield"));
    unsetenv("HIMPI_WAIT");
    unsetenv("HIMPI_GROUPS");
}
END_TEST

Suite *unit_suite(void)
{
    Suite *s = suite_create("env");
    TCase *t = tcase_create("env");
    tcase_add_test(t, builtin_defaults_when_unset);
    tcase_add_test(t, empty_and_configured_values_mean_unset);
    tcase_add_test(t, valid_values);
    tcase_add_test(t, search_strategies);
    tcase_add_test(t, valid_reals);
    tcase_add_test(t, conf_file_any_path_that_fits);
    tcase_add_test(t, invalid_values);
    tcase_add_test(t, long_values_cut_in_messages);
    tcase_add_test(t, generate_config_alone_and_with_tune);
    tcase_add_test(t, generate_config_conflicts_with_tune);
    tcase_add_test(t, message_range_ordered);
    tcase_add_test(t, repetitions_ordered);
    tcase_add_test(t, first_invalid_in_struct_order);
    tcase_add_test(t, everything_at_once);
    tcase_add_test(t, messages_cut_to_errlen);
    tcase_add_test(t, check_names_accepts_known_and_foreign);
    tcase_add_test(t, check_names_reports_first_unknown);
    tcase_add_test(t, check_names_reports_wrong_case);
    tcase_add_test(t, lock_timeout_values);
    tcase_add_test(t, wait_policy_alone);
    suite_add_tcase(s, t);
    return s;
}

/* test_parse: names and byte counts as users type them. */
#include <config.h>

#include <limits.h>
#include <stdlib.h>

#include "mpib.h"
#include "unit.h"

START_TEST(sizes_with_suffixes)
{
    long long v;
    const struct { const char *text; long long value; } good[] = {
        {"0", 0}, {"17", 17}, {"1K", 1024}, {"1k", 1024}, {"16M", 16LL << 20},
        {"2g", 2LL << 30}, {"007", 7}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        ck_assert_int_eq(MPIB_parse_size(good[i].text, LLONG_MAX, &v), MPI_SUCCESS);
        ck_assert_int_eq(v, good[i].value);
    }
}
END_TEST

START_TEST(sizes_rejected)
{
    long long v = 42;
    const char *bad[] = {"", "K", "-1", "+1", " 1", "1 ", "1KB", "1T", "1.5M", "0x10",
                         "99999999999999999999", NULL};
    for (int i = 0; bad[i] != NULL; i++)
        ck_assert_msg(MPIB_parse_size(bad[i], LLONG_MAX, &v) == MPI_ERR_ARG, "'%s' accepted",
                      bad[i]);
    ck_assert_int_eq(MPIB_parse_size(NULL, LLONG_MAX, &v), MPI_ERR_ARG);
    ck_assert_int_eq(v, 42); /* untouched on error */
}
END_TEST

START_TEST(sizes_limited_by_max)
{
    long long v;
    ck_assert_int_eq(MPIB_parse_size("2147483647", INT_MAX, &v), MPI_SUCCESS);
    ck_assert_int_eq(MPIB_parse_size("2147483648", INT_MAX, &v), MPI_ERR_ARG);
    ck_assert_int_eq(MPIB_parse_size("2G", INT_MAX, &v), MPI_ERR_ARG);
    ck_assert_int_eq(MPIB_parse_size("2047M", INT_MAX, &v), MPI_SUCCESS);
    ck_assert_int_eq(v, 2047LL << 20);
    ck_assert_int_eq(MPIB_parse_size("8589934592G", LLONG_MAX, &v), MPI_ERR_ARG);
}
END_TEST

START_TEST(method_names)
{
    MPIB_method m;
    const MPIB_method all[] = {MPIB_METHOD_MAX, MPIB_METHOD_ROOT, MPIB_METHOD_GLOBAL};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(MPIB_method_parse(MPIB_method_name(all[i]), &m), MPI_SUCCESS);
        ck_assert_int_eq(m, all[i]);
    }
    ck_assert_str_eq(MPIB_method_name(MPIB_METHOD_GLOBAL), "global");
    ck_assert_int_eq(MPIB_method_parse("Max", &m), MPI_ERR_ARG);
    ck_assert_int_eq(MPIB_method_parse("", &m), MPI_ERR_ARG);
    ck_assert_int_eq(MPIB_method_parse(NULL, &m), MPI_ERR_ARG);
    ck_assert_ptr_null(MPIB_method_name((MPIB_method)3));
}
END_TEST

START_TEST(wait_policy_names)
{
    MPIB_wait_policy w;
    ck_assert_int_eq(MPIB_wait_policy_parse("yield", &w), MPI_SUCCESS);
    ck_assert_int_eq(w, MPIB_WAIT_YIELD);
    ck_assert_int_eq(MPIB_wait_policy_parse("blocking", &w), MPI_SUCCESS);
    ck_assert_int_eq(w, MPIB_WAIT_BLOCKING);
    ck_assert_int_eq(MPIB_wait_policy_parse("poll", &w), MPI_ERR_ARG);
    ck_assert_str_eq(MPIB_wait_policy_name(MPIB_WAIT_YIELD), "yield");
    ck_assert_ptr_null(MPIB_wait_policy_name((MPIB_wait_policy)2));
}
END_TEST

Suite *unit_suite(void)
{
    Suite *s = suite_create("parse");
    TCase *t = tcase_create("parse");
    tcase_add_test(t, sizes_with_suffixes);
    tcase_add_test(t, sizes_rejected);
    tcase_add_test(t, sizes_limited_by_max);
    tcase_add_test(t, method_names);
    tcase_add_test(t, wait_policy_names);
    suite_add_tcase(s, t);
    return s;
}

/* test_msgset: message-size sweeps. */
#include <config.h>

#include <limits.h>

#include "mpib.h"
#include "unit.h"

/* Checks that msgset gives exactly the n sizes in want. */
static void expect_sizes(MPIB_msgset set, int n, const int *want)
{
    int count = -1, sizes[64];
    ck_assert_int_eq(MPIB_msgset_sizes(&set, &count, NULL), MPI_SUCCESS);
    ck_assert_int_eq(count, n);
    ck_assert_int_eq(MPIB_msgset_sizes(&set, &count, sizes), MPI_SUCCESS);
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(sizes[i], want[i]);
}

START_TEST(powers_of_two)
{
    expect_sizes((MPIB_msgset){1024, 16384, 2}, 5, (const int[]){1024, 2048, 4096, 8192, 16384});
}
END_TEST

START_TEST(max_off_the_grid_is_not_added)
{
    expect_sizes((MPIB_msgset){3, 100, 3}, 4, (const int[]){3, 9, 27, 81});
}
END_TEST

START_TEST(zero_is_followed_by_one)
{
    expect_sizes((MPIB_msgset){0, 64, 4}, 5, (const int[]){0, 1, 4, 16, 64});
    expect_sizes((MPIB_msgset){0, 0, 2}, 1, (const int[]){0});
}
END_TEST

START_TEST(single_size)
{
    expect_sizes((MPIB_msgset){4096, 4096, 2}, 1, (const int[]){4096});
}
END_TEST

START_TEST(no_overflow_near_int_max)
{
    expect_sizes((MPIB_msgset){1 << 29, INT_MAX, 2}, 2, (const int[]){1 << 29, 1 << 30});
    expect_sizes((MPIB_msgset){INT_MAX, INT_MAX, 2}, 1, (const int[]){INT_MAX});
}
END_TEST

START_TEST(invalid_sets)
{
    int count;
    const MPIB_msgset bad[] = {{-1, 10, 2}, {10, 9, 2}, {1, 10, 1}, {1, 10, 0}};
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(MPIB_msgset_sizes(&bad[i], &count, NULL), MPI_ERR_ARG);
    ck_assert_int_eq(MPIB_msgset_sizes(NULL, &count, NULL), MPI_ERR_ARG);
}
END_TEST

Suite *unit_suite(void)
{
    Suite *s = suite_create("msgset");
    TCase *t = tcase_create("msgset");
    tcase_add_test(t, powers_of_two);
    tcase_add_test(t, max_off_the_grid_is_not_added);
    tcase_add_test(t, zero_is_followed_by_one);
    tcase_add_test(t, single_size);
    tcase_add_test(t, no_overflow_near_int_max);
    tcase_add_test(t, invalid_sets);
    suite_add_tcase(s, t);
    return s;
}

/* test_layout: balanced contiguous groups, checked against a direct
 * assignment of ranks to groups for every p up to 64 and every g. */
#include <config.h>

#include "hier/layout.h"
#include "unit.h"

enum { MAXP = 64 };

/* Hands out ranks in order: the first p mod g groups get one extra. */
static void assign(int p, int g, int *group_of)
{
    int rank = 0;
    for (int k = 0; k < g; k++)
        for (int i = 0; i < p / g + (k < p % g); i++)
            group_of[rank++] = k;
}

START_TEST(groups_match_direct_assignment)
{
    int want[MAXP];
    for (int p = 1; p <= MAXP; p++)
        for (int g = 1; g <= p; g++) {
            assign(p, g, want);
            for (int r = 0; r < p; r++)
                ck_assert_msg(himpi_group_of(p, g, r) == want[r], "p=%d g=%d rank %d", p, g, r);
            for (int k = 0; k < g; k++) {
                int start = himpi_group_start(p, g, k), n = himpi_group_size(p, g, k);
                ck_assert_msg(want[start] == k && (start == 0 || want[start - 1] == k - 1),
                              "p=%d g=%d group %d starts at %d", p, g, k, start);
                ck_assert_int_eq(himpi_group_start(p, g, k + 1), start + n);
            }
            ck_assert_int_eq(himpi_group_start(p, g, g), p);
        }
}
END_TEST

START_TEST(sizes_differ_by_at_most_one)
{
    for (int p = 1; p <= MAXP; p++)
        for (int g = 1; g <= p; g++) {
            int least = p, most = 0, total = 0;
            for (int k = 0; k < g; k++) {
                int n = himpi_group_size(p, g, k);
                least = n < least ? n : least;
                most = n > most ? n : most;
                total += n;
            }
            ck_assert_int_eq(total, p);
            ck_assert_msg(least >= 1 && most - least <= 1, "p=%d g=%d: sizes %d..%d", p, g,
                          least, most);
        }
}
END_TEST

START_TEST(examples)
{
    /* 10 ranks in 4 groups: 3, 3, 2, 2. */
    ck_assert_int_eq(himpi_group_size(10, 4, 0), 3);
    ck_assert_int_eq(himpi_group_size(10, 4, 3), 2);
    ck_assert_int_eq(himpi_group_start(10, 4, 2), 6);
    ck_assert_int_eq(himpi_group_of(10, 4, 5), 1);
    ck_assert_int_eq(himpi_group_of(10, 4, 6), 2);
    ck_assert_int_eq(himpi_group_of(10, 4, 9), 3);
    /* g = 1 and g = p. */
    ck_assert_int_eq(himpi_group_of(7, 1, 6), 0);
    ck_assert_int_eq(himpi_group_of(7, 7, 6), 6);
}
END_TEST

START_TEST(leaders)
{
    for (int p = 1; p <= 20; p++)
        for (int g = 1; g <= p; g++)
            for (int root = 0; root < p; root++)
                for (int k = 0; k < g; k++) {
                    int leader = himpi_group_leader(p, g, k, root);
                    int want = himpi_group_of(p, g, root) == k ? root : himpi_group_start(p, g, k);
                    ck_assert_int_eq(leader, want);
                    ck_assert_int_eq(himpi_group_of(p, g, leader), k);
                }
}
END_TEST

Suite *unit_suite(void)
{
    Suite *s = suite_create("layout");
    TCase *t = tcase_create("layout");
    tcase_add_test(t, groups_match_direct_assignment);
    tcase_add_test(t, sizes_differ_by_at_most_one);
    tcase_add_test(t, examples);
    tcase_add_test(t, leaders);
    suite_add_tcase(s, t);
    return s;
}

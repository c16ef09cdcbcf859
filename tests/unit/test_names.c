/* test_names: algorithm and operation names, and which algorithm exists
 * for which operation (the catalogue in himpi.h). */
#include <config.h>

#include <string.h>

#include "himpi.h"
#include "unit.h"

START_TEST(algorithm_names_round_trip)
{
    for (int a = 0; a < HIMPI_ALG_COUNT; a++) {
        const char *name = HiMPI_Alg_name((HiMPI_Alg)a);
        ck_assert_ptr_nonnull(name);
        HiMPI_Alg back;
        ck_assert_int_eq(HiMPI_Alg_from_name(name, &back), MPI_SUCCESS);
        ck_assert_int_eq(back, a);
        for (int b = 0; b < a; b++)
            ck_assert_str_ne(name, HiMPI_Alg_name((HiMPI_Alg)b));
    }
    ck_assert_ptr_null(HiMPI_Alg_name(HIMPI_ALG_COUNT));
    ck_assert_ptr_null(HiMPI_Alg_name((HiMPI_Alg)-1));
    HiMPI_Alg a;
    ck_assert_int_eq(HiMPI_Alg_from_name("Linear", &a), MPI_ERR_ARG);
    ck_assert_int_eq(HiMPI_Alg_from_name("", &a), MPI_ERR_ARG);
    ck_assert_int_eq(HiMPI_Alg_from_name(NULL, &a), MPI_ERR_ARG);
    ck_assert_int_eq(HiMPI_Alg_from_name("scatter-ring-allgather", &a), MPI_SUCCESS);
    ck_assert_int_eq(a, HIMPI_ALG_SCATTER_RING_ALLGATHER);
}
END_TEST

START_TEST(operation_names_round_trip)
{
    const char *names[] = {"bcast",          "reduce",   "allreduce", "scatter",
                           "gather",         "allgather", "scan",     "exscan",
                           "barrier",        "reduce_scatter_block",  "reduce_scatter",
                           "alltoall",       "gatherv",  "scatterv",  "allgatherv"};
    for (int o = 0; o < HIMPI_OP_COUNT; o++) {
        ck_assert_str_eq(HiMPI_Op_name((HiMPI_Op)o), names[o]);
        HiMPI_Op back;
        ck_assert_int_eq(HiMPI_Op_from_name(names[o], &back), MPI_SUCCESS);
        ck_assert_int_eq(back, o);
    }
    HiMPI_Op op;
    ck_assert_int_eq(HiMPI_Op_from_name("alltoallw", &op), MPI_ERR_ARG);
    ck_assert_ptr_null(HiMPI_Op_name(HIMPI_OP_COUNT));
}
END_TEST

/* Barrier alone carries no message. */
START_TEST(operations_with_a_size)
{
    for (int o = 0; o < HIMPI_OP_COUNT; o++)
        ck_assert_int_eq(HiMPI_Op_has_size((HiMPI_Op)o), o != HIMPI_OP_BARRIER);
    ck_assert_int_eq(HiMPI_Op_has_size(HIMPI_OP_COUNT), 0);
    ck_assert_int_eq(HiMPI_Op_has_size((HiMPI_Op)-1), 0);
}
END_TEST

/* The operations whose levels can overlap, written out independently of
 * the catalogue. */
START_TEST(operations_that_overlap)
{
    for (int o = 0; o < HIMPI_OP_COUNT; o++)
        ck_assert_int_eq(HiMPI_Op_overlaps((HiMPI_Op)o),
                         o == HIMPI_OP_BCAST || o == HIMPI_OP_REDUCE || o == HIMPI_OP_ALLREDUCE);
    ck_assert_int_eq(HiMPI_Op_overlaps(HIMPI_OP_COUNT), 0);
    ck_assert_int_eq(HiMPI_Op_overlaps((HiMPI_Op)-1), 0);
}
END_TEST

/* The catalogue, written out independently of the tables. */
static const char *const catalogue[HIMPI_OP_COUNT] = {
    "native linear chain pipeline binomial binary split-binary scatter-ring-allgather "
    "scatter-rd-allgather",
    "native linear chain pipeline binomial binary rabenseifner",
    "native linear recursive-doubling ring segmented-ring rabenseifner",
    "native linear binomial",
    "native linear binomial linear-sync",
    "native ring recursive-doubling gather-bcast",
    "native linear recursive-doubling",
    "native linear recursive-doubling",
    "native linear recursive-doubling dissemination",
    "native binomial recursive-halving ring pairwise butterfly",
    "native binomial recursive-halving ring pairwise butterfly",
    "native pairwise bruck linear",
    "native linear binomial",
    "native linear binomial",
    "native ring bruck"};

START_TEST(supported_algorithms_match_catalogue)
{
    for (int o = 0; o < HIMPI_OP_COUNT; o++)
        for (int a = 0; a < HIMPI_ALG_COUNT; a++) {
            const char *name = HiMPI_Alg_name((HiMPI_Alg)a), *at = catalogue[o];
            size_t len = strlen(name);
            int listed = 0;
            for (; at != NULL; at = (at = strchr(at, ' ')) ? at + 1 : NULL)
                listed |= strncmp(at, name, len) == 0 && (at[len] == ' ' || at[len] == '\0');
            ck_assert_msg(HiMPI_Alg_supported((HiMPI_Op)o, (HiMPI_Alg)a) == listed,
                          "%s for %s", name, HiMPI_Op_name((HiMPI_Op)o));
        }
    ck_assert_int_eq(HiMPI_Alg_supported(HIMPI_OP_COUNT, HIMPI_ALG_NATIVE), 0);
    ck_assert_int_eq(HiMPI_Alg_supported(HIMPI_OP_BCAST, HIMPI_ALG_COUNT), 0);
}
END_TEST

Suite *unit_suite(void)
{
    Suite *s = suite_create("names");
    TCase *t = tcase_create("names");
    tcase_add_test(t, algorithm_names_round_trip);
    tcase_add_test(t, operation_names_round_trip);
    tcase_add_test(t, operations_with_a_size);
    tcase_add_test(t, operations_that_overlap);
    tcase_add_test(t, supported_algorithms_match_catalogue);
    suite_add_tcase(s, t);
    return s;
}

/* plans.h: the multi-level and hardware plans the test matrices try with
 * each algorithm (colltest.c, test_barrier.c). */
#ifndef TEST_PLANS_H
#define TEST_PLANS_H

#include "himpi.h"

/* How many plans test_plans gives. */
enum { TEST_NPLANS = 7 };

/* The plans to try with algorithm a: rank blocks on two and three levels,
 * hardware levels alone, stacked, and mixed with rank blocks.  Their other
 * levels run the MPI library's collective if native is set, a otherwise
 * (where HIMPI_TEST_ALGS leaves native out).  Returns TEST_NPLANS. */
int test_plans(HiMPI_Alg a, int native, HiMPI_Plan *plans);

/* Runs sweep(binding) on a topology of two pretend nodes: under scatter
 * binding, which deals ranks out round-robin, so that hardware groups are
 * not contiguous; then, unless sampled, under block binding, which keeps
 * them contiguous, the easier case. */
void test_plans_bindings(void (*sweep)(const char *binding), int sampled);

#endif /* TEST_PLANS_H */

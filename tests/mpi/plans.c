/* plans.c: the plans the test matrices try (plans.h). */
#include <config.h>

#include <stdlib.h>

#include "plans.h"
#include "topo/topo.h"

int test_plans(HiMPI_Alg a, int native, HiMPI_Plan *plans)
{
    const HiMPI_Alg n = native ? HIMPI_ALG_NATIVE : a;
    const HiMPI_Level blocks2 = {2, HIMPI_HW_NODE, a}, blocks3 = {3, HIMPI_HW_NODE, n};
    const HiMPI_Level node = {0, HIMPI_HW_NODE, a}, package = {0, HIMPI_HW_PACKAGE, n};
    const HiMPI_Level numa = {0, HIMPI_HW_NUMA, a}, core = {0, HIMPI_HW_CORE, n};
    plans[0] = (HiMPI_Plan){2, {blocks2, blocks2}, a, 60, 0};
    plans[1] = (HiMPI_Plan){3, {blocks3, blocks2, blocks2}, n, 0, 0};
    plans[2] = (HiMPI_Plan){1, {node}, a, 0, 0};
    plans[3] = (HiMPI_Plan){2, {node, package}, a, 60, 0};
    plans[4] = (HiMPI_Plan){4, {node, package, numa, core}, a, 0, 0};
    plans[5] = (HiMPI_Plan){2, {package, blocks2}, a, 0, 0};
    plans[6] = (HiMPI_Plan){2, {blocks2, numa}, n, 0, 0};
    return TEST_NPLANS;
}

void test_plans_bindings(void (*sweep)(const char *binding), int sampled)
{
    setenv("HIMPI_TOPOLOGY", "node:2 pack:2 numa:2 core:2 pu:1", 1);
    setenv("HIMPI_BINDING", "scatter", 1);
    sweep("scatter");
    if (!sampled) {
        /* The topology is read once per process. */
        himpi_topo_reset();
        setenv("HIMPI_BINDING", "block", 1);
        sweep("block");
    }
}

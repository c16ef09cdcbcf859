/* test_topo: the topology's pure parts, without MPI: HIMPI_TOPOLOGY's node
 * prefix, HIMPI_BINDING, the scatter order, the levels of synthetic
 * topologies, paths, and the common-level and color computations that
 * hierarchical communicators rest on. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "topo/topo.h"
#include "unit.h"

static hwloc_topology_t synthetic(const char *description)
{
    hwloc_topology_t topo;
    ck_assert_int_eq(hwloc_topology_init(&topo), 0);
    ck_assert_msg(hwloc_topology_set_synthetic(topo, description) == 0, "%s", description);
    ck_assert_int_eq(hwloc_topology_load(topo), 0);
    return topo;
}

START_TEST(node_prefix)
{
    char err[256];
    int nodes;
    const char *rest;
    ck_assert_int_eq(himpi_topo_parse_nodes("node:2 pack:2 core:4 pu:1", &nodes, &rest, err,
                                            sizeof err), 0);
    ck_assert_int_eq(nodes, 2);
    ck_assert_str_eq(rest, "pack:2 core:4 pu:1");
    ck_assert_int_eq(himpi_topo_parse_nodes("  Node:12\tx.xml", &nodes, &rest, err, sizeof err),
                     0);
    ck_assert_int_eq(nodes, 12);
    ck_assert_str_eq(rest, "x.xml");
    const char *plain = "pack:2 numa:2 l3:1 core:4 pu:1";
    ck_assert_int_eq(himpi_topo_parse_nodes(plain, &nodes, &rest, err, sizeof err), 0);
    ck_assert_int_eq(nodes, 1);
    ck_assert_ptr_eq(rest, plain);
    const char *bad[] = {"node:0 pack:2", "node:x pack:2", "node: 2 pack:2", "node:2",
                         "node:2   ", "node:2x pack:2", "node:-1 pack:2",
                         "node:99999999999 pack:2"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        ck_assert_msg(himpi_topo_parse_nodes(bad[i], &nodes, &rest, err, sizeof err) == -1,
                      "'%s' accepted", bad[i]);
        ck_assert_msg(strncmp(err, "HIMPI_TOPOLOGY='", 16) == 0 && strstr(err, "is not valid"),
                      "'%s': %s", bad[i], err);
    }
}
END_TEST

START_TEST(binding_values)
{
    char err[256];
    himpi_binding b;
    const struct {
        const char *value;
        himpi_bind_policy policy;
    } good[] = {{NULL, HIMPI_BIND_BLOCK},
                {"", HIMPI_BIND_BLOCK},
                {"block", HIMPI_BIND_BLOCK},
                {"scatter", HIMPI_BIND_SCATTER},
                {"none", HIMPI_BIND_NONE}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        ck_assert_int_eq(himpi_topo_parse_binding(good[i].value, &b, err, sizeof err), 0);
        ck_assert_int_eq(b.policy, good[i].policy);
        himpi_binding_free(&b);
    }
    ck_assert_int_eq(himpi_topo_parse_binding("0,12,3,2147483647", &b, err, sizeof err), 0);
    ck_assert_int_eq(b.policy, HIMPI_BIND_LIST);
    ck_assert_int_eq(b.n, 4);
    ck_assert_int_eq(b.list[0], 0);
    ck_assert_int_eq(b.list[1], 12);
    ck_assert_int_eq(b.list[3], 2147483647);
    himpi_binding_free(&b);
    ck_assert_int_eq(himpi_topo_parse_binding("7", &b, err, sizeof err), 0);
    ck_assert_int_eq(b.n, 1);
    ck_assert_int_eq(b.list[0], 7);
    himpi_binding_free(&b);
    const char *bad[] = {"Block", "blocky", "1,,2", ",1", "1,", "-1", " 1", "1 ", "1;2",
                         "2147483648", "scatter,1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        ck_assert_msg(himpi_topo_parse_binding(bad[i], &b, err, sizeof err) == -1,
                      "'%s' accepted", bad[i]);
        ck_assert_msg(strncmp(err, "HIMPI_BINDING='", 15) == 0 &&
                          strstr(err, "expected block, scatter, none or"),
                      "'%s': %s", bad[i], err);
        ck_assert_ptr_null(b.list);
    }
}
END_TEST

/* Scatter on a symmetric tree, directly: rank r's digits in the mixed
 * radix of the arities, outermost digit least significant, read back
 * outermost most significant. */
static int reversed(int r, int n, const int *arity)
{
    int pu = 0;
    for (int l = 0; l < n; l++) {
        pu = pu * arity[l] + r % arity[l];
        r /= arity[l];
    }
    return pu;
}

static void check_scatter(const char *description, int nodes, int n, const int *arity)
{
    hwloc_topology_t topo = synthetic(description);
    int total = 1;
    for (int l = 0; l < n; l++)
        total *= arity[l];
    int *order = malloc((size_t)total * sizeof *order), *seen = calloc((size_t)total, sizeof *seen);
    ck_assert_int_eq(himpi_topo_scatter_order(topo, nodes, order), 0);
    for (int r = 0; r < total; r++) {
        ck_assert_msg(order[r] == reversed(r, n, arity), "%s x %d nodes: rank %d on PU %d, not %d",
                      description, nodes, r, order[r], reversed(r, n, arity));
        ck_assert_int_eq(seen[order[r]]++, 0);
    }
    free(order);
    free(seen);
    hwloc_topology_destroy(topo);
}

START_TEST(scatter_order)
{
    /* The example of the brief: node0/pack0, node1/pack0, node0/pack1, ... */
    hwloc_topology_t topo = synthetic("pack:2 core:4 pu:1");
    int order[16];
    ck_assert_int_eq(himpi_topo_scatter_order(topo, 2, order), 0);
    const int want[8] = {0, 8, 4, 12, 1, 9, 5, 13};
    for (int r = 0; r < 8; r++)
        ck_assert_int_eq(order[r], want[r]);
    hwloc_topology_destroy(topo);

    check_scatter("pack:2 core:4 pu:1", 2, 4, (const int[]){2, 2, 4, 1});
    check_scatter("pack:2 numa:2 l3:1 core:4 pu:1", 1, 4, (const int[]){1, 2, 2, 4});
    check_scatter("pack:2 l3:2 core:2 pu:2", 3, 5, (const int[]){3, 2, 2, 2, 2});
    check_scatter("core:3 pu:1", 1, 1, (const int[]){3});
}
END_TEST

static void check_levels(const char *description, int n, const himpi_topo_kind *want)
{
    hwloc_topology_t topo = synthetic(description);
    himpi_topo_levels lv;
    ck_assert_int_eq(himpi_topo_levels_init(&lv, topo), 0);
    char got[256] = "";
    for (int l = 0; l < lv.n; l++)
        snprintf(got + strlen(got), sizeof got - strlen(got), " %s",
                 himpi_topo_kind_name(lv.kind[l]));
    ck_assert_msg(lv.n == n, "%s: levels%s", description, got);
    for (int l = 0; l < n; l++)
        ck_assert_msg(lv.kind[l] == want[l], "%s: levels%s", description, got);
    himpi_topo_levels_free(&lv);
    hwloc_topology_destroy(topo);
}

START_TEST(levels)
{
    const himpi_topo_kind N = HIMPI_TOPO_NODE, P = HIMPI_TOPO_PACKAGE, M = HIMPI_TOPO_NUMA,
                          L3 = HIMPI_TOPO_L3, L2 = HIMPI_TOPO_L2, L1 = HIMPI_TOPO_L1,
                          C = HIMPI_TOPO_CORE, U = HIMPI_TOPO_PU, G = HIMPI_TOPO_GROUP;
    /* NUMA coincides with L3 and subdivides the package: a level, first. */
    check_levels("pack:2 numa:2 l3:1 core:4 pu:1", 6, (const himpi_topo_kind[]){N, P, M, L3, C, U});
    /* One NUMA node for the machine: no level. */
    check_levels("pack:2 core:4 pu:1", 4, (const himpi_topo_kind[]){N, P, C, U});
    /* NUMA coincides with the package: the package's. */
    check_levels("pack:2 numa:1 l3:1 core:2 pu:1", 5, (const himpi_topo_kind[]){N, P, L3, C, U});
    /* hwloc makes a group for each NUMA node inside a package. */
    check_levels("pack:2 numa:2 core:2 pu:1", 6, (const himpi_topo_kind[]){N, P, M, G, C, U});
    /* ... or above the packages. */
    check_levels("numa:2 pack:2 core:2 pu:1", 6, (const himpi_topo_kind[]){N, M, G, P, C, U});
    check_levels("pack:2 l3:2 l2:2 l1:1 core:1 pu:2", 7,
                 (const himpi_topo_kind[]){N, P, L3, L2, L1, C, U});
}
END_TEST

static hwloc_const_cpuset_t pu_set(hwloc_topology_t topo, unsigned pu)
{
    return hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU, pu)->cpuset;
}

START_TEST(paths_and_steps)
{
    hwloc_topology_t topo = synthetic("pack:2 numa:2 l3:1 core:4 pu:1");
    himpi_topo_levels lv;
    ck_assert_int_eq(himpi_topo_levels_init(&lv, topo), 0);
    ck_assert_int_eq(lv.n, 6);
    himpi_topo_step path[16][6], whole[6];
    for (unsigned pu = 0; pu < 16; pu++)
        himpi_topo_path(&lv, topo, pu_set(topo, pu), 3, path[pu]);
    /* Two PUs share a level's object exactly when their indices agree
     * above that level's block of PUs: 8 per package, 4 per NUMA and L3,
     * 1 per core and PU. */
    const int block[6] = {16, 8, 4, 4, 1, 1};
    for (int a = 0; a < 16; a++)
        for (int b = 0; b < 16; b++)
            for (int l = 0; l < 6; l++) {
                ck_assert_int_eq(path[a][l].kind, lv.kind[l]);
                ck_assert(path[a][l].id >= 0);
                ck_assert_msg((path[a][l].id == path[b][l].id) == (a / block[l] == b / block[l]),
                              "PUs %d and %d at level %d", a, b, l);
            }
    ck_assert_int_eq(path[5][0].id, 3);
    /* The whole machine: nothing below the node. */
    himpi_topo_path(&lv, topo, hwloc_get_root_obj(topo)->cpuset, 0, whole);
    for (int l = 1; l < 6; l++)
        ck_assert_int_eq(whole[l].id, -1);
    /* Both cores of an L3: that L3, nothing below. */
    hwloc_bitmap_t two = hwloc_bitmap_alloc();
    hwloc_bitmap_or(two, pu_set(topo, 4), pu_set(topo, 6));
    himpi_topo_path(&lv, topo, two, 0, whole);
    ck_assert_int_eq(whole[3].id, path[5][3].id);
    ck_assert_int_eq(whole[4].id, -1);

    /* Steps at any kind: L2 and L1 are missing and coincide with L3. */
    for (unsigned pu = 0; pu < 16; pu++) {
        hwloc_const_cpuset_t set = pu_set(topo, pu);
        ck_assert_int_eq(himpi_topo_step_of(&lv, topo, set, HIMPI_TOPO_L2).id, path[pu][3].id);
        ck_assert_int_eq(himpi_topo_step_of(&lv, topo, set, HIMPI_TOPO_L1).id, path[pu][3].id);
        ck_assert_int_eq(himpi_topo_step_of(&lv, topo, set, HIMPI_TOPO_NUMA).id, path[pu][2].id);
        ck_assert_int_eq(himpi_topo_step_of(&lv, topo, set, HIMPI_TOPO_PACKAGE).id,
                         path[pu][1].id);
        ck_assert_int_eq(himpi_topo_step_of(&lv, topo, set, HIMPI_TOPO_PU).id, path[pu][5].id);
    }
    ck_assert_int_eq(himpi_topo_step_of(&lv, topo, two, HIMPI_TOPO_L1).id, path[5][3].id);
    ck_assert_int_eq(himpi_topo_step_of(&lv, topo, two, HIMPI_TOPO_CORE).id, -1);
    hwloc_bitmap_free(two);
    himpi_topo_levels_free(&lv);
    hwloc_topology_destroy(topo);

    /* No L3 and one NUMA node: L3 coincides with the package, NUMA with
     * the machine, so an unbound process has a NUMA domain. */
    topo = synthetic("pack:2 core:4 pu:1");
    ck_assert_int_eq(himpi_topo_levels_init(&lv, topo), 0);
    hwloc_const_cpuset_t machine = hwloc_get_root_obj(topo)->cpuset;
    ck_assert_int_eq(himpi_topo_step_of(&lv, topo, machine, HIMPI_TOPO_NUMA).id, 0);
    ck_assert_int_eq(himpi_topo_step_of(&lv, topo, machine, HIMPI_TOPO_L3).id, -1);
    for (unsigned pu = 0; pu < 8; pu++) {
        long long l3 = himpi_topo_step_of(&lv, topo, pu_set(topo, pu), HIMPI_TOPO_L3).id;
        long long pack0 = himpi_topo_step_of(&lv, topo, pu_set(topo, 0), HIMPI_TOPO_PACKAGE).id;
        ck_assert(l3 >= 0);
        ck_assert_int_eq(l3 == pack0, pu < 4);
    }
    himpi_topo_levels_free(&lv);
    hwloc_topology_destroy(topo);
}
END_TEST

/* Paths written by hand: (kind, id) steps, node first. */
#define STEP(k, i) {HIMPI_TOPO_##k, i}

START_TEST(common_level)
{
    /* The non-uniform binding of the paper's section 5.2: one node, two
     * NUMA domains of two L2s of two cores; p0, p1 on cores 0, 1, p2, p3
     * on L2 #1, p4 .. p7 on NUMA #1. */
    const himpi_topo_step p[8][4] = {
        {STEP(NODE, 0), STEP(NUMA, 0), STEP(L2, 0), STEP(CORE, 0)},
        {STEP(NODE, 0), STEP(NUMA, 0), STEP(L2, 0), STEP(CORE, 1)},
        {STEP(NODE, 0), STEP(NUMA, 0), STEP(L2, 1), STEP(CORE, -1)},
        {STEP(NODE, 0), STEP(NUMA, 0), STEP(L2, 1), STEP(CORE, -1)},
        {STEP(NODE, 0), STEP(NUMA, 1), STEP(L2, -1), STEP(CORE, -1)},
        {STEP(NODE, 0), STEP(NUMA, 1), STEP(L2, -1), STEP(CORE, -1)},
        {STEP(NODE, 0), STEP(NUMA, 1), STEP(L2, -1), STEP(CORE, -1)},
        {STEP(NODE, 0), STEP(NUMA, 1), STEP(L2, -1), STEP(CORE, -1)},
    };
    const himpi_topo_step *all[8];
    const int length[8] = {4, 4, 4, 4, 4, 4, 4, 4};
    for (int i = 0; i < 8; i++)
        all[i] = p[i];
    ck_assert_int_eq(himpi_topo_common(8, all, length), 0); /* the node */
    ck_assert_int_eq(himpi_topo_common(4, all, length), 1); /* NUMA #0 */
    ck_assert_int_eq(himpi_topo_common(4, all + 4, length), 1); /* NUMA #1, no deeper */
    ck_assert_int_eq(himpi_topo_common(2, all, length), 2); /* L2 #0 */
    ck_assert_int_eq(himpi_topo_common(2, all + 2, length), 2); /* L2 #1, unbound below */
    ck_assert_int_eq(himpi_topo_common(1, all + 1, length), 3); /* its core */
    ck_assert_int_eq(himpi_topo_common(1, all + 5, length), 1);
    ck_assert_int_eq(himpi_topo_common(0, all, length), -1);

    /* Two nodes: nothing in common; shorter paths stop the common part. */
    const himpi_topo_step q[3][3] = {{STEP(NODE, 0), STEP(PACKAGE, 7), STEP(CORE, 1)},
                                     {STEP(NODE, 4), STEP(PACKAGE, 7), STEP(CORE, 1)},
                                     {STEP(NODE, 0), STEP(PACKAGE, 7), STEP(CORE, 1)}};
    const himpi_topo_step *two[2] = {q[0], q[1]}, *same[2] = {q[0], q[2]};
    ck_assert_int_eq(himpi_topo_common(2, two, (const int[]){3, 3}), -1);
    ck_assert_int_eq(himpi_topo_common(2, same, (const int[]){3, 3}), 2);
    ck_assert_int_eq(himpi_topo_common(2, same, (const int[]){3, 2}), 1);
    /* The same id at a different kind is a different object. */
    const himpi_topo_step r[2][2] = {{STEP(NODE, 0), STEP(L3, 5)}, {STEP(NODE, 0), STEP(L2, 5)}};
    const himpi_topo_step *mixed[2] = {r[0], r[1]};
    ck_assert_int_eq(himpi_topo_common(2, mixed, (const int[]){2, 2}), 0);
}
END_TEST

START_TEST(match_colors)
{
    const long long keys[] = {5, 1, 3, 2, 5, 1, -1, 0, 3, 2, 0, -1, 5, 1, 2, 9};
    int colors[8];
    himpi_topo_match(8, keys, 2, colors);
    const int want[8] = {0, 1, 0, -1, 1, -1, 0, 7};
    for (int i = 0; i < 8; i++)
        ck_assert_msg(colors[i] == want[i], "key %d: color %d, expected %d", i, colors[i],
                      want[i]);
    const long long one[] = {4, 4, 2, 4, 2};
    himpi_topo_match(5, one, 1, colors);
    const int want_one[5] = {0, 0, 2, 0, 2};
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(colors[i], want_one[i]);
    himpi_topo_match(0, one, 1, colors);
}
END_TEST

/* The digest tells synthetic topologies apart and is stable; the summary
 * counts packages, NUMA nodes, cores and PUs. */
START_TEST(topology_digest)
{
    char a[96], b[96], c[96];
    hwloc_topology_t t = synthetic("pack:2 core:4 pu:2");
    himpi_topo_digest(t, a, sizeof a);
    himpi_topo_digest(t, b, sizeof b);
    hwloc_topology_destroy(t);
    t = synthetic("pack:2 core:2 pu:4");
    himpi_topo_digest(t, c, sizeof c);
    hwloc_topology_destroy(t);
    ck_assert_str_eq(a, b);
    ck_assert_uint_eq(strspn(a, "0123456789abcdef"), 16);
    ck_assert_str_eq(a + 16, " package:2 numa:1 core:8 pu:16");
    ck_assert_str_eq(c + 16, " package:2 numa:1 core:4 pu:16");
    ck_assert(strncmp(a, c, 16) != 0);
}
END_TEST

static void check_shape(int p, const int *colors, int nodes, int ppn, const char *placement)
{
    int n, k;
    char place[16];
    himpi_topo_shape(p, colors, &n, &k, place, sizeof place);
    ck_assert_int_eq(n, nodes);
    ck_assert_int_eq(k, ppn);
    ck_assert_str_eq(place, placement);
}

START_TEST(job_shapes)
{
    check_shape(1, (const int[]){0}, 1, 1, "block");
    check_shape(6, (const int[]){0, 0, 0, 3, 3, 3}, 2, 3, "block");
    check_shape(6, (const int[]){0, 1, 2, 0, 1, 2}, 3, 2, "cyclic");
    check_shape(4, (const int[]){0, 1, 2, 3}, 4, 1, "block");
    check_shape(5, (const int[]){0, 0, 2, 2, 2}, 2, 0, "block");
    check_shape(4, (const int[]){0, 1, 1, 0}, 2, 2, "mixed");
    check_shape(5, (const int[]){0, 1, 0, 1, 0}, 2, 0, "cyclic");
}
END_TEST

START_TEST(names)
{
    const char *names[] = {"cluster", "node", "package", "numa", "l3cache",
                           "l2cache", "l1cache", "core", "pu"};
    for (int k = 0; k < 9; k++) {
        himpi_topo_kind kind;
        ck_assert_str_eq(himpi_topo_kind_name((himpi_topo_kind)k), names[k]);
        ck_assert_int_eq(himpi_topo_kind_from_name(names[k], &kind), MPI_SUCCESS);
        ck_assert_int_eq(kind, k);
    }
    himpi_topo_kind kind;
    ck_assert_str_eq(himpi_topo_kind_name(HIMPI_TOPO_GROUP), "group");
    ck_assert_ptr_null(himpi_topo_kind_name(HIMPI_TOPO_KINDS));
    ck_assert_int_eq(himpi_topo_kind_from_name("group", &kind), MPI_ERR_ARG);
    ck_assert_int_eq(himpi_topo_kind_from_name("Core", &kind), MPI_ERR_ARG);
    ck_assert_int_eq(himpi_topo_kind_from_name(NULL, &kind), MPI_ERR_ARG);
}
END_TEST

/* Places rank r and returns its global PU (node * PUs + PU), -1 if its
 * binding is its whole node. */
static int placed_pu(const char *topology, const char *binding, int r, int *node)
{
    himpi_topo_place pl;
    char err[256];
    ck_assert_msg(himpi_topo_place_init(&pl, topology, binding, r, err, sizeof err) ==
                      MPI_SUCCESS,
                  "%s / %s: %s", topology, binding, err);
    int pus = hwloc_get_nbobjs_by_type(pl.topo, HWLOC_OBJ_PU), pu = -1;
    *node = pl.node;
    if (!hwloc_bitmap_isequal(pl.binding, hwloc_get_root_obj(pl.topo)->cpuset)) {
        ck_assert_int_eq(hwloc_bitmap_weight(pl.binding), 1);
        pu = pl.node * pus + hwloc_get_obj_inside_cpuset_by_type(pl.topo, pl.binding,
                                                                  HWLOC_OBJ_PU, 0)->logical_index;
    }
    himpi_topo_place_free(&pl);
    return pu;
}

START_TEST(places)
{
    const char *t = "node:2 pack:2 core:4 pu:1";
    const int listed[3] = {15, 0, 9}, listed_node[3] = {1, 0, 1};
    int node;
    for (int r = 0; r < 40; r++) {
        ck_assert_int_eq(placed_pu(t, "block", r, &node), r % 16);
        ck_assert_int_eq(node, r % 16 / 8);
        ck_assert_int_eq(placed_pu(t, NULL, r, &node), r % 16);
        ck_assert_int_eq(placed_pu(t, "scatter", r, &node),
                         reversed(r % 16, 4, (const int[]){2, 2, 4, 1}));
        ck_assert_int_eq(placed_pu(t, "none", r, &node), -1);
        ck_assert_int_eq(node, r % 16 / 8);
        ck_assert_int_eq(placed_pu(t, "15,0,9", r, &node), listed[r % 3]);
        ck_assert_int_eq(node, listed_node[r % 3]);
    }
    ck_assert_int_eq(placed_pu("pack:2 numa:2 l3:1 core:4 pu:1", "scatter", 1, &node), 8);
    ck_assert_int_eq(node, 0);
}
END_TEST

static void check_refused(const char *topology, const char *binding, const char *variable,
                          const char *reason)
{
    himpi_topo_place pl;
    char err[512] = "";
    ck_assert_msg(himpi_topo_place_init(&pl, topology, binding, 0, err, sizeof err) ==
                      MPI_ERR_ARG,
                  "%s / %s accepted", topology, binding);
    ck_assert_msg(strstr(err, variable) == err && strstr(err, reason) != NULL,
                  "%s / %s: %s", topology, binding, err);
    himpi_topo_place_free(&pl);
}

START_TEST(invalid_places)
{
    check_refused("pack:x", NULL, "HIMPI_TOPOLOGY='pack:x' is not valid",
                  "synthetic description");
    check_refused("node:2 bogus:3", NULL, "HIMPI_TOPOLOGY='node:2 bogus:3'", "XML file");
    check_refused("node:0 pack:2", NULL, "HIMPI_TOPOLOGY='node:0 pack:2'", "node:N");
    check_refused("pack:2 pu:2", "sideways", "HIMPI_BINDING='sideways' is not valid",
                  "expected block");
    check_refused("node:2 pack:2 pu:2", "0,8", "HIMPI_BINDING='0,8'",
                  "PU 8 does not exist (the PUs are 0 to 7: 2 nodes of 4)");
    check_refused(NULL, "block", "HIMPI_BINDING='block'", "needs HIMPI_TOPOLOGY");
    check_refused("", "0,1", "HIMPI_BINDING='0,1'", "needs HIMPI_TOPOLOGY");
    /* A file that is not XML. */
    char path[] = "/tmp/himpi-topo-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, "not xml\n", 8), 8);
    close(fd);
    check_refused(path, NULL, "HIMPI_TOPOLOGY='/tmp/himpi-topo-", "as an XML topology");
    unlink(path);
}
END_TEST

START_TEST(xml_and_real)
{
    /* An XML export of a synthetic topology places ranks alike. */
    hwloc_topology_t topo = synthetic("pack:2 numa:2 l3:1 core:4 pu:1");
    char path[] = "/tmp/himpi-topo-XXXXXX", prefixed[64];
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    ck_assert_int_eq(hwloc_topology_export_xml(topo, path, 0), 0);
    hwloc_topology_destroy(topo);
    snprintf(prefixed, sizeof prefixed, "node:3 %s", path);
    int node;
    for (int r = 0; r < 48; r++) {
        ck_assert_int_eq(placed_pu(path, "scatter", r, &node),
                         placed_pu("pack:2 numa:2 l3:1 core:4 pu:1", "scatter", r, &node));
        ck_assert_int_eq(placed_pu(prefixed, "block", r, &node), r);
        ck_assert_int_eq(node, r / 16);
    }
    himpi_topo_place pl;
    char err[256];
    ck_assert_int_eq(himpi_topo_place_init(&pl, path, NULL, 0, err, sizeof err), MPI_SUCCESS);
    ck_assert_int_eq(pl.levels.n, 6);
    himpi_topo_place_free(&pl);
    unlink(path);

    /* The real machine: no pretend node, a binding within the machine. */
    ck_assert_int_eq(himpi_topo_place_init(&pl, NULL, NULL, 5, err, sizeof err), MPI_SUCCESS);
    ck_assert_int_eq(pl.node, -1);
    ck_assert_int_eq(pl.nodes, 0);
    ck_assert(hwloc_bitmap_isincluded(pl.binding, hwloc_get_root_obj(pl.topo)->cpuset));
    ck_assert(!hwloc_bitmap_iszero(pl.binding));
    ck_assert_int_eq(pl.levels.kind[0], HIMPI_TOPO_NODE);
    ck_assert_int_eq(pl.levels.kind[pl.levels.n - 1], HIMPI_TOPO_PU);
    himpi_topo_place_free(&pl);
}
END_TEST

Suite *unit_suite(void)
{
    Suite *s = suite_create("topo");
    TCase *t = tcase_create("topo");
    tcase_add_test(t, node_prefix);
    tcase_add_test(t, binding_values);
    tcase_add_test(t, scatter_order);
    tcase_add_test(t, levels);
    tcase_add_test(t, paths_and_steps);
    tcase_add_test(t, common_level);
    tcase_add_test(t, match_colors);
    tcase_add_test(t, topology_digest);
    tcase_add_test(t, job_shapes);
    tcase_add_test(t, names);
    tcase_add_test(t, places);
    tcase_add_test(t, invalid_places);
    tcase_add_test(t, xml_and_real);
    suite_add_tcase(s, t);
    return s;
}

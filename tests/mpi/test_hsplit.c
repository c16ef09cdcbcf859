/* test_hsplit: hierarchical communicators and topology colors on pretend
 * topologies (HIMPI_TOPOLOGY, HIMPI_BINDING), at any number of ranks.
 * Each scenario describes its topology by the number of PUs each object
 * of a level spans, maps ranks to PUs itself, and so computes every
 * expected communicator, name, count, index and color on its own, without
 * the library's paths. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "himpi.h"
#include "mpitap.h"
#include "topo/topo.h"

static int rank, size;

enum { MAX_LEVELS = 8, MAX_ARITY = 6, MAX_LIST = 16, MAX_STEPS = 12 };

typedef struct level {
    const char *name;
    int block; /* PUs in one object of the level */
} level;

typedef struct model {
    const char *topology, *binding;
    int nodes, pus;            /* pretend nodes, PUs per node */
    int narity;                /* the tree below a node, outermost first, */
    int arity[MAX_ARITY];      /* for scatter */
    int nlist, list[MAX_LIST]; /* an explicit binding */
    int nlevels;               /* the hierarchy below the node */
    level hier[MAX_LEVELS];
    int kind_block[HIMPI_TOPO_PU + 1]; /* PUs per object of each kind (node .. pu),
                                          missing levels as their enclosing one */
} model;

/* Where each rank of MPI_COMM_WORLD sits: its global PU (-1 if unbound)
 * and its node. */
static int *pu_of, *node_of;

static void map_ranks(const model *m)
{
    int total = m->nodes * m->pus;
    for (int r = 0; r < size; r++) {
        int g = r % total;
        if (strcmp(m->binding, "scatter") == 0) {
            /* r's digits in the radix of (nodes, arities), the outermost
             * least significant, read back outermost first. */
            int rest = r % total, digit = rest % m->nodes;
            rest /= m->nodes;
            g = digit;
            for (int l = 0; l < m->narity; l++) {
                g = g * m->arity[l] + rest % m->arity[l];
                rest /= m->arity[l];
            }
        } else if (m->nlist > 0) {
            g = m->list[r % m->nlist];
        }
        node_of[r] = g / m->pus;
        pu_of[r] = strcmp(m->binding, "none") == 0 ? -1 : g;
    }
}

/* Rank r's object among those of block PUs: -1 if its binding is wider. */
static long coord(const model *m, int r, int block)
{
    if (pu_of[r] < 0)
        return block >= m->pus ? node_of[r] : -1;
    return pu_of[r] / block;
}

/* Level l of the hierarchy, the node being level 0. */
static level hier(const model *m, int l)
{
    return l == 0 ? (level){"node", m->pus} : m->hier[l - 1];
}

/* The deepest level all of members share (-1 if they span nodes). */
static int shared_level(const model *m, const int *members, int n)
{
    int common = -1;
    for (int l = 0; l <= m->nlevels; l++) {
        int block = hier(m, l).block;
        long first = coord(m, members[0], block);
        for (int i = 0; i < n; i++)
            if (first < 0 || coord(m, members[i], block) != first)
                return common;
        common = l;
    }
    return common;
}

/* What a split of members by objects of block PUs gives the calling rank. */
typedef struct expected {
    int n, members[64]; /* its communicator (world ranks, in order); n = 0: none */
    int num_comms, index;
    int root; /* the lowest rank of its communicator, -1 if none */
} expected;

static void expect_groups(const model *m, const int *members, int n, int block, expected *e)
{
    long mine = coord(m, rank, block);
    *e = (expected){0, {0}, 0, 0, -1};
    for (int i = 0; i < n; i++) {
        long c = coord(m, members[i], block);
        int first = 1;
        for (int j = 0; j < i; j++)
            first &= coord(m, members[j], block) != c;
        if (c < 0)
            continue;
        if (first) {
            e->num_comms++;
            if (c == mine)
                e->root = members[i];
            else if (e->root < 0)
                e->index++;
        }
        if (mine >= 0 && c == mine)
            e->members[e->n++] = members[i];
    }
    if (mine < 0)
        e->root = -1;
}

/* The world ranks of comm, in its rank order. */
static int members_of(MPI_Comm comm, int *members)
{
    int n;
    MPI_Comm_size(comm, &n);
    MPI_Allgather(&rank, 1, MPI_INT, members, 1, MPI_INT, comm);
    return n;
}

/* Collective over comm, which every member must call whatever it expects,
 * so that a wrong communicator fails the test rather than hangs it. */
static void check_members(MPI_Comm comm, const int *want, int n, const char *what)
{
    int got[64], k = members_of(comm, got), same = k == n;
    for (int i = 0; same && i < n; i++)
        same = got[i] == want[i];
    tap_check(same, "%s has %d ranks (first %d), expected %d (first %d)", what, k, got[0], n,
              n > 0 ? want[0] : -1);
}

/* Checks the communicator a split gave against e, level name included. */
static void check_split(int rc, MPI_Comm newcomm, MPI_Comm comm, const expected *e,
                        const char *name, const char *what)
{
    tap_check(rc == MPI_SUCCESS, "%s: error %d", what, rc);
    if (rc != MPI_SUCCESS)
        return;
    tap_check((newcomm == MPI_COMM_NULL) == (e->n == 0), "%s: %s, expected %d ranks", what,
              newcomm == MPI_COMM_NULL ? "MPI_COMM_NULL" : "a communicator", e->n);
    if (newcomm == MPI_COMM_NULL)
        return;
    check_members(newcomm, e->members, e->n, what);
    int cmp;
    MPI_Comm_compare(comm, newcomm, &cmp);
    tap_check(cmp == MPI_UNEQUAL, "%s is not a strict subset (compare gives %d)", what, cmp);
    int num_comms = -1, index = -1;
    char type[HIMPI_HLEVEL_NAME_MAX] = "";
    rc = HiMPI_Comm_get_hlevel_info(newcomm, &num_comms, &index, type, (int)sizeof type);
    tap_check(rc == MPI_SUCCESS && num_comms == e->num_comms && index == e->index &&
                  strcmp(type, name) == 0,
              "%s: level info rc %d: %d comms, index %d, '%s'; expected %d, %d, '%s'", what, rc,
              num_comms, index, type, e->num_comms, e->index, name);
}

/* Walks down from MPI_COMM_WORLD with hsplit_with_roots (and plain hsplit
 * alongside) until MPI_COMM_NULL, checking every step. */
static void test_walk(const model *m, const char *label)
{
    MPI_Comm comm = MPI_COMM_WORLD;
    int members[64], n = members_of(comm, members), steps = 0;
    char names[256] = "";
    while (comm != MPI_COMM_NULL && steps < MAX_STEPS) {
        steps++;
        int below = shared_level(m, members, n) + 1;
        expected e = {0, {0}, 0, 0, -1};
        const char *name = below <= m->nlevels ? hier(m, below).name : "";
        if (below <= m->nlevels)
            expect_groups(m, members, n, hier(m, below).block, &e);
        MPI_Comm newcomm = MPI_COMM_NULL, roots = MPI_COMM_NULL, plain = MPI_COMM_NULL;
        char what[64];
        snprintf(what, sizeof what, "step %d (%s)", steps, name);
        int rc = HiMPI_Comm_hsplit_with_roots(comm, MPI_INFO_NULL, &newcomm, &roots);
        check_split(rc, newcomm, comm, &e, name, what);
        if (rank == members[0] && e.n > 0)
            snprintf(names + strlen(names), sizeof names - strlen(names), " %s", name);

        /* The roots: the lowest rank of each new communicator. */
        int leaders[64], nleaders = 0;
        for (int i = 0; i < n && below <= m->nlevels; i++) {
            long c = coord(m, members[i], hier(m, below).block);
            int first = c >= 0;
            for (int j = 0; first && j < i; j++)
                first = coord(m, members[j], hier(m, below).block) != c;
            if (first)
                leaders[nleaders++] = members[i];
        }
        tap_check((roots != MPI_COMM_NULL) == (e.root == rank),
                  "%s: roots communicator %s on rank %d (root %d)", what,
                  roots == MPI_COMM_NULL ? "missing" : "present", rank, e.root);
        if (roots != MPI_COMM_NULL)
            check_members(roots, leaders, nleaders, "roots communicator");

        int rc2 = HiMPI_Comm_hsplit(comm, MPI_INFO_NULL, &plain);
        int cmp = MPI_IDENT;
        if (plain != MPI_COMM_NULL && newcomm != MPI_COMM_NULL)
            MPI_Comm_compare(plain, newcomm, &cmp);
        tap_check(rc2 == MPI_SUCCESS && (plain == MPI_COMM_NULL) == (newcomm == MPI_COMM_NULL) &&
                      (cmp == MPI_CONGRUENT || plain == MPI_COMM_NULL),
                  "%s: plain hsplit differs (rc %d, compare %d)", what, rc2, cmp);
        if (plain != MPI_COMM_NULL)
            MPI_Comm_free(&plain);
        if (roots != MPI_COMM_NULL)
            MPI_Comm_free(&roots);
        if (comm != MPI_COMM_WORLD)
            MPI_Comm_free(&comm);
        comm = newcomm;
        if (comm != MPI_COMM_NULL)
            n = members_of(comm, members);
    }
    tap_check(comm == MPI_COMM_NULL, "no MPI_COMM_NULL after %d steps", steps);
    if (comm != MPI_COMM_NULL && comm != MPI_COMM_WORLD)
        MPI_Comm_free(&comm);
    tap_ok("%s: hsplit walk (rank 0:%s), roots, level info", label, names);
}

static const char *const kind_names[] = {"cluster", "node",    "package", "numa", "l3cache",
                                         "l2cache", "l1cache", "core",    "pu"};

/* Splits at every level by name, on MPI_COMM_WORLD and on a communicator of
 * the ranks in reverse order. */
static void test_named(const model *m, const char *label)
{
    MPI_Comm reversed;
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - 1 - rank, &reversed);
    for (int c = 0; c < 2; c++) {
        MPI_Comm comm = c == 0 ? MPI_COMM_WORLD : reversed;
        int members[64], n = members_of(comm, members);
        for (int k = HIMPI_TOPO_CLUSTER; k <= HIMPI_TOPO_PU; k++) {
            expected e = {0, {0}, 0, 0, -1};
            if (k != HIMPI_TOPO_CLUSTER) {
                int block = m->kind_block[k];
                long first = coord(m, members[0], block);
                int shared = first >= 0;
                for (int i = 0; i < n; i++)
                    shared &= coord(m, members[i], block) == first;
                if (!shared)
                    expect_groups(m, members, n, block, &e);
            }
            MPI_Info info;
            MPI_Info_create(&info);
            MPI_Info_set(info, HIMPI_INFO_HLEVEL, kind_names[k]);
            MPI_Comm newcomm = MPI_COMM_NULL;
            char what[64];
            snprintf(what, sizeof what, "%s split of %s", kind_names[k],
                     c == 0 ? "MPI_COMM_WORLD" : "the reversed ranks");
            int rc = HiMPI_Comm_hsplit(comm, info, &newcomm);
            check_split(rc, newcomm, comm, &e, kind_names[k], what);
            if (newcomm != MPI_COMM_NULL)
                MPI_Comm_free(&newcomm);
            MPI_Info_free(&info);
        }
    }
    MPI_Comm_free(&reversed);
    tap_ok("%s: hsplit with %s at every level", label, HIMPI_INFO_HLEVEL);
}

/* The lowest level a list of world ranks shares, from the model. */
static const char *expected_min(const model *m, const int *ranks, int n)
{
    int l = shared_level(m, ranks, n);
    return l < 0 ? "cluster" : hier(m, l).name;
}

static void test_min_level(const model *m, const char *label)
{
    int lists[16][4], lengths[16], nlists = 0;
    lists[nlists][0] = rank, lengths[nlists++] = 1;
    lists[nlists][0] = rank, lists[nlists][1] = size - 1 - rank, lengths[nlists++] = 2;
    const int partners[] = {1, 2, 3, 4, 5, 8, 9};
    for (size_t i = 0; i < sizeof partners / sizeof partners[0]; i++)
        if (partners[i] < size)
            lists[nlists][0] = 0, lists[nlists][1] = partners[i], lengths[nlists++] = 2;
    if (size >= 3)
        lists[nlists][0] = 2, lists[nlists][1] = 1, lists[nlists][2] = 0, lengths[nlists++] = 3;
    char seen[128] = "";
    for (int i = 0; i < nlists; i++) {
        char type[HIMPI_HLEVEL_NAME_MAX] = "";
        int rc = HiMPI_Comm_get_min_hlevel(MPI_COMM_WORLD, lengths[i], lists[i], type,
                                           (int)sizeof type);
        const char *want = expected_min(m, lists[i], lengths[i]);
        tap_check(rc == MPI_SUCCESS && strcmp(type, want) == 0,
                  "ranks %d,%d (%d listed): rc %d, '%s', expected '%s'", lists[i][0],
                  lists[i][lengths[i] > 1 ? 1 : 0], lengths[i], rc, type, want);
        if (rank == 0 && strstr(seen, want) == NULL)
            snprintf(seen + strlen(seen), sizeof seen - strlen(seen), " %s", want);
    }
    tap_ok("%s: get_min_hlevel of %d lists (rank 0 saw%s)", label, nlists, seen);
}

/* himpi_topo_color for every level, on MPI_COMM_WORLD and on the reversed
 * ranks: a color is the lowest rank (of that communicator) in the same
 * object, -1 for a binding wider than an object. */
static void test_colors(const model *m, const char *label)
{
    MPI_Comm reversed;
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - 1 - rank, &reversed);
    for (int c = 0; c < 2; c++) {
        MPI_Comm comm = c == 0 ? MPI_COMM_WORLD : reversed;
        int members[64], colors[64];
        int n = members_of(comm, members);
        for (int lv = 0; lv < HIMPI_HW_COUNT; lv++) {
            int color = -2, block = m->kind_block[lv + 1];
            int rc = himpi_topo_color(comm, (HiMPI_Hwlevel)lv, &color);
            tap_check(rc == MPI_SUCCESS, "%s: error %d", HiMPI_Hwlevel_name((HiMPI_Hwlevel)lv), rc);
            MPI_Allgather(&color, 1, MPI_INT, colors, 1, MPI_INT, comm);
            for (int i = 0; i < n; i++) {
                long mine = coord(m, members[i], block);
                int want = -1;
                for (int j = 0; mine >= 0 && j <= i && want < 0; j++)
                    if (coord(m, members[j], block) == mine)
                        want = j;
                tap_check(colors[i] == want, "%s, %s: rank %d (world %d) has color %d, not %d",
                          c == 0 ? "world" : "reversed", HiMPI_Hwlevel_name((HiMPI_Hwlevel)lv), i,
                          members[i], colors[i], want);
            }
        }
    }
    MPI_Comm_free(&reversed);
    tap_ok("%s: himpi_topo_color at every level", label);
}

/* Sets the environment for m; the topology is read again at the next
 * query. */
static void run_env(const model *m)
{
    himpi_topo_reset();
    setenv("HIMPI_TOPOLOGY", m->topology, 1);
    setenv("HIMPI_BINDING", m->binding, 1);
    map_ranks(m);
}

static void run(const model *m, const char *label)
{
    run_env(m);
    test_walk(m, label);
    test_named(m, label);
    test_min_level(m, label);
    test_colors(m, label);
}

/* The scenarios.  kind_block lists node, package, numa, l3, l2, l1, core,
 * pu (index 0, the cluster, is unused). */
static const model a_block = {
    "pack:2 numa:2 l3:1 core:4 pu:1", "block", 1, 16, 3, {2, 2, 4}, 0, {0}, 5,
    {{"package", 8}, {"numa", 4}, {"l3cache", 4}, {"core", 1}, {"pu", 1}},
    {0, 16, 8, 4, 4, 4, 4, 1, 1}};

static model with(model m, const char *binding)
{
    m.binding = binding;
    return m;
}

static const model b_block = {"node:2 pack:2 core:4 pu:1", "block", 2, 8, 2, {2, 4}, 0, {0}, 3,
                              {{"package", 4}, {"core", 1}, {"pu", 1}},
                              {0, 8, 4, 8, 4, 4, 4, 1, 1}};

static const model b_l3 = {"node:2 pack:2 l3:2 core:2 pu:1", "scatter", 2, 8, 3, {2, 2, 2},
                           0, {0}, 4, {{"package", 4}, {"l3cache", 2}, {"core", 1}, {"pu", 1}},
                           {0, 8, 4, 8, 2, 2, 2, 1, 1}};

/* Each NUMA node of a package gets an hwloc group. */
static const model groups = {
    "node:2 pack:2 numa:2 core:2 pu:1", "scatter", 2, 8, 3, {2, 2, 2}, 0, {0}, 5,
    {{"package", 4}, {"numa", 2}, {"group", 2}, {"core", 1}, {"pu", 1}},
    {0, 8, 4, 2, 2, 2, 2, 1, 1}};

static model listed(model m, const char *binding, int n, const int *list)
{
    m.binding = binding;
    m.nlist = n;
    memcpy(m.list, list, (size_t)n * sizeof *list);
    return m;
}

/* Scenario (a) read from an hwloc XML export, on two pretend nodes. */
static void run_xml(void)
{
    char path[64] = "/tmp/himpi-hsplit-XXXXXX", topology[96];
    int ok = 1;
    if (rank == 0) {
        int fd = mkstemp(path);
        hwloc_topology_t topo;
        ok = fd >= 0 && hwloc_topology_init(&topo) == 0;
        if (ok) {
            close(fd);
            ok = hwloc_topology_set_synthetic(topo, a_block.topology) == 0 &&
                 hwloc_topology_load(topo) == 0 && hwloc_topology_export_xml(topo, path, 0) == 0;
            hwloc_topology_destroy(topo);
        }
    }
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(path, (int)sizeof path, MPI_CHAR, 0, MPI_COMM_WORLD);
    tap_check(ok, "cannot write %s", path);
    if (!ok) {
        tap_ok("(a) from an XML file on 2 nodes, scatter");
        return;
    }
    snprintf(topology, sizeof topology, "node:2 %s", path);
    model m = with(a_block, "scatter");
    m.topology = topology;
    m.nodes = 2;
    run(&m, "(a) from an XML file on 2 nodes, scatter");
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        unlink(path);
}

/* ---------------------------------------------------------------------- */
/* Errors                                                                   */
/* ---------------------------------------------------------------------- */

static void test_invalid_arguments(void)
{
    MPI_Comm c = MPI_COMM_NULL, r = MPI_COMM_NULL;
    int rc = HiMPI_Comm_hsplit(MPI_COMM_NULL, MPI_INFO_NULL, &c);
    tap_check(rc == MPI_ERR_COMM, "hsplit(MPI_COMM_NULL): %d", rc);
    rc = HiMPI_Comm_hsplit(MPI_COMM_WORLD, MPI_INFO_NULL, NULL);
    tap_check(rc == MPI_ERR_ARG, "hsplit(newcomm NULL): %d", rc);
    rc = HiMPI_Comm_hsplit_with_roots(MPI_COMM_WORLD, MPI_INFO_NULL, &c, NULL);
    tap_check(rc == MPI_ERR_ARG, "hsplit_with_roots(rootscomm NULL): %d", rc);
    /* One rank's mistake fails the call everywhere, without a hang. */
    rc = HiMPI_Comm_hsplit(MPI_COMM_WORLD, MPI_INFO_NULL, rank == size - 1 ? NULL : &c);
    tap_check(rc == MPI_ERR_ARG && c == MPI_COMM_NULL, "NULL newcomm on the last rank only: %d",
              rc);
    const char *bad_names[] = {"socket", "Core", "group", "pu ",
                               "l3cachel3cachel3cachel3cachel3cachel3cachel3cache"};
    for (size_t i = 0; i < sizeof bad_names / sizeof bad_names[0]; i++) {
        MPI_Info info;
        MPI_Info_create(&info);
        MPI_Info_set(info, HIMPI_INFO_HLEVEL, bad_names[i]);
        rc = HiMPI_Comm_hsplit_with_roots(MPI_COMM_WORLD, info, &c, &r);
        tap_check(rc == MPI_ERR_ARG, "level '%s': %d", bad_names[i], rc);
        MPI_Info_free(&info);
    }
    tap_ok("hsplit: invalid arguments give MPI_ERR_COMM or MPI_ERR_ARG on every rank");

    int num, index;
    char type[HIMPI_HLEVEL_NAME_MAX];
    rc = HiMPI_Comm_get_hlevel_info(MPI_COMM_WORLD, &num, &index, type, (int)sizeof type);
    tap_check(rc == MPI_ERR_COMM, "get_hlevel_info(MPI_COMM_WORLD): %d", rc);
    rc = HiMPI_Comm_get_hlevel_info(MPI_COMM_NULL, &num, &index, type, (int)sizeof type);
    tap_check(rc == MPI_ERR_COMM, "get_hlevel_info(MPI_COMM_NULL): %d", rc);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, HIMPI_INFO_HLEVEL, "package");
    rc = HiMPI_Comm_hsplit(MPI_COMM_WORLD, info, &c);
    MPI_Info_free(&info);
    tap_check(rc == MPI_SUCCESS && (c != MPI_COMM_NULL) == (size > 1), "package split: %d", rc);
    if (c != MPI_COMM_NULL) {
        MPI_Comm dup;
        MPI_Comm_dup(c, &dup);
        rc = HiMPI_Comm_get_hlevel_info(dup, &num, &index, type, (int)sizeof type);
        tap_check(rc == MPI_ERR_COMM, "a duplicate kept the level info: %d", rc);
        MPI_Comm_free(&dup);
        rc = HiMPI_Comm_get_hlevel_info(c, NULL, &index, type, (int)sizeof type);
        tap_check(rc == MPI_ERR_ARG, "num_comms NULL: %d", rc);
        rc = HiMPI_Comm_get_hlevel_info(c, &num, NULL, type, (int)sizeof type);
        tap_check(rc == MPI_ERR_ARG, "index NULL: %d", rc);
        rc = HiMPI_Comm_get_hlevel_info(c, &num, &index, NULL, 8);
        tap_check(rc == MPI_ERR_ARG, "type NULL: %d", rc);
        rc = HiMPI_Comm_get_hlevel_info(c, &num, &index, type, 0);
        tap_check(rc == MPI_ERR_ARG, "len 0: %d", rc);
        memset(type, 'x', sizeof type);
        rc = HiMPI_Comm_get_hlevel_info(c, &num, &index, type, 4);
        tap_check(rc == MPI_SUCCESS && strcmp(type, "pac") == 0 && type[4] == 'x',
                  "len 4: %d '%.8s'", rc, type);
        MPI_Comm_free(&c);
    }
    tap_ok("get_hlevel_info: other communicators, NULL pointers, short buffers");

    int ranks[2] = {0, size - 1};
    rc = HiMPI_Comm_get_min_hlevel(MPI_COMM_NULL, 2, ranks, type, (int)sizeof type);
    tap_check(rc == MPI_ERR_COMM, "get_min_hlevel(MPI_COMM_NULL): %d", rc);
    rc = HiMPI_Comm_get_min_hlevel(MPI_COMM_WORLD, 0, ranks, type, (int)sizeof type);
    tap_check(rc == MPI_ERR_ARG, "no ranks: %d", rc);
    rc = HiMPI_Comm_get_min_hlevel(MPI_COMM_WORLD, -1, ranks, type, (int)sizeof type);
    tap_check(rc == MPI_ERR_ARG, "-1 ranks: %d", rc);
    rc = HiMPI_Comm_get_min_hlevel(MPI_COMM_WORLD, 2, NULL, type, (int)sizeof type);
    tap_check(rc == MPI_ERR_ARG, "ranks NULL: %d", rc);
    rc = HiMPI_Comm_get_min_hlevel(MPI_COMM_WORLD, 2, ranks, NULL, 8);
    tap_check(rc == MPI_ERR_ARG, "type NULL: %d", rc);
    rc = HiMPI_Comm_get_min_hlevel(MPI_COMM_WORLD, 2, (const int[]){0, size}, type,
                                   (int)sizeof type);
    tap_check(rc == MPI_ERR_RANK, "rank %d: %d", size, rc);
    rc = HiMPI_Comm_get_min_hlevel(MPI_COMM_WORLD, 1, (const int[]){-1}, type, (int)sizeof type);
    tap_check(rc == MPI_ERR_RANK, "rank -1: %d", rc);
    /* Each rank's list is its own: only the last rank's is wrong. */
    rc = HiMPI_Comm_get_min_hlevel(MPI_COMM_WORLD, 1, rank == size - 1 ? (const int[]){size}
                                                                       : (const int[]){rank},
                                   type, (int)sizeof type);
    tap_check(rc == (rank == size - 1 ? MPI_ERR_RANK : MPI_SUCCESS),
              "a wrong list on the last rank only: %d", rc);
    memset(type, 'x', sizeof type);
    rc = HiMPI_Comm_get_min_hlevel(MPI_COMM_WORLD, 1, &rank, type, 2);
    tap_check(rc == MPI_SUCCESS && strcmp(type, "p") == 0 && type[2] == 'x', "len 2: %d '%.4s'",
              rc, type);
    tap_ok("get_min_hlevel: invalid communicator, lists and buffers");

    HiMPI_Hwlevel lv;
    for (int l = 0; l < HIMPI_HW_COUNT; l++) {
        const char *name = HiMPI_Hwlevel_name((HiMPI_Hwlevel)l);
        tap_check(name != NULL && strcmp(name, kind_names[l + 1]) == 0 &&
                      HiMPI_Hwlevel_from_name(name, &lv) == MPI_SUCCESS && lv == (HiMPI_Hwlevel)l,
                  "level %d: '%s'", l, name ? name : "(null)");
    }
    tap_check(HiMPI_Hwlevel_name(HIMPI_HW_COUNT) == NULL, "a name for HIMPI_HW_COUNT");
    tap_check(HiMPI_Hwlevel_name((HiMPI_Hwlevel)-1) == NULL, "a name for level -1");
    const char *not_levels[] = {"pu", "cluster", "group", "Node", "", NULL};
    for (size_t i = 0; i < sizeof not_levels / sizeof not_levels[0]; i++)
        tap_check(HiMPI_Hwlevel_from_name(not_levels[i], &lv) == MPI_ERR_ARG, "'%s' is a level",
                  not_levels[i] ? not_levels[i] : "(null)");
    tap_check(HiMPI_Hwlevel_from_name("core", NULL) == MPI_ERR_ARG, "level NULL accepted");
    int color;
    tap_check(himpi_topo_color(MPI_COMM_WORLD, HIMPI_HW_COUNT, &color) == MPI_ERR_ARG,
              "himpi_topo_color accepted HIMPI_HW_COUNT");
    tap_ok("HiMPI_Hwlevel names, and invalid levels");
}

/* Every query fails with MPI_ERR_ARG on every rank under an invalid
 * setting (the lowest rank reports it on stderr). */
static void test_invalid_settings(void)
{
    char garbage[64] = "/tmp/himpi-hsplit-XXXXXX";
    if (rank == 0) {
        int fd = mkstemp(garbage);
        if (fd >= 0) {
            tap_check(write(fd, "<topology", 9) == 9, "cannot write %s", garbage);
            close(fd);
        }
    }
    MPI_Bcast(garbage, (int)sizeof garbage, MPI_CHAR, 0, MPI_COMM_WORLD);
    const struct {
        const char *topology, *binding;
    } bad[] = {{"pack:x", NULL},
               {"node:0 pack:2 pu:1", NULL},
               {"node:2", NULL},
               {garbage, NULL},
               {"pack:2 core:2 pu:1", "blocky"},
               {"pack:2 core:2 pu:1", "0,4"},
               {"node:2 pack:2 core:2 pu:1", "0,,1"},
               {NULL, "block"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        himpi_topo_reset();
        if (bad[i].topology != NULL)
            setenv("HIMPI_TOPOLOGY", bad[i].topology, 1);
        else
            unsetenv("HIMPI_TOPOLOGY");
        setenv("HIMPI_BINDING", bad[i].binding != NULL ? bad[i].binding : "", 1);
        MPI_Comm c = MPI_COMM_NULL, r = MPI_COMM_NULL;
        int rc = HiMPI_Comm_hsplit_with_roots(MPI_COMM_WORLD, MPI_INFO_NULL, &c, &r);
        tap_check(rc == MPI_ERR_ARG && c == MPI_COMM_NULL && r == MPI_COMM_NULL, "hsplit: %d",
                  rc);
        char type[HIMPI_HLEVEL_NAME_MAX];
        rc = HiMPI_Comm_get_min_hlevel(MPI_COMM_WORLD, 1, &rank, type, (int)sizeof type);
        tap_check(rc == MPI_ERR_ARG, "get_min_hlevel: %d", rc);
        int color;
        rc = himpi_topo_color(MPI_COMM_WORLD, HIMPI_HW_CORE, &color);
        tap_check(rc == MPI_ERR_ARG, "himpi_topo_color: %d", rc);
        tap_ok("HIMPI_TOPOLOGY='%s' HIMPI_BINDING='%s': MPI_ERR_ARG everywhere",
               bad[i].topology ? bad[i].topology : "(unset)",
               bad[i].binding ? bad[i].binding : "");
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        unlink(garbage);
    unsetenv("HIMPI_TOPOLOGY");
    unsetenv("HIMPI_BINDING");
    himpi_topo_reset();
}

/* The real machine: where the launcher bound the ranks is not known here,
 * so only what must hold anyway is checked: nodes are the shared-memory
 * domains, and the walk makes strict subsets, counted right, to the end. */
static void test_real_machine(void)
{
    himpi_topo_reset();
    unsetenv("HIMPI_TOPOLOGY");
    unsetenv("HIMPI_BINDING");
    MPI_Comm shared;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &shared);
    int lowest, color = -2;
    MPI_Allreduce(&rank, &lowest, 1, MPI_INT, MPI_MIN, shared);
    MPI_Comm_free(&shared);
    int rc = himpi_topo_color(MPI_COMM_WORLD, HIMPI_HW_NODE, &color);
    tap_check(rc == MPI_SUCCESS && color == lowest, "node color %d (rc %d), expected %d", color,
              rc, lowest);
    MPI_Comm comm = MPI_COMM_WORLD;
    int steps = 0;
    while (comm != MPI_COMM_NULL && steps++ < MAX_STEPS) {
        MPI_Comm newcomm, roots;
        rc = HiMPI_Comm_hsplit_with_roots(comm, MPI_INFO_NULL, &newcomm, &roots);
        tap_check(rc == MPI_SUCCESS, "step %d: %d", steps, rc);
        if (rc != MPI_SUCCESS)
            break;
        int num = 0, index = -1, cmp = MPI_UNEQUAL, nroots = -1;
        char type[HIMPI_HLEVEL_NAME_MAX] = "";
        himpi_topo_kind kind;
        if (newcomm != MPI_COMM_NULL) {
            MPI_Comm_compare(comm, newcomm, &cmp);
            rc = HiMPI_Comm_get_hlevel_info(newcomm, &num, &index, type, (int)sizeof type);
            tap_check(rc == MPI_SUCCESS && index >= 0 && index < num &&
                          (strcmp(type, "group") == 0 ||
                           himpi_topo_kind_from_name(type, &kind) == MPI_SUCCESS),
                      "step %d: info rc %d, index %d of %d, '%s'", steps, rc, index, num, type);
        }
        if (roots != MPI_COMM_NULL) {
            MPI_Comm_size(roots, &nroots);
            tap_check(nroots == num, "step %d: %d roots for %d communicators", steps, nroots,
                      num);
            MPI_Comm_free(&roots);
        }
        tap_check(cmp == MPI_UNEQUAL, "step %d: not a strict subset", steps);
        if (comm != MPI_COMM_WORLD)
            MPI_Comm_free(&comm);
        comm = newcomm;
    }
    tap_check(comm == MPI_COMM_NULL, "no MPI_COMM_NULL after %d steps", MAX_STEPS);
    if (comm != MPI_COMM_NULL && comm != MPI_COMM_WORLD)
        MPI_Comm_free(&comm);
    tap_ok("the real machine: nodes, and a walk of %d step%s", steps, steps > 1 ? "s" : "");
}

int main(int argc, char **argv)
{
    tap_init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size > 64) {
        tap_diag("at most 64 ranks");
        return tap_finish();
    }
    pu_of = malloc((size_t)size * sizeof *pu_of);
    node_of = malloc((size_t)size * sizeof *node_of);
    tap_diag("hierarchical communicators on %d ranks", size);

    const int a_list[] = {0, 1, 4, 5, 8, 12, 2, 3}, b_list[] = {15, 0, 9, 8, 1};
    const model scenarios[] = {
        a_block,
        with(a_block, "scatter"),
        with(a_block, "none"),
        listed(a_block, "0,1,4,5,8,12,2,3", 8, a_list),
        b_block,
        with(b_block, "scatter"),
        with(b_block, "none"),
        listed(b_block, "15,0,9,8,1", 5, b_list),
        b_l3,
        groups,
    };
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++) {
        char label[128];
        snprintf(label, sizeof label, "%s, %s", scenarios[i].topology, scenarios[i].binding);
        run(&scenarios[i], label);
    }
    run_xml();

    /* Argument checks on a topology where ranks 0 and 1 sit in different
     * packages. */
    model checks = with(a_block, "scatter");
    run_env(&checks);
    test_invalid_arguments();
    test_invalid_settings();
    test_real_machine();
    free(pu_of);
    free(node_of);
    return tap_finish();
}

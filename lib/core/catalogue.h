/* catalogue.h: every operation and every algorithm HiMPI has, listed once.
 *
 * The lists are X-macros, so that each layer expands the columns it needs
 * and nothing is kept in step by hand:
 *   core/names.c      names, HiMPI_Alg_supported, the legacy ids
 *   core/validate.c   the overlap a plan runs with (himpi_plan_overlap)
 *   coll/dispatch.c   the builder of each (operation, algorithm) pair
 *   coll/algorithms.h the declaration of each builder
 *   hier/drivers.c    the hierarchical driver of each operation
 *   tune/model.c      the Hockney cost of each pair
 *   doc/man/local.mk  the algorithm list of libhimpi(3)
 *   config/env.c      the search strategies HIMPI_SEARCH accepts
 *   topo/levels.c     the hwloc object type of each hardware level
 * Adding an algorithm to an operation is one row of HIMPI_CATALOGUE and
 * its file coll/<op>/<alg>.c, listed in coll/local.mk (a new algorithm
 * name is also one row of HIMPI_ALGORITHMS and its value in himpi.h's
 * HiMPI_Alg); adding an operation is one row of HIMPI_OPERATIONS, its
 * driver hier/<op>.c and its entry points (api/entry_points.c). */
#ifndef HIMPI_CORE_CATALOGUE_H
#define HIMPI_CORE_CATALOGUE_H

/* X(ID, name): every HiMPI_Alg, in the enum's order. */
#define HIMPI_ALGORITHMS(X)                                                                        \
    X(NATIVE, "native")                                                                            \
    X(LINEAR, "linear")                                                                            \
    X(CHAIN, "chain")                                                                              \
    X(PIPELINE, "pipeline")                                                                        \
    X(BINOMIAL, "binomial")                                                                        \
    X(BINARY, "binary")                                                                            \
    X(SPLIT_BINARY, "split-binary")                                                                \
    X(SCATTER_RING_ALLGATHER, "scatter-ring-allgather")                                            \
    X(SCATTER_RD_ALLGATHER, "scatter-rd-allgather")                                                \
    X(RECURSIVE_DOUBLING, "recursive-doubling")                                                    \
    X(RING, "ring")                                                                                \
    X(SEGMENTED_RING, "segmented-ring")                                                            \
    X(RABENSEIFNER, "rabenseifner")                                                                \
    X(LINEAR_SYNC, "linear-sync")                                                                  \
    X(GATHER_BCAST, "gather-bcast")                                                                \
    X(DISSEMINATION, "dissemination")                                                              \
    X(RECURSIVE_HALVING, "recursive-halving")                                                      \
    X(PAIRWISE, "pairwise")                                                                        \
    X(BUTTERFLY, "butterfly")                                                                      \
    X(BRUCK, "bruck")

/* X(ID, op, name, sized, rooted, reduction, send, recv, in_place, input, vector, overlaps,
 *   bound):
 * every HiMPI_Op, in the enum's order; op names its driver,
 * himpi_hier_<op>.
 *   sized      the call carries a message, whose size in bytes the tables,
 *              the tuner, the benchmarks and the model take; 0 for
 *              barrier, which carries none: its calls count 0 bytes, so
 *              it is tuned, tabulated and measured at 0 bytes only;
 *   rooted     the call has a root;
 *   reduction  1: the call combines operands with an MPI_Op, in rank
 *              order when the MPI_Op does not commute; 2: a prefix
 *              reduction (scan, exscan), whose result on every rank covers
 *              exactly the ranks below it, so that its groups keep rank
 *              order whatever the MPI_Op;
 *   send, recv whose blocks the send and the receive counts and datatypes
 *              describe: ALL ranks', the ROOT's only, or NONE (the one
 *              count and datatype of bcast and the reductions describe the
 *              receive side);
 *   in_place   the side whose buffer MPI_IN_PLACE may stand for: SEND,
 *              RECV, or NONE where it stands for a buffer the counts do
 *              not describe (the reductions' send buffer); alltoall's
 *              blocks then come from the receive buffer;
 *   input      a reduction's operand on every rank (its send buffer, or
 *              in place its receive buffer), in elements of the receive
 *              datatype: ONE block of the receive count; BLOCKS, p blocks
 *              of it, of which rank i gets block i combined
 *              (reduce_scatter_block); COUNTS, the receive counts are a
 *              vector recvcounts[p] and the operand their sum, of which
 *              rank i gets the i-th run combined (reduce_scatter); NONE
 *              for the operations that do not reduce.  The message size
 *              of the tables, containers and costs (m) is a rank's block,
 *              as for allgather, whose dual a reduce-scatter is: with
 *              COUNTS, the mean block (the operand over p);
 *   vector     the side whose counts are a vector of one count and one
 *              displacement per rank (MPI's v-variants: recvcounts[] and
 *              displs[] of gatherv and allgatherv, sendcounts[] and
 *              displs[] of scatterv): SEND, RECV, or NONE.  That side's
 *              buffer holds rank i's block of counts[i] elements at
 *              displs[i] (in extents of its datatype), in any order, with
 *              gaps; counts may be 0.  Only the ranks the side describes
 *              know the vector (send, recv): every rank for allgatherv,
 *              the root alone for gatherv and scatterv, whose other ranks
 *              know their own count only.  core/ops.c checks every count
 *              and that both arrays are given, on those ranks, and gives
 *              the message size of the tables, containers and costs (m):
 *              the mean block, as for reduce_scatter's COUNTS.  Where the
 *              root alone knows it, a plain call whose plan may depend on
 *              the size has the root broadcast it first (api/call.c), and
 *              the hierarchical drivers forward each group's counts to
 *              the group's leader;
 *   overlaps   1: its hierarchical plans can run their levels overlapped,
 *              each level working on another segment of the message at
 *              once (a plan's overlap, himpi.h; doc/schedules.md), so the
 *              tuner searches the overlap (doc/search.md) and the plain
 *              calls take it from the table and HIMPI_OVERLAP; 0: the
 *              levels run one after the other whatever the plan says
 *              (core/validate.h's himpi_plan_overlap, HiMPI_Op_overlaps);
 *   bound      the lower bound of its time in Hockney's model (tune/model.c;
 *              Chan et al., 2007, as the thesis gives them), in the terms
 *              of the costs below: lg latencies, and the bytes the busiest
 *              process must move or reduce.  The scans' bounds are
 *              reasoned the same way (Chan et al. give none): the last
 *              rank's result depends on every rank (lg rounds), it
 *              receives a whole message, and the p - 1 combinations of a
 *              scan (p - 2 of an exscan) spread over p ranks at best.
 *              Barrier's is the lg rounds after which the last rank to
 *              enter can have been heard by every other.
 *              Reduce-scatter's is Chan et al.'s: every rank sends and
 *              reduces p - 1 blocks' worth.  The v-variants' are those of
 *              their fixed-count forms at the mean block.
 * core/ops.h turns send, recv, in_place, input and vector into
 * HIMPI_SIDE_*, HIMPI_IN_PLACE_*, HIMPI_INPUT_* and HIMPI_VECTOR_*. */
#define HIMPI_OPERATIONS(X)                                                                        \
    X(BCAST, bcast, "bcast", 1, 1, 0, NONE, ALL, NONE, NONE, NONE, 1, lg * a + m * b)              \
    X(REDUCE, reduce, "reduce", 1, 1, 1, NONE, ALL, NONE, ONE, NONE, 1,                            \
      lg * a + m * b + (p - 1.0) / p * m * c)                                                      \
    X(ALLREDUCE, allreduce, "allreduce", 1, 0, 1, NONE, ALL, NONE, ONE, NONE, 1,                   \
      lg * a + 2.0 * (p - 1) / p * m * b + (p - 1.0) / p * m * c)                                  \
    X(SCATTER, scatter, "scatter", 1, 1, 0, ROOT, ALL, RECV, NONE, NONE, 0,                        \
      lg * a + (p - 1.0) * m * b)                                                                  \
    X(GATHER, gather, "gather", 1, 1, 0, ALL, ROOT, SEND, NONE, NONE, 0,                           \
      lg * a + (p - 1.0) * m * b)                                                                  \
    X(ALLGATHER, allgather, "allgather", 1, 0, 0, ALL, ALL, SEND, NONE, NONE, 0,                   \
      lg * a + (p - 1.0) * m * b)                                                                  \
    X(SCAN, scan, "scan", 1, 0, 2, NONE, ALL, NONE, ONE, NONE, 0,                                  \
      lg * a + m * b + (p - 1.0) / p * m * c)                                                      \
    X(EXSCAN, exscan, "exscan", 1, 0, 2, NONE, ALL, NONE, ONE, NONE, 0,                            \
      lg * a + m * b + (p - 2.0) / p * m * c)                                                      \
    X(BARRIER, barrier, "barrier", 0, 0, 0, NONE, NONE, NONE, NONE, NONE, 0, lg * a)               \
    X(REDUCE_SCATTER_BLOCK, reduce_scatter_block, "reduce_scatter_block", 1, 0, 1, NONE, ALL,      \
      NONE, BLOCKS, NONE, 0, lg * a + (p - 1.0) * m * (b + c))                                     \
    X(REDUCE_SCATTER, reduce_scatter, "reduce_scatter", 1, 0, 1, NONE, ALL, NONE, COUNTS, NONE,    \
      0, lg * a + (p - 1.0) * m * (b + c))                                                         \
    X(ALLTOALL, alltoall, "alltoall", 1, 0, 0, ALL, ALL, SEND, NONE, NONE, 0,                      \
      lg * a + (p - 1.0) * m * b)                                                                  \
    X(GATHERV, gatherv, "gatherv", 1, 1, 0, ALL, ROOT, SEND, NONE, RECV, 0,                        \
      lg * a + (p - 1.0) * m * b)                                                                  \
    X(SCATTERV, scatterv, "scatterv", 1, 1, 0, ROOT, ALL, RECV, NONE, SEND, 0,                     \
      lg * a + (p - 1.0) * m * b)                                                                  \
    X(ALLGATHERV, allgatherv, "allgatherv", 1, 0, 0, ALL, ALL, SEND, NONE, RECV, 0,                \
      lg * a + (p - 1.0) * m * b)

/* ROW(OP, op, ALG, alg, legacy, cost): every algorithm of every operation
 * (the parameter is not X, which the costs use).
 *   alg     names the builder himpi_<op>_<alg>_build (coll/<op>/<alg>.c; the
 *           native ones in coll/native.c; reduce_scatter_block's, in
 *           coll/reduce_scatter_block.c, are reduce_scatter's: the block
 *           form is the vector form with equal counts, and the levels of
 *           its hierarchical plans run uneven counts);
 *   legacy  its algorithm id in the original HiMPI's tables, -1 if none;
 *   cost    its Hockney time (tune/model.c) as an expression of p ranks,
 *           m bytes (as the containers count them), X segments, lg =
 *           ceil(log2 p), H = floor(log2 p), a, b, c = alpha, beta, gamma;
 *           NAN where the MPI library chooses.  The binomial gatherv
 *           and scatterv first send every subtree its ranks' counts down
 *           the tree (their second lg latencies).  The segmented ring's
 *           is not the thesis's eq. 2.21, which sends X segments of the
 *           whole vector down a chain: its reduce-scatter runs one phase
 *           of p - 1 steps for each segment of a chunk, ceil(X / p) of
 *           them (a single one, the ring's, while a chunk fits in a
 *           segment, as in Open MPI's), then the ring's allgather. */
#define HIMPI_CATALOGUE(ROW)                                                                       \
    ROW(BCAST, bcast, NATIVE, native, 0, NAN)                                                      \
    ROW(BCAST, bcast, LINEAR, linear, 3, (p - 1) * (a + m * b))                                    \
    ROW(BCAST, bcast, CHAIN, chain, 1, (p - 1) * (a + m * b))                                      \
    ROW(BCAST, bcast, PIPELINE, pipeline, 8, (X + p - 2) * (a + m / X * b))                        \
    ROW(BCAST, bcast, BINOMIAL, binomial, 4, lg * (a + m * b))                                     \
    ROW(BCAST, bcast, BINARY, binary, 2, 2 * (H + X - 1) * (a + m / X * b))                        \
    ROW(BCAST, bcast, SPLIT_BINARY, split_binary, -1, split_binary_cost(p, m, segment, h))         \
    ROW(BCAST, bcast, SCATTER_RING_ALLGATHER, scatter_ring_allgather, 5,                           \
        (lg + p - 1) * a + 2.0 * (p - 1) / p * m * b)                                              \
    ROW(BCAST, bcast, SCATTER_RD_ALLGATHER, scatter_rd_allgather, 6,                               \
        2 * lg * a + 2.0 * (p - 1) / p * m * b)                                                    \
    ROW(REDUCE, reduce, NATIVE, native, 0, NAN)                                                    \
    ROW(REDUCE, reduce, LINEAR, linear, -1, (p - 1) * (a + m * (b + c)))                           \
    ROW(REDUCE, reduce, CHAIN, chain, -1, (p - 1) * (a + m * (b + c)))                             \
    ROW(REDUCE, reduce, PIPELINE, pipeline, -1, (p + X - 2) * (a + m / X * (b + c)))               \
    ROW(REDUCE, reduce, BINOMIAL, binomial, -1, lg * (a + m * (b + c)))                            \
    ROW(REDUCE, reduce, BINARY, binary, -1, 2 * (H + X - 1) * (a + m / X * (b + c)))               \
    ROW(REDUCE, reduce, RABENSEIFNER, rabenseifner, -1,                                            \
        2 * lg * a + 2.0 * (p - 1) / p * m * b + (p - 1.0) / p * m * c)                            \
    ROW(ALLREDUCE, allreduce, NATIVE, native, 0, NAN)                                              \
    ROW(ALLREDUCE, allreduce, LINEAR, linear, -1, 2 * (p - 1) * (a + m * b) + (p - 1) * m * c)     \
    ROW(ALLREDUCE, allreduce, RECURSIVE_DOUBLING, recursive_doubling, -1, lg * (a + m * (b + c)))  \
    ROW(ALLREDUCE, allreduce, RING, ring, -1, 2 * (p - 1) * (a + m / p * b) + (p - 1) * m / p * c) \
    ROW(ALLREDUCE, allreduce, SEGMENTED_RING, segmented_ring, -1,                                  \
        ceil(X / p) * (p - 1) * a + (p - 1.0) / p * m * (b + c) + (p - 1) * (a + m / p * b))       \
    ROW(ALLREDUCE, allreduce, RABENSEIFNER, rabenseifner, -1,                                      \
        2 * lg * a + 2.0 * (p - 1) / p * m * b + (p - 1.0) / p * m * c)                            \
    ROW(SCATTER, scatter, NATIVE, native, 0, NAN)                                                  \
    ROW(SCATTER, scatter, LINEAR, linear, -1, (p - 1) * (a + m * b))                               \
    ROW(SCATTER, scatter, BINOMIAL, binomial, -1, lg * a + (p - 1) * m * b)                        \
    ROW(GATHER, gather, NATIVE, native, 0, NAN)                                                    \
    ROW(GATHER, gather, LINEAR, linear, -1, (p - 1) * (a + m * b))                                 \
    ROW(GATHER, gather, BINOMIAL, binomial, -1, lg * a + (p - 1) * m * b)                          \
    ROW(GATHER, gather, LINEAR_SYNC, linear_sync, -1, a + (p - 1) * (2 * a + m * b))               \
    ROW(ALLGATHER, allgather, NATIVE, native, 0, NAN)                                              \
    ROW(ALLGATHER, allgather, RING, ring, -1, (p - 1) * (a + m * b))                               \
    ROW(ALLGATHER, allgather, RECURSIVE_DOUBLING, recursive_doubling, -1,                          \
        lg * a + (p - 1) * m * b)                                                                  \
    ROW(ALLGATHER, allgather, GATHER_BCAST, gather_bcast, -1,                                      \
        lg * a + (p - 1) * m * b + lg * (a + p * m * b))                                           \
    ROW(SCAN, scan, NATIVE, native, -1, NAN)                                                       \
    ROW(SCAN, scan, LINEAR, linear, -1, (p - 1) * (a + m * (b + c)))                               \
    ROW(SCAN, scan, RECURSIVE_DOUBLING, recursive_doubling, -1, lg * (a + m * (b + 2 * c)))        \
    ROW(EXSCAN, exscan, NATIVE, native, -1, NAN)                                                   \
    ROW(EXSCAN, exscan, LINEAR, linear, -1, (p - 1) * (a + m * b) + (p - 2) * m * c)               \
    ROW(EXSCAN, exscan, RECURSIVE_DOUBLING, recursive_doubling, -1, lg * (a + m * (b + 2 * c)))    \
    ROW(BARRIER, barrier, NATIVE, native, -1, NAN)                                                 \
    ROW(BARRIER, barrier, LINEAR, linear, -1, 2 * (p - 1) * a)                                     \
    ROW(BARRIER, barrier, DISSEMINATION, dissemination, -1, lg * a)                                \
    ROW(BARRIER, barrier, RECURSIVE_DOUBLING, recursive_doubling, -1, (2 * lg - H) * a)            \
    ROW(REDUCE_SCATTER_BLOCK, reduce_scatter_block, NATIVE, native, -1, NAN)                       \
    ROW(REDUCE_SCATTER_BLOCK, reduce_scatter_block, BINOMIAL, binomial, -1,                        \
        lg * (2 * a + p * m * (b + c)) + (p - 1.0) * m * b)                                        \
    ROW(REDUCE_SCATTER_BLOCK, reduce_scatter_block, RECURSIVE_HALVING, recursive_halving, -1,      \
        H * a + (1 - 1 / exp2(H)) * p * m * (b + c) +                                              \
            (lg > H) * (2 * a + p * m * (b + c) + m * b))                                          \
    ROW(REDUCE_SCATTER_BLOCK, reduce_scatter_block, RING, ring, -1, (p - 1) * (a + m * (b + c)))   \
    ROW(REDUCE_SCATTER_BLOCK, reduce_scatter_block, PAIRWISE, pairwise, -1,                        \
        (p - 1) * (a + m * (b + c)))                                                               \
    ROW(REDUCE_SCATTER_BLOCK, reduce_scatter_block, BUTTERFLY, butterfly, -1,                      \
        lg > H ? lg * (2 * a + p * m * (b + c)) + (p - 1.0) * m * b                                \
               : lg * a + (p - 1.0) * m * (b + c))                                                 \
    ROW(REDUCE_SCATTER, reduce_scatter, NATIVE, native, -1, NAN)                                   \
    ROW(REDUCE_SCATTER, reduce_scatter, BINOMIAL, binomial, -1,                                    \
        lg * (2 * a + p * m * (b + c)) + (p - 1.0) * m * b)                                        \
    ROW(REDUCE_SCATTER, reduce_scatter, RECURSIVE_HALVING, recursive_halving, -1,                  \
        H * a + (1 - 1 / exp2(H)) * p * m * (b + c) +                                              \
            (lg > H) * (2 * a + p * m * (b + c) + m * b))                                          \
    ROW(REDUCE_SCATTER, reduce_scatter, RING, ring, -1, (p - 1) * (a + m * (b + c)))               \
    ROW(REDUCE_SCATTER, reduce_scatter, PAIRWISE, pairwise, -1, (p - 1) * (a + m * (b + c)))       \
    ROW(REDUCE_SCATTER, reduce_scatter, BUTTERFLY, butterfly, -1,                                  \
        lg > H ? lg * (2 * a + p * m * (b + c)) + (p - 1.0) * m * b                                \
               : lg * a + (p - 1.0) * m * (b + c))                                                 \
    ROW(ALLTOALL, alltoall, NATIVE, native, -1, NAN)                                               \
    ROW(ALLTOALL, alltoall, PAIRWISE, pairwise, -1, (p - 1) * (a + m * b))                         \
    ROW(ALLTOALL, alltoall, BRUCK, bruck, -1, lg * (a + p / 2.0 * m * b))                          \
    ROW(ALLTOALL, alltoall, LINEAR, linear, -1, (p - 1) * (a + m * b))                             \
    ROW(GATHERV, gatherv, NATIVE, native, -1, NAN)                                                 \
    ROW(GATHERV, gatherv, LINEAR, linear, -1, (p - 1) * (a + m * b))                               \
    ROW(GATHERV, gatherv, BINOMIAL, binomial, -1, 2 * lg * a + (p - 1) * m * b)                    \
    ROW(SCATTERV, scatterv, NATIVE, native, -1, NAN)                                               \
    ROW(SCATTERV, scatterv, LINEAR, linear, -1, (p - 1) * (a + m * b))                             \
    ROW(SCATTERV, scatterv, BINOMIAL, binomial, -1, 2 * lg * a + (p - 1) * m * b)                  \
    ROW(ALLGATHERV, allgatherv, NATIVE, native, -1, NAN)                                           \
    ROW(ALLGATHERV, allgatherv, RING, ring, -1, (p - 1) * (a + m * b))                             \
    ROW(ALLGATHERV, allgatherv, BRUCK, bruck, -1, lg * a + (p - 1) * m * b)

/* X(name, "name"): the tuner's search strategies, the default first;
 * name names tune/search.c's himpi_search_<name>. */
#define HIMPI_SEARCHES(X)                                                                          \
    X(guided, "guided")                                                                            \
    X(exhaustive, "exhaustive")

/* X(ID, name, hw, hwloc): the levels of a machine's hierarchy, from the
 * whole system down (core/hwlevels.h's himpi_topo_kind), with the
 * HiMPI_Hwlevel plans group by (HIMPI_HW_<hw>, or NONE where plans cannot)
 * and the type of hwloc object (HWLOC_OBJ_<hwloc>, or NONE where no type
 * is the level: the cluster and node are above hwloc's machine, and NUMA
 * domains are memory children in hwloc 2).  Groups (hwloc Group objects)
 * come last: their place varies between machines. */
#define HIMPI_HWLEVELS(X)                                                                      \
    X(CLUSTER, "cluster", NONE, NONE)                                                          \
    X(NODE, "node", NODE, NONE)                                                                \
    X(PACKAGE, "package", PACKAGE, PACKAGE)                                                    \
    X(NUMA, "numa", NUMA, NONE)                                                                \
    X(L3, "l3cache", L3, L3CACHE)                                                              \
    X(L2, "l2cache", L2, L2CACHE)                                                              \
    X(L1, "l1cache", L1, L1CACHE)                                                              \
    X(CORE, "core", CORE, CORE)                                                                \
    X(PU, "pu", NONE, PU)                                                                      \
    X(GROUP, "group", NONE, GROUP)

#endif /* HIMPI_CORE_CATALOGUE_H */

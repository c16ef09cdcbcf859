/*
 * himpi.h: HiMPI, hierarchical and auto-tuned MPI collectives (libhimpi).
 *
 * Functions return MPI_SUCCESS or an MPI error class.
 *
 * Copyright (c) 2026, the HiMPI developers.  BSD 3-Clause licence.
 */
#ifndef HIMPI_H
#define HIMPI_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of HiMPI this header belongs to. */
#define HIMPI_VERSION_MAJOR 0
#define HIMPI_VERSION_MINOR 1
#define HIMPI_VERSION_PATCH 0

/* The version of the library actually linked, which may differ from the
 * header's after an upgrade.  Any pointer may be NULL. */
void HiMPI_Get_version(int *major, int *minor, int *patch);

/* Initialises HiMPI, and MPI too if the application has not called MPI_Init
 * itself (argc and argv are then passed on to MPI_Init; both may be NULL).
 * Rank 0 of MPI_COMM_WORLD reads the HIMPI_* environment and the
 * configuration table (HIMPI_CONF_FILE) and broadcasts both, so every rank
 * decides alike.  An invalid value is reported once on stderr by rank 0,
 * naming the variable, the value and what is accepted, and HiMPI_Init
 * returns MPI_ERR_ARG on every rank (MPI stays initialised, so the caller
 * can still report and finalise).  A malformed table is reported
 * ("file:line: reason") and ignored, or with HIMPI_STRICT=1 gives
 * MPI_ERR_ARG.  With HIMPI_TUNE=init (or HIMPI_GENERATE_CONFIG=1) it then
 * tunes the operations of HIMPI_OPID at the sizes from HIMPI_MIN_MSG to
 * HIMPI_MAX_MSG that the table lacks, and merges them into the file.
 * Calling it again before HiMPI_Finalize does nothing.  Collective over
 * MPI_COMM_WORLD. */
int HiMPI_Init(int *argc, char ***argv);

/* Releases what HiMPI holds (the sub-communicators cached on every
 * communicator HiMPI has used) and finalises MPI if HiMPI_Init initialised
 * it; otherwise MPI stays up for the application to finalise.  If the
 * application calls MPI_Finalize without HiMPI_Finalize, the caches are
 * released at the start of MPI_Finalize (except under SimGrid's SMPI, which
 * refuses MPI calls at that point: call HiMPI_Finalize first there). */
int HiMPI_Finalize(void);

/* ---------------------------------------------------------------------- */
/* Collectives                                                             */
/* ---------------------------------------------------------------------- */

/* The collectives take MPI's arguments and have MPI's semantics, on
 * intra-communicators: any datatype (derived and non-contiguous ones too),
 * any root, MPI_IN_PLACE wherever MPI allows it, predefined and user-defined
 * operations.  For a non-commutative operation the result is combined in
 * rank order, as MPI requires.
 *
 * Errors are returned, not passed to the communicator's error handler, and
 * every rank returns the same code when all ranks pass the same arguments:
 * MPI_ERR_COMM (MPI_COMM_NULL or an inter-communicator), MPI_ERR_ROOT,
 * MPI_ERR_COUNT (a negative count, or any negative entry of a vector of
 * counts: HiMPI_Reduce_scatter's recvcounts, the v-variants' counts),
 * MPI_ERR_TYPE (MPI_DATATYPE_NULL), MPI_ERR_OP (MPI_OP_NULL),
 * MPI_ERR_BUFFER (a NULL buffer with elements to hold, as MPICH checks it:
 * not for a derived datatype whose addresses are absolute, MPI_BOTTOM's),
 * MPI_ERR_ARG (a NULL vector of counts or of displacements, invalid
 * parameters, below).
 * Arguments that only the root uses (a scatter's send buffer, a gather's
 * receive buffer, with their counts and datatypes, and the v-variants'
 * vectors there) are checked at the root only, as in MPI.  An error the
 * MPI library raises inside a collective (an uncommitted datatype, say) is
 * returned the same way.  The call that
 * sets up HiMPI's state of a communicator, collectively, has the ranks
 * first agree on their checks: if they failed on some ranks only, every
 * rank returns the highest error class among them.  Other calls check
 * locally, as MPI does: a call whose arguments are wrong on some ranks only
 * is erroneous and may leave the others waiting, as in the MPI library.
 *
 * After HiMPI_Init, the first HIMPI_NATIVE_CALLS plain calls on a
 * communicator (32 by default; himpi-env(7)) run the MPI library's own
 * collective on it, and the next one sets it up: a communicator that lives
 * for a few calls never pays for HiMPI's set-up.  Those first calls check
 * their arguments as every call does and return a failed check's error
 * without communicating; an error the MPI library raises inside their
 * collective goes to the communicator's error handler (by default
 * MPI_ERRORS_ARE_FATAL), as with the MPI library's own call, and is
 * returned only if that handler returns.  An explicit plan (the _params,
 * _plan and _init calls below) sets a communicator up at once.
 *
 * The plain calls choose their plan (the number of groups and the
 * algorithms) at every call, alike on every rank: what the HIMPI_*
 * environment variables force, else the configuration table's plan for the
 * operation, the communicator's size and the message size (written by
 * himpi-tune or by tuning in HiMPI_Init; doc/config-format.md has the
 * lookup rules), else one group running the MPI library's own collective.
 * The table and settings are rank 0's, read at HiMPI_Init, or at a
 * communicator's first call if the application did not call HiMPI_Init;
 * the call that sets a communicator up, and a call that tunes
 * (HIMPI_TUNE=lazy), are collective beyond what MPI requires.
 * himpi-env(7) lists the variables.
 *
 * Threads: under MPI_THREAD_MULTIPLE, threads may call HiMPI's collectives
 * and persistent requests on different communicators at once, as MPI
 * allows (lazy tuning is then off, himpi-env(7)).  HiMPI_Init,
 * HiMPI_Finalize and the tuning calls (himpi_tune.h) are made by one
 * thread while no other thread calls HiMPI, as MPI_Init and MPI_Finalize
 * are. */
int HiMPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
int HiMPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                 MPI_Op op, int root, MPI_Comm comm);
int HiMPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                    MPI_Op op, MPI_Comm comm);
int HiMPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int HiMPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int HiMPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
/* The inclusive and exclusive prefix reductions, as MPI_Scan and
 * MPI_Exscan: rank i gets x0 op ... op xi (Exscan: x0 op ... op x(i-1);
 * rank 0's receive buffer is undefined, as in MPI), in rank order whatever
 * op. */
int HiMPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
               MPI_Comm comm);
int HiMPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                 MPI_Op op, MPI_Comm comm);
/* As MPI_Barrier: returns on no rank before every rank of comm has called
 * it.  It carries no message: its plain calls look the table up at 0
 * bytes. */
int HiMPI_Barrier(MPI_Comm comm);
/* The reductions whose result is scattered, as MPI_Reduce_scatter_block
 * and MPI_Reduce_scatter: every rank's operand holds p blocks (recvcount
 * elements each, or recvcounts[i] for rank i's), and rank i gets block i
 * combined over every rank, in rank order whatever op.  sendbuf may be
 * MPI_IN_PLACE: the operand is then recvbuf, which must hold all p
 * blocks, and the result replaces its first block. */
int HiMPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
                               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int HiMPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
/* As MPI_Alltoall: every rank sends its j-th block of sendcount elements to
 * rank j; with sendbuf MPI_IN_PLACE the blocks come from recvbuf (and
 * sendcount and sendtype are ignored). */
int HiMPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
/* The v-variants of gather, scatter and allgather, as MPI_Gatherv,
 * MPI_Scatterv and MPI_Allgatherv: rank i's block is counts[i] elements
 * of the vector side's datatype at displs[i] (in extents of it) in that
 * side's buffer; counts may be 0 and displacements in any order, with
 * gaps, which stay untouched.  MPI_IN_PLACE may stand for Gatherv's send
 * buffer at the root, Scatterv's receive buffer at the root and
 * Allgatherv's send buffer on every rank (each rank's block is then
 * already in place in recvbuf).  Gatherv's recvcounts and displs and
 * Scatterv's sendcounts and displs are significant at the root only, so
 * a plain call whose table holds several plans for the communicator's
 * size has the root broadcast the message size first (doc/algorithms.md). */
int HiMPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                  MPI_Comm comm);
int HiMPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                   MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                   int root, MPI_Comm comm);
int HiMPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                     MPI_Comm comm);

/* ---------------------------------------------------------------------- */
/* Explicit plans                                                           */
/* ---------------------------------------------------------------------- */

/* The algorithms a level of a hierarchical collective can run.  Which ones
 * exist for which operation: HiMPI_Alg_supported, and the list in
 * libhimpi(3) (both from the catalogue, lib/core/catalogue.h).
 * HIMPI_ALG_NATIVE calls the MPI library's own collective (its nonblocking
 * form, completed under the wait policy, when HIMPI_WAIT=yield).
 * doc/algorithms.md describes each algorithm. */
typedef enum HiMPI_Alg {
    HIMPI_ALG_NATIVE,
    HIMPI_ALG_LINEAR,
    HIMPI_ALG_CHAIN,
    HIMPI_ALG_PIPELINE,
    HIMPI_ALG_BINOMIAL,
    HIMPI_ALG_BINARY,
    HIMPI_ALG_SPLIT_BINARY,
    HIMPI_ALG_SCATTER_RING_ALLGATHER,
    HIMPI_ALG_SCATTER_RD_ALLGATHER,
    HIMPI_ALG_RECURSIVE_DOUBLING,
    HIMPI_ALG_RING,
    HIMPI_ALG_SEGMENTED_RING,
    HIMPI_ALG_RABENSEIFNER,
    HIMPI_ALG_LINEAR_SYNC,
    HIMPI_ALG_GATHER_BCAST,
    HIMPI_ALG_DISSEMINATION,
    HIMPI_ALG_RECURSIVE_HALVING,
    HIMPI_ALG_PAIRWISE,
    HIMPI_ALG_BUTTERFLY,
    HIMPI_ALG_BRUCK,
    HIMPI_ALG_COUNT /* the number of algorithms, not an algorithm */
} HiMPI_Alg;

/* The collective operations, for HiMPI_Alg_supported and the tables. */
typedef enum HiMPI_Op {
    HIMPI_OP_BCAST,
    HIMPI_OP_REDUCE,
    HIMPI_OP_ALLREDUCE,
    HIMPI_OP_SCATTER,
    HIMPI_OP_GATHER,
    HIMPI_OP_ALLGATHER,
    HIMPI_OP_SCAN,
    HIMPI_OP_EXSCAN,
    HIMPI_OP_BARRIER,
    HIMPI_OP_REDUCE_SCATTER_BLOCK,
    HIMPI_OP_REDUCE_SCATTER,
    HIMPI_OP_ALLTOALL,
    HIMPI_OP_GATHERV,
    HIMPI_OP_SCATTERV,
    HIMPI_OP_ALLGATHERV,
    HIMPI_OP_COUNT /* the number of operations, not an operation */
} HiMPI_Op;

/* Algorithm <-> name ("native", "linear", "chain", "pipeline", "binomial",
 * "binary", "split-binary", "scatter-ring-allgather", "scatter-rd-allgather",
 * "recursive-doubling", "ring", "segmented-ring", "rabenseifner",
 * "linear-sync", "gather-bcast", "dissemination", "recursive-halving",
 * "pairwise", "butterfly", "bruck").  HiMPI_Alg_from_name returns
 * MPI_SUCCESS or MPI_ERR_ARG for an unknown name; HiMPI_Alg_name returns
 * NULL for an invalid value. */
int HiMPI_Alg_from_name(const char *name, HiMPI_Alg *alg);
const char *HiMPI_Alg_name(HiMPI_Alg alg);

/* Operation <-> name ("bcast", "reduce", "allreduce", "scatter", "gather",
 * "allgather", "scan", "exscan", "barrier", "reduce_scatter_block",
 * "reduce_scatter", "alltoall", "gatherv", "scatterv", "allgatherv"), in
 * the same way. */
int HiMPI_Op_from_name(const char *name, HiMPI_Op *op);
const char *HiMPI_Op_name(HiMPI_Op op);

/* 1 if op carries a message, so that its calls, table rows and
 * measurements have a message size; 0 for barrier (whose calls count as 0
 * bytes, and which is tuned and measured at 0 bytes only) and for an
 * invalid op. */
int HiMPI_Op_has_size(HiMPI_Op op);

/* 1 if op's hierarchical plans can run their levels overlapped (a plan's
 * overlap, below): bcast, reduce and allreduce; 0 for the others, which
 * run their levels one after the other whatever the plan says, and for an
 * invalid op. */
int HiMPI_Op_overlaps(HiMPI_Op op);

/* 1 if alg exists for op, 0 otherwise. */
int HiMPI_Alg_supported(HiMPI_Op op, HiMPI_Alg alg);

/* How to run one hierarchical collective on p processes.
 *   groups:       g, 1 <= g <= p.  The ranks form g contiguous blocks whose
 *                 sizes differ by at most one (the first p mod g blocks have
 *                 one rank more).  g = 1 runs alg_in on all ranks, g = p runs
 *                 alg_out on all ranks: both are the flat algorithm.
 *   alg_out:      the algorithm between groups;
 *   alg_in:       the algorithm inside groups;
 *   segment_size: bytes per segment for the algorithms that pipeline
 *                 segments (bcast pipeline, binary and split-binary; reduce
 *                 pipeline and binary; allreduce segmented-ring; gather
 *                 linear-sync: the first segment); 0 means
 *                 HIMPI_SEGMENT_DEFAULT;
 *   overlap:      bytes per overlap segment: the message is cut into
 *                 segments of that many bytes (whole elements, derived
 *                 datatypes too) and the levels work on different
 *                 segments at once (a bcast's leaders on segment k + 1
 *                 while the groups run segment k; doc/schedules.md); 0,
 *                 the default, runs the levels one after the other.  Only
 *                 the operations whose levels can overlap
 *                 (HiMPI_Op_overlaps: bcast, reduce, allreduce) read it;
 *                 the others run as with 0, as the algorithms that do not
 *                 pipeline ignore segment_size.  A flat plan (g = 1 or
 *                 g = p) has no levels to overlap and runs as with 0 too.
 * Bcast, reduce, scatter and gather run between the groups' leaders: the
 * root leads its own group, every other group is led by its first rank.
 * Allreduce and allgather run inside the groups, then among the ranks that
 * hold the same position in their groups; where groups are uneven, the
 * ranks in the extra position get the result from their group's first
 * rank.  Scan and exscan run inside the groups, then alg_out runs an
 * exclusive scan of the groups' totals among the leaders (each group's
 * first rank), which broadcast it in their groups for every rank to put in
 * front of its own result.  Barrier runs alg_in inside the groups (their
 * leaders, each group's first rank, then know the group has entered),
 * alg_out among the leaders, and alg_in inside the groups again, which
 * releases them (as Open MPI's HAN does).  Reduce_scatter_block and
 * reduce_scatter run a reduce-scatter inside the groups in which the rank
 * at position j gets the blocks of the ranks at position j (and j + m,
 * j + 2m, ... past the smallest group's size m) of every group, then
 * alg_out among the ranks at the same position, and the ranks past m get
 * their block from their group's rank at position j mod m.  Alltoall
 * gathers every rank's blocks to its group's first rank (the library's
 * gather), alg_out exchanges them among those leaders, each sending
 * another leader at once all the blocks its group has for that group's
 * ranks, and the leaders scatter what they got in their groups; alg_in
 * runs only where the plan is flat.  Gatherv and scatterv run as gather
 * and scatter do, and allgatherv as allgather, the leaders' messages
 * carrying their groups' blocks as bytes; gatherv's and scatterv's root
 * first sends every other group's leader its group's counts.
 * Sub-communicators are created at a layout's first use and cached on
 * comm. */
typedef struct HiMPI_Params {
    int groups;
    HiMPI_Alg alg_out;
    HiMPI_Alg alg_in;
    int segment_size;
    int overlap;
} HiMPI_Params;

#define HIMPI_SEGMENT_DEFAULT 32768

/* The collectives with an explicit plan.  Besides the errors above:
 * MPI_ERR_ARG if params is NULL, groups is outside 1..p, an algorithm does
 * not exist for the operation, or segment_size or overlap is negative (a
 * positive overlap where the operation or the plan cannot overlap is
 * accepted and has no effect). */
int HiMPI_Bcast_params(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                       const HiMPI_Params *params);
int HiMPI_Reduce_params(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, int root, MPI_Comm comm, const HiMPI_Params *params);
int HiMPI_Allreduce_params(const void *sendbuf, void *recvbuf, int count,
                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                           const HiMPI_Params *params);
int HiMPI_Scatter_params(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                         MPI_Comm comm, const HiMPI_Params *params);
int HiMPI_Gather_params(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                        MPI_Comm comm, const HiMPI_Params *params);
int HiMPI_Allgather_params(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                           const HiMPI_Params *params);
int HiMPI_Scan_params(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                      MPI_Op op, MPI_Comm comm, const HiMPI_Params *params);
int HiMPI_Exscan_params(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                        MPI_Op op, MPI_Comm comm, const HiMPI_Params *params);
int HiMPI_Barrier_params(MPI_Comm comm, const HiMPI_Params *params);
int HiMPI_Reduce_scatter_block_params(const void *sendbuf, void *recvbuf, int recvcount,
                                      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                      const HiMPI_Params *params);
int HiMPI_Reduce_scatter_params(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                const HiMPI_Params *params);
int HiMPI_Alltoall_params(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                          const HiMPI_Params *params);
int HiMPI_Gatherv_params(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, const int recvcounts[], const int displs[],
                         MPI_Datatype recvtype, int root, MPI_Comm comm,
                         const HiMPI_Params *params);
int HiMPI_Scatterv_params(const void *sendbuf, const int sendcounts[], const int displs[],
                          MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, MPI_Comm comm,
                          const HiMPI_Params *params);
int HiMPI_Allgatherv_params(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, const int recvcounts[], const int displs[],
                            MPI_Datatype recvtype, MPI_Comm comm, const HiMPI_Params *params);

/* ---------------------------------------------------------------------- */
/* Multi-level and topology-aware plans                                     */
/* ---------------------------------------------------------------------- */

/* Hardware levels a plan can group by, outermost first. */
typedef enum HiMPI_Hwlevel {
    HIMPI_HW_NODE,    /* the ranks that share a node (a shared-memory domain) */
    HIMPI_HW_PACKAGE, /* ... a processor package (socket) */
    HIMPI_HW_NUMA,    /* ... a NUMA memory domain */
    HIMPI_HW_L3,      /* ... an L3 cache */
    HIMPI_HW_L2,      /* ... an L2 cache */
    HIMPI_HW_L1,      /* ... an L1 cache */
    HIMPI_HW_CORE,    /* ... a core */
    HIMPI_HW_COUNT    /* the number of levels, not a level */
} HiMPI_Hwlevel;

/* Hardware level <-> name ("node", "package", "numa", "l3cache",
 * "l2cache", "l1cache", "core"), like HiMPI_Alg_from_name. */
int HiMPI_Hwlevel_from_name(const char *name, HiMPI_Hwlevel *level);
const char *HiMPI_Hwlevel_name(HiMPI_Hwlevel level);

/* How one level of a plan divides each group of the level above it (the
 * whole communicator for the first level) into groups:
 *   groups >= 1:  that many balanced blocks of consecutive ranks, as in
 *                 HiMPI_Params (clamped to the group's size);
 *   groups == 0:  by hardware: the ranks that share an object of level hw
 *                 form a group (ranks not bound that deep form one group
 *                 together); see HiMPI_Comm_hsplit for where the topology
 *                 comes from.
 * alg runs among the groups: between their leaders (the root, or the
 * group's lowest rank) for rooted operations, the scans, barrier and
 * alltoall, among the ranks at the same position for allreduce, allgather
 * and the reduce-scatters.  Alltoall uses only the first level that
 * divides the communicator: the levels below it are not used
 * (doc/algorithms.md). */
typedef struct HiMPI_Level {
    int groups;
    HiMPI_Hwlevel hw;
    HiMPI_Alg alg;
} HiMPI_Level;

#define HIMPI_MAX_LEVELS 8

/* A plan of nlevels levels (0 to HIMPI_MAX_LEVELS); alg_in runs inside
 * the groups of the last level (on the whole communicator if nlevels is
 * 0).  The HiMPI_Params {g, alg_out, alg_in, segment_size, overlap} is the
 * plan of one level {g, -, alg_out} with that alg_in, segment size and
 * overlap.  overlap is as in HiMPI_Params: with several levels, each pair
 * of neighbouring levels works on different segments at once.  A plan is
 * flat, and runs as with overlap 0, when its first level of more than one
 * group has p groups or more (every group a single rank), or it has no
 * such level (no level, or rank blocks of one group each).
 * Groups need not be contiguous rank blocks: results keep MPI's rank order
 * (scatter, gather and allgather permute blocks with a permutation worked
 * out once per layout, as the reduce-scatters do their blocks); a
 * non-commutative reduction, or a scan or exscan with any op, whose groups
 * are not contiguous runs alg_in flat on the whole communicator instead,
 * since only that keeps rank order. */
typedef struct HiMPI_Plan {
    int nlevels;
    HiMPI_Level level[HIMPI_MAX_LEVELS];
    HiMPI_Alg alg_in;
    int segment_size;
    int overlap;
} HiMPI_Plan;

/* The collectives with a plan.  Errors as for the _params calls, and
 * MPI_ERR_ARG for nlevels outside 0..HIMPI_MAX_LEVELS, a negative group
 * count or an invalid hardware level. */
int HiMPI_Bcast_plan(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                     const HiMPI_Plan *plan);
int HiMPI_Reduce_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                      MPI_Op op, int root, MPI_Comm comm, const HiMPI_Plan *plan);
int HiMPI_Allreduce_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm comm, const HiMPI_Plan *plan);
int HiMPI_Scatter_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                       const HiMPI_Plan *plan);
int HiMPI_Gather_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                      const HiMPI_Plan *plan);
int HiMPI_Allgather_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                         const HiMPI_Plan *plan);
int HiMPI_Scan_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                    MPI_Op op, MPI_Comm comm, const HiMPI_Plan *plan);
int HiMPI_Exscan_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                      MPI_Op op, MPI_Comm comm, const HiMPI_Plan *plan);
int HiMPI_Barrier_plan(MPI_Comm comm, const HiMPI_Plan *plan);
int HiMPI_Reduce_scatter_block_plan(const void *sendbuf, void *recvbuf, int recvcount,
                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                    const HiMPI_Plan *plan);
int HiMPI_Reduce_scatter_plan(const void *sendbuf, void *recvbuf, const int recvcounts[],
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                              const HiMPI_Plan *plan);
int HiMPI_Alltoall_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                        const HiMPI_Plan *plan);
int HiMPI_Gatherv_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                       int root, MPI_Comm comm, const HiMPI_Plan *plan);
int HiMPI_Scatterv_plan(const void *sendbuf, const int sendcounts[], const int displs[],
                        MPI_Datatype sendtype, void *recvbuf, int recvcount,
                        MPI_Datatype recvtype, int root, MPI_Comm comm, const HiMPI_Plan *plan);
int HiMPI_Allgatherv_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, const int recvcounts[], const int displs[],
                          MPI_Datatype recvtype, MPI_Comm comm, const HiMPI_Plan *plan);

/* ---------------------------------------------------------------------- */
/* Persistent collectives (MPI-4 style)                                     */
/* ---------------------------------------------------------------------- */

/* A persistent collective: created inactive by a HiMPI_<op>_init call,
 * started any number of times with HiMPI_Start, completed each time with
 * HiMPI_Wait or HiMPI_Test, and freed with HiMPI_Request_free. */
typedef struct HiMPI_Request_s *HiMPI_Request;
#define HIMPI_REQUEST_NULL ((HiMPI_Request)0)

/* The persistent forms of the collectives, with MPI-4's argument lists
 * (MPI_Bcast_init and friends).  Everything a call would decide or build is
 * done here, once: the plan (as the plain call would choose it at this
 * size, or the given one for the _plan forms), the layouts and their
 * sub-communicators, the call's schedule and its temporary buffers.  A
 * start then only communicates: it issues the schedule's first stages and
 * returns, and HiMPI_Wait, HiMPI_Test and every other HiMPI call progress
 * it.  Each level that runs the MPI library's own collective (the whole
 * call, for a flat native plan) uses the library's persistent collective
 * (MPI_<op>_init, or Open MPI's MPIX_<op>_init) where it has one, made at
 * the first start.
 * The buffers, datatypes, operation and communicator are bound to the
 * request: their contents may change between starts, they must stay valid
 * until the request is freed, and the request must be freed before the
 * communicator.  So are the vectors of counts and displacements, whose
 * contents must not change, as MPI-4 says of its own.  info is passed on
 * to the MPI library (MPI_INFO_NULL is fine).  Errors as for the plain and
 * _plan calls, and MPI_ERR_REQUEST for a NULL request pointer.  Collective
 * over comm. */
int HiMPI_Bcast_init(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                     MPI_Info info, HiMPI_Request *request);
int HiMPI_Reduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                      MPI_Op op, int root, MPI_Comm comm, MPI_Info info, HiMPI_Request *request);
int HiMPI_Allreduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm comm, MPI_Info info, HiMPI_Request *request);
int HiMPI_Scatter_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                       MPI_Info info, HiMPI_Request *request);
int HiMPI_Gather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                      MPI_Info info, HiMPI_Request *request);
int HiMPI_Allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                         MPI_Info info, HiMPI_Request *request);
int HiMPI_Scan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                    MPI_Op op, MPI_Comm comm, MPI_Info info, HiMPI_Request *request);
int HiMPI_Exscan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                      MPI_Op op, MPI_Comm comm, MPI_Info info, HiMPI_Request *request);
int HiMPI_Barrier_init(MPI_Comm comm, MPI_Info info, HiMPI_Request *request);
int HiMPI_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount,
                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                    MPI_Info info, HiMPI_Request *request);
int HiMPI_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[],
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                              HiMPI_Request *request);
int HiMPI_Alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                        MPI_Info info, HiMPI_Request *request);
int HiMPI_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                       int root, MPI_Comm comm, MPI_Info info, HiMPI_Request *request);
int HiMPI_Scatterv_init(const void *sendbuf, const int sendcounts[], const int displs[],
                        MPI_Datatype sendtype, void *recvbuf, int recvcount,
                        MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                        HiMPI_Request *request);
int HiMPI_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, const int recvcounts[], const int displs[],
                          MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                          HiMPI_Request *request);

/* The same with an explicit plan (see HiMPI_Plan). */
int HiMPI_Bcast_init_plan(void *buffer, int count, MPI_Datatype datatype, int root,
                          MPI_Comm comm, const HiMPI_Plan *plan, MPI_Info info,
                          HiMPI_Request *request);
int HiMPI_Reduce_init_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                           MPI_Op op, int root, MPI_Comm comm, const HiMPI_Plan *plan,
                           MPI_Info info, HiMPI_Request *request);
int HiMPI_Allreduce_init_plan(const void *sendbuf, void *recvbuf, int count,
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                              const HiMPI_Plan *plan, MPI_Info info, HiMPI_Request *request);
int HiMPI_Scatter_init_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                            MPI_Comm comm, const HiMPI_Plan *plan, MPI_Info info,
                            HiMPI_Request *request);
int HiMPI_Gather_init_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                           MPI_Comm comm, const HiMPI_Plan *plan, MPI_Info info,
                           HiMPI_Request *request);
int HiMPI_Allgather_init_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, int recvcount, MPI_Datatype recvtype,
                              MPI_Comm comm, const HiMPI_Plan *plan, MPI_Info info,
                              HiMPI_Request *request);
int HiMPI_Scan_init_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm comm, const HiMPI_Plan *plan, MPI_Info info,
                         HiMPI_Request *request);
int HiMPI_Exscan_init_plan(const void *sendbuf, void *recvbuf, int count,
                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                           const HiMPI_Plan *plan, MPI_Info info, HiMPI_Request *request);
int HiMPI_Barrier_init_plan(MPI_Comm comm, const HiMPI_Plan *plan, MPI_Info info,
                            HiMPI_Request *request);
int HiMPI_Reduce_scatter_block_init_plan(const void *sendbuf, void *recvbuf, int recvcount,
                                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                         const HiMPI_Plan *plan, MPI_Info info,
                                         HiMPI_Request *request);
int HiMPI_Reduce_scatter_init_plan(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                   const HiMPI_Plan *plan, MPI_Info info,
                                   HiMPI_Request *request);
int HiMPI_Alltoall_init_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, int recvcount, MPI_Datatype recvtype,
                             MPI_Comm comm, const HiMPI_Plan *plan, MPI_Info info,
                             HiMPI_Request *request);
int HiMPI_Gatherv_init_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, const int recvcounts[], const int displs[],
                            MPI_Datatype recvtype, int root, MPI_Comm comm,
                            const HiMPI_Plan *plan, MPI_Info info, HiMPI_Request *request);
int HiMPI_Scatterv_init_plan(const void *sendbuf, const int sendcounts[], const int displs[],
                             MPI_Datatype sendtype, void *recvbuf, int recvcount,
                             MPI_Datatype recvtype, int root, MPI_Comm comm,
                             const HiMPI_Plan *plan, MPI_Info info, HiMPI_Request *request);
int HiMPI_Allgatherv_init_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                               void *recvbuf, const int recvcounts[], const int displs[],
                               MPI_Datatype recvtype, MPI_Comm comm, const HiMPI_Plan *plan,
                               MPI_Info info, HiMPI_Request *request);

/* The nonblocking collectives, with MPI-3's argument lists (MPI_Ibcast and
 * friends) and a HiMPI_Request.  The plan is chosen as the plain call
 * chooses it (or given, for the _plan forms), the call's schedule built and
 * its first stages issued; the call returns without waiting for other
 * ranks, except that the first call of a layout on a communicator creates
 * its sub-communicators, which is collective (a plain or persistent call
 * with the same plan before avoids it), and that where only the root
 * knows the counts (HiMPI_Igatherv, HiMPI_Iscatterv) it first sends them
 * to the ranks that need them, as the plain call does (its size, where
 * the plan depends on it; each group's counts to the group's leader, and
 * down the binomial tree), waiting for that while it progresses the
 * requests under way.  HiMPI_Wait, HiMPI_Test or
 * HiMPI_Waitall completes the request and frees it (*request becomes
 * HIMPI_REQUEST_NULL).  Every HiMPI call progresses the requests under way.
 * Several may be outstanding on one communicator and completed in any
 * order; every rank must start the collectives of a communicator in the
 * same order, as MPI requires.  The buffers must not be touched until
 * completion.  They are not among a communicator's first native calls
 * (HIMPI_NATIVE_CALLS).  HiMPI's calls progress the requests under way,
 * blocking ones too while they wait, except inside the MPI library's own
 * blocking collective (a native level under HIMPI_WAIT=blocking):
 * a program whose ranks make blocking calls while others wait for an
 * outstanding nonblocking call to complete first should set
 * HIMPI_WAIT=yield.  Errors as for the plain and _plan calls, and
 * MPI_ERR_REQUEST for a NULL request pointer. */
int HiMPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                 HiMPI_Request *request);
int HiMPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                  MPI_Op op, int root, MPI_Comm comm, HiMPI_Request *request);
int HiMPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                     MPI_Op op, MPI_Comm comm, HiMPI_Request *request);
int HiMPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                   HiMPI_Request *request);
int HiMPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                  HiMPI_Request *request);
int HiMPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                     HiMPI_Request *request);
int HiMPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                MPI_Comm comm, HiMPI_Request *request);
int HiMPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                  MPI_Op op, MPI_Comm comm, HiMPI_Request *request);
int HiMPI_Ibarrier(MPI_Comm comm, HiMPI_Request *request);
int HiMPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                HiMPI_Request *request);
int HiMPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                          HiMPI_Request *request);
int HiMPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                    HiMPI_Request *request);
int HiMPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                   MPI_Comm comm, HiMPI_Request *request);
int HiMPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                    MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                    int root, MPI_Comm comm, HiMPI_Request *request);
int HiMPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                      MPI_Comm comm, HiMPI_Request *request);

/* The same with an explicit plan (see HiMPI_Plan). */
int HiMPI_Ibcast_plan(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                      const HiMPI_Plan *plan, HiMPI_Request *request);
int HiMPI_Ireduce_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                       MPI_Op op, int root, MPI_Comm comm, const HiMPI_Plan *plan,
                       HiMPI_Request *request);
int HiMPI_Iallreduce_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                          MPI_Op op, MPI_Comm comm, const HiMPI_Plan *plan,
                          HiMPI_Request *request);
int HiMPI_Iscatter_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                        MPI_Comm comm, const HiMPI_Plan *plan, HiMPI_Request *request);
int HiMPI_Igather_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                       const HiMPI_Plan *plan, HiMPI_Request *request);
int HiMPI_Iallgather_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                          const HiMPI_Plan *plan, HiMPI_Request *request);
int HiMPI_Iscan_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                     MPI_Op op, MPI_Comm comm, const HiMPI_Plan *plan, HiMPI_Request *request);
int HiMPI_Iexscan_plan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                       MPI_Op op, MPI_Comm comm, const HiMPI_Plan *plan,
                       HiMPI_Request *request);
int HiMPI_Ibarrier_plan(MPI_Comm comm, const HiMPI_Plan *plan, HiMPI_Request *request);
int HiMPI_Ireduce_scatter_block_plan(const void *sendbuf, void *recvbuf, int recvcount,
                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                     const HiMPI_Plan *plan, HiMPI_Request *request);
int HiMPI_Ireduce_scatter_plan(const void *sendbuf, void *recvbuf, const int recvcounts[],
                               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                               const HiMPI_Plan *plan, HiMPI_Request *request);
int HiMPI_Ialltoall_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                         const HiMPI_Plan *plan, HiMPI_Request *request);
int HiMPI_Igatherv_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, int root, MPI_Comm comm, const HiMPI_Plan *plan,
                        HiMPI_Request *request);
int HiMPI_Iscatterv_plan(const void *sendbuf, const int sendcounts[], const int displs[],
                         MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, MPI_Comm comm, const HiMPI_Plan *plan,
                         HiMPI_Request *request);
int HiMPI_Iallgatherv_plan(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[], const int displs[],
                           MPI_Datatype recvtype, MPI_Comm comm, const HiMPI_Plan *plan,
                           HiMPI_Request *request);

/* Starts an inactive request (MPI_ERR_REQUEST if it is null or active).
 * Every rank must start the persistent collectives of a communicator in
 * the same order, as MPI requires. */
int HiMPI_Start(HiMPI_Request *request);

/* Completes the request's current start and returns its result: a
 * persistent request becomes inactive, a nonblocking one is freed and set
 * to HIMPI_REQUEST_NULL.  On an inactive or null request returns at once.
 * status may be MPI_STATUS_IGNORE; it is empty (as MPI's is for
 * collectives).  While other requests are under way, it progresses them
 * too. */
int HiMPI_Wait(HiMPI_Request *request, MPI_Status *status);

/* As HiMPI_Wait if the start has completed (*flag = 1), else *flag = 0
 * after one pass of every request under way. */
int HiMPI_Test(HiMPI_Request *request, int *flag, MPI_Status *status);

/* HiMPI_Wait on each of count requests.  statuses may be
 * MPI_STATUSES_IGNORE; the first error is returned then, and
 * MPI_ERR_IN_STATUS with each request's error in its status otherwise. */
int HiMPI_Waitall(int count, HiMPI_Request requests[], MPI_Status statuses[]);

/* Frees an inactive request and sets it to HIMPI_REQUEST_NULL
 * (MPI_ERR_REQUEST if it is active or null: as MPI forbids freeing an
 * active collective's request).  Local. */
int HiMPI_Request_free(HiMPI_Request *request);

/* ---------------------------------------------------------------------- */
/* Hierarchical communicators (after Goglin, Jeannot, Mansouri, Mercier,   */
/* "Hardware topology management in MPI applications through hierarchical */
/* communicators", Parallel Computing 76, 2018)                            */
/* ---------------------------------------------------------------------- */

/* The topology is the real machine's (hwloc), or, for tests and what-if
 * studies, the one HIMPI_TOPOLOGY describes (an hwloc synthetic string
 * such as "pack:2 numa:2 l3:1 core:4 pu:1", optionally starting with
 * "node:N" to spread the ranks over N pretend nodes, or the name of an
 * hwloc XML file); HIMPI_BINDING maps ranks to processing units (block,
 * scatter, none, or a comma-separated list of PU indices).  himpi-env(7)
 * has the details. */

/* Level names, from the whole system down: "cluster", "node", "package",
 * "numa", "l3cache", "l2cache", "l1cache", "core", "pu". */
#define HIMPI_HLEVEL_NAME_MAX 32

/* The info key that asks HiMPI_Comm_hsplit for a level by name. */
#define HIMPI_INFO_HLEVEL "himpi_hlevel"

/* Splits comm into the communicators of the highest hardware level below
 * the one that holds all of comm, skipping levels that do not subdivide
 * it, so each result is a strict subset of comm; calling it again on the
 * result walks down the hierarchy.  With info key HIMPI_INFO_HLEVEL the
 * split is at the named level instead.  A rank gets MPI_COMM_NULL when
 * there is nothing below (its binding is no deeper: an unbound process
 * stops at the node level).  Ranks keep their relative order.  Collective
 * over comm; MPI_ERR_COMM, MPI_ERR_ARG (NULL newcomm, unknown level name). */
int HiMPI_Comm_hsplit(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm);

/* As HiMPI_Comm_hsplit, and *rootscomm is the communicator of the new
 * communicators' rank-0 processes (ordered by rank in comm) on those
 * processes, MPI_COMM_NULL on the others. */
int HiMPI_Comm_hsplit_with_roots(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm,
                                 MPI_Comm *rootscomm);

/* For a communicator HiMPI_Comm_hsplit made: the number of sibling
 * communicators it was split into, this one's index among them, and the
 * level's name (at most len bytes with the NUL).  MPI_ERR_COMM for other
 * communicators.  Local. */
int HiMPI_Comm_get_hlevel_info(MPI_Comm comm, int *num_comms, int *index, char *type, int len);

/* The name of the lowest level the given ranks of comm all share
 * ("cluster" if they span nodes).  Collective over comm (every rank passes
 * its own list); MPI_ERR_RANK for a rank outside comm, MPI_ERR_ARG for an
 * empty list. */
int HiMPI_Comm_get_min_hlevel(MPI_Comm comm, int nranks, const int ranks[], char *type, int len);

/* ---------------------------------------------------------------------- */
/* Benchmarking                                                             */
/* ---------------------------------------------------------------------- */

struct MPIB_coll_container;

/* A libmpib container (mpib.h) that runs HiMPI's collective op with params,
 * so that MPIB_measure can time it.  Message sizes mean what they mean for
 * libmpib's native containers: M bytes for bcast; M / 8 doubles summed for
 * reduce, allreduce, scan and exscan; M bytes per rank for scatter, gather
 * and allgather; M / 8 doubles summed per rank for the reduce-scatters
 * (an operand of p times that); M bytes per pair of ranks for alltoall;
 * nothing for barrier, which ignores M.
 * Its initialisation runs the collective once, untimed, so that the
 * layout's sub-communicators exist before the timed repetitions.
 * Free it with MPIB_coll_container_free.  NULL for an invalid op, NULL
 * params, or if memory runs out; invalid params are reported by the
 * measurement (MPI_ERR_ARG). */
struct MPIB_coll_container *HiMPI_Container_alloc(HiMPI_Op op, const HiMPI_Params *params);

/* The same with a multi-level or topology-aware plan (see HiMPI_Plan). */
struct MPIB_coll_container *HiMPI_Container_alloc_plan(HiMPI_Op op, const HiMPI_Plan *plan);

#ifdef __cplusplus
}
#endif

#endif /* HIMPI_H */

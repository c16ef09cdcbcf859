/* colltest.h: the test matrix every collective goes through.
 *
 * Each test_<op>.c describes its operation with a ct_op: how to compute the
 * expected result with the MPI library's own collective, how to run HiMPI's,
 * and what to compare.  ct_main then runs the matrix on MPI_COMM_WORLD:
 *   - every valid (alg_out, alg_in) pair, every group count and every root
 *     (sampled above 8 ranks), on the operation's most demanding base case;
 *   - datatypes x operations x counts {0, 1, 97, a 1 MiB message} x
 *     MPI_IN_PLACE (above 8 ranks the datatypes and operations scale mode
 *     keeps, below),
 *     each on every algorithm flat (g = 1 and g = p) and every pair with
 *     uneven groups (the 1 MiB message on the pairs scale mode samples,
 *     below: each algorithm with itself and with native);
 *   - multi-level plans of rank blocks and hardware levels (a synthetic
 *     topology whose groups are not contiguous under scatter binding, and
 *     are under block binding), every root, with and without in place;
 *     for reductions also a commutative sum, whose groups that are not
 *     contiguous run hierarchically (the non-commutative base case's run
 *     flat);
 *   - errors for invalid arguments, on every rank, without hanging (the
 *     common ones, and those of the operation's own arguments, its vectors
 *     of counts and displacements, each at a fresh communicator's first
 *     call, since the root's alone are agreed on there);
 *   - the communicator cache: created once per layout, freed with the
 *     communicator.
 * Results are compared byte for byte with the native result, including the
 * gaps of non-contiguous datatypes, which must stay untouched.
 *
 * With the argument --persistent, the same matrix runs through the persistent
 * calls instead (HiMPI_<op>_init_plan with the plan of the params, then
 * CT_STARTS starts, completed alternately with HiMPI_Wait and HiMPI_Test,
 * the input changing before every start and each result checked) on the
 * algorithm pairs scale mode samples (below), with the large message on
 * two datatypes (ints and the gapped affine type, not in place), and
 * tests the persistent requests themselves: many starts of the table's
 * plan (the MPI library's persistent collective where it has one) and of
 * a hierarchical plan, no communicator created by any start, and the
 * request errors.  With --nonblocking, it runs through the nonblocking
 * calls (HiMPI_I<op>_plan) on the same sample, each time two calls
 * outstanding at once on separate buffers and completed in reverse order,
 * and tests four at once completed out of order and the request errors.
 *
 * HIMPI_TEST_SAMPLE=1 (scale mode) samples the matrix for the SimGrid
 * cases on 64 to 256 simulated ranks (tests/smpi), where the whole of it
 * takes over three minutes for the broadcast alone at 64, for the cases
 * on 7, 12 and 16 ranks (the scans' on 8 and 16; tests/mpi-run), and for
 * scripts/test's MPICH and sanitizer jobs, which check HiMPI against another MPI library and for
 * memory errors while the Open MPI job runs the whole matrix at 1 to 5, 8
 * and 9 ranks (sampled, MPICH's check-small took 200 s instead of 311 s): the
 * algorithm pairs (a, a),
 * (a, native) and (native, a) for every algorithm a; group counts 1, 2,
 * floor(sqrt(p)), p/2 + 1 and p; roots 0 and p - 1; the variants on those
 * pairs over floor(sqrt(p)) + 1 uneven groups (at most p), with two
 * datatypes (ints and the gapped affine pair with its lower bound, plus
 * ints received as pairs where types may differ; for reductions, sum on
 * ints and the affine maps) and one large message of 64 KiB of ints; the
 * plans at those two roots under scatter binding only.  Every result is
 * still compared with the native collective's.
 *
 * HIMPI_TEST_ALGS=name,name... limits the algorithms to those named (a
 * multi-level plan's other levels then run the algorithm under test rather
 * than native, if native is left out), for working on one algorithm, and
 * for SimGrid's scans, whose MPI_Scan and MPI_Exscan the native algorithm
 * would call (tests/smpi/run). */
#ifndef COLLTEST_H
#define COLLTEST_H

#include <stddef.h>

#include "himpi.h"

/* Starts per persistent request in the matrix. */
#define CT_STARTS 2

/* A datatype to test with.  Every element holds `slots` 32-bit values (int
 * or double) at the given byte offsets; the rest of its extent is a gap. */
typedef struct ct_type {
    const char *name;
    MPI_Datatype type;
    MPI_Aint extent;
    int slots;
    MPI_Aint offset[2];
    int is_double;
} ct_type;

/* The datatypes: int, double, a resized vector of 2 ints with gaps, the
 * same 2 ints contiguous (the vector's receive twin), and a pair of
 * unsigned ints at a non-zero lower bound with gaps (for the affine op). */
enum { CT_INT, CT_DOUBLE, CT_VECTOR, CT_PAIR, CT_AFFINE, CT_NTYPES };
extern ct_type ct_types[CT_NTYPES];

/* A reduction operation with the datatype it applies to. */
typedef struct ct_reduction {
    const char *name;
    MPI_Op op;
    int type; /* index into ct_types */
} ct_reduction;

/* MPI_SUM and MPI_MAX on int and double, a user-defined commutative sum on
 * the vector, and the user-defined non-commutative composition of affine
 * maps on the affine pair. */
enum { CT_NREDUCTIONS = 6 };
extern ct_reduction ct_reductions[CT_NREDUCTIONS];
#define CT_NONCOMMUTATIVE (CT_NREDUCTIONS - 1)

/* One test configuration. */
typedef struct ct_case {
    MPI_Comm comm;
    int p, rank;
    const ct_type *send, *recv; /* datatypes of the two sides */
    MPI_Op op;                  /* for reductions */
    int count;                  /* elements received per process (per block) */
    int send_count;             /* elements sent per process: count, or 2 count when
                                   ints are received as pairs of ints */
    int root;
    int in_place;
    /* Buffers: input, expected output, actual output. */
    void *in, *expected, *out;
    size_t in_bytes, out_bytes;
} ct_case;

/* What a collective's test provides. */
typedef struct ct_op {
    HiMPI_Op op;
    int rooted;           /* takes a root */
    int reduction;        /* takes an MPI_Op */
    int two_types;        /* sends and receives with different datatypes */
    int in_place;         /* MPI_IN_PLACE is allowed */
    /* Buffer sizes in elements of each side for this rank. */
    void (*sizes)(const ct_case *c, long *in_elements, long *out_elements);
    /* Writes the expected result into c->expected with the native call. */
    int (*reference)(ct_case *c);
    /* Resets c->out (and what in-place needs) before a call or a start. */
    void (*prepare)(ct_case *c);
    /* Runs HiMPI's call: the _plan call if plan is not NULL, the _params
     * call otherwise. */
    int (*run)(ct_case *c, const HiMPI_Params *params, const HiMPI_Plan *plan);
    /* Creates the persistent request of c: HiMPI_<op>_init_plan, or
     * HiMPI_<op>_init if plan is NULL. */
    int (*init)(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request);
    /* Starts the nonblocking call of c: HiMPI_I<op>_plan, or HiMPI_I<op>
     * if plan is NULL. */
    int (*start)(ct_case *c, const HiMPI_Plan *plan, HiMPI_Request *request);
    /* Whether this rank's c->out is meaningful after the call. */
    int (*significant)(const ct_case *c);
    /* The operand holds one block per rank (the reduce-scatters), so that
     * its large message is 1 MiB in all, as for scatter. */
    int blocks;
    /* The bytes of c->out the call defines, from the start; NULL: all of
     * them.  In place, a reduce-scatter's receive buffer holds the whole
     * operand but only its first block is the result. */
    size_t (*defined)(const ct_case *c);
    /* The operation's own invalid arguments (NULL: none): makes the
     * operation's run pass the k-th of them from now on (k >= 1), or none
     * again (k = 0), and returns what it is and in *want the error class
     * every rank must return; NULL past the last. */
    const char *(*misuse)(int k, int *want);
} ct_op;

/* Fills n elements of t at buf with values derived from rank and salt;
 * the gaps get the sentinel byte. */
void ct_fill(const ct_type *t, void *buf, long n, int rank, int salt);

/* Fills bytes of buf with the sentinel byte. */
void ct_clear(void *buf, size_t bytes);

/* Runs the whole matrix for op and returns the process's exit status. */
int ct_main(int argc, char **argv, const ct_op *op);

#endif /* COLLTEST_H */

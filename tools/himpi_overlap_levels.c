/* himpi_overlap_levels.c: the table of overlapped levels. */
#include <config.h>

#include "himpi_overlap_format.h"
#include "himpi_overlap_levels.h"
#include "himpi_overlap_stages.h"

/* The overlapped plan (A) against the plan without (B), interleaved, and
 * the verdict on it: 0, or 1 after reporting a failed measurement. */
static int compare(const overlap_options *o, overlap_row *row)
{
    HiMPI_Params a = overlap_params(&row->ovl), b = overlap_params(&row->plan);
    MPIB_coll_container *ca = HiMPI_Container_alloc(row->op, &a);
    MPIB_coll_container *cb = HiMPI_Container_alloc(row->op, &b);
    int rc = ca == NULL || cb == NULL
                 ? MPI_ERR_NO_MEM
                 : MPIB_measure_pair(o->measure.method, ca, cb, MPI_COMM_WORLD, o->measure.root,
                                     row->bytes, o->pairs, o->pair_span,
                                     o->measure.precision.cl, &row->cmp);
    MPIB_coll_container_free(ca);
    MPIB_coll_container_free(cb);
    if (rc != MPI_SUCCESS) {
        cli_mpi_error("comparison", rc);
        return 1;
    }
    row->verdict = HiMPI_Decide(&row->cmp, o->min_effect);
    return 0;
}

/* Each stage of best's layout and algorithm alone. */
static int stages(const overlap_options *o, overlap_row *row, const overlap_best *best)
{
    return overlap_time(o, overlap_stage_container_alloc(row->op, OVERLAP_STAGE_BETWEEN, best->g,
                                                         best->alg),
                        row->bytes, &row->between) ||
           overlap_time(o, overlap_stage_container_alloc(row->op, OVERLAP_STAGE_INSIDE, best->g,
                                                         best->alg),
                        row->bytes, &row->inside);
}

static int level_row(const overlap_options *o, HiMPI_Op op, int M, int p)
{
    static const int flat = 1, none = 0;
    int groups[OVERLAP_MAX_LIST], ngroups = overlap_groups(o, p, groups);
    int overlaps[OVERLAP_MAX_LIST], noverlaps = overlap_overlaps(o, M, overlaps);
    overlap_row row = {.op = op, .bytes = M, .between.T = -1, .inside.T = -1,
                       .verdict = HIMPI_VERDICT_UNKNOWN};
    if (overlap_time(o, MPIB_native_container_alloc(HiMPI_Op_name(op)), M, &row.native) ||
        overlap_fastest(o, op, M, &flat, 1, &none, 1, &row.flat) ||
        overlap_fastest(o, op, M, groups, ngroups, &none, 1, &row.plan) ||
        overlap_fastest(o, op, M, groups, ngroups, overlaps, noverlaps, &row.ovl) ||
        stages(o, &row, row.ovl.g > 0 ? &row.ovl : &row.plan) ||
        (o->pairs > 0 && row.ovl.g > 0 && compare(o, &row)))
        return 1;
    /* The bandwidth term of the model's lower bound: no latency, no
     * reduction. */
    HiMPI_Hockney bandwidth = {0, o->net.beta, 0};
    row.bound = o->bound ? HiMPI_Model_bound(op, p, M, &bandwidth) : 0;
    overlap_format_row(&row);
    return 0;
}

int overlap_levels(const overlap_options *o)
{
    int p;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    overlap_format_start(o->csv, o->bound);
    for (int i = 0; i < o->nops; i++)
        for (int s = 0; s < o->nsizes; s++)
            if (level_row(o, (HiMPI_Op)o->ops[i], o->sizes[s], p) != 0)
                return 1;
    return 0;
}

/* himpi_overlap_stages.h: each stage of a one-level plan alone, on
 * sub-communicators laid out as HiMPI lays out the plan's groups
 * (HiMPI_Params in himpi.h): g contiguous blocks of ranks, sizes differing
 * by at most one, the first p mod g blocks one larger.  A stage runs
 * HiMPI's flat algorithm on its sub-communicators, all of them at once, and
 * is timed as one collective over every rank, so that a stage's time is
 * what it adds to the plan when the levels run one after the other. */
#ifndef HIMPI_OVERLAP_STAGES_H
#define HIMPI_OVERLAP_STAGES_H

#include "himpi.h"
#include "mpib.h"

typedef enum {
    /* bcast and reduce: among the groups' leaders (the root leads its own
     * group, every other group is led by its first rank); allreduce: among
     * the ranks at the same position in every group, then the ranks past
     * the smallest group's size get the result from their group's first
     * rank */
    OVERLAP_STAGE_BETWEEN,
    /* inside every group: bcast from, reduce to, the group's leader;
     * allreduce among the group's ranks */
    OVERLAP_STAGE_INSIDE
} overlap_stage;

/* A container for stage of op (bcast, reduce, allreduce) in g groups,
 * running alg on the whole message with HiMPI_<Op>_params (one group).
 * Message sizes mean what they mean for HiMPI_Container_alloc.  Its
 * initialisation makes the sub-communicators and runs the stage once,
 * untimed; its finalisation frees them.  NULL if memory runs out. */
MPIB_coll_container *overlap_stage_container_alloc(HiMPI_Op op, overlap_stage stage, int g,
                                                   HiMPI_Alg alg);

#endif /* HIMPI_OVERLAP_STAGES_H */

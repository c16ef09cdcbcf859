/* himpi_overlap_search.h: himpi-overlap's candidate plans and the fastest
 * of them: every algorithm asked for, the same between and inside the
 * groups (as himpi-bench's hierarchical column), on every layout, at every
 * overlap. */
#ifndef HIMPI_OVERLAP_SEARCH_H
#define HIMPI_OVERLAP_SEARCH_H

#include "himpi_overlap_options.h"

/* A plan measured: g groups (1: flat) running alg on both levels with
 * overlap; g = 0 when there was no candidate. */
typedef struct overlap_best {
    int g;
    HiMPI_Alg alg;
    int overlap;
    MPIB_result r;
} overlap_best;

/* The layouts: o->groups, or the powers of two from 2 to p / 2; their
 * number (groups holds OVERLAP_MAX_LIST). */
int overlap_groups(const overlap_options *o, int p, int *groups);

/* The overlaps of a message of M bytes: o->overlaps, or the powers of two
 * from 64 KiB; either way none above M / 2, since one segment would
 * then hold most of the message.  Their number (overlaps holds
 * OVERLAP_MAX_LIST). */
int overlap_overlaps(const overlap_options *o, int M, int *overlaps);

/* The fastest of op's algorithms (overlap_algs) at M bytes in each of
 * the ngroups numbers of groups with each of the noverlaps overlaps, into
 * best: 0, or 1 after reporting a failed measurement.  Collective over
 * MPI_COMM_WORLD. */
int overlap_fastest(const overlap_options *o, HiMPI_Op op, int M, const int *groups,
                    int ngroups, const int *overlaps, int noverlaps, overlap_best *best);

/* The plan of best, as the _params calls take it. */
HiMPI_Params overlap_params(const overlap_best *best);

/* Times container at M bytes as o says and frees it: 0 and the result in
 * *r, or 1 after reporting a failed measurement. */
int overlap_time(const overlap_options *o, MPIB_coll_container *container, int M,
                 MPIB_result *r);

#endif /* HIMPI_OVERLAP_SEARCH_H */

/* model.h: the Hockney model of HiMPI's algorithms, flat and hierarchical.
 *
 * Sending m bytes costs alpha + m * beta (Hockney, 1994); reducing m bytes
 * costs m * gamma.  The flat costs are the thesis's (Hasanov, 2015, ch. 2,
 * eqs. 2.2-2.25); a hierarchical plan of g balanced rank blocks costs one
 * level among g groups plus one inside the largest block, ceil(p / g)
 * ranks, with the data each level of HiMPI's drivers moves (ch. 3, with
 * the per-leader data of scatter and gather counted in full).  The model
 * predicts where the optimum g lies and what it gains; it knows nothing of
 * contention or topology, which is what the measurements are for.
 * Everything here is pure. */
#ifndef HIMPI_MODEL_H
#define HIMPI_MODEL_H

#include "himpi.h"

/* Seconds, seconds per byte, seconds per byte. */
typedef struct himpi_hockney {
    double alpha;
    double beta;
    double gamma;
} himpi_hockney;

/* The time of algorithm alg of op on p ranks for a message of m bytes,
 * meant as in HiMPI's containers (himpi.h: bytes for bcast, the vector for
 * reduce and allreduce, per rank for scatter, gather and allgather), with
 * segments of segment bytes (0: HIMPI_SEGMENT_DEFAULT) for the algorithms
 * that pipeline.  NaN for the native algorithm, whose choices belong to
 * the MPI library, and for an algorithm op lacks; 0 for p = 1. */
double himpi_model_flat(HiMPI_Op op, HiMPI_Alg alg, int p, double m, int segment,
                        const himpi_hockney *h);

/* The time of the one-level plan {g, alg_out, alg_in, segment} on p ranks
 * (1 <= g <= p; g = 1 is alg_in flat, g = p alg_out flat).  NaN as for
 * himpi_model_flat. */
double himpi_model_hier(HiMPI_Op op, HiMPI_Alg alg_out, HiMPI_Alg alg_in, int p, int g, double m,
                        int segment, const himpi_hockney *h);

/* The g in 1..p with the lowest modelled time (the smallest such g on a
 * tie), or 0 if the model has no formula for the plan. */
int himpi_model_best_groups(HiMPI_Op op, HiMPI_Alg alg_out, HiMPI_Alg alg_in, int p, double m,
                            int segment, const himpi_hockney *h);

/* Fits alpha and beta to n one-way times t[i] > 0 of messages of m[i]
 * bytes by least squares on the relative errors (GSL's weighted fit with
 * weights 1 / t[i]^2); n >= 2 with two distinct sizes.  Returns 0, or -1
 * if the fit is undetermined.  gamma is left alone. */
int himpi_model_fit(const double *m, const double *t, int n, himpi_hockney *h);

#endif /* HIMPI_MODEL_H */

/* himpi_summa_model.h: the thesis's cost of SUMMA and HSUMMA's pivot
 * broadcasts in Hockney's model (Hasanov, 2015, sec. 4.2.1), for a grid of
 * s x t processes in I x J groups.  Pure: it computes, it does not
 * communicate. */
#ifndef HIMPI_SUMMA_MODEL_H
#define HIMPI_SUMMA_MODEL_H

/* The broadcast the model assumes at both levels: the thesis analyses
 * the first two in closed form; the binomial tree is what SMPI's MPICH
 * selector runs on a communicator of one process a node, at every size
 * (doc/hsumma.md). */
typedef enum summa_model_bcast {
    SUMMA_MODEL_SAG,      /* scatter-allgather: L(q) = log2 q + q - 1, W(q) = 2 (q - 1) / q */
    SUMMA_MODEL_PIPELINE, /* pipelined linear tree of X segments: L(q) = X + q - 1,
                             W(q) = (X + q - 1) / X */
    SUMMA_MODEL_BINOMIAL  /* binomial tree: L(q) = W(q) = ceil(log2 q) */
} summa_model_bcast;

typedef struct summa_model {
    int n, b, M;     /* the matrices' order, the inner and the outer block */
    int s, t;        /* the process grid */
    summa_model_bcast bcast;
    int segments;    /* X, for SUMMA_MODEL_PIPELINE */
    double alpha;    /* seconds a message */
    double beta;     /* seconds a byte (a double is 8 bytes) */
} summa_model;

/* The two terms of a communication time, in seconds. */
typedef struct summa_cost {
    double latency;   /* what alpha costs: eq. 4.3 */
    double bandwidth; /* what beta costs: eq. 4.4 */
} summa_cost;

/* The broadcast's name: "scatter-allgather", "pipelined", "binomial". */
const char *summa_model_bcast_name(summa_model_bcast bcast);

/* The broadcast's number of latencies L(q) and of message lengths W(q)
 * among q processes, 0 for q = 1 (the thesis's eq. 4.1). */
double summa_model_latencies(const summa_model *m, int q);
double summa_model_lengths(const summa_model *m, int q);

/* The communication time of HSUMMA on I x J groups (I divides s, J
 * divides t): n/M outer steps, each broadcasting an n/s x M block of A
 * among J groups and an M x n/t block of B among I groups, and n/b inner
 * steps, each broadcasting n/s x b of A among t/J processes and b x n/t
 * of B among s/I.  I = J = 1 (or I = s, J = t) is SUMMA.  On a square grid
 * with I = J = sqrt(G) this is the thesis's 4.3 + 4.4, with its
 * scatter-allgather and pipelined forms of sec. 4.2.1.2. */
summa_cost summa_model_cost(const summa_model *m, int I, int J);

/* The I x J groups of the grid (I divides s, J divides t) with the lowest
 * modelled time, the fewest groups on a tie (so SUMMA unless HSUMMA is
 * predicted faster); returns G = I * J. */
int summa_model_best(const summa_model *m, int *I, int *J);

#endif /* HIMPI_SUMMA_MODEL_H */

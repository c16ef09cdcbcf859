/* vcases.h: the counts and displacements of the v-variants' cases
 * (test_gatherv.c, test_scatterv.c, test_allgatherv.c), and their own
 * invalid arguments. */
#ifndef VCASES_H
#define VCASES_H

#include "colltest.h"

/* The arguments of a call of case c: the buffers, the count and datatype
 * of the side that is no vector, and the vectors. */
typedef struct vc_call {
    const void *in;
    void *out;
    int count;
    MPI_Datatype type;
    const int *counts, *displs;
} vc_call;

/* Rank r's count in case c, in elements of the send side's datatype
 * (send) or of the receive side's: c->count received, none every third
 * rank from rank 1 on, half as much again every third from rank 2 on, so
 * that blocks are uneven and whole ranks have nothing; c->count itself
 * where it is negative (the error cases). */
int vc_count(const ct_case *c, int r, int send);

/* Every rank's counts and displacements of c on one side (send: in the
 * send datatype's elements).  The blocks follow each other in rank order,
 * or in the cases of odd count + root + in_place run backwards, from the
 * last rank's, with a gap of one element before every block and at the
 * end, so that the drivers' copies of groups in pieces run too.  The
 * arrays stay as they are for the rest of the run. */
void vc_vectors(const ct_case *c, int send, const int **counts, const int **displs);

/* The elements a buffer of every rank's block spans (gaps included). */
long vc_span(const ct_case *c, int send);

/* Puts this rank's block of c->in at its place in buf, a buffer of the
 * receive side's (where MPI_IN_PLACE expects it in c->out). */
void vc_put_own(const ct_case *c, void *buf);

/* The invalid arguments of the vector side: what the k-th of them is
 * (1 the counts NULL, 2 the displacements NULL, 3 the last rank's count
 * -1, 4 the buffer NULL), its error class in *want, NULL past the last;
 * k = 0 makes vc_misuse_apply pass none again.  vc_misuse_apply makes
 * the vectors and buffer of the side at a rank holding them so. */
const char *vc_misuse(int k, int *want);
void vc_misuse_apply(const int **counts, const int **displs, const void **buf);

#endif /* VCASES_H */

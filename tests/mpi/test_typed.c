/* test_typed: local copies between datatypes (himpi_copy, core/typed.h)
 * against their definition, a message to oneself on MPI_COMM_SELF.  The
 * datatypes all carry ints, so that every pair of them with as many ints
 * in all can be copied into each other.  Among them are datatypes whose
 * elements leave no gap but list their ints out of address order: a copy
 * that takes their memory for their type map puts the ints in the wrong
 * order.  The bytes a datatype does not cover must stay as they were. */
#include <config.h>

#include <string.h>

#include "mpitap.h"
#include "core/typed.h"

enum { INTS = 24, SPAN = 128, START = 16, SENTINEL = -7 };

typedef struct typed {
    const char *name;
    MPI_Datatype type;
    int ints; /* per element */
} typed;

enum { MAX_TYPES = 9 };
static typed types[MAX_TYPES];
static int ntypes;

static void add(const char *name, MPI_Datatype t, int ints)
{
    if (t != MPI_INT)
        MPI_Type_commit(&t);
    types[ntypes++] = (typed){name, t, ints};
}

static void types_init(void)
{
    MPI_Datatype t;
    add("int", MPI_INT, 1);
    MPI_Type_contiguous(3, MPI_INT, &t);
    add("contiguous(3)", t, 3);
    /* A stride of -1: the ints at 0, -1, -2, a lower bound below the
     * buffer's address, and no gap. */
    MPI_Type_vector(3, 1, -1, MPI_INT, &t);
    add("vector stride -1", t, 3);
    /* Gaps: every other int. */
    MPI_Type_vector(2, 1, 2, MPI_INT, &t);
    add("vector stride 2", t, 2);
    MPI_Datatype v;
    MPI_Type_vector(2, 1, 2, MPI_INT, &v);
    MPI_Type_create_resized(v, 0, 4 * sizeof(int), &t);
    MPI_Type_free(&v);
    add("vector stride 2 resized to 4 ints", t, 2);
    MPI_Type_contiguous(2, MPI_INT, &t);
    add("contiguous(2)", t, 2);
#ifndef SMPI_H
    /* The ints at 2, then 0 and 1: no gap, so size, extent and true extent
     * agree, but the type map runs 2, 0, 1.  SimGrid 3.32 (whose mpi.h
     * defines SMPI_H) lays such a datatype's elements 2 ints apart instead
     * of 3, in its own messages and packing alike. */
    int lengths[2] = {1, 2}, displs[2] = {2, 0};
    MPI_Type_indexed(2, lengths, displs, MPI_INT, &t);
    add("indexed 2,0,1", t, 3);
    MPI_Type_dup(types[ntypes - 1].type, &t);
    add("dup of indexed 2,0,1", t, 3);
    MPI_Type_contiguous(2, types[ntypes - 2].type, &t);
    add("contiguous(2) of indexed 2,0,1", t, 6);
#endif
}

static void types_free(void)
{
    for (int i = 1; i < ntypes; i++)
        MPI_Type_free(&types[i].type);
}

/* Where the elements start in a buffer of SPAN ints: room below for a
 * negative lower bound, and above for the largest extent (4 ints an
 * element of 2). */
static void *place(int *buf)
{
    return buf + START;
}

static void fill(int *buf, int base)
{
    for (int i = 0; i < SPAN; i++)
        buf[i] = base + i;
}

static void pair(const typed *s, const typed *r)
{
    int scount = INTS / s->ints, rcount = INTS / r->ints;
    int src[SPAN], got[SPAN], want[SPAN];
    fill(src, 1000);
    for (int i = 0; i < SPAN; i++)
        got[i] = want[i] = SENTINEL;
    int rc = himpi_copy(place(src), scount, s->type, place(got), rcount, r->type);
    tap_check(rc == MPI_SUCCESS, "himpi_copy failed: %d", rc);
    MPI_Sendrecv(place(src), scount, s->type, 0, 0, place(want), rcount, r->type, 0, 0,
                 MPI_COMM_SELF, MPI_STATUS_IGNORE);
    for (int i = 0, bad = 0; i < SPAN && !bad; i++)
        if (got[i] != want[i]) {
            tap_check(0, "int %d of the buffer is %d, expected %d", i - START, got[i],
                      want[i]);
            bad = 1;
        }
    tap_ok("%d x %s into %d x %s", scount, s->name, rcount, r->name);
}

/* Copying in place onto itself is a copy of nothing new. */
static void self_copy(const typed *t)
{
    int buf[SPAN], want[SPAN];
    fill(buf, 2000);
    memcpy(want, buf, sizeof buf);
    int rc = himpi_copy(place(buf), INTS / t->ints, t->type, place(buf), INTS / t->ints, t->type);
    tap_check(rc == MPI_SUCCESS, "himpi_copy failed: %d", rc);
    tap_check(memcmp(buf, want, sizeof buf) == 0, "the buffer changed");
    tap_ok("%s onto itself", t->name);
}

int main(int argc, char **argv)
{
    tap_init(&argc, &argv);
    types_init();
    for (int s = 0; s < ntypes; s++)
        for (int r = 0; r < ntypes; r++)
            pair(&types[s], &types[r]);
    for (int t = 0; t < ntypes; t++)
        self_copy(&types[t]);
    types_free();
    return tap_finish();
}

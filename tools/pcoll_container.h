/* pcoll_container.h: libmpib containers for himpi-pcoll-bench, which times
 * one plan of a HiMPI collective three ways: the blocking call, a start of
 * its persistent request, and the persistent request's whole life (init,
 * one start, free), whose excess over a start is the set-up that
 * persistence takes out of the calls. */
#ifndef HIMPI_PCOLL_CONTAINER_H
#define HIMPI_PCOLL_CONTAINER_H

#include "himpi.h"
#include "mpib.h"

typedef enum {
    PCOLL_BLOCKING,   /* HiMPI_<op> (no plan) or HiMPI_<op>_plan */
    PCOLL_START,      /* HiMPI_Start and HiMPI_Wait of a request made once */
    PCOLL_LIFE        /* HiMPI_<op>_init[_plan], a start, HiMPI_Request_free */
} pcoll_kind;

/* A container for op run the kind's way with plan, or with the plan the
 * plain call chooses if plan is NULL.  Message sizes mean what they mean
 * for HiMPI_Container_alloc.  Its initialisation runs the collective once,
 * untimed, so that the communicators of the layout exist and a request's
 * first start is behind it.  NULL if memory runs out. */
MPIB_coll_container *pcoll_container_alloc(HiMPI_Op op, pcoll_kind kind, const HiMPI_Plan *plan);

#endif /* HIMPI_PCOLL_CONTAINER_H */

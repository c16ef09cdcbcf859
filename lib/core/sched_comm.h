/* sched_comm.h: what a communicator keeps of the schedules on it
 * (core/sched.h): the tickets that keep apart the messages of schedules
 * outstanding on it, and the order in which their coll stages issue. */
#ifndef HIMPI_CORE_SCHED_COMM_H
#define HIMPI_CORE_SCHED_COMM_H

#include <mpi.h>

typedef struct himpi_sched_lane himpi_sched_lane;

typedef struct himpi_sched_comm {
    unsigned long tickets; /* taken so far */
    /* The lanes of the schedules started on the communicator and not yet
     * complete, in the order they started. */
    himpi_sched_lane *first, *last;
} himpi_sched_comm;

/* A schedule's coll stages on one communicator (core/sched.c), which
 * joins the communicator's lanes at each start and leaves them once it is
 * complete. */
struct himpi_sched_lane {
    struct himpi_sched *owner;
    MPI_Comm comm;
    int first, last; /* its first and last coll stage */
    /* Per start: all its coll stages issued; its first waits for the lane
     * before. */
    int issued, held;
    himpi_sched_comm *at; /* while joined; NULL once comm is freed */
    himpi_sched_lane *prev, *next;
};

/* comm's state, made at its first schedule; a duplicate starts its own
 * (MPI_COMM_NULL_COPY_FN). */
int himpi_sched_comm_of(MPI_Comm comm, himpi_sched_comm **state);

/* Appends lane to the lanes of its communicator; lane->prev is then the
 * lane of the schedule started before it there, if any is incomplete. */
int himpi_sched_lane_join(himpi_sched_lane *lane);

/* Takes lane out of its communicator's lanes, if it is in them. */
void himpi_sched_lane_leave(himpi_sched_lane *lane);

/* Takes comm's next ticket and stores in *base the first of the
 * HIMPI_SCHED_KEYS tags it names. */
int himpi_sched_ticket(MPI_Comm comm, int *base);

#endif /* HIMPI_CORE_SCHED_COMM_H */

# lib/core: the catalogue, names, validation, typed buffers, memory, point-to-point,
# schedules.
libhimpi_internal_la_SOURCES += \
	%D%/alloc.c \
	%D%/alloc.h \
	%D%/args.h \
	%D%/blocks.c \
	%D%/blocks.h \
	%D%/catalogue.h \
	%D%/hwlevels.c \
	%D%/hwlevels.h \
	%D%/names.c \
	%D%/names.h \
	%D%/ops.c \
	%D%/ops.h \
	%D%/p2p.c \
	%D%/p2p.h \
	%D%/sched.c \
	%D%/sched.h \
	%D%/sched_coll.c \
	%D%/sched_coll.h \
	%D%/sched_comm.c \
	%D%/sched_comm.h \
	%D%/sched_graph.h \
	%D%/sched_run.c \
	%D%/setup_lock.c \
	%D%/setup_lock.h \
	%D%/text.c \
	%D%/text.h \
	%D%/typed.c \
	%D%/typed.h \
	%D%/validate.c \
	%D%/validate.h

# lib/hier: level drivers, their steps, layouts, the communicator cache, nonblocking and
# persistent requests.
libhimpi_internal_la_SOURCES += \
	%D%/allgather.c \
	%D%/allgatherv.c \
	%D%/allreduce.c \
	%D%/alltoall.c \
	%D%/barrier.c \
	%D%/bcast.c \
	%D%/cache.c \
	%D%/cache.h \
	%D%/drivers.c \
	%D%/drivers.h \
	%D%/exscan.c \
	%D%/gather.c \
	%D%/gatherv.c \
	%D%/layout.c \
	%D%/layout.h \
	%D%/levels.c \
	%D%/levels.h \
	%D%/reduce.c \
	%D%/reduce_scatter.c \
	%D%/request.c \
	%D%/request.h \
	%D%/scan.c \
	%D%/scatter.c \
	%D%/scatterv.c \
	%D%/steps.c \
	%D%/steps.h \
	%D%/vblocks.c \
	%D%/vblocks.h

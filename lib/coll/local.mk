# lib/coll: the flat algorithms, one file each, and the MPI library's own collectives.
libhimpi_internal_la_SOURCES += \
	%D%/algorithms.h \
	%D%/allgather/gather_bcast.c \
	%D%/allgather/recursive_doubling.c \
	%D%/allgather/ring.c \
	%D%/allreduce/linear.c \
	%D%/allreduce/rabenseifner.c \
	%D%/allreduce/recursive_doubling.c \
	%D%/allreduce/ring.c \
	%D%/allreduce/segmented_ring.c \
	%D%/bcast/binary.c \
	%D%/bcast/binomial.c \
	%D%/bcast/chain.c \
	%D%/bcast/linear.c \
	%D%/bcast/pipeline.c \
	%D%/bcast/scatter_rd_allgather.c \
	%D%/bcast/scatter_ring_allgather.c \
	%D%/bcast/split_binary.c \
	%D%/coll.h \
	%D%/dispatch.c \
	%D%/gather/binomial.c \
	%D%/gather/linear.c \
	%D%/gather/linear_sync.c \
	%D%/level_requests.c \
	%D%/level_requests.h \
	%D%/native.c \
	%D%/native.h \
	%D%/native_persistent.c \
	%D%/reduce/binary.c \
	%D%/reduce/binomial.c \
	%D%/reduce/chain.c \
	%D%/reduce/linear.c \
	%D%/reduce/pipeline.c \
	%D%/reduce/rabenseifner.c \
	%D%/reduce_order.c \
	%D%/scatter/binomial.c \
	%D%/scatter/linear.c

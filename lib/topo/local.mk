# lib/topo: the hardware topology (hwloc, pretend topologies), placement, hsplit.
libhimpi_la_SOURCES += \
	%D%/hsplit.c \
	%D%/topo.c \
	%D%/topo.h

# lib/topo: the hardware topology (hwloc, pretend topologies), placement, hsplit.
libhimpi_internal_la_SOURCES += \
	%D%/fingerprint.c \
	%D%/hsplit.c \
	%D%/levels.c \
	%D%/place.c \
	%D%/pretend.c \
	%D%/pretend.h \
	%D%/topo.c \
	%D%/topo.h

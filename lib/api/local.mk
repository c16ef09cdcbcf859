# lib/api: the entry points and initialisation.  Interposition
# (interpose.c, pmpi_names.h) goes into libhimpi-pmpi only (lib/local.mk).
libhimpi_internal_la_SOURCES += \
	%D%/call.c \
	%D%/call.h \
	%D%/entry_points.c \
	%D%/init.c \
	%D%/load.c \
	%D%/load.h \
	%D%/native_calls.c \
	%D%/native_calls.h

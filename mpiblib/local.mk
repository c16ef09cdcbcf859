# mpiblib: libmpib, the benchmarking core.  It knows nothing of HiMPI.
include_HEADERS += %D%/mpib.h

libmpib_la_SOURCES = \
	%D%/clock_offset.c \
	%D%/compare.c \
	%D%/containers.c \
	%D%/measure.c \
	%D%/msgset.c \
	%D%/parse.c \
	%D%/pingpong.c \
	%D%/precision.c \
	%D%/robust.c \
	%D%/stats.c \
	%D%/timer.c \
	%D%/timer.h \
	%D%/wait.c
libmpib_la_CFLAGS = $(AM_CFLAGS) $(GSL_CFLAGS)
libmpib_la_LIBADD = $(GSL_LIBS)
libmpib_la_LDFLAGS = $(AM_LDFLAGS) -version-info 0:0:0 -export-symbols-regex '^MPIB_'

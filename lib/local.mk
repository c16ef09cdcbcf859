# lib: libhimpi, one folder a layer (doc/architecture.md), and the
# interposition library libhimpi-pmpi.
include_HEADERS += %D%/himpi.h %D%/himpi_tune.h

# Every layer's sources form one convenience library, which the unit and
# MPI tests link with all its symbols; libhimpi exports only the public
# API (himpi.h, himpi_tune.h), which the tools are built on.
noinst_LTLIBRARIES += libhimpi_internal.la
libhimpi_internal_la_SOURCES = %D%/himpi.h %D%/himpi_tune.h
include %D%/core/local.mk
include %D%/coll/local.mk
include %D%/topo/local.mk
include %D%/hier/local.mk
include %D%/config/local.mk
include %D%/select/local.mk
include %D%/tune/local.mk
include %D%/api/local.mk
libhimpi_internal_la_CFLAGS = $(AM_CFLAGS) $(HWLOC_CFLAGS) $(GSL_CFLAGS)
libhimpi_internal_la_LIBADD = libmpib.la $(HWLOC_LIBS) $(GSL_LIBS)

libhimpi_la_SOURCES = %D%/himpi.h %D%/himpi_tune.h
libhimpi_la_LIBADD = libhimpi_internal.la
libhimpi_la_LDFLAGS = $(AM_LDFLAGS) -version-info 0:0:0 -export-symbols-regex '^HiMPI_'

# The interposition library: libmpib and libhimpi again, with every MPI
# call of theirs made through PMPI_* (api/pmpi_names.h), and the MPI_*
# collectives of api/interpose.c.  Preloaded, it has no version suffix.
# SimGrid's SMPI renames the MPI functions itself, so it has none.
if !HIMPI_SMPI
lib_LTLIBRARIES += libhimpi-pmpi.la
libhimpi_pmpi_la_SOURCES = $(libmpib_la_SOURCES) $(libhimpi_internal_la_SOURCES) \
	%D%/api/interpose.c %D%/api/pmpi_names.h
libhimpi_pmpi_la_CPPFLAGS = $(AM_CPPFLAGS) -include $(top_srcdir)/%D%/api/pmpi_names.h
libhimpi_pmpi_la_CFLAGS = $(AM_CFLAGS) $(HWLOC_CFLAGS) $(GSL_CFLAGS)
libhimpi_pmpi_la_LIBADD = $(HWLOC_LIBS) $(GSL_LIBS)
libhimpi_pmpi_la_LDFLAGS = $(AM_LDFLAGS) -avoid-version -export-symbols-regex '^(MPI_|HiMPI_)'
endif

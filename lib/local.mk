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
# libmpib's few sources are compiled again with pmpi_names.h forced in;
# libhimpi's objects are not compiled twice: libhimpi_pmpi_core.la is a
# copy of the convenience library whose references to the MPI functions
# objcopy renames from the same list.  SimGrid's SMPI renames the MPI
# functions itself, so it has no interposition library.
if !HIMPI_SMPI
lib_LTLIBRARIES += libhimpi-pmpi.la
libhimpi_pmpi_la_SOURCES = $(libmpib_la_SOURCES) %D%/api/interpose.c %D%/api/pmpi_names.h
libhimpi_pmpi_la_CPPFLAGS = $(AM_CPPFLAGS) -include $(top_srcdir)/%D%/api/pmpi_names.h
libhimpi_pmpi_la_CFLAGS = $(AM_CFLAGS) $(HWLOC_CFLAGS) $(GSL_CFLAGS)
libhimpi_pmpi_la_LIBADD = libhimpi_pmpi_core.la $(HWLOC_LIBS) $(GSL_LIBS)
libhimpi_pmpi_la_LDFLAGS = $(AM_LDFLAGS) -avoid-version -export-symbols-regex '^(MPI_|HiMPI_)'
# The .la file is libhimpi_internal.la's, naming the renamed archive and
# without libmpib, which libhimpi-pmpi holds itself.
libhimpi_pmpi_core.la: libhimpi_internal.la $(top_srcdir)/%D%/api/pmpi_names.h
	$(AM_V_GEN)sed -n 's/^#define \([A-Za-z_]*\) \(P[A-Za-z_]*\)$$/\1 \2/p' \
	  $(top_srcdir)/%D%/api/pmpi_names.h >libhimpi_pmpi_core.syms && \
	$(OBJCOPY) --redefine-syms=libhimpi_pmpi_core.syms .libs/libhimpi_internal.a \
	  .libs/libhimpi_pmpi_core.a && \
	sed -e 's/libhimpi_internal\.a/libhimpi_pmpi_core.a/' -e 's| [^ ]*libmpib\.la||' \
	  -e '/^relink_command=/d' libhimpi_internal.la >$@
CLEANFILES += libhimpi_pmpi_core.la libhimpi_pmpi_core.syms .libs/libhimpi_pmpi_core.a
endif

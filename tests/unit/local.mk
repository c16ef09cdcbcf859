# Unit tests: pure functions, no MPI initialisation, check with TAP output.
# A test NAME.c defines its suite, which unit_main.c runs.
UNIT_TESTS = \
	%D%/test_decide \
	%D%/test_env \
	%D%/test_layout \
	%D%/test_model \
	%D%/test_msgset \
	%D%/test_names \
	%D%/test_parse \
	%D%/test_robust \
	%D%/test_search \
	%D%/test_search_overlap \
	%D%/test_search_traces \
	%D%/test_stats \
	%D%/test_summa \
	%D%/test_table \
	%D%/test_table_file \
	%D%/test_topo
check_PROGRAMS += $(UNIT_TESTS)

# Automake takes a program's sources and flags only from variables named
# after it, so every test names these; what a test adds to them is its own.
unit_sources = %D%/unit.h %D%/unit_main.c
unit_cflags = $(AM_CFLAGS) $(CHECK_CFLAGS)
unit_ldadd = libmpib.la $(CHECK_LIBS)
unit_himpi_ldadd = $(test_himpi_ldadd) $(CHECK_LIBS)

# Linked with libmpib alone: its tests, and the group layout's, which
# compiles lib/hier/layout.c in.
%C%_test_layout_SOURCES = %D%/test_layout.c lib/hier/layout.c $(unit_sources)
%C%_test_layout_CFLAGS = $(unit_cflags)
%C%_test_layout_LDADD = $(unit_ldadd)
%C%_test_layout_LDFLAGS = $(test_ldflags)
%C%_test_msgset_SOURCES = %D%/test_msgset.c $(unit_sources)
%C%_test_msgset_CFLAGS = $(unit_cflags)
%C%_test_msgset_LDADD = $(unit_ldadd)
%C%_test_msgset_LDFLAGS = $(test_ldflags)
%C%_test_parse_SOURCES = %D%/test_parse.c $(unit_sources)
%C%_test_parse_CFLAGS = $(unit_cflags)
%C%_test_parse_LDADD = $(unit_ldadd)
%C%_test_parse_LDFLAGS = $(test_ldflags)
%C%_test_robust_SOURCES = %D%/test_robust.c $(unit_sources)
%C%_test_robust_CFLAGS = $(unit_cflags)
%C%_test_robust_LDADD = $(unit_ldadd) -lm
%C%_test_robust_LDFLAGS = $(test_ldflags)
%C%_test_stats_SOURCES = %D%/test_stats.c $(unit_sources)
%C%_test_stats_CFLAGS = $(unit_cflags) $(GSL_CFLAGS)
%C%_test_stats_LDADD = $(unit_ldadd) $(GSL_LIBS)
%C%_test_stats_LDFLAGS = $(test_ldflags)

# Linked with libhimpi.
%C%_test_decide_SOURCES = %D%/test_decide.c $(unit_sources)
%C%_test_decide_CFLAGS = $(unit_cflags)
%C%_test_decide_LDADD = $(unit_himpi_ldadd) -lm
%C%_test_decide_LDFLAGS = $(test_ldflags)
%C%_test_env_SOURCES = %D%/test_env.c $(unit_sources)
%C%_test_env_CFLAGS = $(unit_cflags)
%C%_test_env_LDADD = $(unit_himpi_ldadd)
%C%_test_env_LDFLAGS = $(test_ldflags)
%C%_test_model_SOURCES = %D%/test_model.c $(unit_sources)
%C%_test_model_CFLAGS = $(unit_cflags)
%C%_test_model_LDADD = $(unit_himpi_ldadd) -lm
%C%_test_model_LDFLAGS = $(test_ldflags)
%C%_test_names_SOURCES = %D%/test_names.c $(unit_sources)
%C%_test_names_CFLAGS = $(unit_cflags)
%C%_test_names_LDADD = $(unit_himpi_ldadd)
%C%_test_names_LDFLAGS = $(test_ldflags)
%C%_test_search_SOURCES = %D%/test_search.c $(unit_sources)
%C%_test_search_CFLAGS = $(unit_cflags)
%C%_test_search_LDADD = $(unit_himpi_ldadd) -lm
%C%_test_search_LDFLAGS = $(test_ldflags)
%C%_test_search_overlap_SOURCES = %D%/test_search_overlap.c $(unit_sources)
%C%_test_search_overlap_CFLAGS = $(unit_cflags)
%C%_test_search_overlap_LDADD = $(unit_himpi_ldadd) -lm
%C%_test_search_overlap_LDFLAGS = $(test_ldflags)
%C%_test_search_traces_SOURCES = %D%/test_search_traces.c $(unit_sources)
%C%_test_search_traces_CPPFLAGS = $(AM_CPPFLAGS) \
	-DHIMPI_BENCH_DATA='"$(top_srcdir)/doc/benchmarks/data"'
%C%_test_search_traces_CFLAGS = $(unit_cflags)
%C%_test_search_traces_LDADD = $(unit_himpi_ldadd)
%C%_test_search_traces_LDFLAGS = $(test_ldflags)
%C%_test_table_SOURCES = %D%/test_table.c $(unit_sources)
%C%_test_table_CFLAGS = $(unit_cflags)
%C%_test_table_LDADD = $(unit_himpi_ldadd)
%C%_test_table_LDFLAGS = $(test_ldflags)
%C%_test_table_file_SOURCES = %D%/test_table_file.c $(unit_sources)
%C%_test_table_file_CFLAGS = $(unit_cflags)
%C%_test_table_file_LDADD = $(unit_himpi_ldadd)
%C%_test_table_file_LDFLAGS = $(test_ldflags)
%C%_test_topo_SOURCES = %D%/test_topo.c $(unit_sources)
%C%_test_topo_CFLAGS = $(unit_cflags) $(HWLOC_CFLAGS)
%C%_test_topo_LDADD = $(unit_himpi_ldadd) $(HWLOC_LIBS)
%C%_test_topo_LDFLAGS = $(test_ldflags)

# himpi-summa's model and options: the tool's sources that need no BLAS.
%C%_test_summa_SOURCES = %D%/test_summa.c $(summa_pure_sources) $(unit_sources)
%C%_test_summa_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tools
%C%_test_summa_CFLAGS = $(unit_cflags)
%C%_test_summa_LDADD = $(unit_himpi_ldadd) -lm
%C%_test_summa_LDFLAGS = $(test_ldflags)

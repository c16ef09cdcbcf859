# tests: the test suite, a fragment a folder: unit/ (check programs), mpi/
# (cases on real MPI), smpi/ (cases on SimGrid); this one has the scripted
# tests and the harness.

# Test programs link without libtool wrappers, so that the MPI launcher
# starts the real binaries.
test_ldflags = $(AM_LDFLAGS) -no-install
# What a test of HiMPI links: the convenience library, which has the
# internal himpi_* symbols that libhimpi does not export.
test_himpi_ldadd = libhimpi_internal.la libmpib.la

check_PROGRAMS =
include %D%/unit/local.mk
include %D%/mpi/local.mk
include %D%/smpi/local.mk

# Sanitizer builds preload this into MPI tests (see tests/lsan.supp).
if HIMPI_SANITIZERS
check_LTLIBRARIES = %D%/libkeeploaded.la
%C%_libkeeploaded_la_SOURCES = %D%/keep_loaded.c
%C%_libkeeploaded_la_CFLAGS = $(WARN_CFLAGS)
%C%_libkeeploaded_la_LDFLAGS = -module -avoid-version -shared -rpath $(abs_builddir)/%D%
endif
# Checks of the source tree and the build: includes point down the layers;
# the shared libraries export their API alone (SimGrid builds have none).
LINT_TESTS = %D%/layering.sh
if !HIMPI_SMPI
LINT_TESTS += %D%/exports.sh
endif
# Scripted end-to-end tests on 4 ranks: those in which the library does
# the work (tuning and its comparisons, the safe write, the load check,
# interposition), then those of the tools' own output (explanations,
# benchmarks, CSV and OSU formats, the stability script).
E2E_LIBRARY_TESTS = %D%/e2e/tune.sh %D%/e2e/verify.sh %D%/e2e/fingerprint.sh
E2E_TOOL_TESTS = %D%/e2e/explain.sh %D%/e2e/pcoll_bench.sh %D%/e2e/bench.sh \
	%D%/e2e/overlap.sh %D%/e2e/stability.sh %D%/e2e/summa.sh
if !HIMPI_SMPI
E2E_LIBRARY_TESTS += %D%/e2e/interpose.sh
E2E_TOOL_TESTS += %D%/e2e/comm_churn.sh
endif
# launch.sh checks the launch script that every other test goes through.
E2E_TESTS = %D%/e2e/launch.sh $(E2E_LIBRARY_TESTS) $(E2E_TOOL_TESTS)
# Under the sanitizers, the launch script (which then preloads a library
# for every program it runs), tuning (which also writes and loads a table
# with its fingerprint) and interposition: --verify's and the fingerprint
# check's library paths are the tuner's comparisons and the table's load,
# which tune.sh and the unit tests already take under the sanitizers, at
# two launches of five seconds or more each under ASan.
E2E_MEMORY_TESTS = %D%/e2e/launch.sh %D%/e2e/tune.sh
if !HIMPI_SMPI
E2E_MEMORY_TESTS += %D%/e2e/interpose.sh
endif

# A build for SimGrid checks the unit tests and the SimGrid cases.  The
# real-MPI cases of 1 to 16 ranks, simulated, would take several times as
# long as all of these; the other builds run them.
if HIMPI_SMPI
TESTS = $(LINT_TESTS) $(UNIT_TESTS) $(SMPI_TESTS)
else
TESTS = $(LINT_TESTS) $(UNIT_TESTS) $(MPI_TESTS_SMALL) $(E2E_TESTS) $(MPI_TESTS_MEDIUM) \
	$(MPI_TESTS_LARGE)
endif
TEST_EXTENSIONS = .mpi .sh .smpi
LOG_DRIVER = env AM_TAP_AWK='$(AWK)' $(SHELL) $(top_srcdir)/build-aux/tap-driver.sh
# Scripted tests (tests/e2e) drive the tools of the build tree.
SH_LOG_DRIVER = $(LOG_DRIVER)
SH_LOG_COMPILER = $(SHELL)
# check's default of 4 s a test is too short for a loaded machine; a hang
# is still reported, as a timeout.  The tests check HiMPI from a
# communicator's first call (its agreement, its errors, its HIMPI_DEBUG
# lines), so none runs its first calls natively (HIMPI_NATIVE_CALLS=0)
# but test_native_calls, which sets its own threshold, and the comm_churn
# benchmark, which compares thresholds.  The tests check what tuning
# decides and writes, not how a machine's load comes and goes: the
# comparisons' pairs are spread over 50 ms, not half a second a row
# (test_measure checks the spreading itself).
AM_TESTS_ENVIRONMENT = abs_top_builddir='$(abs_top_builddir)'; export abs_top_builddir; \
	CK_DEFAULT_TIMEOUT=120; export CK_DEFAULT_TIMEOUT; \
	HIMPI_NATIVE_CALLS=0; export HIMPI_NATIVE_CALLS; \
	HIMPI_PAIR_SPAN=0.05; export HIMPI_PAIR_SPAN;
if HIMPI_SMPI
# Programs built with smpicc run only under smpirun, and check must not fork
# a simulated process.
LOG_COMPILER = $(SHELL) $(top_builddir)/launch 1
AM_TESTS_ENVIRONMENT += CK_FORK=no; export CK_FORK;
endif

# The unit tests and the MPI cases on at most 4 (check-small) or 8
# (check-medium) ranks.
check-small:
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='$(LINT_TESTS) $(UNIT_TESTS) $(MPI_TESTS_SMALL) $(E2E_TESTS)'
# What the sanitizers check (scripts/test): check-small but the scripts of
# the tools' output, which format what the library measured and which the
# Open MPI job runs (under the sanitizers they took 79 of the 313 s), and
# but verify.sh and fingerprint.sh (E2E_MEMORY_TESTS).
check-memory:
	$(MAKE) $(AM_MAKEFLAGS) check \
	  TESTS='$(LINT_TESTS) $(UNIT_TESTS) $(MPI_TESTS_SMALL) $(E2E_MEMORY_TESTS)'
check-medium:
	$(MAKE) $(AM_MAKEFLAGS) check \
	  TESTS='$(LINT_TESTS) $(UNIT_TESTS) $(MPI_TESTS_SMALL) $(E2E_TESTS) $(MPI_TESTS_MEDIUM)'

# What a second MPI library checks (MPICH's job in scripts/test): the
# collective matrix at 2 to 4 ranks (barrier's at 4, where it took 9 s;
# a single process takes the same paths in any MPI library, and the Open
# MPI job runs it) and the calls that reach the library in ways of their
# own: plain calls and their plan lookup, the native phase, threads,
# hierarchical communicators (MPI_Comm_split_type), schedules (the tag
# bound, attributes, MPI_Testsome), local copies (MPI_Pack, MPI_Unpack)
# and interposition through the profiling interface, and the launch
# script, whose MPICH path differs from Open MPI's; the nonblocking and
# persistent matrices at 3 ranks, whose levels make the library's
# nonblocking and persistent collectives (MPI_Ibcast, MPI_Bcast_init).
# libmpib's measurements, tuning and the tools use the library as the
# collectives do; the Open MPI and sanitizer jobs run them.
mpi_library_at_4 = $(coll_programs) %D%/mpi/test_barrier %D%/mpi/test_plain \
	%D%/mpi/test_native_calls %D%/mpi/test_hsplit
MPI_TESTS_LIBRARY = $(coll_programs:=-2.mpi) $(coll_programs:=-3.mpi) \
	$(coll_programs:=_nonblocking-3.mpi) $(MPI_TESTS_AT_3_PERSISTENT) \
	$(mpi_library_at_4:=-4.mpi) %D%/mpi/test_plain-3.mpi %D%/mpi/test_native_calls-3.mpi \
	%D%/mpi/test_hsplit-2.mpi %D%/mpi/test_sched-3.mpi %D%/mpi/test_typed-1.mpi \
	$(MPI_TESTS_THREADS)
check-library:
	$(MAKE) $(AM_MAKEFLAGS) check \
	  TESTS='$(LINT_TESTS) $(UNIT_TESTS) $(MPI_TESTS_LIBRARY) %D%/e2e/launch.sh %D%/e2e/interpose.sh'

# The threaded cases alone, and only their program built: the
# ThreadSanitizer job (scripts/test).
check-threads:
	$(MAKE) $(AM_MAKEFLAGS) tests/mpi/test_threads $(check_LTLIBRARIES)
	$(MAKE) $(AM_MAKEFLAGS) check-TESTS TESTS='$(MPI_TESTS_THREADS)'

.PHONY: check-small check-medium check-memory check-threads

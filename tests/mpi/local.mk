# MPI tests: a case named tests/mpi/PROGRAM-NP.mpi runs PROGRAM on NP ranks
# through tests/mpi-run, which also stops a hung case.  A collective test's
# persistent form is the case PROGRAM_persistent-NP.mpi, which runs
# PROGRAM --persistent: the same matrix through the persistent collectives;
# PROGRAM_nonblocking-NP.mpi through the nonblocking ones.
coll_every_np = \
	%D%/test_bcast \
	%D%/test_reduce \
	%D%/test_allreduce \
	%D%/test_scatter \
	%D%/test_gather \
	%D%/test_allgather
scan_programs = %D%/test_scan %D%/test_exscan
reduce_scatter_programs = %D%/test_reduce_scatter_block %D%/test_reduce_scatter
v_programs = %D%/test_gatherv %D%/test_scatterv %D%/test_allgatherv
coll_programs = $(coll_every_np) $(scan_programs) $(reduce_scatter_programs) %D%/test_alltoall \
	$(v_programs)
mpi_test_programs = \
	%D%/test_measure \
	$(coll_programs) \
	%D%/test_barrier \
	%D%/test_plain \
	%D%/test_native_calls \
	%D%/test_tuning \
	%D%/test_hsplit \
	%D%/test_sched \
	%D%/test_typed
check_PROGRAMS += $(mpi_test_programs)
# SMPI builds have no interposition to test, and SMPI's ranks are not
# threads that may call MPI at once.
if !HIMPI_SMPI
check_PROGRAMS += %D%/test_interpose %D%/test_misuse %D%/comm_churn %D%/test_threads
endif

mpi_sources = %D%/mpitap.h %D%/mpitap.c
plan_sources = %D%/plans.h %D%/plans.c
barrier_sources = %D%/barrier_check.h %D%/barrier_check.c $(mpi_sources)
%C%_test_measure_SOURCES = %D%/test_measure.c $(mpi_sources)
%C%_test_measure_LDADD = $(test_himpi_ldadd)
%C%_test_measure_LDFLAGS = $(test_ldflags)
%C%_test_plain_SOURCES = %D%/test_plain.c $(barrier_sources)
%C%_test_plain_LDADD = $(test_himpi_ldadd)
%C%_test_plain_LDFLAGS = $(test_ldflags)
%C%_test_native_calls_SOURCES = %D%/test_native_calls.c $(barrier_sources)
%C%_test_native_calls_LDADD = $(test_himpi_ldadd)
%C%_test_native_calls_LDFLAGS = $(test_ldflags)
%C%_test_hsplit_SOURCES = %D%/test_hsplit.c $(mpi_sources)
%C%_test_hsplit_CFLAGS = $(AM_CFLAGS) $(HWLOC_CFLAGS)
%C%_test_hsplit_LDADD = $(test_himpi_ldadd) $(HWLOC_LIBS)
%C%_test_hsplit_LDFLAGS = $(test_ldflags)
%C%_test_barrier_SOURCES = %D%/test_barrier.c $(barrier_sources) $(plan_sources)
%C%_test_barrier_LDADD = $(test_himpi_ldadd)
%C%_test_barrier_LDFLAGS = $(test_ldflags)
%C%_test_sched_SOURCES = %D%/test_sched.c $(mpi_sources)
%C%_test_sched_LDADD = $(test_himpi_ldadd)
%C%_test_sched_LDFLAGS = $(test_ldflags)
%C%_test_typed_SOURCES = %D%/test_typed.c $(mpi_sources)
%C%_test_typed_LDADD = $(test_himpi_ldadd)
%C%_test_typed_LDFLAGS = $(test_ldflags)
%C%_test_tuning_SOURCES = %D%/test_tuning.c $(mpi_sources)
%C%_test_tuning_LDADD = $(test_himpi_ldadd)
%C%_test_tuning_LDFLAGS = $(test_ldflags)

# The collective tests: one program per operation on the shared matrix.
coll_sources = %D%/colltest.h %D%/colltest.c $(plan_sources) $(mpi_sources)
%C%_test_bcast_SOURCES = %D%/test_bcast.c $(coll_sources)
%C%_test_bcast_LDADD = $(test_himpi_ldadd)
%C%_test_bcast_LDFLAGS = $(test_ldflags)
%C%_test_reduce_SOURCES = %D%/test_reduce.c $(coll_sources)
%C%_test_reduce_LDADD = $(test_himpi_ldadd)
%C%_test_reduce_LDFLAGS = $(test_ldflags)
# Allreduce, scan and exscan share a signature and one source.  SimGrid's
# scans are checked against their definition (test_allreduce_scans.c).
if HIMPI_SMPI
scan_reference = -DTEST_CHAIN_REFERENCE
endif
%C%_test_allreduce_SOURCES = %D%/test_allreduce_scans.c $(coll_sources)
%C%_test_allreduce_CPPFLAGS = $(AM_CPPFLAGS) -DTEST_OP=Allreduce -DTEST_IOP=Iallreduce \
	-DTEST_ID=HIMPI_OP_ALLREDUCE
%C%_test_allreduce_LDADD = $(test_himpi_ldadd)
%C%_test_allreduce_LDFLAGS = $(test_ldflags)
%C%_test_scatter_SOURCES = %D%/test_scatter.c $(coll_sources)
%C%_test_scatter_LDADD = $(test_himpi_ldadd)
%C%_test_scatter_LDFLAGS = $(test_ldflags)
%C%_test_gather_SOURCES = %D%/test_gather.c $(coll_sources)
%C%_test_gather_LDADD = $(test_himpi_ldadd)
%C%_test_gather_LDFLAGS = $(test_ldflags)
%C%_test_allgather_SOURCES = %D%/test_allgather.c $(coll_sources)
%C%_test_allgather_LDADD = $(test_himpi_ldadd)
%C%_test_allgather_LDFLAGS = $(test_ldflags)
%C%_test_scan_SOURCES = %D%/test_allreduce_scans.c $(coll_sources)
%C%_test_scan_CPPFLAGS = $(AM_CPPFLAGS) -DTEST_OP=Scan -DTEST_IOP=Iscan -DTEST_ID=HIMPI_OP_SCAN \
	$(scan_reference)
%C%_test_scan_LDADD = $(test_himpi_ldadd)
%C%_test_scan_LDFLAGS = $(test_ldflags)
%C%_test_exscan_SOURCES = %D%/test_allreduce_scans.c $(coll_sources)
%C%_test_exscan_CPPFLAGS = $(AM_CPPFLAGS) -DTEST_OP=Exscan -DTEST_IOP=Iexscan \
	-DTEST_ID=HIMPI_OP_EXSCAN \
	$(scan_reference)
%C%_test_exscan_LDADD = $(test_himpi_ldadd)
%C%_test_exscan_LDFLAGS = $(test_ldflags)
# The two reduce-scatters share one source.  SimGrid's are checked against
# their definition (test_reduce_scatter.c).
if HIMPI_SMPI
reduce_scatter_reference = -DTEST_DEFINITION_REFERENCE
endif
%C%_test_reduce_scatter_block_SOURCES = %D%/test_reduce_scatter.c $(coll_sources)
%C%_test_reduce_scatter_block_CPPFLAGS = $(AM_CPPFLAGS) $(reduce_scatter_reference)
%C%_test_reduce_scatter_block_LDADD = $(test_himpi_ldadd)
%C%_test_reduce_scatter_block_LDFLAGS = $(test_ldflags)
%C%_test_reduce_scatter_SOURCES = %D%/test_reduce_scatter.c $(coll_sources)
%C%_test_reduce_scatter_CPPFLAGS = $(AM_CPPFLAGS) -DTEST_VECTOR $(reduce_scatter_reference)
%C%_test_reduce_scatter_LDADD = $(test_himpi_ldadd)
%C%_test_reduce_scatter_LDFLAGS = $(test_ldflags)
%C%_test_alltoall_SOURCES = %D%/test_alltoall.c $(coll_sources)
%C%_test_alltoall_LDADD = $(test_himpi_ldadd)
%C%_test_alltoall_LDFLAGS = $(test_ldflags)
# The v-variants share their cases' counts and displacements.
v_sources = %D%/vcases.h %D%/vcases.c $(coll_sources)
%C%_test_gatherv_SOURCES = %D%/test_gatherv.c $(v_sources)
%C%_test_gatherv_LDADD = $(test_himpi_ldadd)
%C%_test_gatherv_LDFLAGS = $(test_ldflags)
%C%_test_scatterv_SOURCES = %D%/test_scatterv.c $(v_sources)
%C%_test_scatterv_LDADD = $(test_himpi_ldadd)
%C%_test_scatterv_LDFLAGS = $(test_ldflags)
%C%_test_allgatherv_SOURCES = %D%/test_allgatherv.c $(v_sources)
%C%_test_allgatherv_LDADD = $(test_himpi_ldadd)
%C%_test_allgatherv_LDFLAGS = $(test_ldflags)

# An MPI program that knows nothing of HiMPI, for tests/e2e/interpose.sh.
%C%_test_interpose_SOURCES = %D%/test_interpose.c
%C%_test_interpose_LDFLAGS = $(test_ldflags)
%C%_test_misuse_SOURCES = %D%/test_misuse.c
%C%_test_misuse_LDFLAGS = $(test_ldflags)
# Short-lived communicators, for tests/e2e/comm_churn.sh.
%C%_comm_churn_SOURCES = %D%/comm_churn.c
%C%_comm_churn_LDFLAGS = $(test_ldflags)

# HiMPI's calls from two threads at once (MPI_THREAD_MULTIPLE).
%C%_test_threads_SOURCES = %D%/test_threads.c
%C%_test_threads_LDADD = $(test_himpi_ldadd)
%C%_test_threads_LDFLAGS = $(test_ldflags)

# The cases.  Those up to 4 ranks form the small set (the sanitizer job's;
# MPICH's runs part of it, tests/local.mk), those up to 8 the medium set.
# Every program runs at 1 and 4 ranks; the collectives at 1, 2, 3, 4, 5, 7,
# 8, 9, 12 and 16 ranks (their matrix sampled at 7, 12 and 16,
# tests/mpi-run.in), their persistent forms at 4 and (in the large set) 7,
# their nonblocking forms at 3, 4 and 7.
# Barrier (its persistent calls in the same program) runs where the scans
# do, sampled at 8 and 16 as they are.
# The scans, the reduce-scatters, alltoall and the v-variants run at 1 to
# 5, 8 and 16 ranks only, their persistent forms at 4 and their
# nonblocking forms at 3 and 4, sampled from 8 up: the suite is at its time
# limit, and their uneven groups and non-powers of two are all there at 3
# and 5 (at 8 and 9 the scans' full matrix took 8 to 28 s a program, under
# load).  $(PROGRAMS:=-NP.mpi)
# names the cases of PROGRAMS at NP ranks: a suffix substitution, which
# automake reads as make does (it makes a test of every word of TESTS, so
# GNU make functions, which it cannot read, have no place here).
mpi_at_2 = %D%/test_measure $(coll_programs) %D%/test_barrier %D%/test_tuning %D%/test_hsplit \
	%D%/test_sched
mpi_at_3 = %D%/test_measure $(coll_programs) %D%/test_barrier %D%/test_plain \
	%D%/test_native_calls %D%/test_tuning %D%/test_sched
mpi_at_7 = %D%/test_measure $(coll_every_np) %D%/test_tuning %D%/test_hsplit
mpi_at_8 = %D%/test_measure $(coll_programs) %D%/test_barrier %D%/test_plain \
	%D%/test_native_calls %D%/test_hsplit
mpi_at_16 = $(coll_programs) %D%/test_barrier %D%/test_hsplit
MPI_TESTS_SMALL = $(mpi_test_programs:=-1.mpi) $(mpi_at_2:=-2.mpi) $(mpi_at_3:=-3.mpi) \
	$(mpi_test_programs:=-4.mpi) $(coll_programs:=_persistent-4.mpi) \
	$(coll_programs:=_nonblocking-3.mpi) $(coll_programs:=_nonblocking-4.mpi)
MPI_TESTS_THREADS = %D%/test_threads-2.mpi %D%/test_threads-3.mpi %D%/test_threads-4.mpi \
	%D%/test_threads_noinit-4.mpi
if !HIMPI_SMPI
MPI_TESTS_SMALL += $(MPI_TESTS_THREADS)
endif
MPI_TESTS_MEDIUM = $(coll_programs:=-5.mpi) %D%/test_barrier-5.mpi $(mpi_at_7:=-7.mpi) \
	$(mpi_at_8:=-8.mpi)
MPI_TESTS_LARGE = $(coll_every_np:=-9.mpi) $(coll_every_np:=-12.mpi) $(mpi_at_16:=-16.mpi) \
	$(coll_every_np:=_persistent-7.mpi) $(coll_every_np:=_nonblocking-7.mpi)
# Only MPICH's job (check-library in tests/local.mk) runs the persistent
# matrices at 3 ranks.
MPI_TESTS_AT_3_PERSISTENT = $(coll_programs:=_persistent-3.mpi)
MPI_LOG_DRIVER = $(LOG_DRIVER)
MPI_LOG_COMPILER = $(SHELL) $(top_builddir)/tests/mpi-run

# The .mpi files only name a case; tests/mpi-run reads the name.
$(MPI_TESTS_SMALL) $(MPI_TESTS_MEDIUM) $(MPI_TESTS_LARGE) $(MPI_TESTS_AT_3_PERSISTENT):
	$(AM_V_at)$(MKDIR_P) $(@D) && : > $@
CLEANFILES += $(MPI_TESTS_SMALL) $(MPI_TESTS_MEDIUM) $(MPI_TESTS_LARGE) \
	$(MPI_TESTS_AT_3_PERSISTENT)

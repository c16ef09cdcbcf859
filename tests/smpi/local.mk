# SimGrid cases: a case named tests/smpi/NAME-NP.smpi runs on NP simulated
# ranks through tests/smpi/run, which picks the platform: the collective
# test NAME in its sampled scale mode, or the script tests/smpi/NAME.sh.
# Every operation at 64 and 128 ranks (the scans, barrier, the
# reduce-scatters, alltoall and the v-variants at 64 only), and the first
# six and the v-variants through their nonblocking calls at 16 (a rank
# waiting while several requests are outstanding polls them, and at 64
# simulated ranks allreduce's took over 10 minutes), bcast, reduce and
# allreduce through their persistent calls at 16 (SimGrid 3.32 has no
# persistent collectives: their native levels start the nonblocking ones);
# broadcast, the rooted operation with the most algorithms, at 256
# (allreduce there took 98 of the job's 216 s);
# the schedules' test at 16, over two nodes; guided tuning at 128; the
# calibration of each shipped platform on the ranks
# configs/platforms/calibration names (8, 128, 256).  The longest
# come first, so that parallel make starts them first; that order follows
# no rule the cases could be derived by, so the list is written out.
SMPI_TESTS = \
	%D%/test_bcast-256.smpi %D%/test_allgather-128.smpi %D%/tune-128.smpi \
	%D%/test_allreduce-128.smpi %D%/calibration-256.smpi \
	%D%/test_reduce-128.smpi %D%/test_bcast-128.smpi \
	%D%/test_gather-128.smpi %D%/test_allreduce-64.smpi \
	%D%/test_allgather-64.smpi %D%/calibration-128.smpi \
	%D%/test_bcast-64.smpi %D%/test_reduce-64.smpi \
	%D%/test_gather-64.smpi %D%/test_scatter-64.smpi \
	%D%/test_scatter-128.smpi %D%/test_scan-64.smpi %D%/test_exscan-64.smpi \
	%D%/test_barrier-64.smpi \
	%D%/test_reduce_scatter_block-64.smpi %D%/test_reduce_scatter-64.smpi \
	%D%/test_alltoall-64.smpi %D%/test_gatherv-64.smpi %D%/test_scatterv-64.smpi \
	%D%/test_allgatherv-64.smpi %D%/test_sched-16.smpi \
	%D%/test_bcast_nonblocking-16.smpi %D%/test_reduce_nonblocking-16.smpi \
	%D%/test_allreduce_nonblocking-16.smpi %D%/test_scatter_nonblocking-16.smpi \
	%D%/test_gather_nonblocking-16.smpi %D%/test_allgather_nonblocking-16.smpi \
	%D%/test_gatherv_nonblocking-16.smpi %D%/test_scatterv_nonblocking-16.smpi \
	%D%/test_allgatherv_nonblocking-16.smpi \
	%D%/test_bcast_persistent-16.smpi %D%/test_reduce_persistent-16.smpi \
	%D%/test_allreduce_persistent-16.smpi \
	%D%/calibration-8.smpi %D%/test_typed-1.smpi
SMPI_LOG_DRIVER = $(LOG_DRIVER)
SMPI_LOG_COMPILER = $(SHELL) $(top_srcdir)/%D%/run

# The .smpi files only name a case; tests/smpi/run reads the name.
$(SMPI_TESTS):
	$(AM_V_at)$(MKDIR_P) $(@D) && : > $@
CLEANFILES += $(SMPI_TESTS)

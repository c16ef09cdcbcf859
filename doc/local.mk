# doc: the man pages.
dist_man_MANS = %D%/man/himpi-bench.1 %D%/man/himpi-model.1 %D%/man/himpi-overlap.1 \
	%D%/man/himpi-pcoll-bench.1 %D%/man/himpi-summa.1 %D%/man/himpi-tune.1 %D%/man/mpib-measure.1 \
	%D%/man/libmpib.3 %D%/man/himpi-env.7 %D%/man/libhimpi-pmpi.7

# libhimpi(3) lists each operation's algorithms as the catalogue
# (lib/core/catalogue.h) has them: the preprocessor expands the catalogue's
# rows into words, and awk turns them into the list.
man_MANS = %D%/man/libhimpi.3
%D%/man/libhimpi.3: %D%/man/libhimpi.3.in %D%/man/algorithms.c %D%/man/algorithms.awk \
		lib/core/catalogue.h
	$(AM_V_GEN)$(MKDIR_P) $(@D) && \
	$(CC) -E -P -I$(top_srcdir)/lib $(top_srcdir)/%D%/man/algorithms.c | \
	  $(AWK) -f $(top_srcdir)/%D%/man/algorithms.awk >$@.list && \
	sed -e "/@ALGORITHMS@/r $@.list" -e '/@ALGORITHMS@/d' $(top_srcdir)/%D%/man/libhimpi.3.in >$@ && \
	rm -f $@.list
EXTRA_DIST += %D%/man/libhimpi.3.in %D%/man/algorithms.c %D%/man/algorithms.awk
CLEANFILES += %D%/man/libhimpi.3

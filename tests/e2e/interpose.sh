#!/bin/sh
# interpose.sh: libhimpi-pmpi end to end on 4 ranks.  test_interpose, an
# MPI program with no HiMPI in its source, runs unmodified under
# LD_PRELOAD=libhimpi-pmpi.so with several forced plans, and every result
# must equal the MPI library's own (PMPI_*), and MPI_Barrier must keep
# every rank in until the last has entered; HIMPI_DEBUG must show that
# each of the fifteen collectives went through HiMPI, and that MPI_Alltoallv,
# which HiMPI has no form of, went to the MPI library.  Then HIMPI_GROUPS=1 and
# an invalid setting must fall back to the MPI library's collectives, and
# HIMPI_DISABLE=1 must leave HiMPI out altogether, and set on one rank only
# it must leave HiMPI out on all, with a message (these runs check where
# the calls go, on test_interpose's quick sweep).  test_misuse then runs the
# cases interposition once got wrong: a collective on MPI_COMM_SELF before
# MPI_Finalize, and an error handler set after the first collective.
# Last, test_interpose asks for MPI_THREAD_MULTIPLE and runs in two threads
# at once: HiMPI must stay engaged and correct, and each HIMPI_DEBUG line
# must come out whole.  TAP output; abs_top_builddir is the build tree.
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
np=4
lib=$b/.libs/libhimpi-pmpi.so
prog=$b/tests/mpi/test_interpose
args= # the program's arguments, simple words
. "$(dirname "$0")/../tap.sh"
run() { # run NAME [VARIABLE=VALUE]...: $prog $args, preloaded, with the settings
  name=$1
  shift
  # In a sanitizer build the library needs the ASan runtime, which the
  # uninstrumented timeout and shell it passes through do not load first.
  env LD_PRELOAD="$lib${LD_PRELOAD:+ $LD_PRELOAD}" HIMPI_DEBUG=1 \
    ASAN_OPTIONS="verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" "$@" \
    timeout 300 "$b/launch" $np "$prog" $args >"$tmp/$name.out" 2>"$tmp/$name.err"
  status=$?
  sed 's/^/# /' "$tmp/$name.out"
  [ "$status" = 0 ] || sed 's/^/# stderr: /' "$tmp/$name.err" | head -n 20
  return $status
}
through_himpi() { # through_himpi NAME: every operation's plan was printed
  for op in bcast reduce allreduce scatter gather allgather scan exscan barrier \
    reduce_scatter_block reduce_scatter alltoall gatherv scatterv allgatherv; do
    grep -q "^himpi: $op p=$np " "$tmp/$1.err" || { echo "# no HiMPI decision for $op"; return 1; }
  done
  grep -q "^himpi: MPI_Alltoallv: no HiMPI form, calling PMPI_Alltoallv$" "$tmp/$1.err" ||
    { echo "# MPI_Alltoallv not reported as passed on"; return 1; }
}
echo 1..16

[ -f "$lib" ] && timeout 300 "$b/launch" $np "$prog" >"$tmp/plain.out" 2>&1
result $? "the program passes without HiMPI"

# The runs below where HiMPI stays out or hands the calls to the MPI
# library check where the calls go: the quick sweep is enough for them.

run blocks HIMPI_GROUPS=2 HIMPI_ALG_OUT=binomial HIMPI_ALG_IN=linear && through_himpi blocks
result $? "preloaded, 2 groups, binomial between and linear inside: results equal MPI's"

run uneven HIMPI_GROUPS=3 HIMPI_ALG_OUT=linear HIMPI_ALG_IN=ring HIMPI_SEGMENT_SIZE=60 &&
  through_himpi uneven
result $? "preloaded, 3 uneven groups, linear between, ring inside, 60-byte segments"

run flat HIMPI_GROUPS=$np HIMPI_ALG_OUT=recursive-doubling && through_himpi flat
result $? "preloaded, one rank per group, recursive doubling"

run table && through_himpi table
result $? "preloaded with no forced plan: the default plan"

args=quick
run single HIMPI_GROUPS=1 &&
  [ "$(grep -c 'HIMPI_GROUPS=1, calling PMPI_' "$tmp/single.err")" -gt 0 ] &&
  ! grep -q '^himpi: [a-z_]* p=' "$tmp/single.err"
result $? "HIMPI_GROUPS=1 calls the MPI library's collectives"

run invalid HIMPI_GROUPS=0 && grep -q "HIMPI_GROUPS='0' is not valid" "$tmp/invalid.err" &&
  grep -q "not started" "$tmp/invalid.err" && ! grep -q '^himpi: [a-z_]* p=' "$tmp/invalid.err"
result $? "an invalid HIMPI_GROUPS is reported and the MPI library's collectives run"

run disabled HIMPI_DISABLE=1 HIMPI_GROUPS=2 && ! grep -q '^himpi:' "$tmp/disabled.err"
result $? "HIMPI_DISABLE=1: a pure pass-through, results equal MPI's"

# One rank's environment differs: the launcher names the rank to a wrapper.
cat >"$tmp/on_one_rank" <<'EOF'
#!/bin/sh
# on_one_rank PROGRAM...: PROGRAM with HIMPI_DISABLE=1 on rank $DISABLE_RANK only.
[ "${OMPI_COMM_WORLD_RANK:-$PMI_RANK}" = "$DISABLE_RANK" ] && export HIMPI_DISABLE=1
exec "$@"
EOF
chmod +x "$tmp/on_one_rank"
args="$prog quick"
prog=$tmp/on_one_rank
some_only="HIMPI_DISABLE is set on some processes only"
for r in 0 2; do
  run disabled_on_$r DISABLE_RANK=$r HIMPI_GROUPS=2 &&
    grep -q "$some_only" "$tmp/disabled_on_$r.err" &&
    ! grep -q '^himpi: [a-z_]* p=' "$tmp/disabled_on_$r.err"
  result $? "HIMPI_DISABLE=1 on rank $r only: HiMPI stays out on every rank, with a message"
done

prog=$b/tests/mpi/test_misuse
for args in self errhandler; do
  timeout 300 "$b/launch" $np "$prog" $args >"$tmp/$args.plain" 2>&1
  result $? "test_misuse $args passes without HiMPI"
done
args=self
run self && run self_groups HIMPI_GROUPS=2
result $? "preloaded: a collective on MPI_COMM_SELF, then MPI_Finalize"
args=errhandler
run errhandler && run errhandler_groups HIMPI_GROUPS=2 HIMPI_ALG_OUT=binomial
result $? "preloaded: MPI_ERRORS_RETURN set after the first collective, then an uncommitted \
type: MPI_ERR_TYPE on every rank"

# Two threads at once, on two communicators.  Each decision line must be
# whole: lines written piecemeal by two threads interleave.  Each rank's
# stderr goes to a file of its own, since the launcher's forwarding may
# split lines between processes (Open MPI's does), which is not HiMPI's.
cat >"$tmp/own_stderr" <<'EOF'
#!/bin/sh
# own_stderr FILE PROGRAM...: PROGRAM with its stderr in FILE.RANK.
f=$1
shift
exec "$@" 2>"$f.${OMPI_COMM_WORLD_RANK:-$PMI_RANK}"
EOF
chmod +x "$tmp/own_stderr"
prog=$b/tests/mpi/test_interpose
args=threads
timeout 300 "$b/launch" $np "$prog" $args >"$tmp/threads.plain" 2>&1
result $? "test_interpose threads passes without HiMPI"
args="$tmp/threads.rank $prog threads"
prog=$tmp/own_stderr
# A sanitizer build's leak checker would add its summary to that stderr.
run threads LSAN_OPTIONS=print_suppressions=0 HIMPI_GROUPS=2 HIMPI_ALG_OUT=binomial &&
  cat "$tmp"/threads.rank.* >>"$tmp/threads.err" && through_himpi threads &&
  grep -q '^himpi: [a-z_]* p=4 size=[0-9]*: g=2 ' "$tmp/threads.err" &&
  ! cat "$tmp"/threads.rank.* |
    grep -vE '^himpi: ([a-z_]+ p=4 size=[0-9]+: g=[0-9/]+ .*\)|MPI_Alltoallv: no HiMPI form, calling PMPI_Alltoallv)$'
result $? "preloaded under MPI_THREAD_MULTIPLE, two threads: HiMPI decides (g = 2), results \
equal MPI's, and every HIMPI_DEBUG line is whole"

#!/bin/sh
# explain.sh: himpi-tune --explain on a table written by hand, whose
# decisions are known: a plan faster than the MPI library's call is taken
# at its own process count and scaled to another one (g = 2 on 4
# processes is 4 on 16); a size between rows takes the smaller one, a size
# below the table its smallest; a row that is not significantly faster
# leaves the call to the MPI library; HIMPI_GROUPS forces g, and an
# algorithm the operation lacks is ignored; a version 5 table's overlap
# is shown and run where the operation and the plan can overlap, and
# HIMPI_OVERLAP forces it there alone; a fingerprint of another job is
# named; bad arguments are refused.  One process: --explain times
# nothing.  TAP output; abs_top_builddir is the build tree.
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
. "$(dirname "$0")/../tap.sh"
echo 1..8
conf=$tmp/himpi.conf
cat >"$conf" <<'EOF'
himpi-table 4
mpi       Some MPI 1.0
himpi     0.0.1
nodes     64
bcast  4  1024  binomial  binomial  2  1  0  1e-05  2e-05  1e-07  1e-07  0.5  0.4  0.6  faster
bcast  4  1024  linear  linear  3  1  0  1.5e-05  2e-05  1e-07  1e-07  0.75  0.7  0.8  faster
bcast  4  65536  native  native  2  1  0  1e-04  1e-04  1e-06  1e-06  0.99  0.95  1.02  n.s.
EOF

# explain OUT ARGUMENT...: himpi-tune --explain ARGUMENT... on one process.
explain() {
  out=$tmp/$1.out
  shift
  HIMPI_CONF_FILE=$conf timeout 600 "$b/launch" 1 "$b/tools/himpi-tune" --explain "$@" >"$out" 2>&1
  status=$?
  sed 's/^/# /' "$out"
  return $status
}

explain own bcast 4K --procs 4 &&
  grep -qx "row: 4 processes (the call's own), 1024 bytes (the largest tabulated size up to the call's)" \
    "$tmp/own.out" &&
  grep -q '^  binomial .* 2  .*0.500 \[0.400, 0.600\] *faster  <- the best$' "$tmp/own.out" &&
  grep -q '^  linear .* 3  .*0.750 \[0.700, 0.800\] *faster$' "$tmp/own.out" &&
  grep -qx 'margin: 50.0 % faster than the MPI library.s call (ratio 0.500, interval 0.400 to 0.600)' \
    "$tmp/own.out" &&
  grep -qx 'the call runs: 2 out=binomial in=binomial segment=0 overlap=0' "$tmp/own.out"
result $? "the faster plan with the smaller ratio is taken; both are listed, the best marked"

explain scaled bcast 2K --procs 16 &&
  grep -q '^row: 4 processes (the nearest tabulated count to 16 of 4), 1024 bytes' "$tmp/scaled.out" &&
  grep -qx 'the table gives: 4 out=binomial in=binomial segment=0 overlap=0 (g = 2 on 4 processes, scaled by the square root of 16 / 4)' \
    "$tmp/scaled.out" &&
  grep -qx 'the call runs: 4 out=binomial in=binomial segment=0 overlap=0' "$tmp/scaled.out"
result $? "another process count: the nearest row, its g scaled by the square root"

explain below bcast 16 --procs 4 &&
  grep -q "^row: 4 processes (the call's own), 1024 bytes (the call's is below the table" \
    "$tmp/below.out"
result $? "a size below the table takes its smallest size"

explain ns bcast 1M --procs 4 &&
  grep -q '^margin: none: the best plan there, 2 out=native in=native segment=0 overlap=0, is n.s. against' \
    "$tmp/ns.out" &&
  grep -qx 'the call runs: 1 out=native in=native segment=0 overlap=0' "$tmp/ns.out"
result $? "a plan that is not significantly faster leaves the call to the MPI library"

HIMPI_GROUPS=3 HIMPI_ALG_OUT=ring explain forced bcast 4K --procs 4 &&
  grep -qx 'overrides: HIMPI_GROUPS=3: one level of that many groups; HIMPI_ALG_OUT=ring ignored: not an algorithm of this operation' \
    "$tmp/forced.out" &&
  grep -qx 'the call runs: 3 out=binomial in=binomial segment=0 overlap=0' "$tmp/forced.out"
result $? "overrides: HIMPI_GROUPS forces g, an algorithm bcast lacks is ignored"

cat >"$tmp/v5.conf" <<'EOF'
himpi-table 5
bcast  4  1048576  binomial  binomial  2  1  0  65536  1e-03  2e-03  1e-06  1e-06  0.5  0.4  0.6  faster
bcast  4  1048576  linear  linear  1  1  0  0  1.5e-03  2e-03  1e-06  1e-06  0.75  0.7  0.8  faster
gather  4  1048576  linear  linear  2  1  0  65536  1e-03  2e-03  1e-06  1e-06  0.5  0.4  0.6  faster
EOF
conf=$tmp/v5.conf
explain v5 bcast 1M --procs 4 &&
  grep -q '^  binomial  *binomial  *2  *65536  .*faster  <- the best$' "$tmp/v5.out" &&
  grep -q '^  linear  *linear  *1  *0  ' "$tmp/v5.out" &&
  grep -qx 'overrides: none' "$tmp/v5.out" &&
  grep -qx 'the call runs: 2 out=binomial in=binomial segment=0 overlap=65536' "$tmp/v5.out" &&
  explain v5gather gather 1M --procs 4 &&
  grep -qx 'the call runs: 2 out=linear in=linear segment=0 overlap=0' "$tmp/v5gather.out" &&
  HIMPI_OVERLAP=16K explain v5forced bcast 1M --procs 4 &&
  grep -qx 'overrides: HIMPI_OVERLAP=16384 applied' "$tmp/v5forced.out" &&
  grep -qx 'the call runs: 2 out=binomial in=binomial segment=0 overlap=16384' "$tmp/v5forced.out" &&
  HIMPI_OVERLAP=16K explain v5ignored gather 1M --procs 4 &&
  grep -qx 'overrides: HIMPI_OVERLAP=16384 ignored: not for this operation' "$tmp/v5ignored.out" &&
  HIMPI_OVERLAP=16K HIMPI_GROUPS=1 explain v5flat bcast 1M --procs 4 &&
  grep -qx 'overrides: HIMPI_GROUPS=1: one level of that many groups; HIMPI_OVERLAP=16384 ignored: the plan is flat' \
    "$tmp/v5flat.out" &&
  grep -qx 'the call runs: 1 out=binomial in=binomial segment=0 overlap=0' "$tmp/v5flat.out"
result $? "a version 5 table: the overlap shown and run; HIMPI_OVERLAP applied or ignored, as the plan can take it"
conf=$tmp/himpi.conf

explain fingerprint allreduce 1K &&
  grep -q "^fingerprint: tuned elsewhere: MPI 'Some MPI 1.0', here '.*'; HiMPI 0.0.1, here .*; nodes 64, here 1 (the plain calls warn" \
    "$tmp/fingerprint.out" &&
  grep -qx "row: none: the table has no rows of allreduce, so the call is the MPI library's" \
    "$tmp/fingerprint.out"
result $? "a table tuned elsewhere is named with each difference; an operation without rows"

explain noargs bcast
s1=$?
explain badop bcst 1K
s2=$?
explain badsize bcast 1Q
s3=$?
[ "$s1" = 2 ] && [ "$s2" = 2 ] && [ "$s3" = 2 ] &&
  grep -q -- '--explain needs an operation and a message size' "$tmp/noargs.out" &&
  grep -q "invalid --explain 'bcst'" "$tmp/badop.out" &&
  grep -q "invalid --explain '1Q'" "$tmp/badsize.out"
result $? "bad arguments: a message and exit status 2"

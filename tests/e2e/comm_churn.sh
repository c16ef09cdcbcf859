#!/bin/sh
# comm_churn.sh [ROUNDS [NP [CALLS]]]: short-lived communicators through
# libhimpi-pmpi, the benchmark of HIMPI_NATIVE_CALLS.  tests/mpi/comm_churn
# (ROUNDS rounds of MPI_Comm_split, CALLS pairs of MPI_Allreduce and
# MPI_Bcast, MPI_Comm_free) runs on NP ranks three ways, with
# HIMPI_GROUPS=2: without HiMPI (HIMPI_DISABLE=1), with HiMPI set up at a
# communicator's first call (HIMPI_NATIVE_CALLS=0), and with the default
# threshold; then a table of their times.  The figure of himpi-env(7) is
#   abs_top_builddir=$PWD ../../tests/e2e/comm_churn.sh 600 8
# run in a build tree after make check TESTS= (which builds the program).
# The suite runs it as it is, 20 rounds of 1 pair on 4 ranks, a smoke test:
# it checks that every way runs with correct results, never the times,
# which a shared machine makes noisy.  TAP output.
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
rounds=${1:-20}
np=${2:-4}
calls=${3:-1}
lib=$b/.libs/libhimpi-pmpi.so
prog=$b/tests/mpi/comm_churn
. "$(dirname "$0")/../tap.sh"
echo 1..3

run() { # run NAME DESCRIPTION [VARIABLE=VALUE]...: one way, its time in $tmp/NAME
  name=$1 what=$2
  shift 2
  env -u HIMPI_NATIVE_CALLS LD_PRELOAD="$lib${LD_PRELOAD:+ $LD_PRELOAD}" HIMPI_GROUPS=2 \
    ASAN_OPTIONS="verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" "$@" \
    timeout 1800 "$b/launch" "$np" "$prog" "$rounds" "$calls" >"$tmp/$name.out" \
    2>"$tmp/$name.err"
  status=$?
  sed 's/^/# /' "$tmp/$name.out"
  [ "$status" = 0 ] || sed 's/^/# stderr: /' "$tmp/$name.err" | head -n 20
  awk '/^rounds / && !/WRONG/ { print $6 }' "$tmp/$name.out" >"$tmp/$name"
  [ "$status" = 0 ] && [ -s "$tmp/$name" ]
  result $? "$what: $rounds rounds on $np ranks, results correct"
}

run native "without HiMPI (HIMPI_DISABLE=1)" HIMPI_DISABLE=1
run before "HiMPI set up at the first call (HIMPI_NATIVE_CALLS=0)" HIMPI_NATIVE_CALLS=0
run after "HiMPI after the default HIMPI_NATIVE_CALLS"

echo "# $rounds rounds of split, $calls x (MPI_Allreduce, MPI_Bcast), free; $np ranks," \
  "HIMPI_GROUPS=2, libhimpi-pmpi"
printf '# %-42s %10s %10s\n' way seconds "/ native"
for way in "native:HIMPI_DISABLE=1" "before:HIMPI_NATIVE_CALLS=0" \
  "after:HIMPI_NATIVE_CALLS unset (default)"; do
  name=${way%%:*}
  awk -v way="$name, ${way#*:}" -v t="$(cat "$tmp/$name")" -v n="$(cat "$tmp/native")" \
    'BEGIN { printf "# %-42s %10s %10s\n", way, t == "" ? "-" : t,
             t == "" || n == "" ? "-" : sprintf("%.2f", t / n) }'
done

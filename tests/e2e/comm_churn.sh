#!/bin/sh
# comm_churn.sh [ROUNDS [NP [REPEATS [CALLS]]]]: short-lived communicators
# through libhimpi-pmpi, the benchmark of HIMPI_NATIVE_CALLS.
# tests/mpi/comm_churn (ROUNDS rounds of MPI_Comm_split, CALLS pairs of
# MPI_Allreduce and MPI_Bcast, MPI_Comm_free) runs on NP ranks three ways,
# with HIMPI_GROUPS=2: without HiMPI (HIMPI_DISABLE=1), with HiMPI set up at
# a communicator's first call (HIMPI_NATIVE_CALLS=0), and with the default
# threshold; the three take turns REPEATS times, and a table gives each
# way's fastest time, since on a shared machine a run is only ever slowed
# down.  The figure of himpi-env(7) is
#   abs_top_builddir=$PWD ../../tests/e2e/comm_churn.sh 600 8 5
# run in a build tree after make check TESTS= (which builds the program).
# The suite runs it as it is, 20 rounds of 1 pair on 4 ranks once, a smoke
# test: it checks that every way runs with correct results, never the
# times.  TAP output.
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
rounds=${1:-20}
np=${2:-4}
repeats=${3:-1}
calls=${4:-1}
lib=$b/.libs/libhimpi-pmpi.so
prog=$b/tests/mpi/comm_churn
. "$(dirname "$0")/../tap.sh"
echo 1..3

run() { # run NAME [VARIABLE=VALUE]...: one run of one way, its time added to $tmp/NAME
  name=$1
  shift
  env -u HIMPI_NATIVE_CALLS LD_PRELOAD="$lib${LD_PRELOAD:+ $LD_PRELOAD}" HIMPI_GROUPS=2 \
    ASAN_OPTIONS="verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" "$@" \
    timeout 1800 "$b/launch" "$np" "$prog" "$rounds" "$calls" >"$tmp/out" 2>"$tmp/err"
  status=$?
  sed "s/^/# $name: /" "$tmp/out"
  [ "$status" = 0 ] || sed 's/^/# stderr: /' "$tmp/err" | head -n 20
  [ "$status" = 0 ] && awk '/^rounds / && !/WRONG/ { print $6 }' "$tmp/out" >>"$tmp/$name" ||
    echo failed >>"$tmp/$name"
}

i=0
while [ "$i" -lt "$repeats" ]; do
  run native HIMPI_DISABLE=1
  run before HIMPI_NATIVE_CALLS=0
  run after
  i=$((i + 1))
done

# fastest NAME: the way's fastest time, empty if a run failed.
fastest() {
  grep -q failed "$tmp/$1" || sort -n "$tmp/$1" | head -n 1
}
for way in "native:without HiMPI (HIMPI_DISABLE=1)" \
  "before:HiMPI set up at a communicator's first call (HIMPI_NATIVE_CALLS=0)" \
  "after:HiMPI after the default HIMPI_NATIVE_CALLS"; do
  [ "$(wc -l <"$tmp/${way%%:*}")" = "$repeats" ] && [ -n "$(fastest "${way%%:*}")" ]
  result $? "${way#*:}: $repeats x $rounds rounds on $np ranks, results correct"
done

echo "# $rounds rounds of split, $calls x (MPI_Allreduce, MPI_Bcast), free; $np ranks," \
  "HIMPI_GROUPS=2, libhimpi-pmpi; the fastest of $repeats"
printf '# %-42s %10s %10s\n' way seconds "/ native"
native=$(fastest native)
for way in "native:HIMPI_DISABLE=1" "before:HIMPI_NATIVE_CALLS=0" \
  "after:HIMPI_NATIVE_CALLS unset (default)"; do
  awk -v way="${way%%:*}, ${way#*:}" -v t="$(fastest "${way%%:*}")" -v n="$native" \
    'BEGIN { printf "# %-42s %10s %10s\n", way, t == "" ? "-" : t,
             t == "" || n == "" ? "-" : sprintf("%.2f", t / n) }'
done

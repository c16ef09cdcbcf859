#!/bin/sh
# summa.sh: himpi-summa end to end: the check mode multiplies deterministic
# matrices with SUMMA and with HSUMMA at every I x J the grid allows
# (--groups=all, one launch a process count) and compares every element
# of C with the product worked out directly, at 1, 2, 4, 6 (a 2 x 3 grid),
# 8, 9 and 16 ranks, with b = M and b < M, through each source of the
# pivot broadcasts: the MPI library's MPI_Bcast, the plain HiMPI_Bcast
# (the table's plan, forced hierarchical by HIMPI_GROUPS), HiMPI's
# algorithms flat, and explicit plans.  Then invalid arguments: a message
# and exit status 2 from every rank; and --model.  Small matrices keep
# each launch near a second.  TAP output; abs_top_builddir is the build
# tree.
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
. "$(dirname "$0")/../tap.sh"
echo 1..16

# check NP LAYOUTS DESCRIPTION ARGUMENT...: a run in check mode on NP ranks
# (with the variables of env_vars) whose rows (SUMMA, then HSUMMA at each
# of LAYOUTS groups) are all right.
env_vars=
check() {
  np=$1 layouts=$2 what=$3
  shift 3
  # shellcheck disable=SC2086 # env_vars is a list of assignments, or none
  env $env_vars "$b/launch" "$np" "$b/tools/himpi-summa" --check --groups=all --reps=1 "$@" \
    >"$tmp/out" 2>"$tmp/err"
  rc=$?
  rows=$(grep -c '^  summa \|^  hsumma ' "$tmp/out")
  ok=$(awk '/^  (h?summa) / && $NF == "ok"' "$tmp/out" | wc -l)
  got=$(awk '/^  hsumma / { printf "%s ", $2 }' "$tmp/out")
  [ "$rc" = 0 ] && [ "$rows" = "$ok" ] && [ "$got" = "$layouts " ]
  status=$?
  result $status "$np ranks, $what: SUMMA and HSUMMA at $layouts right"
  if [ "$status" != 0 ]; then
    echo "# exit status $rc, $ok of $rows rows right, groups: $got"
    sed 's/^/#   /' "$tmp/out" "$tmp/err"
  fi
}

check 1 "1x1" "n=48 b=8 M=16, MPI_Bcast" -n 48 -b 8 -M 16 --bcast=mpi
check 2 "1x1 1x2" "n=48 b=M=8, HiMPI_Bcast (the default plan)" -n 48 -b 8 --bcast=table
check 4 "1x1 1x2 2x1 2x2" "n=48 b=4 M=8, the plan 2:binomial:linear" \
  -n 48 -b 4 -M 8 --bcast=2:binomial:linear
check 6 "1x1 1x3 2x1 2x3" "2x3 grid, n=96 b=8 M=16, pipeline between groups, \
scatter-ring-allgather inside, MPI_Bcast for SUMMA" -n 96 -b 8 -M 16 --summa-bcast=mpi \
  --outer-bcast=pipeline --inner-bcast=scatter-ring-allgather
env_vars="HIMPI_GROUPS=2 HIMPI_DEBUG=1"
check 8 "1x1 1x2 1x4 2x1 2x2 2x4" \
  "2x4 grid, n=96 b=4 M=12, HiMPI_Bcast with HIMPI_GROUPS=2" -n 96 -b 4 -M 12 --bcast=table
env_vars=
grep -q 'himpi: bcast p=4 .*g=2 .*forced by HIMPI_GROUPS' "$tmp/err"
result $? "HiMPI_Bcast ran the plans HIMPI_GROUPS forces (its HIMPI_DEBUG lines)"
check 8 "1x1 1x2 1x4 1x8" "1x8 grid, n=64 b=M=8, binomial" --grid=1x8 -n 64 -b 8 \
  --bcast=binomial
check 9 "1x1 1x3 3x1 3x3" "3x3 grid, n=96 b=M=16, the plan 2:linear:native" -n 96 -b 16 \
  --bcast=2:linear:native
check 16 "1x1 1x2 1x4 2x1 2x2 2x4 4x1 4x2 4x4" "4x4 grid, n=96 b=4 M=8, MPI_Bcast" \
  -n 96 -b 4 -M 8 --bcast=mpi
# With no untimed run, the first timed run's product is the one checked.
check 4 "1x1 1x2 2x1 2x2" "n=48 b=M=8, no untimed run, HiMPI_Bcast" -n 48 -b 8 --warmup=0 \
  --bcast=table

# Invalid arguments, on 4 ranks (a 2x2 grid) so that every rank must
# agree: each one message on rank 0, and exit status 2 (test_summa checks
# every rejection; these are one of each kind, end to end): n not a
# multiple of the grid, M not of b, groups that do not fit, a grid of
# other processes, an algorithm bcast lacks, the products to check
# skipped, a negative number of untimed runs, an unknown option.
status=0
for bad in "-n 50" "-n 48 -b 8 -M 12" "-n 48 -b 8 -G 3" "--grid=2x3" "--bcast=ring" \
  "--no-compute" "--warmup=-1" "--bogus"; do
  # shellcheck disable=SC2086 # each case is a list of options
  "$b/launch" 4 "$b/tools/himpi-summa" --check $bad >"$tmp/bad.out" 2>"$tmp/bad.err"
  rc=$?
  said=$(grep -c "^himpi-summa: \|^Try 'himpi-summa --help'" "$tmp/bad.err")
  if [ "$rc" != 2 ] || [ "$said" != 1 ] || grep -q '^  h\?summa ' "$tmp/bad.out"; then
    echo "# $bad: exit status $rc, $said messages"
    sed 's/^/#   /' "$tmp/bad.out" "$tmp/bad.err"
    status=1
  fi
done
result $status "invalid arguments: one message and exit status 2 on 4 ranks"

# The model alone, on one rank for 128: the thesis's platform-sized case.
"$b/launch" 1 "$b/tools/himpi-summa" --model --procs=128 -n 8192 -b 64 --alpha=100 \
  --beta=1 >"$tmp/model.out" 2>&1 &&
  [ "$(grep -c '^  ' "$tmp/model.out")" = 20 ] &&
  grep -q '^# the model.s best: ' "$tmp/model.out" &&
  [ "$(grep -c ' best$' "$tmp/model.out")" = 1 ]
status=$?
result $status "--model prints the 20 layouts of an 8x16 grid and marks the best"
[ "$status" = 0 ] || sed 's/^/#   /' "$tmp/model.out"

"$b/launch" 1 "$b/tools/himpi-summa" -n 64 -b 16 -G sqrt,auto --reps=2 >"$tmp/time.out" \
  2>&1 &&
  awk '/^  h?summa / { rows++; if ($4 <= 0 || $5 < 0 || $6 <= 0 || $7 <= 0) bad++ }
       END { exit rows < 2 || bad > 0 }' "$tmp/time.out"
status=$?
result $status "timed runs print positive times and GFLOP/s"
[ "$status" = 0 ] || sed 's/^/#   /' "$tmp/time.out"

"$b/launch" 2 "$b/tools/himpi-summa" -n 64 -b 16 -G all --reps=1 --no-compute \
  >"$tmp/nocomp.out" 2>&1 &&
  grep -q '^# .*dgemm: none' "$tmp/nocomp.out" &&
  awk '/^  h?summa / { rows++; if ($4 <= 0 || $5 <= 0 || $6 != "-" || $7 != "-") bad++ }
       END { exit rows < 2 || bad > 0 }' "$tmp/nocomp.out"
status=$?
result $status "--no-compute times the broadcasts alone: comp and GFLOP/s are -"
[ "$status" = 0 ] || sed 's/^/#   /' "$tmp/nocomp.out"

# HSUMMA alone: its rows, right, and no speedup without SUMMA's time.
"$b/launch" 4 "$b/tools/himpi-summa" -n 48 -b 8 -G 2x2,1x2 --reps=1 --check --no-summa \
  >"$tmp/alone.out" 2>&1 &&
  [ "$(awk '/^  h?summa / { printf "%s %s %s %s %s;", $1, $2, $8, $9, $NF }' "$tmp/alone.out")" \
    = "hsumma 2x2 - - ok;hsumma 1x2 - - ok;" ]
status=$?
result $status "--no-summa runs the layouts alone: no SUMMA row, speedups -"
[ "$status" = 0 ] || sed 's/^/#   /' "$tmp/alone.out"

"$b/launch" 1 "$b/tools/himpi-summa" --help >"$tmp/help.out" 2>&1 &&
  grep -q -- '--groups=LIST' "$tmp/help.out"
result $? "--help describes the options"

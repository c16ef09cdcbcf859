#!/bin/sh
# stability.sh: scripts/tune-stability without tuning.  --compare on two
# hand-written tables: sizes that decide alike agree (the faster row with
# the smallest ratio, wherever it stands in the file), a differing decision
# whose intervals overlap is within noise (the interval of the row with the
# smallest ratio when none is faster), disjoint ones differ (the MPI
# library's own row counting as 1 [1, 1], a layout of its own as a plan of
# its own), a size of one table only is not counted; 90 % passes, less
# fails, version 2 and version 5 tables (whose overlap makes a plan of
# its own) are read, bad uses are refused.  Then the runs themselves on a stand-in
# build tree whose himpi-tune writes a table and verifies by rote: the
# options passed, the tables kept, and under --load stress-ng beside the
# runs and stopped, and a verify that fails making the exit status 1.
# TAP output.
top=$(cd "$(dirname "$0")/../.." && pwd)
stability=$top/scripts/tune-stability
. "$(dirname "$0")/../tap.sh"
echo 1..11

# row OP SIZE OUT IN LAYOUT RATIO LO HI VERDICT: a version 4 row on 4 ranks.
row() {
  echo "$1  4  $2  $3  $4  $5  1  0  1e-05  1e-05  1e-07  1e-07  $6  $7  $8  $9"
}
header() {
  printf 'himpi-table 4\nhost      test\nmpi       Open MPI v4.1.4\n'
  echo '# op  procs  msg_size  alg_out  alg_in  groups  levels  segment  time  flat_time  ci  flat_ci  ratio  ratio_lo  ratio_hi  verdict'
}
{
  header
  row bcast 8 native native 1 1 1 1 native
  row bcast 8 chain chain 2 0.85 0.80 0.90 faster
  row bcast 8 binomial binomial 2 0.80 0.75 0.85 faster
  row bcast 64 native native 2 0.99 0.95 1.03 n.s.
  row bcast 512 binomial binomial 2 0.90 0.85 0.96 faster
  row bcast 4096 binomial binomial 2 0.93 0.90 0.97 faster
  row reduce 1024 native native 2 0.70 0.65 0.75 faster
  row allreduce 8 native native 2 0.90 0.85 0.95 faster
} >"$tmp/t1.conf"
{
  header
  row bcast 8 binomial binomial 2 0.79 0.74 0.84 faster
  row bcast 8 chain chain 2 0.86 0.81 0.91 faster
  row bcast 64 native native 1 1 1 1 native
  row bcast 512 binomial binomial 4 1.20 1.10 1.30 slower
  row bcast 512 native native 2 0.98 0.93 1.03 n.s.
  row bcast 4096 native native 1 - - - native
  row bcast 4096 binomial binomial 2 1.02 0.95 1.10 n.s.
  row reduce 1024 native native node 0.60 0.55 0.62 faster
} >"$tmp/t2.conf"

"$stability" --compare "$tmp/t1.conf" "$tmp/t2.conf" >"$tmp/compare.out" 2>&1
status=$?
sed 's/^/# /' "$tmp/compare.out"
# line OP SIZE REST: the output has the line of OP at SIZE on 4 ranks, REST
# a basic regular expression of what follows the size.
line() {
  grep -q "^$1  *4  *$2  $3\$" "$tmp/compare.out"
}

line bcast 8 'binomial/binomial 2 0\.800 \[0\.750, 0\.850\]  *binomial/binomial 2 0\.790 \[0\.740, 0\.840\]  *agree' &&
  line bcast 64 'native 0\.990 \[0\.950, 1\.030\]  *native 1\.000 \[1\.000, 1\.000\]  *agree'
result $? "agree: the faster row of the smallest ratio in each table, the MPI library's call in both"

line bcast 512 'binomial/binomial 2 0\.900 \[0\.850, 0\.960\]  *native 0\.980 \[0\.930, 1\.030\]  *within noise'
result $? "within noise: different decisions, overlapping intervals (the smallest ratio's)"

line bcast 4096 'binomial/binomial 2 0\.930 \[0\.900, 0\.970\]  *native 1\.000 \[1\.000, 1\.000\]  *differ' &&
  line reduce 1024 'native/native 2 0\.700 \[0\.650, 0\.750\]  *native/native node 0\.600 \[0\.550, 0\.620\]  *differ'
result $? "differ: disjoint intervals, the MPI library's row at 1 [1, 1], another layout"

line allreduce 8 'only in table 1: not counted' &&
  grep -q '^tune-stability: 1 row in one table only, not counted$' "$tmp/compare.out" &&
  tail -n 1 "$tmp/compare.out" | grep -qx \
    'stability: 2 of 5 rows agree, 1 more differ within the intervals: 60\.0 % (target 90 %)' &&
  [ "$status" = 1 ]
result $? "a size of one table only is not counted; 60 % is below the target: exit status 1"

# Ten sizes decided alike but one: 90 %, the target.  Without the first
# size in the second table, 8 of 9 (88.9 %) fall short of it.
{
  header
  for m in 1 2 3 4 5 6 7 8 9 10; do row gather "$m" native native 1 1 1 1 native; done
} >"$tmp/ten1.conf"
{
  header
  for m in 1 2 3 4 5 6 7 8 9; do row gather "$m" native native 1 1 1 1 native; done
  row gather 10 linear linear 2 0.50 0.45 0.55 faster
} >"$tmp/ten2.conf"
grep -v '^gather  4  1  ' "$tmp/ten2.conf" >"$tmp/nine2.conf"
"$stability" --compare "$tmp/ten1.conf" "$tmp/ten2.conf" >"$tmp/ten.out" 2>&1
status=$?
sed 's/^/# /' "$tmp/ten.out"
tail -n 1 "$tmp/ten.out" | grep -q ': 90\.0 % (target 90 %)$' && [ "$status" = 0 ]
result $? "9 of 10 rows agree: 90.0 %, exit status 0"

"$stability" --compare "$tmp/ten1.conf" "$tmp/nine2.conf" >"$tmp/nine.out" 2>&1
status=$?
tail -n 1 "$tmp/nine.out" | sed 's/^/# /'
tail -n 1 "$tmp/nine.out" | grep -qx \
  'stability: 8 of 9 rows agree, 0 more differ within the intervals: 88\.9 % (target 90 %)' &&
  [ "$status" = 1 ]
result $? "8 of 9 rows agree: 88.9 %, exit status 1"

# Version 2 tables have no verdicts: the fastest row decides, with no
# interval behind it, so sizes agree or differ, never within noise.
printf 'himpi-table 2\nbcast 4 8 native native 2 1 0 1e-6 2e-6 -\nbcast 4 8 linear linear 3 1 0 2e-6 2e-6 -\nbcast 4 64 native native 1 1 0 1e-6 1e-6 -\n' >"$tmp/v2a.conf"
printf 'himpi-table 2\nbcast 4 8 native native 2 1 0 1e-6 2e-6 -\nbcast 4 64 native native 3 1 0 1e-6 2e-6 -\n' >"$tmp/v2b.conf"
"$stability" --compare "$tmp/v2a.conf" "$tmp/v2b.conf" >"$tmp/v2.out" 2>&1
status=$?
sed 's/^/# /' "$tmp/v2.out"
grep -q '^bcast  *4  *8  *native/native 2 -  *native/native 2 -  *agree$' "$tmp/v2.out" &&
  grep -q '^bcast  *4  *64  *native -  *native/native 3 -  *differ$' "$tmp/v2.out" &&
  tail -n 1 "$tmp/v2.out" | grep -qx \
    'stability: 1 of 2 rows agree, 0 more differ within the intervals: 50.0 % (target 90 %)' &&
  [ "$status" = 1 ]
result $? "version 2 tables: the fastest row decides; 1 of 2 rows agree, exit status 1"

# Version 5 rows have the overlap after the segment: the version 4 table
# t1 written as version 5 with overlap 0 decides alike, and a plan that
# overlaps is a plan of its own.
sed -e 's/^himpi-table 4/himpi-table 5/' -e 's/^\([a-z]*  4  [0-9]*  [a-z-]*  [a-z-]*  [^ ]*  1  0\)  /\1  0  /' \
  "$tmp/t1.conf" >"$tmp/v5.conf"
sed 's/^\(bcast  4  512  binomial  binomial  2  1  0\)  0  /\1  65536  /' "$tmp/v5.conf" \
  >"$tmp/v5-overlap.conf"
"$stability" --compare "$tmp/t1.conf" "$tmp/v5.conf" >"$tmp/v5.out" 2>&1
s1=$?
"$stability" --compare "$tmp/v5.conf" "$tmp/v5-overlap.conf" >"$tmp/v5-overlap.out" 2>&1
s2=$?
sed 's/^/# /' "$tmp/v5-overlap.out"
grep -c '  0  1e-05' "$tmp/v5.conf" | grep -qx 8 &&
  tail -n 1 "$tmp/v5.out" | grep -q '^stability: 6 of 6 rows agree' && [ "$s1" = 0 ] &&
  grep -q '^bcast  *4  *512  *binomial/binomial 2 0\.900 \[0\.850, 0\.960\]  *binomial/binomial 2 overlap 65536 0\.900 \[0\.850, 0\.960\]  *within noise$' \
    "$tmp/v5-overlap.out" && [ "$s2" = 0 ]
result $? "version 5 tables: read beside version 4 alike; an overlap makes a plan of its own"

printf 'himpi-table 1\n' >"$tmp/v1.conf"
bad=0
for args in "--compare $tmp/t1.conf" "--compare $tmp/t1.conf $tmp/v1.conf" \
  "--compare $tmp/t1.conf $tmp/missing.conf" "--np=0" "--load=" "--frobnicate" "--build=$tmp"; do
  # shellcheck disable=SC2086 # each case is a list of arguments
  "$stability" $args >"$tmp/bad.out" 2>&1
  status=$?
  sed "s|^|# $args: |" "$tmp/bad.out"
  [ "$status" = 2 ] && grep -q '^tune-stability: ' "$tmp/bad.out" || bad=$((bad + 1))
done
[ "$bad" = 0 ]
result $? "bad uses: a message and exit status 2 ($bad not)"

# A stand-in build tree: launch records the ranks, himpi-tune its
# arguments, writes t1.conf as its table, and verifies run1.conf with a
# failure (exit status 3, two plans no longer faster) and run2.conf with
# none.
fake=$tmp/build
mkdir -p "$fake/tools"
cat >"$fake/launch" <<'EOF'
#!/bin/sh
echo "$1" >>"$(dirname "$0")/ranks"
shift
exec "$@"
EOF
cat >"$fake/tools/himpi-tune" <<'EOF'
#!/bin/sh
d=$(dirname "$0")/..
echo "$*" >>"$d/arguments"
for a; do
  case $a in
    --output=*) cp "$d/t1.conf" "${a#--output=}"; echo "himpi-tune: wrote ${a#--output=}" ;;
    --verify=*/run1.conf)
      echo "himpi-tune: 5 of 7 rows faster than the MPI library's call on this machine; 2 the table runs are not"
      exit 3 ;;
    --verify=*) echo "himpi-tune: 7 of 7 rows faster; 0 the table runs are not" ;;
  esac
done
EOF
chmod +x "$fake/launch" "$fake/tools/himpi-tune"
cp "$tmp/t1.conf" "$fake/t1.conf"

"$stability" --build="$fake" --np=3 --keep="$tmp/kept" >"$tmp/run.out" 2>&1
status=$?
sed 's/^/# /' "$tmp/run.out"
grep -q '^tune-stability: [0-9-]*T[0-9:]*Z, nproc [0-9]*, load average [0-9.]* [0-9.]* [0-9.]*$' \
  "$tmp/run.out" &&
  grep -qx "tune-stability: twice $fake/launch 3 $fake/tools/himpi-tune --min-msg=8 --max-msg=256K --stride=8 --output=TABLE" \
    "$tmp/run.out" &&
  [ "$(sort -u "$fake/ranks")" = 3 ] &&
  [ "$(cat "$fake/arguments")" = "--min-msg=8 --max-msg=256K --stride=8 --output=$tmp/kept/run1.conf
--min-msg=8 --max-msg=256K --stride=8 --output=$tmp/kept/run2.conf" ] &&
  cmp -s "$tmp/kept/run1.conf" "$fake/t1.conf" && cmp -s "$tmp/kept/run2.conf" "$fake/t1.conf" &&
  ! grep -q '^verify' "$tmp/run.out" &&
  tail -n 2 "$tmp/run.out" | grep -q '^stability: 6 of 6 rows agree.*: 100\.0 %' && [ "$status" = 0 ]
result $? "two runs on the main job's options at --np, the date, nproc, load and command said, tables kept, no verify idle"

if ! command -v stress-ng >/dev/null; then
  echo "ok 11 # SKIP stress-ng is not installed"
  exit 0
fi
rm -f "$fake/arguments"
timeout 120 "$stability" --build="$fake" --load='--cpu 1 --cpu-load 5' --keep="$tmp/loaded" -- --ops=bcast \
  --pairs=8 >"$tmp/load.out" 2>&1
status=$?
sed 's/^/# /' "$tmp/load.out"
sed 's/^/# stress-ng: /' "$tmp/loaded/load.log"
grep -qx 'tune-stability: beside it stress-ng --cpu 1 --cpu-load 5' "$tmp/load.out" &&
  grep -q 'run completed' "$tmp/loaded/load.log" &&
  [ "$(grep -c -- '--ops=bcast --pairs=8 --output=' "$fake/arguments")" = 2 ] &&
  [ "$(grep -c -- '^--ops=bcast --pairs=8 --verify=' "$fake/arguments")" = 2 ] &&
  grep -q 'run1.conf: exit status 3$' "$tmp/load.out" &&
  grep -qx 'verify: 2 plans no longer faster' "$tmp/load.out" &&
  grep -qx 'verify: every plan the table runs still passes' "$tmp/load.out" &&
  grep -q '^stability: 6 of 6 rows agree' "$tmp/load.out" && [ "$status" = 1 ]
result $? "--load: stress-ng beside the runs and stopped, both tables verified with the options after --, a failed verify gives exit status 1"

#!/bin/sh
# verify.sh: himpi-tune --verify and --fix end to end on 4 ranks.  A table
# whose rows say their plans beat the MPI library's call is timed again
# with a minimum effect of 99 %, which no plan reaches: every such row
# loses its verdict, --verify says so with exit status 3 and changes
# nothing, --fix writes the new verdicts back (the row whose plan is the
# call itself, and a row for 8 processes, stay as they were), and the
# plain calls then run the MPI library's call.  The table is of format
# version 5, one plan with an overlap, which --verify times and shows and
# --fix keeps; a version 3 table still reads.  Bad uses are refused.
# TAP output; abs_top_builddir is the build tree.
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
np=4
. "$(dirname "$0")/../tap.sh"
echo 1..7
conf=$tmp/himpi.conf
cat >"$conf" <<'EOF'
himpi-table 5
bcast  4  1024  binomial  binomial  2  1  0  0  1e-05  2e-05  - -  0.5  0.4  0.6  faster
bcast  4  65536  native  native  1  1  0  0  1e-04  1e-04  - -  1  1  1  native
allreduce  4  4096  linear  linear  2  1  0  1024  1e-05  2e-05  - -  0.5  0.4  0.6  faster
allreduce  8  4096  linear  linear  2  1  0  0  1e-05  2e-05  - -  0.5  0.4  0.6  faster
EOF
cp "$conf" "$tmp/before.conf"

timeout 600 "$b/launch" $np "$b/tools/himpi-tune" --verify="$conf" --min-effect=0.99 \
  --pairs=8 >"$tmp/verify.out" 2>&1
status=$?
sed 's/^/# /' "$tmp/verify.out"
lines=$(grep -c '^\(bcast\|allreduce\) .*(was ' "$tmp/verify.out")
[ "$status" = 3 ] && [ "$lines" = 3 ] &&
  grep -q '^allreduce  *4  *4096  *linear  *linear  *2  *1024 ' "$tmp/verify.out" &&
  grep -q ' faster than .*; 2 the table runs are not; 1 row skipped: it needs more than 4' \
    "$tmp/verify.out" && cmp -s "$conf" "$tmp/before.conf"
result $? "--verify: 3 rows timed again (the overlap shown), the 2 plans no longer faster, exit status 3, file unchanged"

timeout 600 "$b/launch" $np "$b/tools/himpi-tune" --verify="$conf" --min-effect=0.99 \
  --pairs=8 --fix >"$tmp/fix.out" 2>&1
status=$?
sed 's/^/# /' "$tmp/fix.out"
"$b/launch" 1 "$b/tools/himpi-tune" --check="$conf" >"$tmp/check.out" 2>&1
sed 's/^/# check: /' "$tmp/check.out"
awk '$1 !~ /^#/ && NF == 17 {
  rows++
  if ($2 == 4 && $3 != 65536 && $17 !~ /^(small|n\.s\.|slower)$/) bad++
  if ($3 == 65536 && $17 != "native") bad++
  if ($2 == 8 && !($17 == "faster" && $14 == "5.000000e-01")) bad++
  if ($9 != ($1 == "allreduce" && $2 == 4 ? 1024 : 0)) bad++
}
END { exit !(rows == 4 && bad == 0) }' "$tmp/check.out" && [ "$status" = 0 ]
result $? "--fix writes the new verdicts back, overlaps kept; the MPI library's own row and the 8-process row stay"

HIMPI_CONF_FILE=$conf HIMPI_DEBUG=1 HIMPI_NATIVE_CALLS=0 timeout 600 "$b/launch" $np \
  "$b/tools/himpi-bench" --plain -o bcast,allreduce -s 1K,4K --max-reps=5 --no-overhead -q \
  >"$tmp/plain.out" 2>"$tmp/debug.out"
status=$?
grep '^himpi: ' "$tmp/debug.out" | sort -u | sed 's/^/# /'
decisions=$(grep -c '^himpi: [a-z]* p=' "$tmp/debug.out")
others=$(grep '^himpi: [a-z]* p=' "$tmp/debug.out" | grep -vc ': g=1 out=native in=native segment=0 overlap=0 (')
[ "$status" = 0 ] && [ "$decisions" -gt 0 ] && [ "$others" = 0 ]
result $? "after --fix the plain calls run the MPI library's call ($decisions decisions)"

"$b/launch" 1 "$b/tools/himpi-tune" --fix >"$tmp/nofile.out" 2>&1
rc=$?
sed 's/^/# /' "$tmp/nofile.out"
[ "$rc" = 2 ] && grep -q -- '--fix needs --verify=FILE' "$tmp/nofile.out"
result $? "--fix without --verify: a message and exit status 2"

"$b/launch" 1 "$b/tools/himpi-tune" --verify="$tmp/missing.conf" >"$tmp/missing.out" 2>&1
rc=$?
sed 's/^/# /' "$tmp/missing.out"
[ "$rc" = 1 ] && grep -q 'missing.conf: cannot read it' "$tmp/missing.out"
result $? "--verify of a missing table: a message and exit status 1"

printf 'himpi-table 3\nbcast 4 1024 native native 2 1 0 - -\n' >"$tmp/bad.conf"
"$b/launch" 1 "$b/tools/himpi-tune" --verify="$tmp/bad.conf" >"$tmp/bad.out" 2>&1
rc=$?
sed 's/^/# /' "$tmp/bad.out"
printf 'himpi-table 5\nbcast 4 1024 native native 2 1 0 -64 - - - - - - - -\n' >"$tmp/bad5.conf"
"$b/launch" 1 "$b/tools/himpi-tune" --verify="$tmp/bad5.conf" >"$tmp/bad5.out" 2>&1
rc5=$?
sed 's/^/# /' "$tmp/bad5.out"
[ "$rc" = 1 ] && grep -q 'bad.conf:2: row has 10 fields, expected 16' "$tmp/bad.out" &&
  [ "$rc5" = 1 ] && grep -q "bad5.conf:2: overlap '-64': out of range (0..2147483647)" "$tmp/bad5.out"
result $? "--verify of a malformed table: its line and reason, exit status 1"

# A version 3 table reads, and is printed as version 5 with overlap 0.
printf 'himpi-table 3\nbcast 4 1024 native native 2 1 0 1e-5 - - - 0.5 0.4 0.6 faster\n' \
  >"$tmp/v3.conf"
"$b/launch" 1 "$b/tools/himpi-tune" --check="$tmp/v3.conf" >"$tmp/v3.out" 2>&1
rc=$?
sed 's/^/# /' "$tmp/v3.out"
[ "$rc" = 0 ] && grep -qx 'himpi-table 5' "$tmp/v3.out" &&
  grep -qx 'bcast  4  1024  native  native  2  1  0  0  1.000000e-05  -  -  -  5.000000e-01  4.000000e-01  6.000000e-01  faster' \
    "$tmp/v3.out"
result $? "--check reads a version 3 table and prints it as version 5, overlap 0"

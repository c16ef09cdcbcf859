#!/bin/sh
# pcoll_bench.sh: himpi-pcoll-bench end to end on 4 ranks: one row per
# operation, size and plan, each with every column a number and the ratios
# consistent with the times beside them; invalid options are refused with
# exit status 2 and a message.  TAP output; abs_top_builddir is the build
# tree.
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
np=4
. "$(dirname "$0")/../tap.sh"
echo 1..5

timeout 600 "$b/launch" $np "$b/tools/himpi-pcoll-bench" --sizes=8,1K --max-reps=10 \
  >"$tmp/bench.out" 2>"$tmp/bench.err"
result $? "himpi-pcoll-bench on $np ranks, 15 operations, 8 B and 1 KiB"
sed 's/^/# /' "$tmp/bench.out" "$tmp/bench.err"

# 14 operations x 2 sizes x 2 plans (plain, and g=2 native: 2 is the
# integer square root of 4), and barrier's 2 plans at 0 bytes alone.
rows=$(grep -c '^  ' "$tmp/bench.out")
plans=$(awk '/^  / { print $3 }' "$tmp/bench.out" | sort | uniq -c | awk '{ printf "%s %s;", $1, $2 }')
barrier=$(awk '/^  barrier / { print $2 }' "$tmp/bench.out" | tr '\n' ' ')
[ "$rows" = 58 ] && [ "$plans" = "29 g=2;29 plain;" ] && [ "$barrier" = "0 0 " ]
result $? "58 rows, 29 for each plan, barrier's at 0 bytes (found $rows: $plans; $barrier)"

# op bytes plan native blocking persist pers/nat pers/blk saved set-up repaid,
# counted from the end since a plain row's plan is one word, a g= row's two;
# the times are printed to 0.01 us, so what follows from them is checked
# to within that rounding: 0.005 us on each time, which moves a ratio a / b
# by up to a / b (0.005 / a + 0.005 / b), 2.5 % where b is 0.2 us (a
# scatterv of 8 B on 4 ranks).
awk 'function off(x, y) { d = x - y; return d * d > (0.011 + 0.02 * (y < 0 ? -y : y)) ^ 2 }
function off_ratio(x, a, b) { d = x - a / b; return d * d > (0.006 + a / b * (0.0051 / a + 0.0051 / b)) ^ 2 }
/^  / {
  nf = NF; nat = $(nf-7); blk = $(nf-6); per = $(nf-5)
  if (nat <= 0 || blk <= 0 || per <= 0) bad++
  else if (off_ratio($(nf-4), per, nat) || off_ratio($(nf-3), per, blk)) bad++
  if (off($(nf-2), blk - per)) bad++
  if ($nf != "-" && $nf !~ /^[0-9]+$/) bad++
}
END { exit bad > 0 }' "$tmp/bench.out"
result $? "every time is positive, and the ratios and savings follow from the times"

status=0
for bad in --groups=0 --groups=5 --alg=bogus --sizes=-1 --ops=bcast,bogus \
  "--ops=bcast --alg=ring" --no-plain; do
  # shellcheck disable=SC2086 # each case is a list of options
  "$b/launch" 1 "$b/tools/himpi-pcoll-bench" $bad >"$tmp/bad.out" 2>&1
  rc=$?
  if [ "$rc" != 2 ] || ! grep -q 'himpi-pcoll-bench: ' "$tmp/bad.out"; then
    echo "# $bad: exit status $rc"
    sed 's/^/#   /' "$tmp/bad.out"
    status=1
  fi
done
result $status "invalid options give a message and exit status 2"

"$b/launch" 1 "$b/tools/himpi-pcoll-bench" --help >"$tmp/help.out" 2>&1 &&
  grep -q -- '--groups=LIST' "$tmp/help.out"
result $? "--help describes the options"

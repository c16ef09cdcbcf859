#!/bin/sh
# bench.sh: himpi-bench's plain calls and bound column end to end on 4
# ranks: with alpha and beta from a file, every bound is the model's and
# every ratio follows from the times beside it; with a ping-pong measured
# on the spot, alpha and beta are positive; the algorithm table gains the
# bound of its best time; a missing file and a ping-pong on one rank are
# refused with exit status 2 and a message.  TAP output; abs_top_builddir
# is the build tree.
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
np=4
. "$(dirname "$0")/../tap.sh"
echo 1..5

# A fit as himpi-model --fit writes it: alpha 3 us, beta 1.5 ns/B.
printf '# Hockney fit\n# alpha_us beta_ns\n3.0 1.5\n' >"$tmp/model.txt"
timeout 600 "$b/launch" $np "$b/tools/himpi-bench" -o bcast,allreduce -a linear,ring -s 8,1K --plain \
  --bound="$tmp/model.txt" --max-reps=10 --no-overhead -q >"$tmp/plain.out" 2>&1
status=$?
sed 's/^/# /' "$tmp/plain.out"
# op bytes native flat flat-alg plain plain/nat plain/bst bound nat/bnd
# plain/bnd; the bound is ceil(log2 4) alpha + m beta for bcast,
# + 2 (p - 1) / p m beta for allreduce; times are printed to 0.01 us and
# ratios to 0.001; the flat algorithm is one of --algs the operation has
# (bcast has no ring).
awk 'function off(x, y, tol) { d = x - y; return d * d > tol * tol }
/^(bcast|allreduce) / {
  rows++
  want = 6 + ($1 == "bcast" ? 1 : 1.5) * $2 * 0.0015
  best = $4 < $3 ? $4 : $3
  if (off($9, want, 0.006) || $3 <= 0 || $4 <= 0 || $6 <= 0) bad++
  if ($5 != "linear" && ($1 == "bcast" || $5 != "ring")) bad++
  if (off($7, $6 / $3, 0.001 + 0.01 * $7) || off($8, $6 / best, 0.001 + 0.01 * $8) ||
      off($10, $3 / $9, 0.001 + 0.01 * $10) || off($11, $6 / $9, 0.001 + 0.01 * $11)) bad++
}
END { exit !(rows == 4 && bad == 0) }' "$tmp/plain.out"
checked=$?
[ "$status" = 0 ] && [ "$checked" = 0 ]
result $? "--plain --bound=FILE: 4 rows, the best flat algorithm, the model's bounds, ratios that \
follow from the times"

timeout 600 "$b/launch" $np "$b/tools/himpi-bench" -o bcast -s 8 --plain --bound \
  --max-reps=10 --no-overhead -q >"$tmp/pingpong.out" 2>&1
status=$?
sed 's/^/# /' "$tmp/pingpong.out"
[ "$status" = 0 ] && awk '/^# bound: / { a = $7; b = $11; src = $(NF - 6) }
  END { exit !(a > 0 && b > 0 && src == "(ping-pong);") }' "$tmp/pingpong.out"
result $? "--bound without a file fits a ping-pong: alpha and beta positive"

timeout 600 "$b/launch" $np "$b/tools/himpi-bench" -o bcast -a linear,binomial -s 1K -g 2 \
  --bound="$tmp/model.txt" --max-reps=10 --no-overhead -q >"$tmp/algs.out" 2>&1
status=$?
sed 's/^/# /' "$tmp/algs.out"
# op algorithm bytes native flat best-g hier ... bound best/bnd
awk '/^bcast / {
  rows++; best = $7 < $5 ? $7 : $5; d = $NF - best / $(NF - 1)
  if ($(NF - 1) < 7.5 || $(NF - 1) > 7.55 || d * d > (0.01 + 0.01 * $NF) ^ 2) bad++ }
  END { exit !(rows == 2 && bad == 0) }' "$tmp/algs.out"
checked=$?
[ "$status" = 0 ] && [ "$checked" = 0 ]
result $? "the algorithm table with --bound: each row's best time over the bound"

"$b/launch" 1 "$b/tools/himpi-bench" --plain --bound="$tmp/missing.txt" -s 8 --no-overhead \
  >"$tmp/missing.out" 2>&1
rc=$?
sed 's/^/# /' "$tmp/missing.out"
[ "$rc" = 2 ] && grep -q 'himpi-bench: .*missing.txt' "$tmp/missing.out"
result $? "a missing model file: a message and exit status 2"

"$b/launch" 1 "$b/tools/himpi-bench" --plain --bound -s 8 --no-overhead >"$tmp/one.out" 2>&1
rc=$?
sed 's/^/# /' "$tmp/one.out"
[ "$rc" = 2 ] && grep -q 'needs 2 processes' "$tmp/one.out"
result $? "--bound without a file on one rank: a message and exit status 2"

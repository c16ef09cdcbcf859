#!/bin/sh
# bench.sh: himpi-bench's plain calls and bound column end to end on 4
# ranks: with alpha and beta from a file, every bound is the model's and
# every ratio follows from the times beside it; with a ping-pong measured
# on the spot, alpha and beta are positive; the algorithm table gains the
# bound of its best time; a missing file and a ping-pong on one rank are
# refused with exit status 2 and a message.  Then the machine-readable
# formats: --csv of both tables (the algorithm table with the overhead
# table in the same stream), every line as wide as its header, ratios
# that follow from its times, bounds that the text rounds; --osu with
# OSU's header in every block and Min <= Avg <= Max on every line; --csv
# with --osu, and --osu with --bound, refused.  TAP output;
# abs_top_builddir is the build tree.
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
np=4
. "$(dirname "$0")/../tap.sh"
echo 1..9

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

# csv_lines FILE HEADER: FILE has HEADER as its first line, no comment,
# and as many fields on every line as the header names.
csv_lines() {
  awk -F, -v h="$2" 'NR == 1 { n = NF; if ($0 != h) bad++ }
    /^#/ || NF != n { bad++ } END { exit !(NR > 1 && bad == 0) }' "$1"
}
# csv_get FILE TABLE COLUMN...: the named cells of the lines of TABLE in
# FILE, space-separated, "-" for an empty one; fails on an unknown name.
csv_get() {
  f=$1 t=$2
  shift 2
  awk -F, -v t="$t" -v want="$*" 'NR == 1 {
      for (i = 1; i <= NF; i++) col[$i] = i
      n = split(want, w, " ")
      for (i = 1; i <= n; i++) if (!(w[i] in col)) exit 1
    }
    NR > 1 && $1 == t {
      for (i = 1; i <= n; i++) printf "%s%s", ($(col[w[i]]) == "" ? "-" : $(col[w[i]])), (i < n ? " " : "\n")
    }' "$f"
}
# Whether ratio r, printed to 6 digits, is not a / b, times printed to
# 0.001 us.
ratio_off='function ratio_off(r, a, b) { d = r - a / b; t = r * (1e-5 + 0.0006 / a + 0.0006 / b)
  return d * d > t * t }'

timeout 600 "$b/launch" $np "$b/tools/himpi-bench" -o bcast -a linear,binomial -s 1K -g 2 \
  --bound="$tmp/model.txt" --max-reps=10 --csv -q >"$tmp/algs.csv" 2>"$tmp/algs.err"
status=$?
sed 's/^/# /' "$tmp/algs.csv" "$tmp/algs.err"
csv_get "$tmp/algs.csv" algorithms op algorithm bytes native_us flat_us best_g hier_us flat_nat \
  hier_flat hier_nat bound_us best_bnd >"$tmp/algs.rows" &&
  csv_get "$tmp/algs.csv" overhead op bytes self_mpi_us self_params_us self_plain_us extra_us \
    lookup_us all_mpi_us all_params_us >"$tmp/overhead.rows"
got=$?
# The rows of the text run above, in its order and with its bounds rounded.
awk '{ printf "%s %s %s %.2f\n", $1, $2, $3, $11 }' "$tmp/algs.rows" >"$tmp/algs.keys"
awk '/^bcast / { print $1, $2, $3, $(NF - 1) }' "$tmp/algs.out" >"$tmp/text.keys"
# op algorithm bytes native flat best-g hier flat/nat hier/flat hier/nat
# bound best/bnd; then op bytes, on MPI_COMM_SELF: MPI params plain extra
# lookup, on all ranks: MPI params; each table's cells filled, the other's
# empty
awk "$ratio_off"'{ rows++; best = $7 < $5 ? $7 : $5
  if ($4 <= 0 || $5 <= 0 || $7 <= 0 || $6 != 2 || $11 != "7.536") bad++
  if (ratio_off($8, $5, $4) || ratio_off($9, $7, $5) || ratio_off($10, $7, $4) ||
      ratio_off($12, best, $11)) bad++ }
  END { exit !(rows == 2 && bad == 0) }' "$tmp/algs.rows" &&
  awk '{ rows++; d = $6 - ($4 - $3); e = $7 - ($5 - $4)
    if ($1 != "bcast" || $2 != 8 || $3 < 0 || $8 <= 0 || $9 <= 0 || d * d > 0.0015 ^ 2 ||
        e * e > 0.0015 ^ 2) bad++ }
    END { exit !(rows == 1 && bad == 0) }' "$tmp/overhead.rows" &&
  awk -F, 'NR > 1 { n = 0; for (i = 1; i <= NF; i++) n += $i != ""
    if (n != ($1 == "overhead" ? 10 : 13)) bad++ } END { exit bad > 0 }' "$tmp/algs.csv"
checked=$?
[ "$status" = 0 ] && [ "$got" = 0 ] && [ "$checked" = 0 ] && [ "$(wc -l <"$tmp/algs.csv")" = 4 ] &&
  csv_lines "$tmp/algs.csv" "table,op,algorithm,bytes,native_us,flat_us,best_g,hier_us,flat_nat,\
hier_flat,hier_nat,bound_us,best_bnd,self_mpi_us,self_params_us,self_plain_us,extra_us,lookup_us,\
all_mpi_us,all_params_us" && cmp -s "$tmp/algs.keys" "$tmp/text.keys"
result $? "--csv: the algorithm table and the overhead table under one header, ratios that follow \
from the times, the text's rows and bounds"

timeout 600 "$b/launch" $np "$b/tools/himpi-bench" -o bcast -a linear -s 8 --plain \
  --bound="$tmp/model.txt" --max-reps=10 --no-overhead --csv -q >"$tmp/plain.csv" 2>"$tmp/plain.err"
status=$?
sed 's/^/# /' "$tmp/plain.csv" "$tmp/plain.err"
# op bytes native flat flat-alg plain plain/nat plain/bst bound nat/bnd
# plain/bnd; the bound is the text's for bcast at 8 bytes, rounded
csv_get "$tmp/plain.csv" plain op bytes native_us flat_us flat_alg plain_us plain_nat plain_bst \
  bound_us nat_bnd plain_bnd >"$tmp/plain.rows" &&
  awk "$ratio_off"'FNR == NR { if ($1 == "bcast" && $2 == 8) text = $9; next }
  { rows++; best = $4 < $3 ? $4 : $3
    if ($3 <= 0 || $4 <= 0 || $6 <= 0 || $5 != "linear" || $9 != "6.012" ||
        sprintf("%.2f", $9) != text) bad++
    if (ratio_off($7, $6, $3) || ratio_off($8, $6, best) || ratio_off($10, $3, $9) ||
        ratio_off($11, $6, $9)) bad++ }
  END { exit !(rows == 1 && bad == 0) }' "$tmp/plain.out" "$tmp/plain.rows"
checked=$?
[ "$status" = 0 ] && [ "$checked" = 0 ] && csv_lines "$tmp/plain.csv" \
  "table,op,bytes,native_us,flat_us,flat_alg,plain_us,plain_nat,plain_bst,bound_us,nat_bnd,plain_bnd"
result $? "--csv --plain: the plain table's header and row, ratios that follow from the times"

timeout 600 "$b/launch" $np "$b/tools/himpi-bench" -o bcast -a linear,binomial -s 8,1K -g 2 \
  --max-reps=10 --osu -q >"$tmp/osu.out" 2>"$tmp/osu.err"
status=$?
sed 's/^/# /' "$tmp/osu.out" "$tmp/osu.err"
# A block for the native call and for each algorithm flat and in 2 groups,
# in that order: its title, OSU's header, a line for each size; the
# latencies to 0.01 us, the iterations those of --min-reps to --max-reps;
# Min and Max are over ranks, which do not all take the same time.
awk -v want="the MPI library's own|linear, flat|linear, 2 groups|binomial, flat|binomial, 2 groups" '
BEGIN { n = split(want, w, "|"); sizes[1] = 8; sizes[2] = 1024 }
/^# himpi-bench bcast: / { sub(/^# himpi-bench bcast: /, ""); if ($0 != w[++blocks]) bad++; head = 1; line = 0; next }
head { head = 0; if ($0 != "# Size       Avg Latency(us)   Min Latency(us)   Max Latency(us)  Iterations") bad++; next }
/^#/ || NF == 0 { next }
{ lines++
  if (NF != 5 || $1 != sizes[++line] || $2 !~ /^[0-9]+\.[0-9][0-9]$/ || $3 !~ /^[0-9]+\.[0-9][0-9]$/ ||
      $4 !~ /^[0-9]+\.[0-9][0-9]$/ || $5 < 5 || $5 > 10 || $3 <= 0 || $3 > $2 || $2 > $4) bad++
  spread += $3 < $4 }
END { exit !(blocks == n && lines == 2 * n && spread > 0 && bad == 0) }' "$tmp/osu.out"
checked=$?
[ "$status" = 0 ] && [ "$checked" = 0 ] && ! grep -q overhead "$tmp/osu.out"
result $? "--osu: a block for each variant, OSU's header, Min <= Avg <= Max on every line"

"$b/launch" 1 "$b/tools/himpi-bench" --csv --osu -s 8 --no-overhead >"$tmp/both.out" 2>&1
rc=$?
"$b/launch" 1 "$b/tools/himpi-bench" --osu --bound="$tmp/model.txt" -s 8 >"$tmp/osu-bound.out" 2>&1
rc2=$?
sed 's/^/# /' "$tmp/both.out" "$tmp/osu-bound.out"
[ "$rc" = 2 ] && grep -q 'himpi-bench: --csv and --osu exclude each other' "$tmp/both.out" &&
  [ "$rc2" = 2 ] && grep -q 'himpi-bench: --osu has no column for --bound' "$tmp/osu-bound.out" &&
  ! grep -qE '^table,|Latency' "$tmp/both.out" "$tmp/osu-bound.out"
result $? "--csv with --osu, and --osu with --bound: a message and exit status 2"

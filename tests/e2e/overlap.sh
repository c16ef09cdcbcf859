#!/bin/sh
# overlap.sh: himpi-overlap end to end on 4 ranks: a row for each
# operation and size, the plans among the candidates asked for, every
# efficiency (between + inside - ovl) / the smaller stage and every bound
# and ratio as the times beside them give it, a gain only beside a
# significant verdict; uneven groups (3 of 4 ranks) and a root that does
# not lead by rank (the stages' own sub-communicators); --csv with its
# header, as wide as it on every line, and cells that follow from each
# other; --pairs=0, which compares nothing; --compute, HiMPI's nonblocking
# collective on one plan and the MPI library's, with a hidden part that
# follows from the times; invalid options refused with
# exit status 2 and a message.  TAP output; abs_top_builddir is the build
# tree.
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
np=4
. "$(dirname "$0")/../tap.sh"
echo 1..7

# A fit as himpi-model --fit writes it: alpha 3 us, beta 1.5 ns/B.
printf '# Hockney fit\n# alpha_us beta_ns\n3.0 1.5\n' >"$tmp/model.txt"
timeout 600 "$b/launch" $np "$b/tools/himpi-overlap" -o bcast,allreduce -a binomial,ring \
  -s 256K -g 2 -O 64K,128K,1M --pairs=6 --pair-span=0 --max-reps=10 --bound="$tmp/model.txt" -q \
  >"$tmp/text.out" 2>&1
status=$?
sed 's/^/# /' "$tmp/text.out"
# op bytes native flat flat-alg plan g plan-alg ovl g ovl-alg overlap
# between inside effic ovl/plan lo hi verdict gain bound nat/bnd flat/bnd
# plan/bnd ovl/bnd: bcast has binomial alone of the two, allreduce ring;
# 1M is above half the message, so it is skipped; the bandwidth bound is
# m beta, and 2 (p - 1) / p m beta for allreduce; times are printed to
# 0.01 us, efficiency and the bound's ratios to 0.01, the comparison's
# ratios to 0.001.
awk 'function off(x, y, tol) { d = x - y; return d * d > tol * tol }
/^(bcast|allreduce) / {
  rows++
  alg = $1 == "bcast" ? "binomial" : "ring"
  if (NF != 25 || $2 != 262144 || $5 != alg || $8 != alg || $11 != alg || $7 != 2 || $10 != 2) bad++
  if ($12 != 65536 && $12 != 131072) bad++
  if ($3 <= 0 || $4 <= 0 || $6 <= 0 || $9 <= 0 || $13 <= 0 || $14 <= 0) bad++
  # Each time is rounded by up to 0.005 us: the numerator by 0.015, the
  # denominator by 0.005, which moves the ratio by |effic| 0.005 / small.
  small = $13 < $14 ? $13 : $14
  e = ($13 + $14 - $9) / small
  if (off($15, e, 0.006 + (0.016 + 0.0051 * (e < 0 ? -e : e)) / small)) bad++
  if ($19 !~ /^(faster|small|n\.s\.|slower)$/ || $17 > $16 || $16 > $18) bad++
  sig = $19 == "faster" || $19 == "small"
  if (sig && off($20 + 0, 1 / $16, 0.006 + 0.001 / $16 ^ 2)) bad++
  if (!sig && $20 != $19) bad++
  want = ($1 == "bcast" ? 1 : 1.5) * 262144 * 0.0015
  if (off($21, want, 0.006)) bad++
  if (off($22, $3 / $21, 0.006) || off($23, $4 / $21, 0.006) || off($24, $6 / $21, 0.006) ||
      off($25, $9 / $21, 0.006)) bad++
}
END { exit !(rows == 2 && bad == 0) }' "$tmp/text.out"
checked=$?
[ "$status" = 0 ] && [ "$checked" = 0 ] && grep -q '^# bound: beta 1.500000 ns/B' "$tmp/text.out"
result $? "bcast and allreduce: the candidates asked for, efficiencies, gains and bounds that \
follow from the times"

# csv_get FILE COLUMN...: the named cells of FILE's lines but the header,
# space-separated, "-" for an empty one; fails on an unknown name.
csv_get() {
  f=$1
  shift
  awk -F, -v want="$*" 'NR == 1 {
      for (i = 1; i <= NF; i++) col[$i] = i
      n = split(want, w, " ")
      for (i = 1; i <= n; i++) if (!(w[i] in col)) exit 1
    }
    NR > 1 {
      for (i = 1; i <= n; i++) printf "%s%s", ($(col[w[i]]) == "" ? "-" : $(col[w[i]])), (i < n ? " " : "\n")
    }' "$f"
}
header="table,op,bytes,native_us,native_ci_us,flat_us,flat_ci_us,flat_alg,plan_us,plan_ci_us,\
plan_g,plan_alg,ovl_us,ovl_ci_us,ovl_g,ovl_alg,overlap,between_us,between_ci_us,inside_us,\
inside_ci_us,efficiency,ovl_plan,ovl_plan_lo,ovl_plan_hi,verdict,gain"

# Three groups of 4 ranks are 2, 1 and 1: allreduce's second rank of the
# first group gets its result from the first; root 1 leads the first
# group though it is not its first rank.
timeout 600 "$b/launch" $np "$b/tools/himpi-overlap" -o reduce,allreduce -a binomial,ring \
  -s 256K,512K -g 3 -O 128K --root=1 --pairs=6 --pair-span=0 --max-reps=10 --csv -q \
  >"$tmp/uneven.csv" 2>"$tmp/uneven.err"
status=$?
sed 's/^/# /' "$tmp/uneven.csv" "$tmp/uneven.err"
csv_get "$tmp/uneven.csv" table op bytes native_us flat_us flat_alg plan_us plan_g plan_alg \
  ovl_us ovl_g ovl_alg overlap between_us inside_us efficiency ovl_plan ovl_plan_lo ovl_plan_hi \
  verdict gain >"$tmp/uneven.rows"
got=$?
awk 'function off(x, y, tol) { d = x - y; return d * d > tol * tol }
{ rows++
  alg = $2 == "reduce" ? "binomial" : "ring"
  if ($1 != "levels" || $6 != alg || $9 != alg || $12 != alg || $8 != 3 || $11 != 3 ||
      $13 != 131072) bad++
  if ($4 <= 0 || $5 <= 0 || $7 <= 0 || $10 <= 0 || $14 <= 0 || $15 <= 0) bad++
  # Times to 0.001 us, the efficiency to 6 digits: as above, with 0.0005.
  small = $14 < $15 ? $14 : $15
  e = ($14 + $15 - $10) / small
  if (off($16, e, 1e-5 * (e < 0 ? -e : e) + (0.002 + 0.00051 * (e < 0 ? -e : e)) / small)) bad++
  if ($18 > $17 || $17 > $19) bad++
  sig = $20 == "faster" || $20 == "small"
  if (sig ? off($21, 1 / $17, 1e-5 / $17) : $21 != "-") bad++
  sizes = sizes " " $2 ":" $3
}
END { exit !(rows == 4 && bad == 0 &&
             sizes == " reduce:262144 reduce:524288 allreduce:262144 allreduce:524288") }' \
  "$tmp/uneven.rows"
checked=$?
[ "$status" = 0 ] && [ "$got" = 0 ] && [ "$checked" = 0 ] &&
  [ "$(head -n 1 "$tmp/uneven.csv")" = "$header" ] &&
  awk -F, 'NR == 1 { n = NF } NF != n || /^#/ { bad++ } END { exit !(NR == 5 && bad == 0) }' \
    "$tmp/uneven.csv"
result $? "--csv, 3 uneven groups, root 1: the header, 4 rows as wide as it, efficiencies and \
gains that follow from the cells"

timeout 600 "$b/launch" $np "$b/tools/himpi-overlap" -o bcast -a linear -s 128K -g 2 \
  --pairs=0 --max-reps=10 -q >"$tmp/nopairs.out" 2>&1
status=$?
sed 's/^/# /' "$tmp/nopairs.out"
[ "$status" = 0 ] && grep -q '^# comparison: none' "$tmp/nopairs.out" &&
  awk '/^bcast / { rows++; if (NF != 20 || $12 != 65536 || $16 != "-" || $19 != "-" ||
    $20 != "-") bad++ } END { exit !(rows == 1 && bad == 0) }' "$tmp/nopairs.out"
result $? "--pairs=0: no comparison, no verdict, no gain"

# One message too small for any overlap: no overlapped plan, the stages of
# the plan without.
timeout 600 "$b/launch" $np "$b/tools/himpi-overlap" -o bcast -a linear -s 64K -g 2 \
  --max-reps=10 -q >"$tmp/small.out" 2>&1
status=$?
sed 's/^/# /' "$tmp/small.out"
[ "$status" = 0 ] && awk '/^bcast / { rows++
    if (NF != 20 || $9 != "-" || $10 != "-" || $12 != "-" || $13 <= 0 || $14 <= 0 ||
        $15 != "-" || $19 != "-") bad++ } END { exit !(rows == 1 && bad == 0) }' \
  "$tmp/small.out"
result $? "no overlap fits 64 KiB: no overlapped plan, the plan's stages, no efficiency"

# One plan, given: posted, 200 us and 2 ms of computation, tested every
# 50 us; hidden = (coll + compute - total) / coll, within [0, 1].
timeout 600 "$b/launch" $np "$b/tools/himpi-overlap" -o bcast,allreduce -a binomial,ring -s 256K \
  -g 2 -O 64K --compute=200,2000 --test-every=50 --max-reps=10 --csv -q >"$tmp/compute.csv" \
  2>"$tmp/compute.err"
status=$?
sed 's/^/# /' "$tmp/compute.csv" "$tmp/compute.err"
awk -F, 'function off(h, c, w, t) { x = (c + w - t) / c; x = x < 0 ? 0 : x > 1 ? 1 : x
    d = h - x; return d * d > (1e-5 + 0.002 / c) ^ 2 }
  NR == 1 { if ($0 != "table,op,bytes,g,alg,overlap,test_every_us,compute_us,himpi_coll_us," \
                     "himpi_total_us,himpi_hidden,mpi_coll_us,mpi_total_us,mpi_hidden") bad++; next }
  { rows++; alg = $2 == "bcast" ? "binomial" : "ring"
    if (NF != 14 || $1 != "compute" || $3 != 262144 || $4 != 2 || $5 != alg || $6 != 65536 ||
        $7 != 50 || $8 <= 0 || $9 <= 0 || $10 <= 0 || $12 <= 0 || $13 <= 0) bad++
    if (off($11, $9, $8, $10) || off($14, $12, $8, $13)) bad++
    if (rows % 2 == 0 && $8 <= prev) bad++
    prev = $8 }
  END { exit !(rows == 4 && bad == 0) }' "$tmp/compute.csv"
checked=$?
[ "$status" = 0 ] && [ "$checked" = 0 ]
result $? "--compute: HiMPI's nonblocking collective and the MPI library's, each computation \
longer than the last, hidden parts that follow from the times"

status=0
for bad in --test-every=50 "--compute=100 --bound=$tmp/model.txt" --compute=0 --ops=scatter --ops=bcast,bogus --algs=bogus "--ops=bcast --algs=ring" --groups=1 \
  --groups=4 --overlaps=0 --sizes=4 --pairs=-1 --min-effect=1 --pair-span=x \
  --bound="$tmp/missing.txt" --method=bogus extra; do
  # shellcheck disable=SC2086 # each case is a list of options
  "$b/launch" $np "$b/tools/himpi-overlap" $bad -s 64K -g 2 >"$tmp/bad.out" 2>&1
  rc=$?
  if [ "$rc" != 2 ] || ! grep -q 'himpi-overlap: ' "$tmp/bad.out" || grep -q '^bcast ' "$tmp/bad.out"; then
    echo "# $bad: exit status $rc"
    sed 's/^/#   /' "$tmp/bad.out"
    status=1
  fi
done
"$b/launch" 2 "$b/tools/himpi-overlap" -s 64K >"$tmp/two.out" 2>&1
rc=$?
sed 's/^/# /' "$tmp/two.out"
[ "$status" = 0 ] && [ "$rc" = 2 ] && grep -q 'give --groups' "$tmp/two.out"
result $? "invalid options, and 2 processes without --groups: a message and exit status 2"

"$b/launch" 1 "$b/tools/himpi-overlap" --help >"$tmp/help.out" 2>&1 &&
  grep -q -- '--overlaps=LIST' "$tmp/help.out" &&
  "$b/launch" 1 "$b/tools/himpi-overlap" --version | grep -q '^himpi-overlap (HiMPI) '
result $? "--help describes the options, --version names the tool"

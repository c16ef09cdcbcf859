#!/bin/sh
# calibration.sh NP: checks that a shipped SimGrid platform behaves as the
# figures it is calibrated to say (configs/platforms/calibration, the line
# whose np is NP; tests/smpi/run runs it).  TAP output; abs_top_builddir is
# the build tree.
#   1. A ping-pong over the reference pair, 1 B to 16 MiB: every one-way
#      time within 5 % of alpha + m beta.
#   2. Hockney's fit of it (himpi-model --fit): alpha and beta within 5 %.
#   3. One process injects one message at a time: the linear bcast of
#      16 B on NP ranks, one per node, takes at least (NP - 2) o + alpha
#      (the last of NP - 1 sends leaves after NP - 1 overheads, and arrives
#      alpha - o later).
#   4. No bcast beats the platform's LogGP bound, the larger of
#      alpha + m beta and the optimal LogP broadcast tree (Karp et al.,
#      1993: every informed process sends every o, each message informs
#      its receiver alpha later): the MPI library's, and HiMPI's linear and
#      binomial, flat and on 2 and 16 groups (NP / 2 below 32 ranks), at
#      16 B, 16 KiB and 1 MiB.
#   5. The MPI library's bcast and HiMPI's flat binomial, whose processes
#      send to one child at a time, never beat Hockney's bound
#      ceil(log2 NP) alpha + m beta either.  (A leader that sends to a few
#      ranks o apart can: README.md, "Calibration".)
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
np=${1:?usage: calibration.sh NP}
here=$(cd "$(dirname "$0")" && pwd)
platforms=$here/../../configs/platforms
. "$here/../tap.sh"
echo 1..5

read -r platform pair alpha beta o hosts _ <<EOF
$(awk -v np="$np" '!/^#/ && $7 == np' "$platforms/calibration")
EOF
if [ -z "$platform" ]; then
  echo "Bail out! configs/platforms/calibration has no platform checked on $np ranks"
  exit 1
fi
echo "# $platform: alpha $alpha us, beta $beta ns/B, o $o us"

# sim NP HOSTFILE PROGRAM [ARGUMENT]...: PROGRAM on the platform, with the
# MPICH selector the benchmark report uses.
sim() {
  ranks=$1 hostfile=$2
  shift 2
  "$b/launch" "$ranks" -platform "$platforms/$platform.xml" -hostfile "$hostfile" \
    --cfg=smpi/coll-selector:mpich "$@"
}

echo "$pair" | tr , '\n' >"$tmp/pair.hosts"
sim 2 "$tmp/pair.hosts" "$b/tools/mpib-measure" --op pingpong -m 1 -M 16M -S 4 -q \
  >"$tmp/pingpong.out"
awk -v a="$alpha" -v b="$beta" '
  /^#/ { next }
  { t = $2 / 2; want = a + $1 * b / 1000; e = (t - want) / want
    printf "# %9d B: %10.3f us one way, %10.3f expected (%+.2f %%)\n", $1, t, want, 100 * e
    n++; if (e > 0.05 || e < -0.05) bad++ }
  END { exit !(n == 13 && bad == 0) }' "$tmp/pingpong.out"
result $? "$platform: ping-pong between $pair within 5 % of alpha + m beta, 1 B to 16 MiB"

sim 1 "$tmp/pair.hosts" "$b/tools/himpi-model" --fit="$tmp/pingpong.out" >"$tmp/fit.out"
read -r fa fb <<EOF
$(awk '!/^#/ { print $1, $2 }' "$tmp/fit.out")
EOF
echo "# fit: alpha $fa us, beta $fb ns/B"
awk -v a="$alpha" -v b="$beta" -v fa="$fa" -v fb="$fb" 'BEGIN {
  ea = (fa - a) / a; eb = (fb - b) / b
  exit !(fa != "" && ea <= 0.05 && ea >= -0.05 && eb <= 0.05 && eb >= -0.05) }'
result $? "$platform: the Hockney fit gives alpha and beta within 5 %"

groups=2,$((np < 32 ? np / 2 : 16))
sim "$np" "$platforms/$hosts" "$b/tools/himpi-bench" -o bcast -a linear,binomial \
  -s 16,16K,1M -g "$groups" -t global --min-reps 2 --max-reps 3 --no-overhead -q >"$tmp/bench.out"
grep -v '^#' "$tmp/bench.out" | sed 's/^/# /'
# Rows: op algorithm bytes native flat best-g hier ...
awk -v np="$np" -v a="$alpha" -v o="$o" '
  $2 == "linear" && $3 == 16 { n++; if ($5 < (np - 2) * o + a) bad++ }
  END { exit !(n == 1 && bad == 0) }' "$tmp/bench.out"
result $? "$platform: the linear bcast's root injects one message per o: 16 B on $np ranks"

# below KIND COLUMNS [ALGORITHM]: fails if a time in COLUMNS (4 native,
# 5 flat, 7 hierarchical) of the rows (of ALGORITHM's, if given) is below
# the bound KIND, loggp or hockney, and says which.
below() {
  awk -v np="$np" -v a="$alpha" -v b="$beta" -v o="$o" -v kind="$1" -v cols="$2" -v alg="$3" '
    BEGIN {
      # The optimal LogP tree: the earliest free sender informs one more
      # process until all np are.
      free[0] = 0; informed = 1; last = 0
      while (informed < np) {
        s = 0
        for (i = 1; i < informed; i++) if (free[i] < free[s]) s = i
        t = free[s] + a; free[informed++] = t; free[s] += o
        if (t > last) last = t
      }
      lg = 0; while (2 ^ lg < np) lg++
      split(cols, col, ",")
    }
    $1 != "bcast" || (alg != "" && $2 != alg) { next }
    { m = $3 * b / 1000
      bound = kind == "hockney" ? lg * a + m : (last > a + m ? last : a + m)
      for (c in col) if ($col[c] < bound) {
        printf "# %s, %d B, column %d: %.3f us, below the %s bound %.3f\n", $2, $3, col[c], $col[c], kind, bound
        bad++ }
      n++ }
    END { exit !(n == (alg == "" ? 6 : 3) && bad == 0) }' "$tmp/bench.out"
}
below loggp 4,5,7
result $? "$platform: no bcast on $np ranks beats the LogGP bound"
below hockney 4 && below hockney 5 binomial
result $? "$platform: neither the MPI library's bcast nor the flat binomial beats ceil(log2 p) alpha + m beta"

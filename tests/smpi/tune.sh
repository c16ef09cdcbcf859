#!/bin/sh
# tune.sh NP: guided tuning end to end on NP simulated ranks (tests/smpi/run
# runs it).  himpi-tune --search=guided tunes the broadcast with native and
# with chain from 1 KiB to 16 KiB; himpi-tune --check accepts the table,
# which holds one row per size and algorithm, none slower than flat, each
# compared with the MPI library's call (8 pairs: the simulation has no
# noise, so every pair gives the same ratio).  Then plain HiMPI_Bcast calls
# on the table take every plan from it (by HIMPI_DEBUG: the faster row with
# the smallest ratio at the size each looks up, or the MPI library's call
# where no row is faster) and equal MPI_Bcast element by element, and
# nothing is tuned again.  TAP output; abs_top_builddir is
# the build tree.
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
np=${1:?usage: tune.sh NP}
run="sh $(dirname "$0")/run"
. "$(dirname "$0")/../tap.sh"
conf=$tmp/himpi.conf
echo 1..6

$run "$np" "$b/tools/himpi-tune" --ops=bcast --algs=native,chain --search=guided \
  --min-msg=1K --max-msg=16K --stride=4 --max-reps=10 --pairs=8 --output="$conf" \
  >"$tmp/tune.out" 2>&1
result $? "himpi-tune --search=guided on $np ranks, bcast with native and chain, 1 to 16 KiB"
grep -v '% done' "$tmp/tune.out" | sed 's/^/# /'

$run 1 "$b/tools/himpi-tune" --check="$conf" >"$tmp/check.out" 2>&1
result $? "himpi-tune --check accepts the table"

# Rows: op procs size alg_out alg_in layout levels segment overlap time
# flat_time ci flat_ci ratio ratio_lo ratio_hi verdict.
awk -v np="$np" '
  !/^bcast / { next }
  { rows++ }
  $2 != np || $4 != $5 || ($4 != "native" && $4 != "chain") { bad = bad " " $3 "/" $4 }
  $3 != 1024 && $3 != 4096 && $3 != 16384 { bad = bad " " $3 }
  seen[$3 " " $4]++ { bad = bad " " $3 "/" $4 "twice" }
  !($10 > 0 && $10 <= $11) { bad = bad " " $3 "/" $4 ":slower-than-flat" }
  NF != 17 || $17 !~ /^(faster|n\.s\.|small|slower|native)$/ { bad = bad " " $3 "/" $4 ":verdict" }
  $9 != 0 { bad = bad " " $3 "/" $4 ":overlap" }
  END {
    if (rows != 6 || bad != "") { print "# " rows " rows; wrong:" bad; exit 1 }
  }' "$tmp/check.out"
result $? "the table has one row per size and algorithm, each at most the flat time"

cp "$conf" "$tmp/before.conf"
HIMPI_CONF_FILE=$conf HIMPI_DEBUG=1 $run "$np" "$b/tests/mpi/test_plain" bcast \
  >"$tmp/plain.out" 2>"$tmp/debug.out"
status=$?
sed 's/^/# /' "$tmp/plain.out"
grep -q '^ok' "$tmp/plain.out" && ! grep -q '^not ok' "$tmp/plain.out" && [ "$status" = 0 ]
result $? "plain HiMPI_Bcast on the tuned table equals MPI_Bcast"

# A decision reads "himpi: bcast p=P size=S: LAYOUT out=A in=B segment=N
# overlap=O (table: p=P size=T, ...)"; it must be the faster row of size T with the
# smallest ratio, or the MPI library's flat call if none is faster.
awk -v np="$np" '
  FNR == NR {
    if ($1 == "bcast" && $17 == "faster" && (!($3 in best) || $14 < best[$3])) {
      best[$3] = $14
      plan[$3] = " g=" $6 " in=" $5 " out=" $4 " "
    }
    next
  }
  /^himpi: bcast / {
    decisions++
    if ($0 !~ "[(]table: p=" np " size=[0-9]+[,;]") { bad++; next }
    t = $0; sub(/.*[(]table: p=[0-9]+ size=/, "", t); sub(/[,;].*/, "", t)
    want = t in plan ? plan[t] : " g=1 in=native out=native "
    if (index(want, " " $5 " ") == 0 || index(want, " " $6 " ") == 0 ||
        index(want, " " $7 " ") == 0) bad++
  }
  END {
    print "# " decisions " decisions, " bad + 0 " not the plan the table says"
    exit !(decisions > 0 && bad == 0)
  }' "$tmp/check.out" "$tmp/debug.out"
result $? "every plan is the table's: its faster row with the smallest ratio, or MPI's call"
grep -m 3 '^himpi: ' "$tmp/debug.out" | sed 's/^/# /'

cmp -s "$conf" "$tmp/before.conf"
result $? "nothing was tuned again: the table is unchanged"

#!/bin/sh
# fingerprint.sh: a table's fingerprint end to end on 4 ranks.  himpi-tune
# records the job it tuned on (MPI library, HiMPI, nodes, processes per
# node, placement, topology); plain calls on the same job load it without
# a word; a table whose fingerprint differs in a field, or a job of
# another shape, gets one warning naming the difference and runs;
# HIMPI_STRICT=1 refuses such a table; a version 3 table, which has no
# fingerprint, loads with a note.  TAP output; abs_top_builddir is the
# build tree.
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
np=4
. "$(dirname "$0")/../tap.sh"
echo 1..6
conf=$tmp/himpi.conf

# plain NP TABLE: the plain calls of himpi-bench on TABLE, output in $tmp/plain.out.
plain() {
  HIMPI_CONF_FILE=$2 timeout 600 "$b/launch" "$1" "$b/tools/himpi-bench" --plain -o bcast -s 8 \
    --min-reps=5 --max-reps=5 --no-overhead -q >"$tmp/plain.out" 2>&1
  status=$?
  sed 's/^/# /' "$tmp/plain.out"
  return $status
}

timeout 600 "$b/launch" $np "$b/tools/himpi-tune" --ops bcast -m 8 -M 8 --max-reps=5 --pairs=6 \
  -o "$conf" -q >"$tmp/tune.out" 2>&1
status=$?
sed 's/^/# /' "$tmp/tune.out" "$conf"
[ "$status" = 0 ] && awk '$1 == "himpi-table" { v = $2 } $1 == "mpi" { mpi = 1 }
  $1 == "himpi" { h = $2 } $1 == "nodes" { nodes = $2 } $1 == "ppn" { ppn = $2 }
  $1 == "placement" { pl = $2 } $1 == "topology" { topo = $2 }
  END { exit !(v == 5 && mpi && h != "" && nodes == 1 && ppn == 4 && pl == "block" &&
               length(topo) == 16 && topo ~ /^[0-9a-f]+$/) }' "$conf"
result $? "himpi-tune records the fingerprint: version 5, 1 node, 4 a node, block, a digest"

plain $np "$conf" && ! grep -q '^himpi:' "$tmp/plain.out"
result $? "the job it was tuned on loads it without a word"

sed 's/^nodes .*/nodes 3/' "$conf" >"$tmp/nodes.conf"
plain $np "$tmp/nodes.conf" &&
  [ "$(grep -c '^himpi: warning: .*tuned elsewhere: nodes 3, here 1; its plans are used' \
    "$tmp/plain.out")" = 1 ]
result $? "a table tuned on 3 nodes: one warning naming the nodes, and the calls run"

plain 2 "$conf" && grep -q '^himpi: warning: .*: 4 processes a node, here 2;' "$tmp/plain.out"
result $? "a job of 2 processes a node on a table of 4: the warning names it"

HIMPI_STRICT=1 plain $np "$tmp/nodes.conf"
status=$?
[ "$status" != 0 ] && grep -q '^himpi: HIMPI_STRICT=1: refusing a table tuned elsewhere' \
  "$tmp/plain.out"
result $? "HIMPI_STRICT=1 refuses a table tuned elsewhere"

# Version 3 rows have no overlap, the ninth field of version 5's.
sed -e 's/^himpi-table 5/himpi-table 3/' -e '/^\(himpi\|nodes\|placement\|topology\) /d' \
  "$conf" | awk 'NF == 17 && $1 !~ /^#/ { $9 = "" } { print }' >"$tmp/v3.conf"
plain $np "$tmp/v3.conf" &&
  [ "$(grep -c '^himpi: note: .*has no fingerprint (format 3 or older)' "$tmp/plain.out")" = 1 ]
result $? "a version 3 table loads, with a note that it has no fingerprint"

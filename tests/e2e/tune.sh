#!/bin/sh
# tune.sh: tuning end to end on 4 ranks, as a user would do it: himpi-tune
# writes a table whose every row was compared with the MPI library's call,
# himpi-tune --check accepts it, then a program making plain calls runs on
# it: its plans come from the table (HIMPI_DEBUG shows where each came
# from), a plan other than the MPI library's call runs only where its row
# says it is faster, nothing is tuned again, the file stays as it was, and
# every result equals MPI's.  Last, a tuning run killed midway leaves
# the table intact.  TAP output; abs_top_builddir is the build tree.
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
np=4
. "$(dirname "$0")/../tap.sh"
conf=$tmp/himpi.conf
echo 1..9

timeout 900 "$b/launch" $np "$b/tools/himpi-tune" --output="$conf" --min-msg=4 --max-msg=16K \
  --stride=4 --max-reps=10 >"$tmp/tune.out" 2>&1
result $? "himpi-tune on $np ranks, 4 B to 16 KiB"
sed 's/^/# /' "$tmp/tune.out"

"$b/launch" 1 "$b/tools/himpi-tune" --check="$conf" >"$tmp/check.out" 2>&1
result $? "himpi-tune --check accepts the table"

# 6 operations x 7 sizes (4, 16, ..., 16K), native between and inside groups.
rows=$(awk -v np=$np '$2 == np && $4 == "native" && $5 == "native"' "$tmp/check.out" | wc -l)
[ "$rows" = 42 ]
result $? "the table has 42 rows (found $rows)"

# Version 3 rows: 16 fields, a verdict, a ratio inside its interval; the
# summary counts the rows that run a plan instead of the MPI library's.
awk 'NF == 16 && $1 !~ /^#/ {
  rows++
  if ($16 !~ /^(faster|n\.s\.|small|slower|native)$/) bad++
  if ($13 != "-" && $14 != "-" && ($14 > $13 || $13 > $15)) bad++
  if ($16 == "native" && !($6 == "1" && $5 == "native")) bad++
  if ($16 == "faster" && !($15 < 1)) bad++
}
END { exit !(rows == 42 && bad == 0) }' "$tmp/check.out" &&
  grep -q '^himpi-tune: [0-9]* of 42 rows run a plan instead of the MPI library.s call' \
    "$tmp/tune.out"
result $? "every row compared with the MPI library's call: a verdict, a ratio in its interval"

cp "$conf" "$tmp/before.conf"
HIMPI_CONF_FILE=$conf HIMPI_DEBUG=1 timeout 600 "$b/launch" $np "$b/tests/mpi/test_plain" \
  >"$tmp/plain.out" 2>"$tmp/debug.out"
status=$?
sed 's/^/# /' "$tmp/plain.out"
! grep -q '^not ok' "$tmp/plain.out" && [ "$status" = 0 ]
result $? "plain calls on the tuned table equal MPI's"

decisions=$(grep -c '^himpi: .* (table' "$tmp/debug.out")
others=$(grep '^himpi: ' "$tmp/debug.out" | grep -vc ' (table')
[ "$decisions" -gt 0 ] && [ "$others" = 0 ]
result $? "every plan came from the table ($decisions decisions, $others otherwise)"
grep -m 3 '^himpi: ' "$tmp/debug.out" | sed 's/^/# /'

grep '^himpi: ' "$tmp/debug.out" | grep -v ', faster than MPI.s' |
  grep -v ': g=1 out=native in=native segment=0 (' >"$tmp/other.out"
sed 's/^/# not the MPI library.s call: /' "$tmp/other.out"
[ ! -s "$tmp/other.out" ]
result $? "where no row is faster, the plain call is the MPI library's own"

cmp -s "$conf" "$tmp/before.conf"
result $? "nothing was tuned again: the table is unchanged"

"$b/launch" $np "$b/tools/himpi-tune" --output="$conf" --merge --min-msg=1K --max-msg=16M \
  --quiet >/dev/null 2>&1 &
pid=$!
sleep 3
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
sleep 1
cmp -s "$conf" "$tmp/before.conf" && ! ls -A "$tmp" | grep -qv '^\(himpi.conf\|himpi.conf.lock\|before.conf\|[a-z]*\.out\)$'
result $? "a tuning run killed midway leaves the table as it was, and no temporary file"

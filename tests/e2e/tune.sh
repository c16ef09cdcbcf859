#!/bin/sh
# tune.sh: tuning end to end on 4 ranks, as a user would do it: himpi-tune
# writes a table, himpi-tune --check accepts it, then a program making
# plain calls runs on it: its plans come from the table (HIMPI_DEBUG shows
# where each came from), nothing is tuned again, the file stays as it was,
# and every result equals MPI's.  Last, a tuning run killed midway leaves
# the table intact.  TAP output; abs_top_builddir is the build tree.
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
np=4
. "$(dirname "$0")/../tap.sh"
conf=$tmp/himpi.conf
echo 1..7

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

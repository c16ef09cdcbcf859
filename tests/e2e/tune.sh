#!/bin/sh
# tune.sh: tuning end to end on 4 ranks, as a user would do it: himpi-tune
# measures the machine's noise first and writes a table whose every row
# was compared with the MPI library's call, its summary saying which rows
# reached the precision; himpi-tune --check accepts it, then a program making plain calls runs on
# it: its plans come from the table (HIMPI_DEBUG shows where each came
# from), a plan other than the MPI library's call runs only where its row
# says it is faster, nothing is tuned again, the file stays as it was, and
# every result equals MPI's.  A tuning run killed midway leaves the
# table intact.  Last, --csv writes the measurements of --trace as CSV,
# both with the overlap each ran with (--overlap measures some, at the
# layouts that can take one),
# --plot draws them with gnuplot, and a run whose gnuplot fails or is
# missing still writes its table.  TAP output; abs_top_builddir is the
# build tree.
b=${abs_top_builddir:?abs_top_builddir must name the build tree}
np=4
. "$(dirname "$0")/../tap.sh"
conf=$tmp/himpi.conf
echo 1..17

timeout 900 "$b/launch" $np "$b/tools/himpi-tune" --output="$conf" --min-msg=4 --max-msg=16K \
  --stride=16 --max-reps=10 >"$tmp/tune.out" 2>&1
result $? "himpi-tune on $np ranks, 4 B to 16 KiB"
sed 's/^/# /' "$tmp/tune.out"

"$b/launch" 1 "$b/tools/himpi-tune" --check="$conf" >"$tmp/check.out" 2>&1
result $? "himpi-tune --check accepts the table"

# 14 operations x 4 sizes (4, 64, 1K, 16K), native between and inside
# groups: the stride of 16 keeps the rows, and the time, of the 8
# operations at a stride of 8 before the reduce-scatters, alltoall and
# the v-variants.  Barrier carries no message: one row, at 0 bytes.
rows=$(awk -v np=$np '$2 == np && $4 == "native" && $5 == "native"' "$tmp/check.out" | wc -l)
barrier=$(awk -v np=$np '$1 == "barrier" && $2 == np' "$tmp/check.out")
[ "$rows" = 57 ] && [ "$(echo "$barrier" | awk '{ print $3 }')" = 0 ]
result $? "the table has 57 rows, barrier's at 0 bytes alone (found $rows)"

# Version 5 rows: 17 fields, a verdict, a ratio inside its interval, a
# faster row's interval below the margin, an overlap only where one can
# run (bcast, reduce and allreduce at 16 KiB, a layout that is not flat,
# 8 KiB); the summary counts the rows that run a plan instead of the MPI
# library's.
awk 'function wrong(why) { bad++; print "# " why ": " $0 }
NF == 17 && $1 !~ /^#/ {
  rows++
  if ($17 !~ /^(faster|n\.s\.|small|slower|native)$/) wrong("unknown verdict")
  if ($14 != "-" && $15 != "-" && ($15 > $14 || $14 > $16)) wrong("ratio outside its interval")
  if ($17 == "native" && !($6 == "1" && $5 == "native")) wrong("native but not the call")
  if ($17 == "faster" && !($16 <= 0.97)) wrong("faster with an interval past 1 - 0.03, the default margin")
  if ($9 != "0" && !($1 ~ /^(bcast|reduce|allreduce)$/ && $3 == 16384 && $6 != "1" &&
                      $6 != "4" && $9 == 8192)) wrong("an overlap where none can run")
}
END { if (rows != 57) print "# " rows " rows"; exit !(rows == 57 && bad == 0) }' "$tmp/check.out" &&
  grep -q '^himpi-tune: [0-9]* of 57 rows run a plan instead of the MPI library.s call' \
    "$tmp/tune.out"
result $? "every row compared with the MPI library's call: a verdict, a ratio in its interval"

# The noise measured first; in the summary, a row is precise when both
# half-widths are within eps = 0.025 of their times ("12.30 +- 0.40",
# after the layout and the overlap), and the imprecise ones are counted.
awk '/^himpi-tune: noise: 50 barriers on 4 processes: median [0-9.]* us, mean [0-9.]* \+- [0-9.]* us/ { noise++ }
/^(bcast|reduce|allreduce|scatter|gather|allgather|scan|exscan|barrier|reduce_scatter_block|reduce_scatter|alltoall|gatherv|scatterv|allgatherv) / &&
  (NF == 15 || NF == 17) {
  rows++
  want = $9 <= 0.025 * $7 && $12 <= 0.025 * $10 ? "yes" : "no"
  # Times are printed to 0.01 us: a half-width that close to its limit
  # may round either way.
  near = ($9 - 0.025 * $7) ^ 2 < 1e-4 || ($12 - 0.025 * $10) ^ 2 < 1e-4
  if ($NF != want && !near) bad++
  if ($NF == "no") imprecise++
}
/^himpi-tune: [0-9]* rows did not reach the precision/ { said = $2 }
END { exit !(noise == 1 && rows == 57 && bad == 0 && said + 0 == imprecise + 0) }' "$tmp/tune.out"
result $? "the noise before tuning; each row's precision in the summary, the imprecise counted"

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
  grep -v ': g=1 out=native in=native segment=0 overlap=0 (' >"$tmp/other.out"
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

# The measurements as CSV and drawn, next to the trace (2 operations x 3
# sizes, 64 B to 4 KiB), every candidate measured, and at 4 KiB again at
# an overlap of 1 KiB where it can overlap (no overlap leaves a smaller
# message two segments): --overlap's, not HIMPI_OVERLAP's.  These files
# come after the check above, which allows no other file in $tmp.
HIMPI_OVERLAP=2K timeout 600 "$b/launch" $np "$b/tools/himpi-tune" --output="$tmp/plot.conf" \
  --ops=bcast,allreduce --min-msg=64 --max-msg=4K --stride=8 --max-reps=10 --pairs=6 \
  --search=exhaustive --overlap=1K --trace="$tmp/m.trace" --csv="$tmp/m.csv" \
  --plot="$tmp/m.svg" --quiet >"$tmp/plot.out" 2>&1
result $? "himpi-tune --trace --csv --plot"
sed 's/^/# /' "$tmp/plot.out"
sed -n '1,4p' "$tmp/m.csv" | sed 's/^/# /'

# No field needs quoting (names and layouts hold no comma), so a plain
# split counts the fields.
header=operation,procs,bytes,alg_out,alg_in,layout,groups,time_us,ci_us,reps,seconds,overlap
[ "$(sed -n 1p "$tmp/m.csv")" = "$header" ] && ! grep -q '"' "$tmp/m.csv" &&
  awk -F, 'NR == 1 { n = NF } NF != n { bad++ } END { exit !(NR > 1 && bad == 0) }' "$tmp/m.csv"
result $? "the CSV names its 12 columns and every line has 12 fields"

# Line for line the trace's fields (the CSV adds groups: the layout where
# it is a number of groups, empty elsewhere), and as many lines as the
# trace's last line counts.
grep -v '^#' "$tmp/m.trace" | awk '{ $1 = $1; print }' >"$tmp/trace-fields.out"
awk -F, 'NR > 1 {
  if (($6 ~ /^[0-9]+$/) ? $7 != $6 : $7 != "") print "groups " $7 " for layout " $6
  print $1, $2, $3, $4, $5, $6, $8, $9, $10, $11, $12
}' "$tmp/m.csv" >"$tmp/csv-fields.out"
lines=$(($(wc -l <"$tmp/m.csv") - 1))
traced=$(wc -l <"$tmp/trace-fields.out")
counted=$(sed -n 's/^# \([0-9]*\) measurements .*/\1/p' "$tmp/m.trace")
diff "$tmp/trace-fields.out" "$tmp/csv-fields.out" | sed -n '1,6s/^/# /p'
[ "$lines" -gt 0 ] && [ "$lines" = "$traced" ] && [ "$lines" = "$counted" ] &&
  cmp -s "$tmp/trace-fields.out" "$tmp/csv-fields.out"
result $? "the CSV's $lines lines are the trace's $traced measurements ($counted counted)"

# The overlapped measurements: at 4 KiB, each layout but the flat ones
# (1 and 4 groups) once more at 1 KiB, nowhere else, never at
# HIMPI_OVERLAP's 2 KiB; a row takes it only there.
awk '!/^#/ && $11 != 0 { over[$1 " " $3 " " $6 " " $11]++ }
  !/^#/ && $11 == 0 && $3 == 4096 && $6 != "1" && $6 != "4" { want[$1 " " $3 " " $6 " 1024"]++ }
  END {
    for (k in over) { n++; if (over[k] != 1 || !(k in want)) bad++ }
    for (k in want) { m++; if (!(k in over)) bad++ }
    print "# " n " overlapped measurements, " m " expected"
    exit !(n > 0 && bad == 0)
  }' "$tmp/m.trace" &&
  "$b/launch" 1 "$b/tools/himpi-tune" --check="$tmp/plot.conf" >"$tmp/plot-check.out" 2>&1 &&
  awk 'NF == 17 && $1 !~ /^#/ { rows++
      if ($9 != "0" && !($3 == 4096 && $6 != "1" && $6 != "4" && $9 == 1024)) bad++ }
    END { exit !(rows == 6 && bad == 0) }' "$tmp/plot-check.out"
result $? "--overlap: the layouts that can overlap measured at it too, and only they"

# A panel per operation (native pair), a curve per size: gnuplot gives
# each curve a <title> of its key entry, and each panel marks the choice
# of every size under a title of its own.
panels=$(awk -F, 'NR > 1 && $7 != "" { print $1, $2, $4, $5 }' "$tmp/m.csv" | sort -u | wc -l)
sizes=$(awk -F, 'NR > 1 && $7 != "" { print $1, $2, $3, $4, $5 }' "$tmp/m.csv" | sort -u | wc -l)
curves=$(grep -Ec '<title>[0-9]+ (B|KiB|MiB)[ <]' "$tmp/m.svg")
marks=$(grep -c '<title>\(chosen g\|g = 1 chosen\)' "$tmp/m.svg")
grep -q '<svg' "$tmp/m.svg" && grep -q '</svg>' "$tmp/m.svg" && [ "$panels" = 2 ] &&
  [ "$sizes" = 6 ] && [ "$curves" = "$sizes" ] && [ "$marks" -ge "$panels" ]
result $? "the SVG: a curve per operation and size ($curves of $sizes), $marks marks"

# Without a working gnuplot the run says why and exits with 4, and the
# table is written all the same.  Open MPI puts its own directory first
# in the ranks' PATH, so env sets PATH inside each rank.
plot_fails() { # plot_fails NAME PATH MESSAGE
  "$b/launch" $np env PATH="$2" "$b/tools/himpi-tune" --output="$tmp/$1.conf" --ops=bcast \
    --min-msg=64 --max-msg=512 --stride=8 --max-reps=10 --pairs=6 --plot="$tmp/$1.svg" \
    --quiet >"$tmp/$1.out" 2>&1
  status=$?
  grep 'himpi-tune: ' "$tmp/$1.out" | sed 's/^/# /'
  [ "$status" = 4 ] && grep -q "$3" "$tmp/$1.out" && [ ! -e "$tmp/$1.svg" ] &&
    "$b/launch" 1 "$b/tools/himpi-tune" --check="$tmp/$1.conf" >"$tmp/$1-check.out" 2>&1 &&
    [ "$(grep -c '^bcast ' "$tmp/$1-check.out")" = 2 ]
}

mkdir "$tmp/failing" && printf '#!/bin/sh\nexit 1\n' >"$tmp/failing/gnuplot" &&
  chmod +x "$tmp/failing/gnuplot" &&
  plot_fails failing "$tmp/failing:$PATH" 'gnuplot failed (exit status 1)'
result $? "a gnuplot that fails: exit status 4, no SVG, the table written"

# The build tree's himpi-tune is libtool's wrapper script, which calls ls.
mkdir "$tmp/nognuplot" && ln -s "$(command -v ls)" "$tmp/nognuplot/ls" &&
  plot_fails missing "$tmp/nognuplot" 'cannot run gnuplot: .*not on PATH'
result $? "no gnuplot on PATH: exit status 4, no SVG, the table written"
